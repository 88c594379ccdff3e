// The games players shared: which of them sat least, and the games all of them sat in.
import type { ClientBase } from 'pg';

/** Seats counted per player to order them: past it a player counts as having this many. */
export const SEATS_COUNTED = 10_000;

/** A player and their seats (at most SEATS_COUNTED). */
export interface PlayerSeats {
  readonly playerId: string;
  readonly seats: number;
}

/**
 * The players with their number of seats, fewest first: an intersection of their games is driven by the
 * rarest, so it reads that player's games and probes the others' by (game, player).
 */
export async function rarestFirst(
  db: Pick<ClientBase, 'query'>,
  playerIds: readonly string[],
): Promise<PlayerSeats[]> {
  const { rows } = await db.query<{ player_id: string; seats: number }>(
    `SELECT x.id::text AS player_id,
            (SELECT count(*) FROM (SELECT 1 FROM seats s WHERE s.player_id = x.id LIMIT $2) c)::int AS seats
       FROM unnest($1::uuid[]) AS x(id)`,
    [[...playerIds], SEATS_COUNTED],
  );
  return rows
    .map((r) => ({ playerId: r.player_id, seats: r.seats }))
    .sort((a, b) => a.seats - b.seats || a.playerId.localeCompare(b.playerId));
}

/**
 * SQL of the ids of the games every player of `params` (SQL parameters, rarest first) sat in: the first one's
 * seats, each probed for the others on the (game, player) unique index.
 */
export function sharedGamesSql(params: readonly string[]): string {
  const [first, ...others] = params;
  const probes = others.map(
    (p, i) =>
      ` AND EXISTS (SELECT 1 FROM seats s${i + 1} WHERE s${i + 1}.game_id = s0.game_id AND s${i + 1}.player_id = ${p})`,
  );
  return `SELECT s0.game_id FROM seats s0 WHERE s0.player_id = ${first}${probes.join('')}`;
}
