// Bids reached outside a page of rounds (currentRound, events' games and rounds) are charged by their real number.
import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { startApp, type App } from '../../src/app';
import {
  applyCommand,
  createGame,
  legalActions,
  PRESETS,
  seededRng,
  type Command,
  type GameState,
  type Rng,
} from '../../src/engine';
import { gameGlobalId } from '../../src/graphql/ids';
import { DEFAULT_LIMITS } from '../../src/limits/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { gql } from '../support/graphql-client';

/**
 * An operation priced up front with 10 bids a round could read the same long round many times through
 * aliases (or through the games of a page of events) and pass the cost limit: now every round read outside a
 * page of rounds is charged by its real bids, and the operation is refused once that goes over the limit.
 */

let db: TestDatabase;
let app: App;
let gameId: string;
let bidCount: number;

const AT = '2030-01-01T00:00:00.000Z';

function apply(state: GameState, command: Command, rng: Rng): GameState {
  const result = applyCommand(state, command, { rng, at: AT });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.state;
}

/** Ten players raising by the least every turn until the open round holds `bids` bids. */
function longOpenRound(players: readonly string[], bids: number, rng: Rng): GameState {
  const created = createGame({ host: players[0]!, rules: PRESETS.PERUDO }, AT);
  if (!created.ok) throw new Error('not created');
  let state = created.state;
  for (const p of players.slice(1)) state = apply(state, { type: 'JOIN', playerId: p }, rng);
  state = apply(state, { type: 'START', playerId: players[0]! }, rng);
  while (state.rounds[state.rounds.length - 1]!.bids.length < bids) {
    const seat = state.rounds[state.rounds.length - 1]!.turn!;
    const actions = legalActions(state, seat);
    const faces = actions.minBids.filter((b) => b.face !== 1);
    const smallest = [...(faces.length > 0 ? faces : actions.minBids)].sort(
      (a, b) => a.minQuantity - b.minQuantity || a.face - b.face,
    )[0]!;
    state = apply(
      state,
      {
        type: 'BID',
        playerId: state.seats[seat]!.playerId,
        quantity: smallest.minQuantity,
        face: smallest.face,
      },
      rng,
    );
  }
  return state;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const sql = new PgClient({ connectionString: db.url });
  await sql.connect();
  const players = Array.from({ length: 10 }, () => randomUUID());
  await sql.query(
    `INSERT INTO players (id, name, token_hash)
     SELECT id, 'Seeded ' || n, lpad(n::text, 64, '0') FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
    [players],
  );
  const state = longOpenRound(players, 150, seededRng(11));
  const id = randomUUID();
  await sql.query(
    `INSERT INTO games (id, status, preset, rules, max_players, host_id, version, state, state_version,
                        created_at, started_at, updated_at, chain_root, commitment)
     VALUES ($1::uuid, 'IN_PROGRESS', $2, $3::jsonb, $4, $5, $6::int, $7::jsonb, $6::int, $8::timestamptz, $8::timestamptz, now(),
             sha256($1::text::bytea), encode(sha256(sha256($1::text::bytea)), 'hex'))`,
    [
      id,
      state.rules.preset,
      JSON.stringify(state.rules),
      state.maxPlayers,
      players[0],
      state.version,
      JSON.stringify(state),
      AT,
    ],
  );
  await sql.query(
    `INSERT INTO seats (game_id, position, player_id, dice_count, eliminated, has_been_palifico)
     SELECT $1, n - 1, p, 5, false, false FROM unnest($2::uuid[]) WITH ORDINALITY AS x(p, n)`,
    [id, players],
  );
  await sql.end();
  gameId = gameGlobalId(id);
  bidCount = state.rounds[state.rounds.length - 1]!.bids.length;
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: DEFAULT_LIMITS,
    log: () => {},
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const BIDS = 'bids { seq quantity face at seat { position diceCount } }';
const ALIASES = 30;

interface Reply {
  data: Record<string, { currentRound: { bids: unknown[] } | null }>;
  errors?: { message: string; extensions: { code: string; limit: string; value: number; max: number } }[];
}

it('reads a long open round once within the limit', async () => {
  expect(bidCount).toBe(150);
  const reply = await gql<{ game: { currentRound: { bids: unknown[] } } }>(
    app.url,
    `query($id: ID!) { game(id: $id) { currentRound { ${BIDS} } } }`,
    { id: gameId },
  );
  expect(reply.body?.errors).toBeUndefined();
  expect(reply.body?.data?.game.currentRound.bids).toHaveLength(150);
});

it('refuses the aliases past the limit by the real bids, while another client is served', async () => {
  // Priced up front: 30 × (game 1 + currentRound 1 + bids 1 + 10 × 7) = 2,190, within 25,000. Really, each
  // alias reads 140 bids more than estimated at 8 each (the bid and its 7 fields): 1,120, so 22 fit (24,640).
  const attack = `query($id: ID!) { ${Array.from(
    { length: ALIASES },
    (_, i) => `a${i}: game(id: $id) { currentRound { ${BIDS} } }`,
  ).join(' ')} }`;
  const [replies, other] = await Promise.all([
    Promise.all(Array.from({ length: 5 }, () => gql<Reply['data']>(app.url, attack, { id: gameId }))),
    gql<{ game: { id: string } }>(app.url, 'query($id: ID!) { game(id: $id) { id } }', { id: gameId }),
  ]);
  expect(other.body?.data).toEqual({ game: { id: gameId } });
  for (const reply of replies) {
    const data = reply.body!.data!;
    const served = Object.values(data).filter((g) => g.currentRound !== null);
    expect(served.length).toBe(22);
    expect(served.every((g) => g.currentRound!.bids.length === 150)).toBe(true);
    const errors = reply.body!.errors!;
    expect(errors).toHaveLength(8);
    expect(errors[0]).toMatchObject({
      message:
        'the bids read would cost 25760 by their real number; at most 25000 is allowed (ask for fewer rounds, events or fields)',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', value: 25_760, max: 25_000 },
    });
  }
});
