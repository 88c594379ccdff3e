// Test-only: an Rng whose results a test chooses, so that dice, roll-offs and random starters are exactly what
// the test needs. Not used by the engine itself.
import type { Rng } from '../random';

export class ScriptedRng implements Rng {
  private readonly queue: number[] = [];

  /**
   * @param values raw results of `int(n)`, consumed in order
   * @param fallback answers once the queue is empty; without one an empty queue throws
   */
  constructor(
    values: readonly number[] = [],
    private readonly fallback: Rng | null = null,
  ) {
    this.queue.push(...values);
  }

  int(n: number): number {
    const value = this.queue.shift();
    if (value === undefined) {
      if (this.fallback) return this.fallback.int(n);
      throw new Error(`scripted rng exhausted (asked for int(${n}))`);
    }
    if (!Number.isInteger(value) || value < 0 || value >= n) {
      throw new Error(`scripted value ${value} is not in [0, ${n})`);
    }
    return value;
  }

  /** Queues die faces (1..6) for single rolls, e.g. a roll-off. */
  pushFaces(...faces: number[]): this {
    for (const face of faces) {
      if (!Number.isInteger(face) || face < 1 || face > 6) throw new Error(`not a die face: ${face}`);
      this.queue.push(face - 1);
    }
    return this;
  }

  /** Queues the dice of one round: one hand per seat still in the game, in seat order. */
  pushHands(...hands: readonly (readonly number[])[]): this {
    for (const hand of hands) this.pushFaces(...hand);
    return this;
  }

  /** How many queued values are still unused. */
  get remaining(): number {
    return this.queue.length;
  }
}
