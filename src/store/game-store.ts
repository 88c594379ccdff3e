// Wires the pieces of game storage together on one database.
import type { DatabaseClients } from '../database/prisma';
import { DEFAULT_BOT_DELAY_MS } from '../engine';
import type { ChangeNotifier } from './change-notifier';
import { FairnessRecords } from './fairness.repository';
import { FeedCheckQueries } from './feed-checks.queries';
import { GameMoves } from './game-moves.repository';
import { GameReads } from './game-reads.repository';
import { GameStateCache } from './game-state-cache';
import { IdempotencyRecords } from './idempotency.repository';
import { IdleLobbyQueries } from './idle-lobbies.queries';
import { StateRebuilder } from './state-rebuilder';
import { TurnDeadlineQueries } from './turn-deadlines.queries';

export interface GameStore {
  readonly moves: GameMoves;
  readonly reads: GameReads;
  readonly cache: GameStateCache;
  readonly turnDeadlines: TurnDeadlineQueries;
  readonly feedChecks: FeedCheckQueries;
  readonly idleLobbies: IdleLobbyQueries;
  readonly fairness: FairnessRecords;
}

export interface GameStoreOptions {
  readonly now?: () => Date;
  /** Tells other processes about committed moves; by default nobody. */
  readonly notifier?: ChangeNotifier;
  /** How long a bot thinks before its move (ms). */
  readonly botDelayMs?: number;
}

/** One process's game storage: the moves share one cache of recent states with the replays of keyed retries. */
export function createGameStore(db: DatabaseClients, options: GameStoreOptions = {}): GameStore {
  const cache = new GameStateCache();
  const reads = new GameReads(db.pool);
  const states = new StateRebuilder(db.pool, reads, cache);
  const idempotency = new IdempotencyRecords(db.pool, states);
  const fairness = new FairnessRecords(db.pool);
  const moves = new GameMoves(db.pool, cache, states, idempotency, {
    fairness,
    now: options.now ?? (() => new Date()),
    notifier: options.notifier ?? { afterCommit() {} },
    botDelayMs: options.botDelayMs ?? DEFAULT_BOT_DELAY_MS,
  });
  return {
    moves,
    reads,
    cache,
    turnDeadlines: new TurnDeadlineQueries(db.pool),
    feedChecks: new FeedCheckQueries(db.pool),
    idleLobbies: new IdleLobbyQueries(db.pool),
    fairness,
  };
}
