// What a live game, chat or presence needs of its client (kept narrow so that each can be tested alone).
import type { AnyDocument } from './document.js';
import type { Stream, StreamHandlers } from './stream.js';
import type { Transport } from './transport.js';
import type { Mismatch } from './verifier/fairness-verifier.js';

/** Anything the player's own stream tells about one game: its event, or null (a gap). */
export interface GameWatcher {
  readonly id: string;
  onPlayerSignal(event: { readonly type: string; readonly game: { readonly version: number } } | null): void;
}

export interface ClientCore {
  readonly transport: Transport;
  /** Aborts when the client closes. */
  readonly signal: AbortSignal;
  /** Whether live games verify their rounds by default. */
  readonly verify: boolean;
  /** A resumable subscription on the client's socket. */
  follow<TResult, TVariables>(
    document: AnyDocument<TResult, TVariables>,
    operation: string,
    handlers: StreamHandlers<TResult>,
  ): Stream;
  /** Registers a game with the player's own stream; returns the function that unregisters it. */
  watchGame(watcher: GameWatcher): () => void;
  reportMismatch(gameId: string, mismatch: Mismatch): void;
}
