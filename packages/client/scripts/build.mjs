// Builds the package: ES modules with declarations in dist/ (tsc), marked as ESM by dist/package.json (the
// package's own package.json has no "type", so that the repository's CommonJS tools can read its sources).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/package.json'), '{ "type": "module", "sideEffects": false }\n');
