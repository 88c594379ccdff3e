// The API opened in a browser: in development GraphiQL, served from the project (no network needed), whose
// query runs against the server; in production a short page that links the schema and the README. Programs
// that GET /graphql without asking for HTML keep getting JSON (and Apollo's CSRF protection).
/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import type { App } from '../../src/app';
import { accepted, mutate, registerPlayer } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { launchChromium } from '../support/web-client-harness';

let db: TestDatabase;
let development: App;
let production: App;
let browser: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  development = await startServer(db.url, { production: false });
  production = await startServer(db.url, { production: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await development?.stop();
  await production?.stop();
  await db?.drop();
});

it('serves GraphiQL in development, offline, and its query runs against the API', async () => {
  const host = await registerPlayer(development.url, 'Lena');
  accepted(
    await mutate(development.url, 'createGame', { preset: 'PUB', name: 'Landing table' }, host.token),
    'createGame',
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Nothing but the API's own origin is reachable: the explorer works offline.
  const origin = new URL(development.url).origin;
  const elsewhere: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });

  for (const path of ['/graphql', '/']) {
    const response = await page.goto(`${origin}${path}`);
    expect([path, response!.status(), response!.headers()['content-type']]).toEqual([
      path,
      200,
      'text/html; charset=utf-8',
    ]);
    await page.waitForSelector('.graphiql-container');
    expect(await page.title()).toBe('Perudo API explorer');
  }

  // The default query lists the games: run it with GraphiQL's button.
  await page.click('.graphiql-execute-button');
  await page.waitForSelector('.result-window :text("Landing table")');
  const result = await page.locator('.result-window').innerText();
  expect(result).toContain('"status": "LOBBY"');
  expect(result).toContain('"name": "Lena"');
  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);
  await context.close();
});

it('serves a short page in production that links the schema and the README', async () => {
  const origin = new URL(production.url).origin;
  const page = await browser.newPage();
  const response = await page.goto(`${origin}/graphql`);
  expect(response!.status()).toBe(200);
  expect(await page.title()).toBe('Perudo API');
  expect(await page.locator('h1').innerText()).toBe('Perudo API');
  const links = await page
    .locator('a')
    .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(links).toEqual([
    ['The schema', '/schema.graphql'],
    ['The README', '/README.md'],
  ]);
  // No explorer in production.
  expect(await page.locator('script').count()).toBe(0);
  const explorer = await fetch(`${origin}/explorer/graphiql.js`);
  expect(explorer.status).toBe(404);

  await page.click('a[href="/schema.graphql"]');
  expect(await page.locator('body').innerText()).toContain('type Query {');
  await page.goto(`${origin}/`);
  await page.click('a[href="/README.md"]');
  expect(await page.locator('body').innerText()).toContain('## Set up on a fresh machine');
  await page.close();
});

it('keeps answering programs with JSON: a GET without HTML in Accept meets the CSRF protection', async () => {
  for (const app of [development, production]) {
    const res = await fetch(app.url, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).toMatch(/CSRF/);
    // A GET query with the header that passes the CSRF protection is answered as before.
    const query = await fetch(`${app.url}?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect([query.status, await query.json()]).toEqual([
      200,
      expect.objectContaining({ data: { __typename: 'Query' } }),
    ]);
  }
});
