// The dice check of the reference web client, in a real browser: each ended round's result card shows "dice
// verified", and when one die of the server's answer is rewritten on its way to the page, a red warning
// naming the round and seat appears and stays.
/// <reference lib="dom" />
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { App } from '../../src/app';
import { accepted, gql, mutate, playView, registerPlayer, type Player } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { buildWebClient, clientUrlFor, launchChromium, serveWebClient } from '../support/web-client-harness';

let db: TestDatabase;
let api: App;
let web: Server;
let browser: Browser;
let clientUrl: string;
let gameId: string;
let ann: Player;

beforeAll(async () => {
  await buildWebClient();
  db = await createTestDatabase();
  api = await startServer(db.url);
  web = await serveWebClient();
  clientUrl = clientUrlFor(web, api.port);
  browser = await launchChromium();

  // One round played through the API: a bid, then dudo.
  ann = await registerPlayer(api.url, 'Ann');
  const bob = await registerPlayer(api.url, 'Bob');
  gameId = accepted(await mutate(api.url, 'createGame', { preset: 'PERUDO' }, ann.token), 'createGame').id;
  accepted(await mutate(api.url, 'joinGame', { gameId }, bob.token), 'joinGame');
  const started = accepted(await mutate(api.url, 'startGame', { gameId }, ann.token), 'startGame');
  const [first, second] = started.turn!.position === 0 ? [ann, bob] : [bob, ann];
  const bid = (await playView(api.url, gameId, first)).legalActions!.minBids[0]!;
  accepted(
    await mutate(api.url, 'placeBid', { gameId, quantity: bid.minQuantity, face: bid.face }, first.token),
    'placeBid',
  );
  accepted(await mutate(api.url, 'callDudo', { gameId }, second.token), 'callDudo');
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => web?.close(resolve));
  await api?.stop();
  await db?.drop();
});

async function openAsAnn(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(clientUrl);
  await page.evaluate((s) => localStorage.setItem('perudo.session', JSON.stringify(s)), {
    playerId: ann.id,
    name: ann.name,
    token: ann.token,
  });
  return page;
}

it('marks the round verified and explains it with its values', async () => {
  const page = await openAsAnn();
  await page.goto(`${clientUrl}#/history/${gameId}`);
  const mark = page.locator('[data-testid=dice-check][data-round="1"]');
  await mark.locator('text=✓ dice verified').waitFor();
  await mark.locator('summary').click();
  const explain = mark.locator('[data-testid=dice-explain]');
  await explain.waitFor();
  expect(await explain.textContent()).toContain('Previous key');
  expect(await page.locator('[data-testid=dice-warning]').count()).toBe(0);
  await page.close();
});

it('warns, naming the round and seat, when one die of the answer is changed on the way', async () => {
  const page = await openAsAnn();
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('VerifyRounds')) return route.continue();
    const response = await route.fetch();
    const json = (await response.json()) as {
      data: {
        game: { rounds: { nodes: { number: number; reveal: { seat: unknown; dice: number[] }[] }[] } };
      };
    };
    const hand = json.data.game.rounds.nodes[0]!.reveal[1]!;
    hand.dice[0] = (hand.dice[0]! % 6) + 1;
    await route.fulfill({ response, json });
  });
  await page.goto(`${clientUrl}#/history/${gameId}`);
  const warning = page.locator('[data-testid=dice-warning]');
  await warning.waitFor();
  expect(await warning.textContent()).toMatch(
    /^The dice of round 1, seat 1 do not verify: round 1 seat 1: HAND expected /,
  );
  // It stays while the page is open, also on another view.
  await page.goto(`${clientUrl}#/`);
  expect(await warning.isVisible()).toBe(true);
  await page.close();
});

it('creates a game with the client seed typed in the field (prefilled with a random one)', async () => {
  const page = await openAsAnn();
  await page.goto(`${clientUrl}#/`);
  const field = page.locator('form.create input[name=clientSeed]');
  expect(await field.inputValue()).toMatch(/^[0-9a-f]{32}$/);
  await field.fill('my own seed: 7');
  await page.click('form.create button[type=submit]');
  await page.waitForURL(/#\/game\//);
  const created = decodeURIComponent(page.url().split('#/game/')[1]!);
  const reply = await gql<{
    game: { fairness: { clientSeeds: { seat: { position: number }; seed: string }[] } };
  }>(api.url, 'query($id: ID!) { game(id: $id) { fairness { clientSeeds { seat { position } seed } } } }', {
    id: created,
  });
  expect(reply.body.data!.game.fairness.clientSeeds).toEqual([
    { seat: { position: 0 }, seed: 'my own seed: 7' },
  ]);
  await page.close();
});
