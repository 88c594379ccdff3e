// What the browser tests share: Debian's Chromium, the reference web client built by Vite and served from
// its own origin, and signing a page in through the client's register form.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { App } from '../../src/app';
import { PROJECT_ROOT, startServer, type InProcessOptions } from './server-launcher';
import { createTestDatabase, type TestDatabase } from './test-database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.join(PROJECT_ROOT, 'examples', 'web', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Chromium, headless; a clear error when the machine has none. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** The client as it is shipped: built by Vite into examples/web/dist. */
export async function buildWebClient(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'examples/web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: PROJECT_ROOT },
  );
}

/**
 * Serves the built client on its own port: another origin than the API's. Gzipped when the browser accepts it,
 * as any web server or CDN serves text (the load-time test measures what a phone downloads).
 */
export async function serveWebClient(): Promise<Server> {
  // Compressed once per file, as a server would keep them.
  const gzipped = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(WEB_DIST, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(WEB_DIST)) return void res.writeHead(403).end();
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    fs.readFile(file).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
            ...(gzip ? { 'content-encoding': 'gzip' } : {}),
          })
          .end(gzip ? (gzipped.get(file) ?? gzipped.set(file, gzipSync(body)).get(file)) : body),
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The client's address for an API port: the page on localhost, the API on 127.0.0.1, so every call is CORS. */
export function clientUrlFor(web: Server, apiPort: number): string {
  const webPort = (web.address() as AddressInfo).port;
  return `http://localhost:${webPort}/?api=${encodeURIComponent(`http://127.0.0.1:${apiPort}/graphql`)}`;
}

/** Registers `name` through the client's form and waits until the page shows them signed in. */
export async function registerInPage(page: Page, clientUrl: string, name: string): Promise<void> {
  await page.goto(clientUrl);
  await page.fill('input[name=name]', name);
  await page.click('button[type=submit]');
  await page.waitForSelector(`[data-testid=me]:has-text("${name}")`);
}

/** What a browser test file plays against: its own database and server, the built client, and Chromium. */
export interface WebStack {
  db: TestDatabase;
  api: App;
  web: Server;
  browser: Browser;
  /** The client's page, pointed at `api`. */
  clientUrl: string;
  /** Closes all of it, in the reverse order. */
  close(): Promise<void>;
}

/** Builds the client, then starts a database, a server with `options`, the client's origin and Chromium. */
export async function startWebStack(options: InProcessOptions): Promise<WebStack> {
  await buildWebClient();
  const db = await createTestDatabase();
  const api = await startServer(db.url, options);
  const web = await serveWebClient();
  const browser = await launchChromium();
  return {
    db,
    api,
    web,
    browser,
    clientUrl: clientUrlFor(web, api.port),
    async close() {
      await browser.close();
      await new Promise((resolve) => web.close(resolve));
      await api.stop();
      await db.drop();
    },
  };
}
