// The size budget of @perudo/client's game page, as a front-end bundles it (packages/client/scripts/size.mjs),
// and its refusal of Node-only imports in the browser bundle.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/server-launcher';

const run = promisify(execFile);
const CLIENT = path.join(PROJECT_ROOT, 'packages/client');
const SCRIPT = path.join(CLIENT, 'scripts/size.mjs');

/** The script's exit code and output, whether it passed or not. */
async function size(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], { cwd: CLIENT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('the game page bundles for the browser within its gzip budget', async () => {
  const { sizeBudget } = JSON.parse(await readFile(path.join(CLIENT, 'package.json'), 'utf8')) as {
    sizeBudget: { gamePageGzipBytes: number };
  };
  const { code, stdout, stderr } = await size();
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const figures = /^game page: (\d+) bytes minified, (\d+) bytes gzip \(budget (\d+) bytes gzip\)$/m.exec(
    stdout,
  );
  expect(figures).not.toBeNull();
  const [, minified, gzip, budget] = figures!.map(Number);
  expect(budget).toBe(sizeBudget.gamePageGzipBytes);
  expect(gzip).toBeLessThanOrEqual(budget!);
  expect(gzip).toBeLessThan(minified!);
});

it('a Node-only import in the browser bundle fails the check, naming it and its importer', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'perudo-size-'));
  try {
    const entry = path.join(dir, 'node-page.ts');
    await writeFile(
      entry,
      [
        `import { createHash } from 'node:crypto';`,
        `import { createClient } from ${JSON.stringify(path.join(CLIENT, 'src/index.js'))};`,
        `console.log(createHash('sha256'), createClient);`,
      ].join('\n'),
    );
    const { code, stderr } = await size(entry);
    expect(code).toBe(1);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'the browser bundle imports Node-only modules:',
      `  node:crypto (imported by ${entry})`,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it("the game page type-checks against the package's API (the bundler does not check types)", async () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const { stdout } = await run(process.execPath, [tsc, '-p', path.join(CLIENT, 'scripts/tsconfig.json')], {
    cwd: CLIENT,
  });
  expect(stdout).toBe('');
});
