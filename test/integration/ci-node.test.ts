// .ci/use-node, the part of CI that picks its Node.js: with stand-ins for `node` and `npm` on PATH (no
// download), it keeps a machine's node that satisfies `engines`, and otherwise installs the pinned Node 22
// from the npm registry's node-linux-<arch> package into its cache dir, once, and puts it first on PATH.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/server-launcher';

const USE_NODE = path.join(PROJECT_ROOT, '.ci', 'use-node');
const ARCH = process.arch === 'arm64' ? 'arm64' : 'x64';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ci-node-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function script(file: string, text: string): void {
  writeFileSync(file, `#!/usr/bin/env bash\n${text}\n`);
  chmodSync(file, 0o755);
}

/**
 * A machine whose `node` reports `machineVersion` and passes the engines check when `machineOk`, and whose
 * `npm pack` logs its arguments and packs a node that reports v22.23.3.
 */
function machine(machineVersion: string, machineOk: boolean): string {
  const bin = path.join(dir, 'machine-bin');
  mkdirSync(bin);
  script(
    path.join(bin, 'node'),
    `if [ "$1" = "-e" ]; then exit ${machineOk ? 0 : 1}; fi; echo ${machineVersion}`,
  );
  const packed = path.join(dir, 'packed', 'package');
  mkdirSync(path.join(packed, 'bin'), { recursive: true });
  writeFileSync(path.join(packed, 'LICENSE'), 'MIT');
  script(path.join(packed, 'bin', 'node'), 'if [ "$1" = "-e" ]; then exit 0; fi; echo v22.23.3');
  script(
    path.join(bin, 'npm'),
    [
      `if [ "$1" = "--version" ]; then echo 11.0.0; exit 0; fi`,
      `echo "$@" >> ${JSON.stringify(path.join(dir, 'npm.log'))}`,
      `tar -czf "node-linux-${ARCH}-22.23.3.tgz" -C ${JSON.stringify(path.join(dir, 'packed'))} package`,
    ].join('\n'),
  );
  return bin;
}

/** Sources .ci/use-node as .ci/run does and prints which node it chose and its version. */
function useNode(bin: string): { node: string; version: string } {
  const out = execFileSync(
    '/bin/bash',
    ['-c', `set -euo pipefail; source ${JSON.stringify(USE_NODE)}; command -v node; node --version`],
    {
      env: { PATH: `${bin}:/usr/bin:/bin`, HOME: path.join(dir, 'home') },
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
    .toString()
    .trim()
    .split('\n');
  return { node: out[0]!, version: out[1]! };
}

function npmCalls(): string[] {
  try {
    return readFileSync(path.join(dir, 'npm.log'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
}

it('installs Node 22.23.3 from the registry package when the machine has an older node, once', () => {
  const bin = machine('v20.20.2', false);
  const installed = path.join(dir, 'home', '.cache', 'perudo-ci', 'node-22.23.3', 'bin', 'node');
  expect(useNode(bin)).toEqual({ node: installed, version: 'v22.23.3' });
  expect(npmCalls()).toEqual([`pack --silent node-linux-${ARCH}@22.23.3`]);
  // A second run takes it from the cache.
  expect(useNode(bin)).toEqual({ node: installed, version: 'v22.23.3' });
  expect(npmCalls()).toHaveLength(1);
});

it("keeps the machine's node when it satisfies engines", () => {
  const bin = machine('v22.12.0', true);
  expect(useNode(bin)).toEqual({ node: path.join(bin, 'node'), version: 'v22.12.0' });
  expect(npmCalls()).toEqual([]);
});

it('agrees with engines in package.json', () => {
  const engines = (
    JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    }
  ).engines.node;
  const text = readFileSync(USE_NODE, 'utf8');
  expect(engines).toBe('>=22.12');
  expect(text).toContain('CI_NODE_MIN="22.12.0"');
  expect(text).toContain('CI_NODE_VERSION="${CI_NODE_VERSION:-22.23.3}"');
});
