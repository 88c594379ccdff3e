// The injected source of randomness, and a seeded generator for tests and benchmarks.
/** Randomness is injected so that the engine stays pure and tests can replay games from a seed. */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/** A deterministic generator for tests and benchmarks (sfc32); never used for real games. */
export function seededRng(seed: number): Rng {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ (seed * 31);
  let c = 0xb7e15162;
  let d = 1;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return { int: (n) => Math.floor((next() / 0x100000000) * n) };
}

export function rollDie(rng: Rng): number {
  return 1 + rng.int(6);
}

export function rollDice(rng: Rng, count: number): number[] {
  const dice = new Array<number>(count);
  for (let i = 0; i < count; i++) dice[i] = rollDie(rng);
  return dice;
}
