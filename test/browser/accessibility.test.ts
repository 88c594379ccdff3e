// The reference web client for people who use a keyboard or a screen reader (WCAG 2.1 AA): axe-core finds no
// violation on the lobby, a table in play, a round's result and the chat; a whole game is played with the
// keyboard alone; the turn, one's dice, each bid, each reveal and each dice check are read out (live regions).
/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { axe, type AxeViolation } from '../support/axe';
import { registerInPage, startWebStack, type WebStack } from '../support/web-client-harness';
import { tableWithBots } from '../support/web-play';

let stack: WebStack;
let browser: Browser;
let clientUrl: string;

beforeAll(async () => {
  stack = await startWebStack({ botDelayMs: 30 });
  ({ browser, clientUrl } = stack);
});

afterAll(async () => {
  await stack?.close();
});

/** The number of axe-core rules that passed on each page checked: proof that axe ran. */
const passed: number[] = [];

/** axe-core's WCAG 2.1 A and AA violations on the page as it is; the rules that passed are counted. */
async function violations(page: Page): Promise<AxeViolation[]> {
  const result = await axe(page);
  passed.push(result.passes);
  return result.violations;
}

async function version(page: Page): Promise<number> {
  return Number(await page.locator('.table-head').getAttribute('data-version'));
}

it('axe-core finds no WCAG 2.1 AA violation on the lobby, a table in play, a round’s result and the chat', async () => {
  const page = await (await browser.newContext()).newPage();
  const checked: Record<string, unknown> = {};
  await page.goto(clientUrl);
  await page.waitForSelector('form.register');
  checked.register = await violations(page);
  await registerInPage(page, clientUrl, 'Ada');
  // A lobby with an open game in it.
  const other = await (await browser.newContext()).newPage();
  await registerInPage(other, clientUrl, 'Bea');
  await other.fill('input[name=gameName]', 'Open table');
  await other.click('form.create button[type=submit]');
  await page.waitForSelector('[data-testid=open-games] li');
  checked.lobby = await violations(page);

  await page.click('form.create button[type=submit]');
  await page.waitForSelector('.status.LOBBY');
  await page.click('[data-testid=add-bot]');
  await page.waitForSelector('[data-testid=remove-bot]');
  checked.tableInLobby = await violations(page);
  await page.click('[data-testid=start]');
  await page.waitForSelector('.status.IN_PROGRESS');
  // A table in play: a bid on it, the person's turn (bidding until the bot leaves a bid to doubt).
  for (let polls = 0; ; polls++) {
    expect(polls).toBeLessThan(300);
    if (
      (await page.locator('[data-testid=bids] li').count()) > 0 &&
      (await page.locator('[data-testid=dudo]').count()) > 0
    )
      break;
    const chip = page.locator('[data-testid^=min-bid-]');
    if ((await chip.count()) > 0)
      await chip
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
    await page.waitForTimeout(100);
  }
  checked.tableInPlay = await violations(page);
  // A round's result, its dice checked.
  await page.click('[data-testid=dudo]');
  await page.waitForSelector('[data-testid=last-round] .dice-check.verified');
  checked.roundResult = await violations(page);
  // The chat with a message and an emote in it, and a mute button.
  await other.goto(page.url());
  await other.waitForSelector('[data-testid=chat-text]');
  await page.fill('[data-testid=chat-text]', 'hola');
  await page.click('[data-testid=chat-send]');
  await other.click('[data-emote=NICE_BID]');
  await page.waitForSelector('[data-testid=chat-messages] li [data-testid=mute]');
  checked.chat = await violations(page);
  // The same in Spanish and Brazilian Portuguese (their words are longer: nothing may overflow or lose contrast).
  for (const locale of ['es', 'pt-BR']) {
    await page.selectOption('[data-testid=language]', locale);
    await page.waitForFunction((l) => document.documentElement.lang === l, locale);
    await page.waitForSelector('[data-testid=last-round] .dice-check.verified');
    checked[`table ${locale}`] = await violations(page);
  }
  expect(checked).toEqual({
    register: [],
    lobby: [],
    tableInLobby: [],
    tableInPlay: [],
    roundResult: [],
    chat: [],
    'table es': [],
    'table pt-BR': [],
  });
  // Colour contrast, names of buttons, links and fields, ARIA, lists... were checked on each page.
  expect(passed.length).toBe(8);
  for (const n of passed) expect(n).toBeGreaterThanOrEqual(15);
  await page.context().close();
  await other.context().close();
});

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

it('a whole game is played with the keyboard alone, and a screen reader is told what happens', async () => {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(clientUrl);
  // The name field has the focus when the page opens.
  await page.waitForSelector('input[name=name]:focus');
  await page.keyboard.type('Kay');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=me]:has-text("Kay")');

  // A game with two dice each: the preset chosen with the arrow keys, the dice typed, Enter to create.
  await tabTo(page, 'select[name=preset]');
  for (;;) {
    if ((await page.locator('select[name=preset]').inputValue()) === 'PUB') break;
    await page.keyboard.press('ArrowDown');
  }
  await tabTo(page, 'input[name=startingDice]');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.status.LOBBY');
  await tabTo(page, '[data-testid=add-bot]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 2);
  // The page drew the table again: the keyboard is still on "Add bot".
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-bot');
  await tabTo(page, '[data-testid=start]');
  await page.keyboard.press('Space');
  await page.waitForSelector('.status.IN_PROGRESS');

  let moves = 0;
  let focusRings = 0;
  for (let polls = 0; (await page.locator('[data-testid=winner]').count()) === 0; polls++) {
    expect(polls).toBeLessThan(600);
    const mine = (await page.locator('[data-testid=dudo], [data-testid^=min-bid-]').count()) > 0;
    if (!mine) {
      await page.waitForTimeout(50);
      continue;
    }
    const before = await version(page);
    const bids = await page.locator('[data-testid=bids] li').count();
    await tabTo(page, bids >= 1 ? '[data-testid=dudo]' : '[data-testid^=min-bid-]');
    // The focused control shows it: a 3 px ring.
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    if (ring === 'solid 3px') focusRings++;
    await page.keyboard.press(moves % 2 === 0 ? 'Enter' : 'Space');
    moves++;
    await page.waitForFunction(
      (v) => Number(document.querySelector('.table-head')?.getAttribute('data-version')) > v,
      before,
    );
  }
  expect(moves).toBeGreaterThanOrEqual(2);
  expect(focusRings).toBe(moves);
  await page.waitForSelector('[data-testid=last-round] .dice-check.verified');
  await page.waitForFunction(() =>
    /dice verified/.test(document.querySelector('[data-testid=announce-polite]')?.textContent ?? ''),
  );

  // What a screen reader was told, politely, and at once for the person's own turn.
  const polite = await page.evaluate(
    () => document.querySelector('[data-testid=announce-polite]')!.innerHTML,
  );
  const heard = await page.locator('[data-testid=announce-polite] p').allInnerTexts();
  const urgent = await page.locator('[data-testid=announce-assertive] p').allInnerTexts();
  expect(await page.locator('[data-testid=announce-polite]').getAttribute('aria-live')).toBe('polite');
  expect(await page.locator('[data-testid=announce-assertive]').getAttribute('aria-live')).toBe('assertive');
  expect(urgent.length).toBeGreaterThan(0);
  expect(new Set(urgent)).toEqual(new Set(['Your turn.']));
  expect(polite.length).toBeGreaterThan(0);
  const all = heard.join('\n');
  expect(all).toMatch(/(Kay|NORMAL bot 1) wins the game!/);
  expect(all).toMatch(/Round \d+: dice verified\./);
  expect(all).toMatch(/called dudo on .*: there (was|were) \d+\. .* loses a die\. Revealed: Kay [1-6]/);
  expect(errors).toEqual([]);
  await page.context().close();
});

it('bids, dice and turns are each announced as they come', async () => {
  const page = await (await browser.newContext()).newPage();
  await registerInPage(page, clientUrl, 'Lis');
  await tableWithBots(page, 'Heard table', 3);
  const heard = async (): Promise<string[]> =>
    page.locator('[data-testid=announce-polite] p').allInnerTexts();
  await page.waitForFunction(() =>
    /Your dice: /.test(document.querySelector('[data-testid=announce-polite]')?.textContent ?? ''),
  );
  expect((await heard()).find((x) => x.includes('Your dice'))).toMatch(
    /^Round 1\. Your dice: [1-6], [1-6], and [1-6]\.$/,
  );
  await page.waitForSelector('[data-testid^=min-bid-]');
  const chip = page.locator('[data-testid^=min-bid-]').first();
  const label = await chip.locator('.sr-only').textContent();
  // A screen reader reads the chip's bid in words: "Bid 1 × 3s, holds with 42%".
  expect(label).toMatch(/^Bid \d+ × [1-6]s, holds with (\d+(\.\d)?%|>99\.9%|<0\.1%)$/);
  await chip.click();
  await page.waitForFunction(() =>
    /Lis bids \d+ × [1-6]s\./.test(
      document.querySelector('[data-testid=announce-polite]')?.textContent ?? '',
    ),
  );
  await page.waitForFunction(() =>
    /NORMAL bot 1 (bids|called)/.test(
      document.querySelector('[data-testid=announce-polite]')?.textContent ?? '',
    ),
  );
  expect(await heard()).toContain('NORMAL bot 1 to play.');
  await page.context().close();
});

it('honours prefers-reduced-motion: the toast does not slide in', async () => {
  const durations: string[] = [];
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const page = await (await browser.newContext({ reducedMotion })).newPage();
    await page.goto(clientUrl);
    await page.waitForSelector('form.register');
    durations.push(
      await page.evaluate(() => {
        const toast = document.createElement('div');
        toast.className = 'toast';
        document.body.append(toast);
        return getComputedStyle(toast).animationDuration;
      }),
    );
    await page.context().close();
  }
  expect(durations).toEqual(['0.2s', '1e-05s']);
});
