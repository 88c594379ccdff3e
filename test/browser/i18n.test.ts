// The reference web client in English, Spanish and Brazilian Portuguese: the language comes from the browser's
// and the switcher remembers a choice across reloads; a whole game is played in each, with its plurals ("1 dado",
// "2 dados") and a refusal told as a translated sentence. Writes docs/web-<lang>-{desktop,phone}.png.
/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { App } from '../../src/app';
import en from '../../examples/web/src/i18n/messages/en.json';
import es from '../../examples/web/src/i18n/messages/es.json';
import ptBR from '../../examples/web/src/i18n/messages/pt-BR.json';
import { accepted, mutate, registerPlayer } from '../support/graphql-client';
import { PROJECT_ROOT } from '../support/server-launcher';
import { registerInPage, startWebStack, type WebStack } from '../support/web-client-harness';
import { playToTheEnd, tableWithBots } from '../support/web-play';

const CATALOGS = { en, es, 'pt-BR': ptBR } as const;
type Locale = keyof typeof CATALOGS;

let api: App;
let stack: WebStack;
let browser: Browser;
let clientUrl: string;

beforeAll(async () => {
  stack = await startWebStack({ botDelayMs: 30 });
  ({ api, browser, clientUrl } = stack);
});

afterAll(async () => {
  await stack?.close();
});

/** A page of a browser whose languages are `languages` (navigator.languages). */
async function pageIn(...languages: string[]): Promise<Page> {
  const context = await browser.newContext({ locale: languages[0] });
  await context.addInitScript((list) => {
    Object.defineProperty(navigator, 'languages', { get: () => list });
  }, languages);
  return context.newPage();
}

it('chooses the language from the browser’s, and remembers the switcher’s choice across a reload', async () => {
  const seen: [string, string, string][] = [];
  for (const languages of [['pt-BR', 'en'], ['es-AR'], ['pt-PT'], ['de-DE', 'es'], ['fr-FR']]) {
    const page = await pageIn(...languages);
    await page.goto(clientUrl);
    await page.waitForSelector('form.register h1');
    seen.push([
      languages.join(','),
      await page.evaluate(() => document.documentElement.lang),
      await page.locator('form.register h1').innerText(),
    ]);
    await page.context().close();
  }
  expect(seen).toEqual([
    ['pt-BR,en', 'pt-BR', 'Jogue Perudo'],
    ['es-AR', 'es', 'Juega al Perudo'],
    ['pt-PT', 'pt-BR', 'Jogue Perudo'],
    ['de-DE,es', 'es', 'Juega al Perudo'],
    ['fr-FR', 'en', 'Play Perudo'],
  ]);

  // An English browser; the person picks Spanish, which stays picked after a reload and once signed in.
  const page = await pageIn('en-US');
  await page.goto(clientUrl);
  // The switcher is drawn by the app's script after the page loads: wait for it before reading its options.
  await page.waitForSelector('form.register h1:has-text("Play Perudo")');
  expect(await page.locator('[data-testid=language] option').allInnerTexts()).toEqual([
    'English',
    'Español',
    'Português (Brasil)',
  ]);
  await page.selectOption('[data-testid=language]', 'es');
  await page.waitForSelector('form.register h1:has-text("Juega al Perudo")');
  expect(await page.locator('input[name=name]').getAttribute('placeholder')).toBe('Tu nombre');
  await page.reload();
  await page.waitForSelector('form.register h1');
  expect([
    await page.evaluate(() => document.documentElement.lang),
    await page.locator('form.register h1').innerText(),
    await page.locator('[data-testid=language]').inputValue(),
  ]).toEqual(['es', 'Juega al Perudo', 'es']);
  await page.fill('input[name=name]', 'Lola');
  await page.click('form.register button[type=submit]');
  await page.waitForSelector('[data-testid=me]:has-text("Lola")');
  expect(await page.locator('.lobby h2').first().innerText()).toBe('Partidas abiertas');
  // And back to English from the lobby.
  await page.selectOption('[data-testid=language]', 'en');
  await page.waitForSelector('.lobby h2:has-text("Open games")');
  expect(await page.evaluate(() => localStorage.getItem('perudo.locale'))).toBe('en');
});

it('tells a refusal as a sentence of the person’s language, and an unknown code by the server’s message', async () => {
  const host = await registerPlayer(api.url, 'Hostia');
  const game = accepted(
    await mutate(api.url, 'createGame', { preset: 'PUB', visibility: 'PRIVATE' }, host.token),
    'createGame',
  );
  const toasts: string[] = [];
  for (const locale of Object.keys(CATALOGS) as Locale[]) {
    const page = await pageIn(locale);
    await registerInPage(page, clientUrl, `Guest ${locale}`);
    // A wrong invite code: the server refuses with INVITE_REQUIRED.
    await page.goto(`${clientUrl}#/join/${game.id}/WRONGCODE1`);
    await page.click('[data-testid=join-private]');
    toasts.push(await page.locator('.toast').innerText());
    await page.context().close();
  }
  expect(toasts).toEqual([
    'This table is private: you need its invite code.',
    'Esta mesa es privada: necesitas su código de invitación.',
    'Esta mesa é privada: você precisa do código de convite.',
  ]);
  expect(toasts).toEqual(Object.values(CATALOGS).map((c) => c['error.INVITE_REQUIRED']));

  // A code newer than the page's catalogs: the API's own message is shown. (Registering goes over HTTP.)
  const page = await pageIn('es');
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('mutation RegisterPlayer')) return route.continue();
    await route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        data: {
          registerPlayer: {
            player: null,
            token: null,
            userErrors: [{ code: 'SOMETHING_NEW', message: 'a reason from a newer server', field: null }],
          },
        },
      }),
    });
  });
  await page.goto(clientUrl);
  await page.fill('input[name=name]', 'Nueva');
  await page.click('form.register button[type=submit]');
  expect(await page.locator('.toast').innerText()).toBe('a reason from a newer server');
  await page.context().close();
});

const WORDS: Record<
  Locale,
  { twoDice: string; oneDie: string; status: string; outcome: RegExp; wins: RegExp }
> = {
  en: {
    twoDice: '2 dice',
    oneDie: '1 die',
    status: 'IN PROGRESS',
    outcome: /^\S+( bot 1)? called (dudo|exact) on \S+( bot 1)?’s \d+ × [1-6]s: there (was 1|were \d+)\./,
    wins: /^(Ann|NORMAL bot 1) wins!/,
  },
  es: {
    twoDice: '2 dados',
    oneDie: '1 dado',
    status: 'EN JUEGO',
    outcome:
      /^\S+( bot 1)? cantó dudo a la apuesta de \S+( bot 1)?, \d+ × (ases|doses|treses|cuatros|cincos|seises): había \d+\./,
    wins: /^¡Gana (Ana|NORMAL bot 1)!/,
  },
  'pt-BR': {
    twoDice: '2 dados',
    oneDie: '1 dado',
    status: 'EM JOGO',
    outcome:
      /^\S+( bot 1)? pediu dudo na aposta de \S+( bot 1)?, \d+ × (ases|duques|ternos|quadras|quinas|senas): havia \d+\./,
    wins: /^(João|NORMAL bot 1) venceu!/,
  },
};
const NAMES: Record<Locale, string> = { en: 'Ann', es: 'Ana', 'pt-BR': 'João' };
const TABLES: Record<Locale, string> = { en: 'Ann’s table', es: 'La mesa de Ana', 'pt-BR': 'A mesa do João' };

describe.each(Object.keys(CATALOGS) as Locale[])('in %s', (locale) => {
  it('a whole game is played, with the right plurals, words and pictures', async () => {
    const words = WORDS[locale];
    const page = await pageIn(locale);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await registerInPage(page, clientUrl, NAMES[locale]);
    await tableWithBots(page, TABLES[locale], 2);
    expect(await page.locator('[data-testid=status]').innerText()).toBe(words.status);
    const counts = new Set<string>();
    const outcomes = new Set<string>();
    let pictures = false;
    await playToTheEnd(page, async () => {
      for (const text of await page.locator('.seat .seat-count').allInnerTexts()) counts.add(text);
      for (const text of await page.locator('[data-testid=last-round] .outcome').allInnerTexts())
        outcomes.add(text);
      if (!pictures && (await page.locator('[data-testid=bids] li').count()) >= 1) {
        // The pictures of the README: the table mid-round, at a desktop and a phone width.
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.evaluate('window.scrollTo(0, 0)');
        await page.screenshot({ path: path.join(PROJECT_ROOT, 'docs', `web-${locale}-desktop.png`) });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({
          path: path.join(PROJECT_ROOT, 'docs', `web-${locale}-phone.png`),
          fullPage: true,
        });
        await page.setViewportSize({ width: 1280, height: 800 });
        pictures = true;
      }
    });
    expect(pictures).toBe(true);
    // Two dice each at the start, one left for whoever lost a round.
    expect(counts).toContain(words.twoDice);
    expect(counts).toContain(words.oneDie);
    expect([...counts].filter((c) => /^\d/.test(c)).sort()).toEqual([words.oneDie, words.twoDice].sort());
    expect(outcomes.size).toBeGreaterThan(0);
    for (const outcome of outcomes) expect(outcome).toMatch(words.outcome);
    expect(await page.locator('[data-testid=winner]').innerText()).toMatch(words.wins);
    // The result card's dice check, in the language too.
    await page.waitForSelector('[data-testid=last-round] .dice-check.verified');
    expect(await page.locator('[data-testid=last-round] .dice-check span').innerText()).toBe(
      CATALOGS[locale]['verify.ok'],
    );
    // The lobby lists the finished game among the player's, its status and end date in the language.
    await page.goto(`${clientUrl}#/`);
    const line = page.locator(`.lobby li:has(a:text-is("${TABLES[locale]}"))`);
    await line.waitFor();
    const [text, datetime, shown] = await line.evaluate((li) => {
      const time = li.querySelector('time')!;
      return [(li as HTMLElement).innerText, time.getAttribute('datetime')!, time.textContent!];
    });
    expect(text).toContain(CATALOGS[locale]['status.FINISHED']);
    expect(shown).toBe(
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(datetime)),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
