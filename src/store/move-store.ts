// The narrow interface through which the move service reads games and records moves.
import type { PoolClient } from 'pg';
import type { GameState } from '../engine';
import type { MoveDice } from './fairness.repository';
import type { IdempotencyRecord, IdempotencyWrite } from './idempotency.repository';
import type { MoveRecordInput } from './move-record';

/**
 * What another feature writes in a move's own transaction, once the game row is locked (or inserted) and the
 * seats written: it commits with the move or not at all. Whatever it throws rolls the move back and is thrown
 * to the move's caller.
 */
export type SideWrite = (tx: PoolClient, gameId: string) => Promise<void>;

/**
 * A move the engine accepted. The store reads what its commit must also record (seats, seeds, bots' players,
 * the open-games cap) off its events and the states around them: see moveRecord.
 */
export interface RecordedMove extends MoveRecordInput {
  readonly gameId: string;
  readonly after: GameState;
  /** The state right after each event, when the engine kept them (not stored: handed to the feeds). */
  readonly states?: readonly GameState[];
  /** The key and response a retry must be answered with, when the player sent a key. */
  readonly idempotency: IdempotencyWrite | null;
  /** When the server is next due to move in the game by itself (epoch ms), or null. */
  readonly serverMoveAt: number | null;
  /** Written in the move's transaction (a move with one is always a transaction). */
  readonly sideWrite?: SideWrite;
}

/**
 * How a write ended: recorded; lost, because the game moved on from `before` (or a concurrent retry took
 * the idempotency key) and the move must be decided again; or refused by the open-games cap.
 */
export type WriteOutcome =
  | { readonly kind: 'written' }
  | { readonly kind: 'lost' }
  | { readonly kind: 'seat_cap'; readonly max: number }
  /** The move would take a seat held for a player who is not seated (store/held-seats.ts). */
  | { readonly kind: 'seats_held' };

/**
 * What a move needs of storage. Each method is one round trip or one transaction; none decides anything
 * about the rules. Every write is guarded by the version of `before`, so a move decided on a stale state
 * is never recorded.
 */
export interface MoveStore {
  /** This process's latest copy of the game: it may lag behind another process's moves. */
  cached(gameId: string): GameState | undefined;
  /** The game as stored now (and cached); null when there is no such game. */
  load(gameId: string): Promise<GameState | null>;
  /** The game as it was at `version` (to answer a retry as its first response did). */
  stateAt(gameId: string, version: number): Promise<GameState>;
  /** A cached state turned out stale: the next read goes to the database. */
  forget(gameId: string): void;
  /** Caches the state a committed move produced. */
  remember(gameId: string, state: GameState): void;
  /** The record of a player's idempotency key younger than the retention period (an older one is deleted). */
  findIdempotencyRecord(playerId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Records a refusal under its key; false when another request took the key first. */
  recordRefusal(record: IdempotencyWrite): Promise<boolean>;
  /** The dice of a move that may roll; 'stale' when the stored seats differ from `state`'s. */
  diceFor(gameId: string, state: GameState): Promise<MoveDice | null | 'stale'>;
  /** Records an accepted move, guarded by `before`'s version (0 for a new game, whose key chain it draws). */
  write(move: RecordedMove): Promise<WriteOutcome>;
  /** Moves the game's next server-move time while it is still at `version`. */
  postponeServerMove(gameId: string, version: number, at: number | null): Promise<void>;
}
