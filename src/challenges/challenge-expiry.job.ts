// Expires the challenges nobody answered in time (or whose game left its lobby), once across processes.
import { PeriodicJob } from '../clock/periodic-job';
import type { ChallengesRepository } from './challenges.repository';
import type { ChallengesService } from './challenges.service';

/** How often a process looks for challenges to expire, by default (ms). */
export const DEFAULT_CHALLENGE_EXPIRY_INTERVAL_MS = 5_000;
/** Challenges expired per look. */
const BATCH = 100;

/**
 * Every interval (and at start, for those that fell due while no process ran), expires each OPEN challenge
 * past its expiresAt or whose game is no longer in its lobby. Each expiry is a transaction under the
 * challenge's row lock that checks it is still OPEN and due, so of several processes only one expires it
 * and tells its events.
 */
export class ChallengeExpiry extends PeriodicJob {
  constructor(
    private readonly store: ChallengesRepository,
    private readonly challenges: ChallengesService,
    log: (message: unknown) => void,
    intervalMs: number = DEFAULT_CHALLENGE_EXPIRY_INTERVAL_MS,
  ) {
    super({
      name: 'challenge expiry',
      run: (stopping) => this.expireDue(stopping),
      intervalMs,
      runAtStart: true,
      unref: true,
      log,
    });
  }

  private async expireDue(stopping: AbortSignal): Promise<number> {
    let expired = 0;
    for (;;) {
      const due = await this.store.due(BATCH);
      for (const id of due) {
        if (stopping.aborted) return expired;
        if (await this.challenges.expire(id)) expired++;
      }
      if (due.length < BATCH || stopping.aborted) return expired;
    }
  }
}
