// A game whose open round holds many bids, written straight into a migrated database: what an attack on the
// cost of reading bids needs, built by the engine in milliseconds instead of played through the API.
import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import {
  applyCommand,
  createGame,
  legalActions,
  PRESETS,
  seededRng,
  type Command,
  type GameState,
  type Rng,
} from '../src/engine';

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

/**
 * Writes ten players and a PERUDO game in progress whose open round holds `bids` bids (dealt by a seeded
 * rng); returns the game's database id and its bid count.
 */
export async function seedLongOpenRound(
  databaseUrl: string,
  bids: number,
  seed = 11,
): Promise<{ readonly id: string; readonly bids: number }> {
  const sql = new PgClient({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const players = Array.from({ length: 10 }, () => randomUUID());
    await sql.query(
      `INSERT INTO players (id, name, token_hash)
       SELECT id, 'Seeded ' || n, lpad(n::text, 64, '0') FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
      [players],
    );
    const state = longOpenRound(players, bids, seededRng(seed));
    const id = randomUUID();
    await sql.query(
      `INSERT INTO games (id, status, preset, rules, max_players, host_id, version, state, state_version,
                          created_at, started_at, updated_at, chain_root, commitment)
       VALUES ($1::uuid, 'IN_PROGRESS', $2, $3::jsonb, $4, $5, $6::int, $7::jsonb, $6::int, $8::timestamptz,
               $8::timestamptz, now(), sha256($1::text::bytea), encode(sha256(sha256($1::text::bytea)), 'hex'))`,
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
    return { id, bids: state.rounds[state.rounds.length - 1]!.bids.length };
  } finally {
    await sql.end();
  }
}
