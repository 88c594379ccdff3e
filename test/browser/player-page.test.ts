// The reference web client's player page: two players finish two games against each other through the API
// (one Pub, one Perudo); the viewer opens the other's page and reads the head-to-head exactly as the API gives
// it (the shown player's record against the viewer, seen from the viewer's side), filters it by preset, and
// reads the shown player's stats by preset. axe-core finds no violation and nothing scrolls sideways at 360 px.
/// <reference lib="dom" />
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  PLAY_FIELDS,
  registerPlayer,
  type Player,
} from '../support/graphql-client';
import { axe } from '../support/axe';
import { PROJECT_ROOT } from '../support/server-launcher';
import { buildWebClient, clientUrlFor, launchChromium, serveWebClient } from '../support/web-client-harness';

const STAT_FIELDS = [
  'gamesPlayed',
  'gamesFinished',
  'gamesInProgress',
  'gamesWon',
  'roundsPlayed',
  'roundsLost',
  'bidsPlaced',
  'bidsChallenged',
  'bidsChallengedHeld',
  'dudoCalls',
  'dudoCallsWon',
  'exactCalls',
  'exactCallsWon',
] as const;

interface Record {
  games: number;
  placedAbove: number;
  placedBelow: number;
  diceTaken: number;
  diceLost: number;
  recent: { nodes: { id: string; places: { place: number; player: { id: string } }[] }[] };
}

let api: TestApi;
let web: Server;
let browser: Browser;
let clientUrl: string;
let ann: Player;
let bob: Player;
const played: string[] = [];

/** A game of `preset` between `players` with two dice each, played to its end through the API. */
async function finishedGame(players: Player[], preset: string, seed: number): Promise<string> {
  const created = accepted(
    await mutate<{ id: string }>(
      api.url,
      'createGame',
      { preset, overrides: { startingDice: 2 } },
      players[0]!.token,
      'id',
    ),
    'createGame',
  );
  for (const p of players.slice(1))
    accepted(await mutate(api.url, 'joinGame', { gameId: created.id }, p.token), 'joinGame');
  let game = accepted(
    await mutate<BotView>(api.url, 'startGame', { gameId: created.id }, players[0]!.token, PLAY_FIELDS),
    'startGame',
  );
  const rng = botRng(seed);
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 400) throw new Error('the game does not end');
    game = (await playTurn(api, game, players, { rng, exactRate: 0.3 })).game;
  }
  return created.id;
}

/** Bob's record against Ann as the API gives it to Ann, of `preset` when given. */
async function bobAgainstAnn(preset?: string): Promise<Record> {
  const data = dataOf(
    await gql<{ player: { headToHead: Record } }>(
      api.url,
      `query($id: ID!, $opponentId: ID!, $preset: RulePreset) {
         player(id: $id) {
           headToHead(opponentId: $opponentId, preset: $preset) {
             games placedAbove placedBelow diceTaken diceLost
             recent(first: 10) { nodes { id places { place player { id } } } }
           }
         }
       }`,
      { id: bob.id, opponentId: ann.id, preset: preset ?? null },
      ann.token,
    ),
  );
  return data.player.headToHead;
}

async function bobStats(preset: string | null): Promise<{ [K in (typeof STAT_FIELDS)[number]]: number }> {
  const data = dataOf(
    await gql<{ player: { stats: { [K in (typeof STAT_FIELDS)[number]]: number } } }>(
      api.url,
      `query($id: ID!, $preset: RulePreset) { player(id: $id) { stats(preset: $preset) { ${STAT_FIELDS.join(' ')} } } }`,
      { id: bob.id, preset },
      ann.token,
    ),
  );
  return data.player.stats;
}

beforeAll(async () => {
  await buildWebClient();
  api = await TestApi.start();
  web = await serveWebClient();
  clientUrl = clientUrlFor(web, Number(new URL(api.url).port));
  browser = await launchChromium();
  ann = await registerPlayer(api.url, 'Ann');
  bob = await registerPlayer(api.url, 'Bob');
  played.push(await finishedGame([ann, bob], 'PUB', 7));
  played.push(await finishedGame([bob, ann], 'PERUDO', 11));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => web?.close(resolve));
  await api?.close();
});

/** The five figures of the head-to-head section as the page shows them. */
async function figures(page: Page): Promise<number[]> {
  const ids = ['h2h-games', 'h2h-above', 'h2h-below', 'h2h-taken', 'h2h-lost'];
  return Promise.all(ids.map(async (id) => Number(await page.textContent(`[data-testid=${id}]`))));
}

test('the viewer reads the head-to-head and the stats by preset on the other player’s page', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true });
  await context.addInitScript((s) => localStorage.setItem('perudo.session', JSON.stringify(s)), {
    playerId: ann.id,
    name: ann.name,
    token: ann.token,
  });
  const page = await context.newPage();
  await page.goto(`${clientUrl}#/player/${bob.id}`);
  await page.waitForSelector('[data-testid=head-to-head] h2:has-text("You vs Bob")');
  await page.waitForSelector('[data-testid=h2h-recent] li');
  await page.waitForSelector('[data-testid=stats-table] tbody tr[data-preset=PERUDO]');

  // Bob's record against Ann, from Ann's side: Bob's places below are Ann's above, his dice lost her taken.
  const bobs = await bobAgainstAnn();
  expect(bobs.games).toBe(2);
  expect(await figures(page)).toEqual([
    bobs.games,
    bobs.placedBelow,
    bobs.placedAbove,
    bobs.diceLost,
    bobs.diceTaken,
  ]);
  // The recent games, newest first, each linking to its history, with who placed above.
  const links = await page.$$eval('[data-testid=h2h-recent] li a', (as) =>
    as.map((a) => a.getAttribute('href')),
  );
  expect(links).toEqual(bobs.recent.nodes.map((g) => `#/history/${g.id}`));
  expect(new Set(bobs.recent.nodes.map((g) => g.id))).toEqual(new Set(played));
  const who = await page.$$eval('[data-testid=h2h-who]', (els) => els.map((e) => e.textContent));
  expect(who).toEqual(
    bobs.recent.nodes.map((g) => {
      const place = (id: string) => g.places.find((p) => p.player.id === id)!.place;
      return place(ann.id) < place(bob.id) ? 'You placed above' : 'Bob placed above';
    }),
  );

  // The preset filter: only the Pub game.
  const pub = await bobAgainstAnn('PUB');
  await page.selectOption('[data-testid=h2h-preset]', 'PUB');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=h2h-recent] li').length === 1);
  expect(await figures(page)).toEqual([
    pub.games,
    pub.placedBelow,
    pub.placedAbove,
    pub.diceLost,
    pub.diceTaken,
  ]);
  // The last 7 days still hold it: the page asks with finishedAfter 7 days back.
  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.postData()?.includes('HeadToHeadWithViewer') ?? false),
    page.selectOption('[data-testid=h2h-period]', '7'),
  ]);
  const variables = (
    JSON.parse(asked.postData()!) as { variables: { finishedAfter: string; preset: string } }
  ).variables;
  expect(variables.preset).toBe('PUB');
  expect(Math.abs(Date.now() - 7 * 86_400_000 - Date.parse(variables.finishedAfter))).toBeLessThan(60_000);
  await asked.response();
  await page.waitForTimeout(100);
  expect(await figures(page)).toEqual([
    pub.games,
    pub.placedBelow,
    pub.placedAbove,
    pub.diceLost,
    pub.diceTaken,
  ]);
  await page.selectOption('[data-testid=h2h-preset]', '');
  await page.selectOption('[data-testid=h2h-period]', '0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=h2h-recent] li').length === 2);

  // The stats table: the all-presets row, then a row for each preset Bob has games in, as the API gives them.
  const rows = await page.$$eval('[data-testid=stats-table] tbody tr', (trs) =>
    trs.map((tr) => ({
      preset: tr.getAttribute('data-preset'),
      cells: Object.fromEntries(
        Array.from(tr.querySelectorAll('td')).map((td) => [td.dataset.field, Number(td.textContent)]),
      ),
    })),
  );
  expect(rows.map((r) => r.preset)).toEqual(['ALL', 'PERUDO', 'PUB']);
  for (const row of rows) expect(row.cells).toEqual(await bobStats(row.preset === 'ALL' ? null : row.preset));
  const headers = await page.$$eval('[data-testid=stats-table] th[scope=col]', (ths) => ths.length);
  expect(headers).toBe(STAT_FIELDS.length + 1);

  // Nothing scrolls sideways at 360 px; axe-core finds no WCAG 2.1 AA violation.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
  expect((await axe(page)).violations).toEqual([]);
  await page.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-player.png'), fullPage: true });
  await context.close();
});
