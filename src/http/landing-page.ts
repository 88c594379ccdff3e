// What a person who opens the API in a browser gets: in development GraphiQL, served from the project's own
// node_modules (so it works offline), in production a short page about the API. Requests that are not a
// browser's page load (no text/html in Accept, or a GraphQL query in the URL) are left to GraphQL as before.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';

/** The explorer's static files: URL path -> the npm package file it is. */
const EXPLORER_ASSETS: Readonly<
  Record<string, { readonly module: string; readonly file: string; readonly type: string }>
> = {
  '/explorer/react.js': { module: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  '/explorer/react-dom.js': {
    module: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript',
  },
  '/explorer/graphiql.js': { module: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  '/explorer/graphiql.css': { module: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};

/** Starts GraphiQL on /graphql (a file of its own, so that a strict Content-Security-Policy may forbid inline code). */
const EXPLORER_BOOT = `(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
  var query = '# The Perudo API. Register with registerPlayer, then send its token as\\n' +
    '# "Authorization: Bearer <token>" (the Headers tab below).\\n' +
    '{\\n  games(first: 5) {\\n    edges { node { id name status seats { position player { name } } } }\\n  }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: query, defaultEditorToolsVisibility: true }),
  );
})();
`;

const EXPLORER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Perudo API explorer</title>
<link rel="stylesheet" href="/explorer/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading the GraphQL explorer…</div>
<script src="/explorer/react.js"></script>
<script src="/explorer/react-dom.js"></script>
<script src="/explorer/graphiql.js"></script>
<script src="/explorer/boot.js"></script>
</body>
</html>
`;

const ABOUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Perudo API</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }</style>
</head>
<body>
<h1>Perudo API</h1>
<p>A GraphQL server for playing Perudo (Liar's Dice). Programs talk to it at <code>/graphql</code>:
queries and mutations as <code>POST</code> with a JSON body, live events over WebSocket (graphql-ws) at the same
path.</p>
<ul>
<li><a href="/schema.graphql">The schema</a> (<code>GET /schema.graphql</code>): every type, field and argument, described.</li>
<li><a href="/README.md">The README</a>: how to register, play, follow a game and run a bot.</li>
</ul>
</body>
</html>
`;

export interface LandingPageOptions {
  readonly production: boolean;
  /** The schema's SDL, served as /schema.graphql. */
  readonly schemaSdl: string;
  /** The README's path, served as /README.md when the file is there. */
  readonly readmePath: string | null;
}

/** Whether a request is a browser loading a page: GET, HTML accepted, and no GraphQL query in the URL. */
export function isPageLoad(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!(req.headers.accept ?? '').includes('text/html')) return false;
  const search = new URL(req.url ?? '/', 'http://localhost').searchParams;
  return !search.has('query') && !search.has('extensions');
}

/**
 * Serves the landing page and its files; returns false for a request it does not serve. `path` is the
 * request's path without its query.
 */
export function serveLanding(
  options: LandingPageOptions,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  if ((path === '/graphql' || path === '/') && isPageLoad(req)) {
    send(res, 200, 'text/html', options.production ? ABOUT_PAGE : EXPLORER_PAGE);
    return true;
  }
  if (path === '/schema.graphql' && (req.method === 'GET' || req.method === 'HEAD')) {
    send(res, 200, 'text/plain', options.schemaSdl);
    return true;
  }
  if (path === '/README.md' && options.readmePath && (req.method === 'GET' || req.method === 'HEAD')) {
    sendFile(res, options.readmePath, 'text/markdown');
    return true;
  }
  if (options.production || req.method !== 'GET') return false;
  if (path === '/explorer/boot.js') {
    send(res, 200, 'text/javascript', EXPLORER_BOOT);
    return true;
  }
  const asset = EXPLORER_ASSETS[path];
  if (!asset) return false;
  let file: string;
  try {
    // The packages export only their modules: their UMD builds are found beside their package.json.
    file = join(dirname(require.resolve(`${asset.module}/package.json`)), asset.file);
  } catch {
    // The explorer's packages are development dependencies: without them, the short page's links do.
    send(res, 404, 'text/plain', 'the explorer is not installed (npm install with development dependencies)');
    return true;
  }
  sendFile(res, file, asset.type);
  return true;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache' }).end(body);
}

function sendFile(res: ServerResponse, file: string, type: string): void {
  readFile(file).then(
    (body) =>
      res
        .writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'public, max-age=3600' })
        .end(body),
    () => send(res, 404, 'text/plain', 'not found'),
  );
}
