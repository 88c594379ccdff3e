// Presence in the reference web client, in a real browser: each seat's connected dot, the "away, played by a
// bot" badge (drawn by CSS from the seat's data-connected and data-away) once a player's socket is closed (and gone when they return), "Back to the game" for a viewer
// whose seat is away, and the "your turn" notice in the title of a hidden tab.
/// <reference lib="dom" />
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { App } from '../../src/app';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  playView,
  registerPlayer,
  type Player,
} from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  buildWebClient,
  clientUrlFor,
  launchChromium,
  registerInPage,
  serveWebClient,
} from '../support/web-client-harness';
import { until } from '../support/timing';
import { connect, Subscription, wsUrlOf } from '../support/ws-client';

let db: TestDatabase;
let api: App;
let web: Server;
let browser: Browser;
let clientUrl: string;

beforeAll(async () => {
  await buildWebClient();
  db = await createTestDatabase();
  api = await startServer(db.url, { botDelayMs: 30 });
  web = await serveWebClient();
  clientUrl = clientUrlFor(web, api.port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => web?.close(resolve));
  await api?.stop();
  await db?.drop();
});

/** A player registered in a new page; returns the page and the player (token from the page's session). */
async function signedIn(name: string): Promise<{ page: Page; player: Player }> {
  const page = await (await browser.newContext()).newPage();
  await registerInPage(page, clientUrl, name);
  const stored = await page.evaluate(() => localStorage.getItem('perudo.session'));
  const s = JSON.parse(stored!) as { playerId: string; token: string };
  return { page, player: { id: s.playerId, name, token: s.token } };
}

/**
 * A started game hosted by `host` with `guest`, and the guest on turn (the host bids first if it is theirs);
 * `beforeStart` runs in the lobby.
 */
async function gameWithTurn(
  host: Player,
  guest: Player,
  input: object,
  onTurn: Player,
  beforeStart: (gameId: string) => Promise<void> = async () => {},
): Promise<string> {
  const gameId = accepted(await mutate(api.url, 'createGame', input, host.token), 'createGame').id;
  accepted(await mutate(api.url, 'joinGame', { gameId }, guest.token), 'joinGame');
  await beforeStart(gameId);
  const started = accepted(await mutate(api.url, 'startGame', { gameId }, host.token), 'startGame');
  const starter = started.turn!.position === 0 ? host : guest;
  if (starter !== onTurn) {
    const bid = (await playView(api.url, gameId, starter)).legalActions!.minBids[0]!;
    accepted(
      await mutate(api.url, 'placeBid', { gameId, quantity: bid.minQuantity, face: bid.face }, starter.token),
      'placeBid',
    );
  }
  return gameId;
}

/** Resolves once the API counts Bob (seat 1) as connected to the game. */
async function bobConnected(gameId: string): Promise<void> {
  await until(
    "Bob's socket to count as connected",
    async () => {
      const reply = await gql<{ game: { seats: { connected: boolean }[] } }>(
        api.url,
        'query($g: ID!) { game(id: $g) { seats { connected } } }',
        { g: gameId },
      );
      return dataOf(reply).game.seats[1]?.connected === true;
    },
    30_000,
  );
}

const seat = (position: number) => `.seat[data-seat="${position}"]`;

/** The badge drawn on a seat (its ::after content; "none" without one). */
function badge(page: Page, position: number): Promise<string> {
  return page.evaluate(
    (selector) => getComputedStyle(document.querySelector(selector)!, '::after').content,
    seat(position),
  );
}

it("shows a seat's connected dot, the away badge once its socket is closed, and its removal after the return", async () => {
  const { page, player: ann } = await signedIn('Ann');
  const bob = await registerPlayer(api.url, 'Bob');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Untimed, with disconnectSeconds: Bob, on turn, is played by a bot once his socket has been closed 1 s.
  // He follows the game from its lobby, so a slow machine cannot take his seat before his socket is live.
  const bobSocket = connect(wsUrlOf(api.url), bob.token);
  let events: Subscription | undefined;
  const gameId = await gameWithTurn(ann, bob, { preset: 'PERUDO', disconnectSeconds: 1 }, bob, async (g) => {
    events = new Subscription(
      bobSocket.client,
      'subscription($g: ID!) { gameEvents(gameId: $g, afterSeq: 0) { seq } }',
      { g },
      'gameEvents',
    );
    // The replay's first event: the subscription is live.
    await events.until((sub) => sub.items.length > 0, 30_000, 'the replay');
    await bobConnected(g);
  });
  // gamePresence is not replayed, and a page cannot know when its subscription is live: a change between the
  // page's first read and then would show only at the next change. The page loads with Bob connected.
  await page.goto(`${clientUrl}#/game/${gameId}`);
  await page.waitForSelector(`${seat(1)}[data-connected=true]`);
  await page.waitForSelector(`${seat(0)}[data-connected=true]`);
  expect(await page.locator('.seat[data-away=true]').count()).toBe(0);

  // The tab goes to the background: Ann's next turn is announced in its title.
  const title = await page.title();
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  });

  events!.close();
  await bobSocket.dispose();
  await page.waitForSelector(`${seat(1)}[data-connected=false]`);
  await page.waitForSelector(`${seat(1)}[data-away=true]`, { timeout: 20_000 });
  expect(await badge(page, 1)).toBe('"away, played by a bot"');
  await page.waitForFunction(() => document.title.startsWith('Your turn'), undefined, { timeout: 20_000 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(await page.title()).toBe(title);

  const back = await gql<{ returnToGame: { userErrors: { code: string }[] } }>(
    api.url,
    'mutation($g: ID!) { returnToGame(input: { gameId: $g }) { userErrors { code } } }',
    { g: gameId },
    bob.token,
  );
  expect(dataOf(back).returnToGame.userErrors).toEqual([]);
  await page.waitForSelector(`${seat(1)}[data-away=false]`);
  expect(await badge(page, 1)).toBe('none');
  expect(errors).toEqual([]);
}, 90_000);

it('shows "Back to the game" to a viewer whose seat is away, and takes the seat back', async () => {
  const { page, player: cara } = await signedIn('Cara');
  const dan = await registerPlayer(api.url, 'Dan');
  // Timed: Cara lets her turn run out once and her seat goes away.
  const gameId = await gameWithTurn(
    cara,
    dan,
    { preset: 'PERUDO', turnSeconds: 5, timeoutsToForfeit: 1 },
    cara,
  );
  await page.goto(`${clientUrl}#/game/${gameId}`);
  await page.waitForSelector('[data-testid=status]:has-text("IN PROGRESS")');
  await page.waitForSelector('[data-testid=return-to-game]:has-text("Back to the game")', {
    timeout: 20_000,
  });
  await page.waitForSelector(`${seat(0)}[data-away=true]`);
  expect(await badge(page, 0)).toBe('"away, played by a bot"');
  await page.click('[data-testid=return-to-game]');
  await page.waitForSelector('[data-testid=return-to-game]', { state: 'detached' });
  await page.waitForSelector(`${seat(0)}[data-away=false]`);
}, 90_000);
