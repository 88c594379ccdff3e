// Idempotency keys of moves: what a move records under its key, and how a retry is answered from it.
import type { IdempotencyRecord, IdempotencyWrite } from '../store/idempotency.repository';
import type { GameState } from '../engine';
import type { MoveError, MoveOptions, MoveResult } from './move-result';

/** The record of a move sent with a key: written in the move's own commit, or with its refusal. */
export function recordOf(
  playerId: string | null,
  options: MoveOptions,
  result: {
    readonly gameId: string | null;
    readonly version: number | null;
    readonly error: MoveError | null;
  },
): IdempotencyWrite | null {
  const key = options.idempotencyKey;
  // Server moves (timeouts, bots' moves) have no player, so no key.
  if (!key || !playerId) return null;
  return {
    playerId,
    key,
    operation: options.operation,
    response: { requestHash: options.requestHash, ...result },
  };
}

/**
 * The answer to a retry of a recorded request: the first response, with the game as it showed it; or
 * IDEMPOTENCY_KEY_REUSED when the key was used for another operation or other input.
 */
export async function replayOf(
  record: IdempotencyRecord,
  options: MoveOptions,
  stateAt: (gameId: string, version: number) => Promise<GameState>,
): Promise<MoveResult> {
  const { operation, response } = record;
  if (operation !== options.operation || response.requestHash !== options.requestHash) {
    return {
      kind: 'refused',
      gameId: null,
      state: null,
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: `this idempotencyKey was already used for another request (${operation}); use a new key`,
        field: ['idempotencyKey'],
      },
    };
  }
  // Recorded by this service, so its codes are the contract's.
  const error = response.error as MoveError | null;
  if (response.gameId === null || response.version === null) {
    return { kind: 'refused', gameId: null, state: null, error: error! };
  }
  const state = await stateAt(response.gameId, response.version);
  if (error) return { kind: 'refused', gameId: response.gameId, state, error };
  return { kind: 'applied', gameId: response.gameId, state, events: [] };
}
