// Wires the pieces of game storage together on one database.
import type { DatabaseClients } from '../database/prisma';
import { EventLog } from './event-log';
import { FairnessRecords } from './fairness.repository';
import { FeedCheckQueries } from './feed-checks.queries';
import { GameReads } from './game-reads.repository';
import { GameStateCache } from './game-state-cache';
import { IdempotencyRecords } from './idempotency.repository';
import { IdleLobbyQueries } from './idle-lobbies.queries';
import type { MoveStore } from './move-store';
import { PgMoveStore } from './pg-move-store';
import { StateRebuilder } from './state-rebuilder';
import { TableQueries } from './tables.queries';
import { TurnDeadlineQueries } from './turn-deadlines.queries';
import { OutboxSignal } from './webhook-outbox';

export interface GameStore {
  /** What the move service reads and records moves through. */
  readonly moves: MoveStore;
  readonly reads: GameReads;
  readonly cache: GameStateCache;
  readonly turnDeadlines: TurnDeadlineQueries;
  readonly feedChecks: FeedCheckQueries;
  readonly idleLobbies: IdleLobbyQueries;
  readonly fairness: FairnessRecords;
  readonly tables: TableQueries;
  /** The event log and the states stored along it, one a process. */
  readonly eventLog: EventLog;
  /** The keyed operations' records (moves and chat share them). */
  readonly idempotency: IdempotencyRecords;
  /** Told when a move wrote webhook deliveries, so that this process's worker sends them at once. */
  readonly outbox: OutboxSignal;
}

/** One process's game storage: moves, reads and replays of keyed retries share one cache of recent states. */
export function createGameStore(db: DatabaseClients, log: (message: unknown) => void = () => {}): GameStore {
  const cache = new GameStateCache();
  const eventLog = new EventLog(db.pool, log);
  const reads = new GameReads(db.pool, eventLog);
  const states = new StateRebuilder(eventLog, reads, cache);
  const fairness = new FairnessRecords(db.pool);
  const idempotency = new IdempotencyRecords(db.pool);
  const outbox = new OutboxSignal();
  const moves = new PgMoveStore(db.pool, cache, states, idempotency, fairness, eventLog, outbox);
  return {
    moves,
    reads,
    cache,
    turnDeadlines: new TurnDeadlineQueries(db.pool),
    feedChecks: new FeedCheckQueries(db.pool),
    idleLobbies: new IdleLobbyQueries(db.pool),
    fairness,
    tables: new TableQueries(db.pool, db.locks),
    eventLog,
    outbox,
    idempotency,
  };
}
