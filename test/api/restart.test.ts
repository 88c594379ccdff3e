import {
  type BotView,
  botRng,
  type GameData,
  playTurn,
  type RoundData,
  TestApi,
} from '../support/api-harness';
import { accepted, dataOf, type Player } from '../support/graphql-client';
import { keyOf } from '../support/sql';
import { Client as PgClient } from 'pg';
import { GAME_ROW_SNAPSHOT_EVERY } from '../../src/store/event-log';
import { checkHistory, recordSeen, type SeenDice } from '../support/round-checks';

/**
 * Everything lives in the database: a new server on the same database carries on exactly where the old one
 * stopped (tokens, IDs, versions, the dice already rolled, idempotency records), and the game goes on to a
 * winner.
 */

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

/** Every player's own view of the game. */
async function views(gameId: string, players: readonly Player[]): Promise<GameData[]> {
  return Promise.all(players.map((p) => api.mustGame(gameId, p)));
}

it('goes on after a restart in the lobby and another in the middle of a round', async () => {
  const players = await api.registerPlayers(['Ada', 'Bea', 'Cid']);
  const created = await api.createGame(players[0]!, { preset: 'PERUDO', name: 'Across restarts' });
  accepted(await api.mutate('joinGame', players[1]!, { gameId: created.id }), 'join');

  // Restart with the lobby half full.
  const firstUrl = api.url;
  await api.restart();
  expect(api.url).not.toBe(firstUrl);
  const lobby = await api.mustGame(created.id, players[0]);
  expect([lobby.status, lobby.version, lobby.name]).toEqual(['LOBBY', 2, 'Across restarts']);
  expect(lobby.seats.map((s) => s.player.id)).toEqual([players[0]!.id, players[1]!.id]);
  for (const p of players) {
    const data = dataOf(await api.gql<{ viewer: { id: string } }>('{ viewer { id } }', {}, p.token));
    expect(data.viewer.id).toBe(p.id);
  }
  accepted(await api.mutate('joinGame', players[2]!, { gameId: created.id }), 'join');
  const started = accepted(
    await api.mutate('startGame', players[0]!, { gameId: created.id, expectedVersion: 3 }),
    'start',
  );
  expect(started.version).toBe(4);

  // Play until round 3 has a bid on the table.
  const rng = botRng(7);
  const seen: SeenDice = new Map();
  let game: BotView = started;
  let version = started.version;
  while (
    game.status === 'IN_PROGRESS' &&
    !(game.currentRound!.number >= 3 && game.currentRound!.bids.length > 0)
  ) {
    const m = await playTurn(api, game, players, { rng });
    expect(m.game.version).toBe(++version);
    recordSeen(seen, m.roundNumber, m.seat, m.dice);
    game = m.game;
  }
  expect(game.status).toBe('IN_PROGRESS');

  // One more move under an idempotency key, so that the record has to survive the restart too.
  const before = await views(created.id, players);
  const turn = before[0]!.turn!.position;
  const mover = players.find((p) => p.id === before[0]!.seats[turn]!.player.id)!;
  const moverView = before[players.indexOf(mover)]!;
  const dudo = await api.mutate('callDudo', mover, {
    gameId: created.id,
    expectedVersion: version,
    idempotencyKey: 'before-restart',
  });
  const first = accepted(dudo, 'dudo');
  expect(first.version).toBe(++version);
  recordSeen(seen, moverView.currentRound!.number, turn, moverView.seats[turn]!.dice!);
  const roundsBefore = await api.allRounds(created.id);
  const viewsBefore = await views(created.id, players);

  // Restart in the middle of a round.
  await api.restart();
  const viewsAfter = await views(created.id, players);
  expect(viewsAfter).toEqual(viewsBefore);
  for (const [i, view] of viewsAfter.entries()) {
    expect(view.version).toBe(version);
    // Each player still holds the dice it was shown before the restart.
    expect(view.seats[view.viewerSeat!.position]!.dice).toEqual(
      viewsBefore[i]!.seats[view.viewerSeat!.position]!.dice,
    );
  }
  const roundsAfter: RoundData[] = await api.allRounds(created.id);
  expect(roundsAfter).toEqual(roundsBefore);
  // The IDs given out before are still valid.
  const nodes = dataOf(
    await api.gql<Record<string, { id: string } | null>>(
      `query($g: ID!, $r: ID!, $p: ID!) { g: node(id: $g) { id } r: node(id: $r) { id } p: node(id: $p) { id } }`,
      { g: created.id, r: roundsBefore[0]!.id, p: players[2]!.id },
    ),
  );
  expect(nodes).toEqual({ g: { id: created.id }, r: { id: roundsBefore[0]!.id }, p: { id: players[2]!.id } });
  // A retry of the move made before the restart answers as the first time and is not applied again.
  const retry = accepted(
    await api.mutate('callDudo', mover, {
      gameId: created.id,
      expectedVersion: version - 1,
      idempotencyKey: 'before-restart',
    }),
    'retry',
  );
  expect(retry).toEqual(first);
  expect((await api.mustGame(created.id)).version).toBe(version);

  // And the game goes on to a winner.
  game = viewsAfter[0]!;
  while (game.status === 'IN_PROGRESS') {
    const m = await playTurn(api, game, players, { rng });
    expect(m.game.version).toBe(++version);
    recordSeen(seen, m.roundNumber, m.seat, m.dice);
    game = m.game;
  }
  const final = await api.mustGame(created.id);
  expect([final.status, final.version]).toEqual(['FINISHED', version]);
  const rounds = await api.allRounds(created.id, 4);
  const endedBefore = roundsBefore.filter((r) => r.ended);
  expect(rounds.slice(0, endedBefore.length)).toEqual(endedBefore);
  const history = checkHistory(final.rules, final, rounds, seen);
  expect(final.seats.map((s) => s.diceCount)).toEqual(history.counts);
  expect(final.winner!.id).toBe(final.seats.find((s) => s.diceCount > 0)!.player.id);
});

it('rebuilds a game whose stored snapshot is older than its last moves from the events after it', async () => {
  const players = await api.registerPlayers(['Dan', 'Eve']);
  const created = await api.createGame(players[0]!, { preset: 'CLASSIC' });
  accepted(await api.mutate('joinGame', players[1]!, { gameId: created.id }), 'join');
  let game: BotView = accepted(await api.mutate('startGame', players[0]!, { gameId: created.id }), 'start');
  const rng = botRng(11);
  const stored = async (): Promise<{ version: number; state_version: number }> => {
    const client = new PgClient({ connectionString: api.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number; state_version: number }>(
        'SELECT version, state_version FROM games WHERE id = $1',
        [keyOf(created.id)],
      );
      return rows[0]!;
    } finally {
      await client.end();
    }
  };
  // Play until the snapshot is several moves behind the game.
  while ((await stored()).version - (await stored()).state_version < 3) {
    game = (await playTurn(api, game, players, { rng })).game;
    expect(game.status).toBe('IN_PROGRESS');
  }
  const row = await stored();
  expect(row.version - row.state_version).toBeGreaterThanOrEqual(3);
  expect(row.version - row.state_version).toBeLessThan(GAME_ROW_SNAPSHOT_EVERY);

  const before = await views(created.id, players);
  await api.restart();
  expect(await views(created.id, players)).toEqual(before);
  // The rebuilt state takes the next move at the next version.
  const next = await playTurn(api, before[0]!, players, { rng });
  expect(next.game.version).toBe(row.version + 1);
});
