// The reference web client in a real browser: two players in two browser contexts play a whole game through
// it, served from another origin than the API; each page shows its own dice and never the other's.
/// <reference lib="dom" />
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { App } from '../../src/app';
import { accepted, dataOf, gql, mutate } from '../support/graphql-client';
import { PROJECT_ROOT, startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  buildWebClient,
  clientUrlFor,
  launchChromium,
  registerInPage,
  serveWebClient,
} from '../support/web-client-harness';

export const ARTIFACTS = path.join(PROJECT_ROOT, 'test-artifacts');

let db: TestDatabase;
let api: App;
let web: Server;
let browser: Browser;
let clientUrl: string;

beforeAll(async () => {
  await buildWebClient();
  db = await createTestDatabase();
  // Bots think briefly, so that a table of bots plays fast.
  api = await startServer(db.url, { botDelayMs: 30 });
  web = await serveWebClient();
  clientUrl = clientUrlFor(web, api.port);
  browser = await launchChromium();
  await fs.mkdir(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => web?.close(resolve));
  await api?.stop();
  await db?.drop();
});

async function register(page: Page, name: string): Promise<void> {
  await registerInPage(page, clientUrl, name);
}

/** The game version a page has, kept in an attribute: players never see it. */
async function versionOf(page: Page): Promise<number> {
  return Number(await page.locator('.table-head').getAttribute('data-version'));
}

/** The faces of the dice a page shows, and where it shows them. */
async function diceShown(page: Page): Promise<{ mine: number[]; elsewhere: number }> {
  // One snapshot of the page: two separate reads could straddle a re-render (a round ending in between).
  return page.evaluate(() => {
    const mine = Array.from(document.querySelectorAll('[data-testid=my-seat] .die small'), (e) =>
      Number((e as HTMLElement).innerText),
    );
    return { mine, elsewhere: document.querySelectorAll('.die').length - mine.length };
  });
}

it('two players play a whole game in the browser, each seeing only their own dice', async () => {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  for (const page of [ann, bob]) page.on('pageerror', (e) => errors.push(String(e)));
  // Moves go on the page's socket while it is connected: the bids and calls sent in frames and over HTTP,
  // and the sockets' acknowledged connections.
  const framed = { PlaceBid: 0, CallDudo: 0 };
  const posted: string[] = [];
  const acks = new Map<Page, number>();
  for (const page of [ann, bob]) {
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        for (const name of ['PlaceBid', 'CallDudo'] as const)
          if (String(payload).includes(`mutation ${name}`)) framed[name]++;
      });
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"connection_ack"')) acks.set(page, (acks.get(page) ?? 0) + 1);
      });
    });
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (request.method() === 'POST' && /mutation (PlaceBid|CallDudo)/.test(body)) posted.push(body);
    });
  }
  await register(ann, 'Ann');
  await register(bob, 'Bob');

  // Ann creates a game with two dice each; Bob sees it appear in the lobby, live, and joins.
  await ann.selectOption('select[name=preset]', 'PUB');
  await ann.fill('input[name=gameName]', 'Browser game');
  await ann.fill('input[name=startingDice]', '2');
  await ann.click('form.create button[type=submit]');
  await ann.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  const gameId = ann.url().split('#/game/')[1]!;
  await bob.waitForSelector(`[data-game="${gameId}"] button:has-text("Join")`);
  await bob.click(`[data-game="${gameId}"] button:has-text("Join")`);
  await bob.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  await ann.waitForSelector('.seat:has-text("Bob")');
  // Nobody has dice before the start: the seats wait rather than show "0 dice".
  expect(await ann.locator('.seat .seat-count').allInnerTexts()).toEqual(['waiting', 'waiting']);
  await ann.click('button:has-text("Start game")');
  for (const page of [ann, bob]) await page.waitForSelector('[data-testid=status]:has-text("IN PROGRESS")');

  let screenshot = false;
  let calls = 0;
  let bidsClicked = 0;
  let resumed = false;
  let reloaded = false;
  for (let moves = 0; ; moves++) {
    expect(moves).toBeLessThan(200);
    if ((await ann.locator('[data-testid=winner]').count()) > 0) break;
    // Both pages have caught up with the same version before anyone moves.
    const version = await versionOf(ann);
    await bob.waitForFunction(
      (v) => Number(document.querySelector('.table-head')?.getAttribute('data-version')) >= v,
      version,
    );
    expect(await versionOf(bob)).toBe(version);

    // Secrecy, as a person sees it: each page shows its own dice, in its own seat, and no other die.
    const [a, b] = [await diceShown(ann), await diceShown(bob)];
    expect(a.elsewhere).toBe(0);
    expect(b.elsewhere).toBe(0);
    const annSeatOnBob = await bob.locator('.seat:has-text("Ann")').innerText();
    const bobSeatOnAnn = await ann.locator('.seat:has-text("Bob")').innerText();
    expect(annSeatOnBob).toMatch(/^Ann[^\n]*\n(\d (die|dice)|out|left)(\nto play)?$/);
    expect(bobSeatOnAnn).toMatch(/^Bob[^\n]*\n(\d (die|dice)|out|left)(\nto play)?$/);

    const mover = (await ann.locator('[data-testid^=min-bid-], [data-testid=dudo]').count()) > 0 ? ann : bob;
    const bids = await mover.locator('[data-testid=bids] li').count();
    if (moves === 2) {
      // The API restarts, and a move is made while the pages reconnect: both must replay it from their last seq.
      const port = api.port;
      await api.stop();
      // While the API is down the page says so, and its buttons cannot be clicked.
      await mover.waitForSelector('[data-testid=api-down]');
      expect(await mover.locator('[data-testid=api-down]').innerText()).toBe(
        'The server cannot be reached. Retrying…',
      );
      expect(await mover.locator('[data-testid^=min-bid-]').first().isDisabled()).toBe(true);
      api = await startServer(db.url, { port, botDelayMs: 30 });
      const token = await mover.evaluate(
        () => JSON.parse(localStorage.getItem('perudo.session')!).token as string,
      );
      const view = dataOf(
        await gql<{ game: { legalActions: { minBids: { face: number; minQuantity: number }[] } } }>(
          api.url,
          'query($id: ID!) { game(id: $id) { legalActions { minBids { face minQuantity } } } }',
          { id: gameId },
          token,
        ),
      );
      const bid = view.game.legalActions.minBids[0]!;
      accepted(
        await mutate(
          api.url,
          'placeBid',
          { gameId, quantity: bid.minQuantity, face: bid.face, expectedVersion: version },
          token,
          'version',
        ),
        'placeBid',
      );
      for (const page of [ann, bob]) {
        await page.waitForFunction(
          (v) => Number(document.querySelector('.table-head')?.getAttribute('data-version')) > v,
          version,
        );
        expect(await page.locator('.offline').count()).toBe(0);
        // Back up: the notice is gone and the buttons work again.
        await page.waitForSelector('[data-testid=api-down]', { state: 'detached' });
        expect(await page.locator('button[disabled]').count()).toBe(0);
      }
      resumed = true;
      continue;
    }
    if (!screenshot && bids >= 2) {
      await ann.screenshot({ path: path.join(ARTIFACTS, 'web-client-table.png'), fullPage: true });
      // The README's pictures of the table: a desktop and a phone width.
      await ann.setViewportSize({ width: 1280, height: 800 });
      await ann.evaluate('window.scrollTo(0, 0)');
      await ann.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-desktop.png') });
      await ann.setViewportSize({ width: 390, height: 844 });
      await ann.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-phone.png'), fullPage: true });
      await ann.setViewportSize({ width: 1280, height: 800 });
      screenshot = true;
    }
    if (bids >= 2 && (await mover.locator('[data-testid=dudo]').count()) > 0) {
      await mover.click('[data-testid=dudo]');
      calls++;
    } else {
      await mover.locator('[data-testid^=min-bid-]').first().click();
      bidsClicked++;
    }
    await mover.waitForFunction(
      (v) => Number(document.querySelector('.table-head')?.getAttribute('data-version')) > v,
      version,
    );
    // A round that ended shows its reveal on both pages.
    if (bids >= 2) {
      for (const page of [ann, bob]) await page.waitForSelector('[data-testid=last-round] .reveal');
      if (!reloaded && (await ann.locator('[data-testid=winner]').count()) === 0) {
        // A reload keeps the card of the round that just ended.
        const card = await ann.locator('[data-testid=last-round]').innerText();
        const acked = acks.get(ann) ?? 0;
        await ann.reload();
        await ann.waitForSelector('[data-testid=last-round] .reveal');
        // The reloaded page's next move waits for its socket (else it would go over HTTP, as it may).
        while ((acks.get(ann) ?? 0) === acked) await ann.waitForTimeout(20);
        expect(await ann.locator('[data-testid=last-round]').innerText()).toBe(card);
        reloaded = true;
      }
    }
  }
  await bob.waitForSelector('[data-testid=winner]');
  const winner = await ann.locator('[data-testid=winner]').innerText();
  expect(winner).toMatch(/(Ann|Bob) wins!/);
  expect(await bob.locator('[data-testid=winner]').innerText()).toBe(winner);
  expect(screenshot).toBe(true);
  expect(resumed).toBe(true);
  expect(reloaded).toBe(true);
  // Every bid and call clicked travelled on the socket, once, and none over HTTP.
  expect(bidsClicked).toBeGreaterThan(0);
  expect(framed).toEqual({ PlaceBid: bidsClicked, CallDudo: calls });
  expect(posted).toEqual([]);
  // The version is the page's business, not the players'.
  expect(await ann.locator('.table-head').innerText()).not.toContain('version');
  // The page has an icon: no 404 for /favicon.svg.
  const icon = await ann.locator('link[rel=icon]').getAttribute('href');
  expect(icon).toBe('./favicon.svg');
  expect((await ann.request.get(new URL(icon!, ann.url()).href)).status()).toBe(200);

  // The finished game's history: every round with its hands.
  await ann.click('[data-testid=winner] a');
  await ann.waitForSelector('.history .round-result');
  const rounds = await ann.locator('.history .round-result').count();
  // "there was 1", "there were 2": the count agrees with its verb.
  for (const outcome of await ann.locator('.history .round-result .outcome').allInnerTexts()) {
    expect(outcome).toMatch(/: there (was 1|were (0|[2-9]|\d\d+))\. /);
  }
  // Every round ended with a dudo of ours (nobody left, so none was voided).
  expect(rounds).toBe(calls);
  expect(await ann.locator('.history .reveal').first().innerText()).toMatch(
    /Ann: [1-6]( [1-6])*\nBob: [1-6]( [1-6])*/,
  );
  // A visitor who is not signed in reads the same history, without being asked to register.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${clientUrl}#/history/${gameId}`);
  await visitor.waitForSelector('.history .round-result');
  expect(await visitor.locator('.history .round-result').count()).toBe(rounds);
  expect(await visitor.locator('input[name=name]').count()).toBe(0);

  // "Play again": Ann makes the rematch; Bob's page offers to follow, and both sit in the new game.
  await ann.goto(`${clientUrl}#/game/${gameId}`);
  expect(await ann.locator('[data-testid=rematch]').innerText()).toBe('Play again');
  await ann.click('[data-testid=rematch]');
  await ann.waitForFunction((old) => !window.location.hash.endsWith(old), gameId);
  const rematchId = ann.url().split('#/game/')[1]!;
  await ann.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  await bob.waitForSelector('[data-testid=rematch]:has-text("Join the rematch")');
  await bob.click('[data-testid=rematch]');
  await bob.waitForFunction((id) => window.location.hash === `#/game/${id}`, rematchId);
  await ann.waitForSelector('.seat:has-text("Bob")');
  // Just after the hash changed, Bob's page may still be rendering the rematch: wait for what he would see.
  await bob.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  await bob.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('.seat .seat-name'), (e) => (e as HTMLElement).innerText),
      ) === expected,
    JSON.stringify(['Ann ★', 'Bob (you)']),
  );
  expect(await bob.locator('.seat .seat-name').allInnerTexts()).toEqual(['Ann ★', 'Bob (you)']);
  expect(errors).toEqual([]);
});

it('one person and five bots play a whole game in the browser; the page shows no bot’s dice', async () => {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await register(page, 'Solo');
  // The create form: every field labelled, presets and rules in words rather than API names. The lobby is
  // drawn after the sign-in shows the name: wait for the form's last field before reading the labels.
  await page.waitForSelector('form.create input[name=clientSeed]');
  expect(
    await page.$$eval('form.create label', (labels) =>
      labels.map((l) => [
        Array.from(l.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('')
          .trim(),
        l.querySelector('input, select')?.tagName,
      ]),
    ),
  ).toEqual([
    ['Rules', 'SELECT'],
    ['Game name', 'INPUT'],
    ['Seats', 'INPUT'],
    ['Dice each', 'INPUT'],
    ['Seconds a turn', 'INPUT'],
    ['Private (invite link only)', 'INPUT'],
    ['Rated', 'INPUT'],
    ['Spectators may watch', 'INPUT'],
    ['Chat', 'INPUT'],
    ['Your dice seed', 'INPUT'],
  ]);
  expect(await page.locator('select[name=preset] option').allInnerTexts()).not.toContain('PUB');
  expect(await page.locator('.preset-rules').innerText()).not.toMatch(/[A-Z]{2,}|_/);
  await page.selectOption('select[name=preset]', 'PUB');
  await page.fill('input[name=gameName]', 'Against the bots');
  await page.fill('input[name=startingDice]', '2');
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  const levels = ['EASY', 'NORMAL', 'HARD', 'NORMAL', 'HARD'];
  for (const [i, level] of levels.entries()) {
    await page.selectOption('[data-testid=bot-level]', level);
    await page.click('[data-testid=add-bot]');
    await page.waitForFunction((n) => document.querySelectorAll('.seat').length === n, i + 2);
  }
  // The level last chosen stays chosen after the page renders the new seat.
  expect(await page.locator('[data-testid=bot-level]').inputValue()).toBe('HARD');
  const seats = await page.locator('.seat .seat-name').allInnerTexts();
  expect(seats.map((s) => s.replace(/\s*✕$/, ''))).toEqual([
    'Solo (you) ★',
    'BOT EASY bot 1',
    'BOT NORMAL bot 1',
    'BOT HARD bot 1',
    'BOT NORMAL bot 2',
    'BOT HARD bot 2',
  ]);
  // The host removes one and adds it back.
  await page.locator('[data-testid=remove-bot]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 5);
  await page.selectOption('[data-testid=bot-level]', 'EASY');
  await page.click('[data-testid=add-bot]');
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 6);
  await page.click('button:has-text("Start game")');
  await page.waitForSelector('[data-testid=status]:has-text("IN PROGRESS")');

  let myMoves = 0;
  for (let polls = 0; (await page.locator('[data-testid=winner]').count()) === 0; polls++) {
    expect(polls).toBeLessThan(1500);
    // Only the person's own dice are ever on the page while a round is open.
    expect((await diceShown(page)).elsewhere).toBe(0);
    const dudo = page.locator('[data-testid=dudo]');
    const minBid = page.locator('[data-testid^=min-bid-]');
    if ((await dudo.count()) > 0 && (await page.locator('[data-testid=bids] li').count()) >= 2) {
      await dudo.click().catch(() => {});
      myMoves++;
    } else if ((await minBid.count()) > 0) {
      await minBid
        .first()
        .click()
        .catch(() => {});
      myMoves++;
    }
    await page.waitForTimeout(100);
  }
  const winner = await page.locator('[data-testid=winner]').innerText();
  expect(winner).toMatch(/^(Solo|(EASY|NORMAL|HARD) bot \d) wins!/);
  expect(myMoves).toBeGreaterThan(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'web-client-bots.png'), fullPage: true });
  expect(errors).toEqual([]);
}, 240_000);

it('chat: a message sent in one context arrives in the other as text, never run; emotes; mute', async () => {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  for (const page of [ann, bob]) page.on('pageerror', (e) => errors.push(String(e)));
  await register(ann, 'Ann');
  await register(bob, 'Bob');
  await ann.fill('input[name=gameName]', 'Chat game');
  await ann.click('form.create button[type=submit]');
  await ann.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  const gameId = ann.url().split('#/game/')[1]!;
  await bob.waitForSelector(`[data-game="${gameId}"] button:has-text("Join")`);
  await bob.click(`[data-game="${gameId}"] button:has-text("Join")`);
  await bob.waitForSelector('[data-testid=chat]');

  // A script payload: shown as the very text that was typed, on both pages, and nothing runs.
  const payload = `<img src=x onerror="window.__pwned = 1; document.title = 'pwned'">`;
  await ann.fill('[data-testid=chat-text]', payload);
  await ann.click('[data-testid=chat-send]');
  for (const page of [ann, bob]) {
    await page.waitForSelector('[data-testid=chat-messages] li[data-seq="1"]');
    expect(await page.locator('[data-testid=chat-messages] li[data-seq="1"] .chat-text').innerText()).toBe(
      payload,
    );
    expect(await page.locator('[data-testid=chat-messages] img').count()).toBe(0);
  }
  await bob.waitForTimeout(300);
  for (const page of [ann, bob]) {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.title()).not.toBe('pwned');
  }

  // An emote from Bob's bar reaches Ann.
  await bob.click('[data-emote=NICE_BID]');
  await ann.waitForSelector('[data-testid=chat-messages] li[data-seq="2"]');
  expect(await ann.locator('[data-testid=chat-messages] li[data-seq="2"]').innerText()).toMatch(
    /^Bob: Nice bid/,
  );

  // Ann mutes Bob: his messages leave her page, earlier ones included, and new ones do not show; Bob still sees his.
  await ann.click('[data-testid=chat-messages] li[data-seq="2"] [data-testid=mute]');
  await ann.waitForFunction(() => !document.querySelector('[data-testid=chat-messages] li[data-seq="2"]'));
  await bob.fill('[data-testid=chat-text]', 'can you hear me?');
  await bob.click('[data-testid=chat-send]');
  await bob.waitForSelector('[data-testid=chat-messages] li[data-seq="3"]');
  await ann.fill('[data-testid=chat-text]', 'quiet now');
  await ann.click('[data-testid=chat-send]');
  await bob.waitForSelector('[data-testid=chat-messages] li[data-seq="4"]');
  await ann.waitForSelector('[data-testid=chat-messages] li[data-seq="4"]');
  expect(
    await ann
      .locator('[data-testid=chat-messages] li')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-seq'))),
  ).toEqual(['1', '4']);
  expect(await bob.locator('[data-testid=chat-messages] li').count()).toBe(4);
  await ann.screenshot({ path: path.join(ARTIFACTS, 'web-client-chat.png'), fullPage: true });
  expect(errors).toEqual([]);
});

it('"Play now" seats the player at a quick-play table that bots fill, played to its end', async () => {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await register(page, 'Quick');
  await page.selectOption('select[name=quickPreset]', 'PUB');
  await page.fill('input[name=players]', '2');
  // No wait: the free seat is given to a bot at once and the game starts.
  await page.fill('input[name=botFillSeconds]', '0');
  await page.click('[data-testid=play-now]');
  await page.waitForSelector('[data-testid=status]:has-text("IN PROGRESS")');
  const seats = await page.locator('.seat .seat-name').allInnerTexts();
  expect(seats.length).toBe(2);
  expect(seats[0]).toBe('Quick (you) ★');
  expect(seats[1]).toMatch(/^BOT /);
  for (let polls = 0; (await page.locator('[data-testid=winner]').count()) === 0; polls++) {
    expect(polls).toBeLessThan(1500);
    const dudo = page.locator('[data-testid=dudo]');
    const minBid = page.locator('[data-testid^=min-bid-]');
    if ((await dudo.count()) > 0) await dudo.click().catch(() => {});
    else if ((await minBid.count()) > 0)
      await minBid
        .first()
        .click()
        .catch(() => {});
    await page.waitForTimeout(100);
  }
  expect(await page.locator('[data-testid=winner]').innerText()).toMatch(/^(Quick|NORMAL bot \d) wins!/);
  expect(errors).toEqual([]);
});

it('a private table: the invite link opens the join screen with the code filled, and seats the guest', async () => {
  const host = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();
  await register(host, 'Hostess');
  await register(guest, 'Guest');
  await host.fill('input[name=gameName]', 'Private table');
  await host.check('input[name=private]');
  await host.uncheck('input[name=rated]');
  await host.click('form.create button[type=submit]');
  await host.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  const gameId = host.url().split('#/game/')[1]!;
  const link = await host.locator('[data-testid=invite-link]').inputValue();
  const code = /#\/join\/[^/]+\/([A-Z0-9]+)$/.exec(link)![1]!;
  expect(link).toBe(`${clientUrl}#/join/${gameId}/${code}`);
  // The guest does not see it in the lobby; the link brings them to it.
  expect(await guest.locator(`[data-game="${gameId}"]`).count()).toBe(0);
  await guest.goto(link);
  expect(await guest.locator('input[name=inviteCode]').inputValue()).toBe(code);
  await guest.click('[data-testid=join-private]');
  await guest.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  expect(guest.url()).toBe(`${clientUrl}#/game/${gameId}`);
  await host.waitForSelector('.seat:has-text("Guest")');

  // The host hands the table to the guest, who then kicks the former host.
  expect(await guest.locator('[data-testid=kick]').count()).toBe(0);
  await host.click('.seat:has-text("Guest") [data-testid=make-host]');
  await guest.waitForSelector('.seat:has-text("Hostess") [data-testid=kick]');
  expect(await host.locator('[data-testid=make-host]').count()).toBe(0);
  expect(await guest.locator('.seat .seat-name').allInnerTexts()).toEqual(['Hostess', 'Guest (you) ★']);
  await guest.click('.seat:has-text("Hostess") [data-testid=kick]');
  await guest.waitForFunction(() => document.querySelectorAll('.seat').length === 1);
  expect(await guest.locator('.seat .seat-name').allInnerTexts()).toEqual(['Guest (you) ★']);
});

it('the roll-off that chose the first player is shown during the first round', async () => {
  const page = await (await browser.newContext()).newPage();
  await register(page, 'Roller');
  await page.selectOption('select[name=preset]', 'PERUDO');
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('[data-testid=status]:has-text("LOBBY")');
  await page.click('[data-testid=add-bot]');
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 2);
  await page.click('button:has-text("Start game")');
  await page.waitForSelector('[data-testid=roll-off]');
  const lines = await page.locator('[data-testid=roll-off] p').allInnerTexts();
  expect(lines.length).toBeGreaterThanOrEqual(1);
  for (const line of lines) {
    expect(line).toMatch(
      /^(Throw \d+: )?(Roller|NORMAL bot 1) [⚀-⚅] [1-6] · (Roller|NORMAL bot 1) [⚀-⚅] [1-6]$/,
    );
  }
});
