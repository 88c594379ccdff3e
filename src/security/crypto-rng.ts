// The randomness of real games.
import { randomInt } from 'node:crypto';
import type { Rng } from '../engine';

/** The randomness of real games: a cryptographically secure source. */
export const cryptoRng: Rng = { int: (n) => randomInt(n) };
