// Who sends a request: the player of a bearer token, a spectator (no token), or nobody (a bad token).
import type { PlayerRecord, PlayerRepository } from '../store/player.repository';

/** Reads "Bearer <token>"; anything else is no token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * The player an authorization value (an HTTP header, a WebSocket connection parameter) names: null for a
 * spectator (none sent, or empty), undefined when it names no player (malformed, or an unknown token).
 */
export async function authenticate(
  players: PlayerRepository,
  authorization: unknown,
): Promise<PlayerRecord | null | undefined> {
  if (authorization === undefined || authorization === null || authorization === '') return null;
  const token = typeof authorization === 'string' ? bearerToken(authorization) : null;
  return (token ? await players.findByToken(token) : null) ?? undefined;
}
