// Lobby seats held for players (a challenge's invitees): whoever else takes a seat must leave room for them.
import type { PoolClient } from 'pg';
import type { GameState } from '../engine';

/** Thrown inside a seating transaction that would take a seat held for a player not seated. */
export class SeatsHeld extends Error {
  constructor(readonly held: number) {
    super(`${held} seats are held`);
  }
}

/**
 * Throws SeatsHeld when the seats of `after` and the seats held for players not seated in it are more than
 * the game has. Called in every seating transaction that adds a seat, after the game row is locked, so a
 * held seat cannot be taken by a join, a bot or a fill, whatever asked for it.
 */
export async function checkHeldSeats(client: PoolClient, gameId: string, after: GameState): Promise<void> {
  const seated = after.seats.map((s) => s.playerId);
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM held_seats WHERE game_id = $1 AND NOT (player_id = ANY($2::uuid[]))`,
    [gameId, seated],
  );
  const held = rows[0]!.n;
  if (held > 0 && seated.length + held > after.maxPlayers) throw new SeatsHeld(held);
}

/** Holds a seat of the game for each player (in the caller's transaction). */
export async function holdSeats(
  client: PoolClient,
  gameId: string,
  playerIds: readonly string[],
): Promise<void> {
  await client.query(
    `INSERT INTO held_seats (game_id, player_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [gameId, playerIds],
  );
}

/** Frees the seats of the game held for these players (in the caller's transaction). */
export async function releaseSeats(
  client: PoolClient,
  gameId: string,
  playerIds: readonly string[],
): Promise<void> {
  await client.query(`DELETE FROM held_seats WHERE game_id = $1 AND player_id = ANY($2::uuid[])`, [
    gameId,
    playerIds,
  ]);
}
