// The size budget of a front-end's game page (game-page.entry.ts): bundled for the browser by Vite with nothing
// external (the package, graphql-ws and graphql's printer), minified, gzipped at level 9. Exits 1 when the
// gzip size is over package.json's sizeBudget.gamePageGzipBytes, or when the bundle reaches for a Node-only
// module (a `node:` import or a Node builtin): the package must run in browsers as it is.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Another entry may be given (the test proves the Node-only check with one).
const entry = resolve(process.argv[2] ?? join(root, 'scripts/game-page.entry.ts'));
const budget = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).sizeBudget.gamePageGzipBytes;
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const nodeImports = [];

/** Records (and keeps out of the bundle) every import of a Node builtin, whoever makes it. */
const rejectNodeBuiltins = {
  name: 'reject-node-builtins',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.startsWith('node:') || builtins.has(source) || builtins.has(source.split('/')[0])) {
      nodeImports.push(`${source} (imported by ${importer ?? 'the entry'})`);
      return { id: source, external: true };
    }
    return null;
  },
};

const output = await build({
  configFile: false,
  logLevel: 'silent',
  root,
  plugins: [rejectNodeBuiltins],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    lib: { entry, formats: ['es'], fileName: 'game-page' },
    write: false,
    minify: true,
    target: 'es2022',
    rollupOptions: {},
  },
});
const chunks = (Array.isArray(output) ? output : [output])
  .flatMap((o) => o.output)
  .filter((file) => file.type === 'chunk');
const code = chunks.map((chunk) => chunk.code).join('\n');

// A builtin reached in some other way (a require() kept as is, an import left in the text) is as bad.
const leftIn = code.match(
  /\b(?:require\s*\(\s*|from\s*|import\s*\(\s*)["'](node:[\w/]+|fs|crypto|path|os|net|tls|http|https|zlib|stream|child_process|worker_threads)["']/g,
);
if (leftIn) nodeImports.push(...leftIn);

const minified = Buffer.byteLength(code);
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`game page: ${minified} bytes minified, ${gzip} bytes gzip (budget ${budget} bytes gzip)`);

let failed = false;
if (nodeImports.length > 0) {
  console.error(`the browser bundle imports Node-only modules:\n  ${[...new Set(nodeImports)].join('\n  ')}`);
  failed = true;
}
if (gzip > budget) {
  console.error(`the game page is ${gzip - budget} bytes over its gzip budget`);
  failed = true;
}
process.exit(failed ? 1 : 0);
