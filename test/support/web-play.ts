// Playing through the reference web client in the browser tests: a table with a bot from the create form, and
// a game played to its end by clicking (a dudo as soon as there is a bid, else the smallest bid).
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** Creates a Pub game with `dice` each from the lobby, seats `bots` normal bots and starts it. */
export async function tableWithBots(page: Page, name: string, dice: number, bots = 1): Promise<string> {
  await page.selectOption('select[name=preset]', 'PUB');
  await page.fill('input[name=gameName]', name);
  await page.fill('input[name=startingDice]', String(dice));
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('.status.LOBBY');
  for (let i = 0; i < bots; i++) {
    await page.click('[data-testid=add-bot]');
    await page.waitForFunction((n) => document.querySelectorAll('.seat').length === n, i + 2);
  }
  await page.click('[data-testid=start]');
  await page.waitForSelector('.status.IN_PROGRESS');
  return page.url().split('#/game/')[1]!;
}

/** Plays until the game has a winner; `each` sees the page before every poll. Returns the moves made. */
export async function playToTheEnd(page: Page, each?: () => Promise<void>): Promise<number> {
  let moves = 0;
  for (let polls = 0; (await page.locator('[data-testid=winner]').count()) === 0; polls++) {
    if (polls > 1500) throw new Error('the game did not end');
    await each?.();
    const dudo = page.locator('[data-testid=dudo]');
    const minBid = page.locator('[data-testid^=min-bid-]');
    if ((await dudo.count()) > 0 && (await page.locator('[data-testid=bids] li').count()) >= 1) {
      await dudo.click({ timeout: 2_000 }).then(
        () => moves++,
        () => {},
      );
    } else if ((await minBid.count()) > 0) {
      await minBid
        .first()
        .click({ timeout: 2_000 })
        .then(
          () => moves++,
          () => {},
        );
    }
    await page.waitForTimeout(100);
  }
  return moves;
}
