// @perudo/client as its users get it: the tarball `npm pack` makes, installed into an empty ES-module project,
// runs the README's "Play a game" example against a real server and plays a whole game; its declarations
// compile in a strict TypeScript project.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type App } from '../../src/app';
import { PROJECT_ROOT, startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const run = promisify(execFile);
const README = path.join(PROJECT_ROOT, 'packages/client/README.md');

let database: TestDatabase | undefined;
let app: App | undefined;
let dir: string | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'perudo-pack-'));
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The README's example, between its marker comments, without the code fence. */
/** A file of a TypeScript project using the package, which must compile as it is. */
const TYPED_USE = `import { createClient, GameDocument, type GameQuery, type GameState, type UserError } from '@perudo/client';

const client = createClient({ url: 'http://localhost:4000/graphql' });
const live = client.game('g1');
live.on('turn', (game: GameState) => {
  const bid = game.legalActions!.minBids[0]!;
  const refusals: Promise<readonly UserError[]> = live.bid(bid.minQuantity, bid.face).then((r) => r.userErrors);
  void refusals;
});
const read: Promise<GameQuery> = client.request(GameDocument, { id: 'g1' });
void read;
`;

/** A strict tsconfig, libraries' declarations checked too, with `moduleResolution` as given. */
function typeScriptProject(moduleResolution: string): object {
  return {
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: moduleResolution === 'bundler' ? 'esnext' : moduleResolution,
      moduleResolution,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
      skipLibCheck: false,
    },
    files: ['check.ts'],
  };
}

function playAGameExample(readme: string): string {
  const block = /<!-- play-a-game:start -->\s*```js\n([\s\S]*?)```\s*<!-- play-a-game:end -->/.exec(readme);
  if (!block) throw new Error('README.md has no "Play a game" example between its markers');
  return block[1]!;
}

/** npm from the PATH (it runs on the first node there, the one `.ci/use-node` puts first). */
function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run('npm', args, { cwd, maxBuffer: 16 * 1024 * 1024 });
}

it('the packed package installs into an empty project, type-checks there and plays the README example to the end', async () => {
  await npm(['run', 'build', '-w', '@perudo/client'], PROJECT_ROOT);
  const packs = path.join(dir!, 'packs');
  await mkdir(packs);
  const { stdout: packed } = await npm(
    ['pack', '--workspace=@perudo/client', '--pack-destination', packs, '--json'],
    PROJECT_ROOT,
  );
  const [pack] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
  const files = pack.files.map((f) => f.path);
  expect(files.filter((f) => !f.startsWith('dist/') && !f.startsWith('src/')).sort()).toEqual([
    'CHANGELOG.md',
    'README.md',
    'package.json',
    'schema.graphql',
  ]);
  expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/package.json']));
  // The source maps and declaration maps point at the sources, which are packed with them.
  const maps = files.filter((f) => f.endsWith('.map'));
  expect(maps).toEqual(expect.arrayContaining(['dist/index.js.map', 'dist/index.d.ts.map']));
  const client = path.join(PROJECT_ROOT, 'packages/client');
  for (const map of maps) {
    const { sources } = JSON.parse(await readFile(path.join(client, map), 'utf8')) as { sources: string[] };
    for (const source of sources) expect(files).toContain(path.posix.join(path.posix.dirname(map), source));
  }

  const project = path.join(dir!, 'project');
  await mkdir(project);
  await writeFile(
    path.join(project, 'package.json'),
    '{ "name": "play", "private": true, "type": "module" }\n',
  );
  // The package's dependencies are in npm's cache after the repository's own install.
  await npm(
    ['install', path.join(packs, pack.filename), '--no-audit', '--no-fund', '--prefer-offline'],
    project,
  );
  await writeFile(path.join(project, 'play.mjs'), playAGameExample(await readFile(README, 'utf8')));

  // A TypeScript user's view, while the game plays: the package's declarations (and those they import) compile
  // under both module resolutions a project may use, and its API is typed.
  await writeFile(path.join(project, 'check.ts'), TYPED_USE);
  const typeChecks = ['nodenext', 'bundler'].map(async (resolution) => {
    const tsconfig = path.join(project, `tsconfig.${resolution}.json`);
    await writeFile(tsconfig, JSON.stringify(typeScriptProject(resolution)));
    return run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig], { cwd: project });
  });
  const played = run(process.execPath, ['play.mjs'], {
    cwd: project,
    env: { ...process.env, PERUDO_URL: app!.url },
    timeout: 90_000,
  });
  for (const { stdout } of await Promise.all(typeChecks)) expect(stdout).toBe('');
  const { stdout, stderr } = await played;
  expect(stderr).toBe('');
  const lines = stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^The game finished: FINISHED, [1-9]\d* events, every round verified$/);
  expect(lines[1]).toMatch(/^(I won|NORMAL bot \d+ won)$/);
}, 150_000);
