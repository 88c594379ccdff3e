// The bot's check of every ended round's dice with the client verifier (examples/verifier): the game's
// fairness is read once, then each ROUND_ENDED event's key and reveal are verified in the order they came.
import {
  describeMismatch,
  FairnessVerifier,
  type FairnessInput,
  type Mismatch,
  type RollOffInput,
} from '@perudo/client';
import type { GameEvent } from './game-view';

/** Thrown at the end of a game whose dice did not verify, when no `onMismatch` handles it. */
export class DiceMismatchError extends Error {
  constructor(readonly mismatch: Mismatch) {
    super(`dice do not verify: ${describeMismatch(mismatch)}`);
  }
}

const FAIRNESS_QUERY = `query($id: ID!) { game(id: $id) {
  rollOff { attempt seat { position } value }
  fairness { algorithm serverSeeds commitment gameSeed rollOffKey clientSeeds { seat { position player { id isBot } } seed } }
} }`;

type Read = (query: string, variables: Record<string, unknown>) => Promise<unknown>;

export interface DiceCheckHooks {
  readonly onVerified?: (round: number) => void;
  readonly onMismatch?: (mismatch: Mismatch) => void;
}

export class DiceCheck {
  private verifier: Promise<FairnessVerifier> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private found: Mismatch | null = null;

  constructor(
    private readonly read: Read,
    private readonly gameId: string,
    private readonly hooks: DiceCheckHooks,
  ) {}

  /** Takes every event; verifies the round of each ROUND_ENDED, one after the other. */
  onEvent(event: GameEvent): void {
    const round = event.round;
    if (event.type !== 'ROUND_ENDED' || !round || round.serverKey === undefined) return;
    const input = { number: round.number, serverKey: round.serverKey, reveal: round.reveal };
    this.queue = this.queue.then(async () => {
      if (this.found) return;
      const verifier = await this.load();
      if (this.found) return;
      for (const result of await verifier.addRound(input)) {
        if (result.status === 'VERIFIED') this.hooks.onVerified?.(result.round);
        if (result.status === 'MISMATCH') {
          this.found = result.mismatch;
          this.hooks.onMismatch?.(result.mismatch);
        }
      }
    });
  }

  /** Waits for the rounds taken so far; throws a DiceMismatchError if one failed and nobody handled it. */
  async done(): Promise<void> {
    await this.queue;
    if (this.found && !this.hooks.onMismatch) throw new DiceMismatchError(this.found);
  }

  private load(): Promise<FairnessVerifier> {
    this.verifier ??= (async () => {
      const { game } = (await this.read(FAIRNESS_QUERY, { id: this.gameId })) as {
        game: { fairness: FairnessInput; rollOff: RollOffInput[] } | null;
      };
      if (!game) throw new Error(`game ${this.gameId} is gone`);
      const verifier = await FairnessVerifier.create(game.fairness, { rollOff: game.rollOff });
      if (verifier.mismatch && !this.found) {
        this.found = verifier.mismatch;
        this.hooks.onMismatch?.(verifier.mismatch);
      }
      return verifier;
    })();
    return this.verifier;
  }
}
