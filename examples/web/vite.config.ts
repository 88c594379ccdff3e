// Vite serves the reference client on its own origin (port 5173), apart from the API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { LobbyPageDocument } from './src/gql/graphql';

/**
 * The message catalogs ship parsed (ICU syntax trees, as `formatjs compile --ast` writes them), so that the
 * page needs no ICU parser: FormatJS's documented "no-parser" build stands in for it.
 */
const CATALOG_PREFIX = '\0perudo-catalog:';

function precompiledCatalogs(): Plugin {
  const prefix = CATALOG_PREFIX;
  return {
    name: 'perudo-precompiled-catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]messages[\\/][^\\/]+\.json$/.test(source)) return null;
      // Without its .json ending: Vite's JSON plugin would take the module for JSON.
      return prefix + path.resolve(path.dirname(importer), source).replace(/\.json$/, '');
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = `${id.slice(prefix.length)}.json`;
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const ast = Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, parse(message)]));
      return `export default ${JSON.stringify(ast)};`;
    },
  };
}

/**
 * The HTML asks at once for what the first script (main.ts) would ask for only once it ran: the rest of the page
 * (app.ts) and, for a person reading another language than English, that language's catalog. The few lines
 * that choose it follow src/i18n/locales.ts (the last choice, else the first of the browser's languages offered).
 */
function preloadChunks(): Plugin {
  let base = '/';
  return {
    name: 'perudo-preload-chunks',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.name === 'app');
        if (!app) return [];
        const catalogs = Object.fromEntries(
          chunks
            .filter((c) => c.facadeModuleId?.startsWith(CATALOG_PREFIX))
            .map((c) => [c.name, `${base}${c.fileName}`]),
        );
        const script = `(function () {
  try {
    var catalogs = ${JSON.stringify(catalogs)};
    var offered = ['en'].concat(Object.keys(catalogs));
    var locale = localStorage.getItem('perudo.locale');
    if (offered.indexOf(locale) < 0) {
      locale = null;
      var wanted = navigator.languages || [navigator.language];
      for (var i = 0; i < wanted.length && !locale; i++) {
        var tag = wanted[i].toLowerCase();
        for (var j = 0; j < offered.length && !locale; j++) if (offered[j].toLowerCase() === tag) locale = offered[j];
        for (var k = 0; k < offered.length && !locale; k++)
          if (offered[k].split('-')[0].toLowerCase() === tag.split('-')[0]) locale = offered[k];
      }
    }
    if (!catalogs[locale]) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    // Not held back behind the stylesheet and scripts of the head, as a low-priority request would be.
    link.fetchPriority = 'high';
    link.href = catalogs[locale];
    document.head.appendChild(link);
  } catch (e) {}
})();`;
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${app.fileName}` },
            injectTo: 'head',
          },
          // Before the stylesheet: an inline script after it would wait for it to load.
          { tag: 'script', children: script, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

/**
 * A few lines in the HTML itself ask the API for the lobby of a signed-in player while the scripts download
 * (src/prefetch.ts takes the answer): on a slow phone network the lobby's round trips overlap the download. It
 * reads what src/config.ts and src/session.ts read: ?api=, VITE_API_URL, the session in localStorage.
 */
function inlineLobbyRequest(): Plugin {
  let api = 'http://localhost:4000/graphql';
  return {
    name: 'perudo-inline-lobby-request',
    configResolved(config) {
      api = loadEnv(config.mode, config.envDir || config.root).VITE_API_URL || api;
    },
    transformIndexHtml: {
      order: 'pre',
      handler() {
        const body = JSON.stringify({
          operationName: 'LobbyPage',
          query: String(LobbyPageDocument),
          variables: {},
        });
        const script = `(function () {
  try {
    var session = JSON.parse(localStorage.getItem('perudo.session') || 'null');
    if (!session || typeof session.token !== 'string' || (location.hash.split('/')[1] || '') !== '') return;
    var api = new URLSearchParams(location.search).get('api') || ${JSON.stringify(api)};
    window.__perudoLobby = fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + session.token },
      body: ${JSON.stringify(body)}
    }).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; });
  } catch (e) {}
})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  root: __dirname,
  plugins: [inlineLobbyRequest(), precompiledCatalogs(), preloadChunks()],
  resolve: {
    alias: [
      // The client package from its source: any checkout builds the page without building the package first.
      { find: '@perudo/client', replacement: path.resolve(__dirname, '../../packages/client/src/index.ts') },
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
