// The schema compatibility check of @perudo/client (scripts/client-schema-compat.ts), run as `npm run
// client:compat` runs it: on the real files, and on copies where the server's schema lost a field.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/server-launcher';

const run = promisify(execFile);
const SCRIPT = path.join(PROJECT_ROOT, 'scripts/client-schema-compat.ts');
const BASELINE = path.join(PROJECT_ROOT, 'packages/client/schema.graphql');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'perudo-compat-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The checker's exit code and output, whether it passed or not. */
async function compat(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--no-deprecation', '-r', 'ts-node/register/transpile-only', SCRIPT, ...args],
      {
        cwd: PROJECT_ROOT,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The server's schema without Game.spectatorCount, and package.json files at `versions`. */
async function fixtures(...versions: string[]): Promise<{ schema: string; packages: string[] }> {
  const sdl = await readFile(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8');
  const field = /\n\n {2}"""[^"]*"""\n {2}spectatorCount: Int!\n/;
  const type = sdl.slice(sdl.indexOf('\ntype Game implements Node {'));
  expect(type.slice(0, type.indexOf('\n}'))).toMatch(field);
  const schema = path.join(dir, 'schema.graphql');
  const gameAt = sdl.indexOf('\ntype Game implements Node {');
  await writeFile(schema, sdl.slice(0, gameAt) + sdl.slice(gameAt).replace(field, '\n'));
  const packages = await Promise.all(
    versions.map(async (version) => {
      const file = path.join(dir, `package-${version}.json`);
      await writeFile(file, JSON.stringify({ name: '@perudo/client', version }));
      return file;
    }),
  );
  return { schema, packages };
}

it('passes on the repository: the server schema keeps every promise of the package major 1 baseline', async () => {
  const { code, stdout } = await compat();
  expect(code).toBe(0);
  expect(stdout.split('\n')[0]).toMatch(
    /^\d+ changes from the 1\.x baseline: 0 breaking, \d+ dangerous, \d+ safe$/,
  );
});

it('fails on a removed field while the major is the same, naming the field', async () => {
  const { schema, packages } = await fixtures('1.4.0');
  const { code, stdout, stderr } = await compat(
    '--baseline',
    BASELINE,
    '--schema',
    schema,
    '--package',
    packages[0]!,
  );
  expect(stdout).toBe('');
  expect(code).toBe(1);
  expect(stderr.split('\n').slice(0, 4)).toEqual([
    '1 changes from the 1.x baseline: 1 breaking, 0 dangerous, 0 safe',
    'breaking changes for @perudo/client 1.4.0, built against the 1.x schema:',
    "  - Field 'spectatorCount' was removed from object type 'Game' (Game.spectatorCount)",
    'keep the schema compatible, or release a new major of @perudo/client (packages/client/package.json)',
  ]);
});

it('passes the same change once the package major moved, asking for a fresh baseline', async () => {
  const { schema, packages } = await fixtures('2.0.0');
  const { code, stdout } = await compat(
    '--baseline',
    BASELINE,
    '--schema',
    schema,
    '--package',
    packages[0]!,
  );
  expect(code).toBe(0);
  expect(stdout.trimEnd().split('\n')).toEqual([
    '1 changes from the 1.x baseline: 1 breaking, 0 dangerous, 0 safe',
    'the package is at major 2: the breaking changes are allowed; refresh packages/client/schema.graphql',
    '(copy schema.graphql under the line "# @perudo/client 2.x")',
  ]);
});
