// The reference web client's arena: an owner's two agents play arena games through the API (the example agent,
// reference bots filling the tables); a visitor reads the agents' ladder exactly as agentLeaderboard gives it,
// reference bots marked, opens an agent's recent games, and the owner manages the agents on their own page
// (create with the token shown once, a new token, rename, retire). axe-core finds no violation.
/// <reference lib="dom" />
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { runAgent } from '../../examples/agents/agent';
import { TestApi } from '../support/api-harness';
import { dataOf, gql, registerPlayer, type Player } from '../support/graphql-client';
import { axe } from '../support/axe';
import { PROJECT_ROOT } from '../support/server-launcher';
import { buildWebClient, clientUrlFor, launchChromium, serveWebClient } from '../support/web-client-harness';

interface LadderEntry {
  rank: number;
  player: { id: string; name: string; isArenaReference: boolean; owner: { name: string } | null };
  rating: { ordinal: number; mu: number; sigma: number; games: number };
}

let api: TestApi;
let web: Server;
let browser: Browser;
let clientUrl: string;
let olga: Player;
const agents: { id: string; name: string; token: string }[] = [];

async function createAgent(name: string): Promise<{ id: string; name: string; token: string }> {
  const data = dataOf(
    await gql<{
      createAgent: { player: { id: string; name: string }; token: string; userErrors: unknown[] };
    }>(
      api.url,
      'mutation($name: String!) { createAgent(input: { name: $name }) { player { id name } token userErrors { code } } }',
      { name },
      olga.token,
    ),
  );
  expect(data.createAgent.userErrors).toEqual([]);
  return { ...data.createAgent.player, token: data.createAgent.token };
}

async function ladder(): Promise<LadderEntry[]> {
  const data = dataOf(
    await gql<{ agentLeaderboard: { edges: { node: LadderEntry }[] } }>(
      api.url,
      `{ agentLeaderboard(preset: PERUDO, first: 50, includeProvisional: true) { edges { node {
           rank player { id name isArenaReference owner { name } } rating { ordinal mu sigma games } } } } }`,
      {},
    ),
  );
  return data.agentLeaderboard.edges.map((e) => e.node);
}

beforeAll(async () => {
  await buildWebClient();
  api = await TestApi.start({ server: { botDelayMs: 20, turnTimerIntervalMs: 50, ratingIntervalMs: 200 } });
  web = await serveWebClient();
  clientUrl = clientUrlFor(web, Number(new URL(api.url).port));
  browser = await launchChromium();
  olga = await registerPlayer(api.url, 'Olga');
  agents.push(await createAgent('Alpha Agent'), await createAgent('Beta Agent'));
  // Two arena games each, at tables of two that reference bots fill at once.
  await Promise.all(
    agents.map((agent) =>
      runAgent({ url: api.url, token: agent.token, seats: 2, turnSeconds: 5, fillSeconds: 0, games: 2 }),
    ),
  );
  // Every finished arena game is rated on the agents' ladder.
  for (let tries = 0; ; tries++) {
    const rated = (await ladder()).filter((e) => agents.some((a) => a.id === e.player.id));
    if (rated.length === 2 && rated.every((e) => e.rating.games === 2)) break;
    if (tries > 100) throw new Error(`the arena games are not rated: ${JSON.stringify(rated)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => web?.close(resolve));
  await api?.close();
});

const fixed = (n: number): string => n.toFixed(2);

test('a visitor reads the agents’ ladder as the API gives it and opens an agent’s recent games', async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(`${clientUrl}#/arena`);
  await page.waitForSelector('h1:has-text("The arena")');
  // Every rating is provisional after two games: the ladder is empty until they are included.
  await page.waitForSelector('[data-testid=arena-empty]');
  await page.check('[data-testid=arena-provisional]');
  await page.waitForSelector('[data-testid=arena-table] tbody tr');

  const expected = await ladder();
  expect(expected.filter((e) => e.player.isArenaReference).length).toBeGreaterThanOrEqual(1);
  const rows = await page.$$eval('[data-testid=arena-table] tbody tr', (trs) =>
    trs.map((tr) => {
      const cell = (field: string) => tr.querySelector(`[data-field=${field}]`)!.textContent!.trim();
      return {
        player: tr.getAttribute('data-player'),
        reference: tr.getAttribute('data-reference') === 'true',
        rank: cell('rank'),
        name: tr.querySelector('[data-field=name] button')!.textContent,
        badge: tr.querySelector('[data-testid=reference]')?.textContent ?? null,
        owner: cell('owner'),
        ordinal: cell('ordinal'),
        mu: cell('mu'),
        sigma: cell('sigma'),
        games: cell('games'),
      };
    }),
  );
  expect(rows).toEqual(
    expected.map((e) => ({
      player: e.player.id,
      reference: e.player.isArenaReference,
      rank: String(e.rank),
      name: e.player.name,
      badge: e.player.isArenaReference ? 'REFERENCE BOT' : null,
      owner: e.player.owner?.name ?? 'the server’s',
      ordinal: fixed(e.rating.ordinal),
      mu: fixed(e.rating.mu),
      sigma: fixed(e.rating.sigma),
      games: String(e.rating.games),
    })),
  );
  expect(
    rows
      .filter((r) => r.owner === 'Olga')
      .map((r) => r.name)
      .sort(),
  ).toEqual(['Alpha Agent', 'Beta Agent']);

  // An agent's recent games: its two arena games, each linking to its history, with its place.
  const alpha = agents[0]!;
  await page.click(`tr[data-player="${alpha.id}"] [data-field=name] button`);
  await page.waitForSelector('[data-testid=agent-games] li');
  expect(await page.textContent('[data-testid=agent-games-panel] h2')).toBe('Recent games of Alpha Agent');
  const games = dataOf(
    await gql<{ games: { nodes: { id: string; places: { place: number; player: { id: string } }[] }[] } }>(
      api.url,
      'query($id: ID!) { games(playerId: $id, first: 10) { nodes { id places { place player { id } } } } }',
      { id: alpha.id },
    ),
  ).games.nodes;
  expect(games).toHaveLength(2);
  const links = await page.$$eval('[data-testid=agent-games] li a', (as) =>
    as.map((a) => a.getAttribute('href')),
  );
  expect(links).toEqual(games.map((g) => `#/history/${g.id}`));
  const places = await page.$$eval('[data-testid=agent-place]', (els) => els.map((e) => e.textContent));
  expect(places).toEqual(games.map((g) => `place ${g.places.find((p) => p.player.id === alpha.id)!.place}`));
  expect(
    await page.getAttribute(`tr[data-player="${alpha.id}"] [data-field=name] button`, 'aria-expanded'),
  ).toBe('true');

  expect((await axe(page)).violations).toEqual([]);
  await page.screenshot({ path: path.join(PROJECT_ROOT, 'docs', 'web-arena.png'), fullPage: true });

  // The ladder in Spanish.
  await page.selectOption('[data-testid=language]', 'es');
  await page.waitForSelector('h1:has-text("La arena")');
  await page.close();
}, 120_000);

test('the owner creates an agent (its token shown once and working), gives it a new token, renames and retires it', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('perudo.session', JSON.stringify(s)), {
    playerId: olga.id,
    name: olga.name,
    token: olga.token,
  });
  const page = await context.newPage();
  await page.goto(`${clientUrl}#/player/${olga.id}`);
  await page.waitForSelector('[data-testid=agent-list] li');
  expect(await page.$$eval('[data-testid=agent-list] li h3', (els) => els.map((e) => e.textContent))).toEqual(
    ['Alpha Agent', 'Beta Agent'],
  );

  await page.fill('[data-testid=agent-name]', 'Gamma Agent');
  await page.click('[data-testid=create-agent]');
  const token = (await (await page.waitForSelector('[data-testid=agent-token]')).textContent())!;
  await page.waitForSelector('[data-testid=agent-list] li:has-text("Gamma Agent")');
  const viewer = async (bearer: string) =>
    (
      await gql<{ viewer: { name: string; isAgent: boolean } | null }>(
        api.url,
        '{ viewer { name isAgent } }',
        {},
        bearer,
      )
    ).body?.data?.viewer ?? null;
  expect(await viewer(token)).toEqual({ name: 'Gamma Agent', isAgent: true });

  // A new token: the old one stops working.
  const gamma = page.locator('[data-testid=agent-list] li', { hasText: 'Gamma Agent' });
  await gamma.locator('[data-testid=rotate-agent]').click();
  await page.waitForFunction((old) => {
    const shown = document.querySelector('[data-testid=agent-token]')?.textContent;
    return !!shown && shown !== old;
  }, token);
  const rotated = (await page.textContent('[data-testid=agent-token]'))!;
  expect(await viewer(rotated)).toEqual({ name: 'Gamma Agent', isAgent: true });
  expect(await viewer(token)).toBeNull();

  await gamma.locator('[data-testid=rename-agent]').click();
  await page.fill('[data-testid=agent-list] li input[name=agentName]', 'Delta Agent');
  await page.click('[data-testid=save-agent-name]');
  const delta = page.locator('[data-testid=agent-list] li', { hasText: 'Delta Agent' });
  await delta.waitFor();

  await delta.locator('[data-testid=retire-agent]').click();
  await page.click('[data-testid=confirm-retire]');
  await page.waitForSelector('[data-testid=agent-list] li[data-retired=true]:has-text("Delta Agent")');
  expect(await viewer(rotated)).toBeNull();
  expect((await axe(page)).violations).toEqual([]);
  await context.close();
}, 120_000);
