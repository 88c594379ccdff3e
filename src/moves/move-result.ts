// What a move is asked with and what it ends in: applied, refused with a contract code, or no such game.
import type { GameEvent, GameState, Violation } from '../engine';
import type { SideWrite } from '../store/move-store';

export type MoveErrorCode = Violation['code'] | 'STALE_VERSION' | 'IDEMPOTENCY_KEY_REUSED' | 'TOO_MANY_GAMES';

export interface MoveError {
  readonly code: MoveErrorCode;
  readonly message: string;
  readonly field?: readonly string[];
}

/** The outcome of a move: the game as it is after it (or as it was, if refused). */
export type MoveResult =
  | {
      readonly kind: 'applied';
      readonly gameId: string;
      readonly state: GameState;
      readonly events: readonly GameEvent[];
    }
  | {
      readonly kind: 'refused';
      readonly gameId: string | null;
      readonly state: GameState | null;
      readonly error: MoveError;
    }
  | { readonly kind: 'not_found' };

export const NOT_FOUND: MoveResult = { kind: 'not_found' };

export interface MoveOptions {
  readonly expectedVersion?: number | null;
  readonly idempotencyKey?: string | null;
  /** Names the mutation, so a key cannot be replayed for another one. */
  readonly operation: string;
  /** A digest of the mutation's input, so a key cannot be replayed with other arguments. */
  readonly requestHash: string;
  /**
   * For a create or a join: the most open games (lobby or in play) the acting player may sit in. Checked in
   * the move's transaction under a lock per player, so it holds across processes; a retry of a create or
   * join that took the last place is answered from its idempotency record before the check.
   */
  readonly seatCap?: number | null;
  /** For a create or a join: the player's seed for the game's dice; absent or null, the server draws one. */
  readonly clientSeed?: string | null;
  /** What another feature records with the move, in its transaction (see SideWrite). */
  readonly sideWrite?: SideWrite;
}
