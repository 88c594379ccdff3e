// A live game's check of every ended round's dice: the game's fairness is read once, then each ROUND_ENDED
// event's key and reveal are verified in the order they came (a gap waits for the missing key).
import type { GameFairnessQuery } from '../gql/graphql.js';
import { describeMismatch, FairnessVerifier, type Mismatch, type RoundInput } from './fairness-verifier.js';

/** A round whose dice did not verify: the server did not deal what it had committed to. */
export class DiceMismatchError extends Error {
  override readonly name = 'DiceMismatchError';
  /** Made by a live game whose round did not verify and that had no `mismatch` listener. */
  constructor(
    /** What did not verify: the round, the seat, what was expected and what was shown. */
    readonly mismatch: Mismatch,
  ) {
    super(`dice do not verify: ${describeMismatch(mismatch)}`);
  }
}

/** What a RoundCheck tells as it goes. */
export interface RoundCheckHooks {
  /** A round's key and every revealed hand verified. */
  readonly verified: (round: number) => void;
  /** The first round (or seed, or roll-off) that did not verify; nothing is checked after it. */
  readonly mismatch: (mismatch: Mismatch) => void;
}

type Fairness = NonNullable<GameFairnessQuery['game']>;

/**
 * The check of a game's ended rounds, one after the other, as they arrive (what a LiveGame runs for its
 * game): the fairness is read once, on the first round.
 */
export class RoundCheck {
  private verifier: Promise<FairnessVerifier> | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** The first mismatch found; nothing is checked after it. */
  found: Mismatch | null = null;
  /** Rounds verified so far. */
  verifiedRounds = 0;

  /**
   * Makes a check that reads the game's fairness when the first round arrives.
   *
   * @param readFairness reads the game's `fairness` and `rollOff` (GameFairnessDocument)
   * @param hooks told of each round verified and of the first mismatch
   */
  constructor(
    private readonly readFairness: () => Promise<Fairness | null>,
    private readonly hooks: RoundCheckHooks,
  ) {}

  /** Queues an ended round (number, serverKey, reveal). */
  add(round: RoundInput): void {
    if (round.serverKey === null || round.serverKey === undefined) return;
    this.queue = this.queue.then(async () => {
      if (this.found) return;
      const verifier = await this.load();
      if (this.found) return;
      for (const result of await verifier.addRound(round)) {
        if (result.status === 'VERIFIED') {
          this.verifiedRounds++;
          this.hooks.verified(result.round);
        }
        if (result.status === 'MISMATCH') this.fail(result.mismatch);
      }
    });
  }

  /** Resolves once every round queued so far is checked (a failure to read the fairness rejects). */
  settled(): Promise<void> {
    return this.queue;
  }

  private fail(mismatch: Mismatch): void {
    if (this.found) return;
    this.found = mismatch;
    this.hooks.mismatch(mismatch);
  }

  private load(): Promise<FairnessVerifier> {
    this.verifier ??= (async () => {
      const game = await this.readFairness();
      if (!game?.fairness) throw new Error('the game and its fairness could not be read');
      const verifier = await FairnessVerifier.create(game.fairness, { rollOff: game.rollOff });
      if (verifier.mismatch) this.fail(verifier.mismatch);
      return verifier;
    })();
    return this.verifier;
  }
}
