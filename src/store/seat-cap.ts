// The open-games cap: how many open games (lobby or in play) one player may sit in or have created.
import type { PoolClient } from 'pg';

/** Thrown inside a seat-taking transaction when the player already sits in `max` open games. */
export class SeatCapReached extends Error {
  constructor(readonly max: number) {
    super(`seat cap of ${max} reached`);
  }
}

/**
 * Holds the player's seat-taking lock until the transaction ends and throws SeatCapReached when the player
 * already sits in, or has created, `max` open games. Two processes taking seats for one player queue on the
 * lock, and the second counts the first one's seat once it has committed. A move takes at most one player's lock, and
 * after its game row's, so these locks never wait on each other in a cycle.
 */
export async function checkSeatCap(
  client: PoolClient,
  playerId: string,
  max: number | null | undefined,
): Promise<void> {
  if (max === null || max === undefined) return;
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('seat-cap:' || $1::text, 0))", [
    playerId,
  ]);
  // A game the player created counts until it ends, even once the player has left it (others, or only
  // bots, may play it on for hours): leaving cannot be used to start more games than the cap.
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT g.id FROM games g WHERE g.created_by = $1 AND g.status IN ('LOBBY', 'IN_PROGRESS')
       UNION
       SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.player_id = $1 AND s.left_at IS NULL AND g.status IN ('LOBBY', 'IN_PROGRESS')) open`,
    [playerId],
  );
  if (rows[0]!.n >= max) throw new SeatCapReached(max);
}
