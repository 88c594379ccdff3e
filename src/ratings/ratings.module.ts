// The ratings feature wired for one process: its reads for the API and its applier, started and stopped here.
import type { GameHistoryQueries } from '../store/game-history.queries';
import { RatingApplier } from './rating-applier.job';
import { RatingReads } from './rating-reads.repository';
import { RatingsRepository } from './ratings.repository';

export interface RatingsOptions {
  /** The database pool (only the repositories speak SQL). */
  readonly pool: ConstructorParameters<typeof RatingsRepository>[0];
  readonly history: GameHistoryQueries;
  readonly log: (message: unknown) => void;
  /** How often this process rates finished games (ms); it also rates each game that ends here at once. */
  readonly intervalMs?: number;
  /** Whether this process rates finished games (false stands for a process that stops first). */
  readonly rateGames: boolean;
}

export interface Ratings {
  /** What the API reads: players' ratings, the leaderboard, rating changes. */
  readonly reads: RatingReads;
  /** A game ended in this process (committed): rate it now, when this process rates games. */
  gameFinished(gameId: string): void;
  start(): void;
  /** Waits for a rating run in flight. */
  stop(): Promise<void>;
}

export function createRatings(options: RatingsOptions): Ratings {
  const applier = new RatingApplier(new RatingsRepository(options.pool, options.history), options.log, {
    intervalMs: options.intervalMs,
  });
  return {
    reads: new RatingReads(options.pool),
    gameFinished: (gameId) => {
      if (options.rateGames) applier.gameFinished(gameId);
    },
    start: () => {
      if (options.rateGames) applier.start();
    },
    stop: () => applier.stop(),
  };
}
