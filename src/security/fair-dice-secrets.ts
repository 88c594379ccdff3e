// The secrets of provably fair dice: each game's chain root and the client seeds the server draws.
import { randomBytes } from 'node:crypto';
import { CHAIN_KEY_BYTES, commitmentOf, KeyChain } from '../engine';

export interface NewChain {
  /** k[1000]: secret, stored only in the database. */
  readonly root: Buffer;
  /** hex SHA-256(k[0]): public. */
  readonly commitment: string;
  /** The chain walked once, here: the game's first moves read its keys without walking it again. */
  readonly chain: KeyChain;
}

/** A fresh key chain from the CSPRNG. */
export function newChain(): NewChain {
  const root = randomBytes(CHAIN_KEY_BYTES);
  const chain = new KeyChain(root);
  return { root, commitment: commitmentOf(chain), chain };
}

/** A client seed for a player who gave none: 32 hex characters (128 random bits). */
export function randomClientSeed(): string {
  return randomBytes(16).toString('hex');
}
