// The reference web client's webhooks page and direct challenges: an endpoint is created (its secret shown
// once), gets a delivery, sends it again, is disabled and deleted; a refused URL reads as a sentence; a player
// challenges another from their page, who sees it in the lobby, declines one and accepts the next; the finished
// game's table challenges again; a block refuses challenges in words. axe-core finds no violation on the
// webhooks page nor on a lobby with an incoming challenge.
/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axe } from '../support/axe';
import { PROJECT_ROOT } from '../support/server-launcher';
import { registerInPage, startWebStack, type WebStack } from '../support/web-client-harness';
import { tableWithBots } from '../support/web-play';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver';

let stack: WebStack;
let browser: Browser;
let receiver: Receiver;
let clientUrl: string;

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startWebStack({
    botDelayMs: 30,
    webhooks: { allowHttp: true, allowAddresses: ['127.0.0.2'] },
  });
  ({ browser, clientUrl } = stack);
});

afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

/** On a phone: sideways scrolling, and controls under 44 x 44 px (a checkbox is pressed through its label). */
async function fit(page: Page): Promise<{ scrollsSideways: boolean; small: string[] }> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea'),
    );
    for (const el of controls) {
      if (el.closest('.sr-only')) continue;
      const target = el.matches('input[type=checkbox]') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 44 || r.height < 44)
        small.push(`${el.tagName.toLowerCase()} ${el.dataset.testid ?? el.getAttribute('name') ?? ''}`);
    }
    const root = document.documentElement;
    return { scrollsSideways: root.scrollWidth > root.clientWidth, small };
  });
}

/** Clicks Refresh on the webhooks page until `selector` shows. */
async function refreshUntil(page: Page, selector: string): Promise<void> {
  for (let i = 0; (await page.locator(selector).count()) === 0; i++) {
    if (i > 100) throw new Error(`${selector} never showed`);
    await page.click('[data-testid=refresh-webhooks]');
    await page.waitForTimeout(200);
  }
}

test('a player manages a webhook endpoint from the webhooks page', async () => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(clientUrl).origin,
  });
  const page = await context.newPage();
  await registerInPage(page, clientUrl, 'Hookie');
  await page.click('[data-testid=webhooks-link]');
  await page.waitForSelector('h1:has-text("Webhooks")');
  expect(await page.locator('.webhook-list > li').count()).toBe(0);

  // An https URL to the loopback is refused, in words.
  await page.fill('input[name=webhookUrl]', 'https://127.0.0.1/hook');
  await page.click('[data-testid=create-webhook]');
  await page.waitForSelector('[data-testid=webhook-error]:not(:empty)');
  expect(await page.textContent('[data-testid=webhook-error]')).toBe(
    'This address is not allowed: use https and a public address.',
  );

  // The local receiver is allowed: the secret is shown once, with a copy button.
  await page.fill('input[name=webhookUrl]', receiver.url);
  await page.check('input[name=webhookEvent][value=GAME_STARTED]');
  await page.fill('input[name=webhookNote]', 'My phone');
  await page.click('[data-testid=create-webhook]');
  const secret = (await page.locator('[data-testid=webhook-secret]').textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await page.locator('.secret').textContent()).toContain('Copy it now: it will not be shown again.');
  expect(await page.textContent('[data-testid=webhook-error]')).toBe('');
  await page.click('[data-testid=copy-secret]');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.waitForSelector(`.webhook-list > li h3:has-text("${receiver.url}")`);
  const item = page.locator('.webhook-list > li');
  expect(await item.getAttribute('data-enabled')).toBe('true');
  expect(await item.locator('p').first().textContent()).toBe('My phone');
  expect(await item.textContent()).toContain('Sends: Your turn, A game started.');

  // Starting a game sends GAME_STARTED; the page shows it delivered.
  await page.goto(`${clientUrl}#/`);
  await page.waitForSelector('form.create');
  await tableWithBots(page, 'Hooked', 2);
  await page.click('[data-testid=webhooks-link]');
  await page.waitForSelector('.webhook-list > li');
  // Shown once: a new visit of the page has no secret.
  expect(await page.locator('[data-testid=webhook-secret]').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
  await refreshUntil(page, '[data-testid=deliveries] li[data-status=SUCCEEDED]:has-text("A game started")');
  const started = receiver.received.filter((r) => r.body.includes('"GAME_STARTED"'));
  expect(started).toHaveLength(1);
  const delivery = page.locator('[data-testid=deliveries] li', { hasText: 'A game started' });
  expect(await delivery.textContent()).toContain('delivered 1 attempt · HTTP 200');

  // Sent again: the same webhook-id reaches the receiver a second time.
  await delivery.locator('[data-testid=redeliver]').click();
  await refreshUntil(page, '[data-testid=deliveries] li[data-status=SUCCEEDED]:has-text("2 attempts")');
  const again = receiver.received.filter((r) => r.body.includes('"GAME_STARTED"'));
  expect(again).toHaveLength(2);
  expect(again[1]!.id).toBe(again[0]!.id);

  // A new secret is shown once, with the old one's 24 hours.
  await page.click('[data-testid=rotate-secret]');
  await page.waitForSelector('.secret:has-text("Your new signing secret")');
  const rotated = await page.locator('[data-testid=webhook-secret]').textContent();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  expect(await page.locator('.secret').textContent()).toContain(
    'The old secret still signs deliveries for 24 hours, so your receiver can switch.',
  );

  const { passes, violations } = await axe(page);
  expect(violations).toEqual([]);
  expect(passes).toBeGreaterThan(10);
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-webhooks.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 640 });
  expect(await fit(page)).toEqual({ scrollsSideways: false, small: [] });

  // Disabled, then deleted after a confirmation.
  await page.click('[data-testid=toggle-webhook]');
  await page.waitForSelector('.webhook-list > li[data-enabled=false]');
  expect(await page.textContent('[data-testid=toggle-webhook]')).toBe('Enable');
  await page.click('[data-testid=delete-webhook]');
  expect(await page.textContent('.confirm')).toContain('Delete this endpoint and its deliveries?');
  await page.click('[data-testid=confirm-delete]');
  await page.waitForSelector('.webhook-list', { state: 'detached' });
  expect(await page.textContent('section[aria-labelledby=webhooks-list] p')).toBe(
    'You have no endpoint yet.',
  );
  await context.close();
});

test('a player challenges another from their page and from a finished table; the other declines, then accepts', async () => {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await registerInPage(ann, clientUrl, 'Annie');
  await registerInPage(bob, clientUrl, 'Bobby');
  const bobPage = (await bob.getAttribute('[data-testid=my-page]', 'href'))!;
  expect(bobPage).toMatch(/^#\/player\/.+/);

  // Bob's own page sets his challenge policy.
  await bob.click('[data-testid=my-page]');
  await bob.waitForSelector('h1:has-text("Bobby (you)")');
  expect(await bob.inputValue('[data-testid=challenge-policy]')).toBe('EVERYONE');
  expect((await axe(bob)).violations).toEqual([]);
  await bob.click('.player-page header a');
  await bob.waitForSelector('form.create');

  const challenge = async (message: string): Promise<void> => {
    await ann.goto(`${clientUrl}${bobPage}`);
    await ann.waitForSelector('h1:has-text("Bobby")');
    expect((await axe(ann)).violations).toEqual([]);
    await ann.selectOption('select[name=challengePreset]', 'PUB');
    await ann.fill('textarea[name=challengeMessage]', message);
    await ann.click('[data-testid=challenge]');
    expect(await ann.textContent('[data-testid=challenge-sent]')).toBe(
      'Challenge sent to Bobby. Wait for them at the table.',
    );
  };

  await challenge('A quick one?');
  const incoming = bob.locator('[data-testid=challenges-received] li', { hasText: 'A quick one?' });
  await incoming.waitFor();
  expect(await incoming.locator('p').first().textContent()).toBe('Annie challenges you to a game.');

  const { passes, violations } = await axe(bob);
  expect(violations).toEqual([]);
  expect(passes).toBeGreaterThan(10);
  await bob.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-challenge.png') });
  await bob.setViewportSize({ width: 360, height: 640 });
  expect(await fit(bob)).toEqual({ scrollsSideways: false, small: [] });
  await ann.setViewportSize({ width: 360, height: 640 });
  expect(await fit(ann)).toEqual({ scrollsSideways: false, small: [] });

  // Ann waits in her lobby; Bob declines, and Ann reads it.
  await ann.goto(`${clientUrl}#/`);
  await ann.waitForSelector('[data-testid=challenges-made] li[data-status=OPEN]');
  expect(await ann.textContent('[data-testid=challenges-made] li p')).toBe(
    'Your challenge: Bobby (waiting).',
  );
  await incoming.locator('[data-testid=decline-challenge]').click();
  await ann.waitForSelector('[data-testid=challenges-made] li[data-status=DECLINED]');
  expect(await ann.textContent('[data-testid=challenges-made] li[data-status=DECLINED] p')).toBe(
    'Your challenge: Bobby (declined).',
  );
  await incoming.waitFor({ state: 'detached' });

  // The next one Bob accepts, and lands at the table.
  await challenge('Revenge?');
  const next = bob.locator('[data-testid=challenges-received] li', { hasText: 'Revenge?' });
  await next.waitFor();
  await next.locator('[data-testid=accept-challenge]').click();
  await bob.waitForURL(/#\/game\//);
  await bob.waitForSelector('.status.LOBBY');
  expect(await bob.locator('.seat').count()).toBe(2);

  // Ann starts the game; played to its end, her table offers to challenge Bob again, with the same rules.
  await ann.goto(`${clientUrl}#/game/${bob.url().split('#/game/')[1]}`);
  await ann.click('[data-testid=start]');
  await playBoth(ann, bob);
  const again = ann.locator('[data-testid=challenge-form]');
  expect(await again.locator('h2').textContent()).toBe('Challenge Bobby to a new game');
  expect(await again.locator(`a[href="${bobPage}"]`).textContent()).toBe("Bobby's page");
  expect(await again.locator('select').count()).toBe(0);
  await again.locator('textarea[name=challengeMessage]').fill('Best of three?');
  await again.locator('[data-testid=challenge]').click();
  expect(await ann.textContent('[data-testid=challenge-sent]')).toBe(
    'Challenge sent to Bobby. Wait for them at the table.',
  );
  await bob.goto(`${clientUrl}#/`);
  const third = bob.locator('[data-testid=challenges-received] li', { hasText: 'Best of three?' });
  await third.waitFor();
  expect(await third.locator('p').first().textContent()).toBe('Annie challenges you to a game.');

  // Blocked, Bob takes no more challenges from Ann: her next one is refused in words.
  await bob.goto(`${clientUrl}#/player/${await playerIdOf(ann)}`);
  await bob.click('[data-testid=block]');
  await bob.waitForSelector('[data-testid=unblock]');
  // (From the lobby: the same address again would not render the page anew.)
  await ann.goto(`${clientUrl}#/`);
  await ann.waitForSelector('form.create');
  await ann.goto(`${clientUrl}${bobPage}`);
  await ann.waitForSelector('h1:has-text("Bobby")');
  await ann.click('[data-testid=challenge]');
  await ann.waitForSelector('.toast');
  expect(await ann.textContent('.toast')).toBe('This player does not take your challenges.');
  await bob.click('[data-testid=unblock]');
  await bob.waitForSelector('[data-testid=block]');
});

/** Both seats play (a dudo on any bid, else the smallest bid) until the game has a winner. */
async function playBoth(a: Page, b: Page): Promise<void> {
  for (let polls = 0; (await a.locator('[data-testid=winner]').count()) === 0; polls++) {
    if (polls > 1000) throw new Error('the game did not end');
    for (const page of [a, b]) {
      const dudo = page.locator('[data-testid=dudo]');
      if ((await dudo.count()) > 0 && (await page.locator('[data-testid=bids] li').count()) >= 1)
        await dudo.click({ timeout: 2_000 }).catch(() => {});
      else
        await page
          .locator('[data-testid^=min-bid-]')
          .first()
          .click({ timeout: 500 })
          .catch(() => {});
    }
    await a.waitForTimeout(100);
  }
}

async function playerIdOf(page: Page): Promise<string> {
  return (await page.getAttribute('[data-testid=my-page]', 'href'))!.split('/')[2]!;
}
