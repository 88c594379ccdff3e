// Agents play whole arena games against each other and the reference bots across two API processes; the
// agent ladder equals OpenSkill recomputed over the finished arena games, and people's board stays empty.
import { gameGlobalId } from '../../src/graphql/ids';
import { gql, registerPlayer, type Player } from '../support/graphql-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { sql } from '../support/sql';
import { until } from '../support/timing';
import { arenaJoin, playArenaGame, registerAgent } from './arena-agents';

// openskill ships CommonJS beside its ES modules; the tests run as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const openskill = require('openskill') as typeof import('openskill', {
  with: { 'resolution-mode': 'import' },
});

let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { BOT_DELAY_MS: '0' };
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url, env }),
    spawnServer({ databaseUrl: database.url, env }),
  ]);
}, 60_000);

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

interface Entry {
  rank: number;
  player: { id: string; name: string; isBot: boolean; isAgent: boolean; isArenaReference: boolean };
  rating: { mu: number; sigma: number; ordinal: number; games: number };
}

async function agentBoard(url: string, first: number, after: string | null = null) {
  const reply = await gql<{
    agentLeaderboard: { edges: { cursor: string; node: Entry }[]; pageInfo: { hasNextPage: boolean } };
  }>(
    url,
    `query($first: Int, $after: String) {
       agentLeaderboard(preset: PERUDO, first: $first, after: $after, includeProvisional: true) {
         edges { cursor node { rank player { id name isBot isAgent isArenaReference } rating { mu sigma ordinal games } } }
         pageInfo { hasNextPage }
       } }`,
    { first, after },
  );
  return reply.body.data!.agentLeaderboard;
}

test('four agents on two processes play arena games of 3, 2 and 4 seats with the reference bots; the agent ladder is OpenSkill over them', async () => {
  const owner = await registerPlayer(a!.url, 'Ladder owner');
  const urls = [a!.url, a!.url, b!.url, b!.url];
  const agents: Player[] = [];
  for (const [i, url] of urls.entries())
    agents.push(await registerAgent(url, database!.url, `Ladder agent ${i}`, owner));
  const kinds = [
    { seats: 3, turnSeconds: 5, fillSeconds: 1 },
    { seats: 2, turnSeconds: 5, fillSeconds: 1 },
    { seats: 4, turnSeconds: 5, fillSeconds: 1 },
  ];
  await Promise.all(
    agents.map(async (agent, i) => {
      for (const kind of kinds) {
        const game = await arenaJoin(urls[i]!, agent, { preset: 'PERUDO', ...kind });
        expect(game.arena).toBe(true);
        expect(await playArenaGame(urls[i]!, agent, game.id)).toBe('FINISHED');
      }
    }),
  );

  const games = await sql<{ id: string; status: string; arena_key: string; rated: boolean }>(
    database!.url,
    `SELECT id::text, status::text, arena_key, rated FROM games ORDER BY finished_at, id`,
  );
  // At least 2 tables of 3 (4 agents), 2 of 2 and 1 of 4.
  expect(games.length).toBeGreaterThanOrEqual(5);
  expect(games.every((g) => g.status === 'FINISHED' && g.arena_key !== null && !g.rated)).toBe(true);
  expect(new Set(games.map((g) => g.arena_key))).toEqual(new Set(['PERUDO:3:5', 'PERUDO:2:5', 'PERUDO:4:5']));
  await until(
    'every arena game rated',
    async () => {
      const [row] = await sql<{ n: string }>(
        database!.url,
        'SELECT count(*)::text AS n FROM rating_games r JOIN games g ON g.id = r.game_id WHERE r.counted',
      );
      return Number(row!.n) === games.length;
    },
    30_000,
  );

  // OpenSkill's defaults over the games in (finishedAt, id) order, every seat a team of one, ranks = places.
  const ratings = new Map<string, { mu: number; sigma: number }>();
  const played = new Map<string, number>();
  for (const game of games) {
    const reply = await gql<{ game: { arena: boolean; places: { player: { id: string } }[] } }>(
      b!.url,
      'query($id: ID!) { game(id: $id) { arena places { player { id } } } }',
      { id: gameGlobalId(game.id) },
    );
    const { arena, places } = reply.body.data!.game;
    expect(arena).toBe(true);
    const ids = places.map((p) => p.player.id);
    const after = openskill.rate(
      ids.map((id) => [openskill.rating(ratings.get(id))]),
      { rank: ids.map((_, i) => i + 1) },
    );
    ids.forEach((id, i) => {
      ratings.set(id, { mu: after[i]![0]!.mu, sigma: after[i]![0]!.sigma });
      played.set(id, (played.get(id) ?? 0) + 1);
    });
  }

  const board = await agentBoard(a!.url, 100);
  expect(board.pageInfo.hasNextPage).toBe(false);
  expect(board.edges.length).toBe(ratings.size);
  const expected = [...ratings.entries()]
    .map(([id, r]) => ({ id, ordinal: openskill.ordinal(r) }))
    .sort((x, y) => y.ordinal - x.ordinal || (x.id < y.id ? -1 : 1));
  expect(board.edges.map((e) => e.node.player.id)).toEqual(expected.map((e) => e.id));
  for (const { node } of board.edges) {
    const r = ratings.get(node.player.id)!;
    expect(Math.abs(node.rating.mu - r.mu)).toBeLessThan(1e-9);
    expect(Math.abs(node.rating.sigma - r.sigma)).toBeLessThan(1e-9);
    expect(Math.abs(node.rating.ordinal - openskill.ordinal(r))).toBeLessThan(1e-9);
    expect(node.rating.games).toBe(played.get(node.player.id));
  }
  expect(board.edges.map((e) => e.node.rank)).toEqual(board.edges.map((_, i) => i + 1));
  const names = board.edges.map((e) => e.node.player.name);
  expect(names.filter((n) => n.startsWith('Ladder agent')).sort()).toEqual(
    agents.map((_, i) => `Ladder agent ${i}`),
  );
  for (const { node } of board.edges) {
    const reference = node.player.name.startsWith('Arena ');
    expect([node.player.isAgent, node.player.isArenaReference, node.player.isBot]).toEqual([
      !reference,
      reference,
      reference,
    ]);
  }
  // Four agents never fill the 3-seat tables alone: reference bots fill one at least.
  expect(names.filter((n) => n.startsWith('Arena ')).length).toBeGreaterThanOrEqual(1);

  // Ranks go on across pages.
  const first = await agentBoard(b!.url, 2);
  const second = await agentBoard(b!.url, 2, first.edges[1]!.cursor);
  expect(second.edges.map((e) => [e.node.rank, e.node.player.id])).toEqual(
    board.edges.slice(2, 4).map((e) => [e.node.rank, e.node.player.id]),
  );

  // No human rating: people's board is empty, and no agent has a change from a game outside the arena.
  const people = await gql<{ leaderboard: { edges: unknown[] } }>(
    a!.url,
    '{ leaderboard(preset: PERUDO, includeProvisional: true) { edges { cursor } } }',
  );
  expect(people.body.data!.leaderboard.edges).toEqual([]);
  const outside = await sql(
    database!.url,
    `SELECT 1 FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE g.arena_key IS NULL`,
  );
  expect(outside).toEqual([]);
}, 400_000);
