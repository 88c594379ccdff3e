// The provably fair derivation ("hmac-sha256-chain-v1"): a hash chain of server keys, a game seed from
// the players' seeds, and dice as HMAC bytes. Pure computation; the secret root is drawn elsewhere.
import { createHmac, hash } from 'node:crypto';
import type { DiceSource } from './dice-source';

export const FAIRNESS_ALGORITHM = 'hmac-sha256-chain-v1';
/**
 * How new games draw the client seeds the server gives, published as `GameFairness.serverSeeds` (the dice
 * derivation itself stays v1): a bot's from k[0] and its seat at start (`botClientSeed`), a player's who gave
 * none from k[0] and their id (`serverClientSeed`).
 */
export const SERVER_SEEDS_DERIVATION = 'hmac-sha256-k0-v2';
/**
 * The earlier derivation, which older games keep: every server-drawn seed from k[0] and the player's id, bots'
 * included. A bot's id is drawn by the server when it is seated, so that left the server a choice.
 */
export const SERVER_SEEDS_BY_PLAYER_ID = 'hmac-sha256-k0-v1';
/** The chain's length: keys k[0..CHAIN_LENGTH], round r rolls from k[r]. Equal to the engine's round cap. */
export const CHAIN_LENGTH = 1000;
export const CHAIN_KEY_BYTES = 32;
/** Bounds of a client seed: 1 to 64 printable ASCII characters. */
export const CLIENT_SEED_MAX_LENGTH = 64;
const PRINTABLE_ASCII = /^[\x20-\x7e]{1,64}$/;

export function sha256(data: Buffer | string): Buffer {
  // The one-shot hash: a third faster than createHash().update().digest() on 32 bytes, and a chain is 1,000.
  return hash('sha256', data, 'buffer');
}

export function isClientSeed(seed: string): boolean {
  return PRINTABLE_ASCII.test(seed);
}

/**
 * The client seed the server gives a player who gave none (under SERVER_SEEDS_BY_PLAYER_ID, every bot's too):
 * hex HMAC-SHA256(k[0], "server-seed:<playerId>"), `playerId` being the player's id as the API shows it
 * (`Player.id`). k[0] is fixed by the commitment at creation, and a person's id exists before the game, so the
 * server cannot pick these seeds after seeing anyone else's.
 */
export function serverClientSeed(k0: Buffer, playerId: string): string {
  return createHmac('sha256', k0).update(`server-seed:${playerId}`).digest('hex');
}

/**
 * A bot's client seed under SERVER_SEEDS_DERIVATION: hex HMAC-SHA256(k[0], "server-seed:bot:<position>"),
 * `position` being its seat's at start. Seat positions follow from the players' own joins, leaves and kicks,
 * and k[0] from the commitment, so the server has nothing left to choose (a bot's id it does choose).
 */
export function botClientSeed(k0: Buffer, position: number): string {
  if (!Number.isInteger(position) || position < 0) throw new Error(`no seat position ${position}`);
  return createHmac('sha256', k0).update(`server-seed:bot:${position}`).digest('hex');
}

/** k[round] of the chain whose root is k[CHAIN_LENGTH]: the root hashed CHAIN_LENGTH - round times. */
export function chainKey(root: Buffer, round: number): Buffer {
  if (!Number.isInteger(round) || round < 0 || round > CHAIN_LENGTH) throw new Error(`no chain key ${round}`);
  let key = root;
  for (let i = CHAIN_LENGTH; i > round; i--) key = sha256(key);
  return key;
}

/** k[0..upTo], computed in one pass down the chain. */
export function chainKeys(root: Buffer, upTo: number): Buffer[] {
  const keys: Buffer[] = [];
  let key = chainKey(root, upTo);
  keys[upTo] = key;
  for (let r = upTo - 1; r >= 0; r--) keys[r] = key = sha256(key);
  return keys;
}

/** The commitment published at creation: hex SHA-256(k[0]). */
export function commitmentOf(root: Buffer | KeyChain): string {
  return sha256(root instanceof KeyChain ? root.key(0) : chainKey(root, 0)).toString('hex');
}

/** hex SHA-256 of the seats' client seeds joined by ":" in seat order. */
export function gameSeedOf(clientSeeds: readonly string[]): string {
  return sha256(clientSeeds.join(':')).toString('hex');
}

/**
 * Uniform values in [0, n) from the bytes of HMAC(key, prefix + c) for c = 0, 1, ...: a byte b gives b % n
 * when b < 256 - 256 % n (for dice: b < 252), and is skipped otherwise, which would bias the low values.
 */
function* uniform(key: Buffer, prefix: string, n: number): Generator<number, never> {
  const limit = 256 - (256 % n);
  for (let c = 0; ; c++) {
    for (const b of createHmac('sha256', key).update(`${prefix}${c}`).digest()) if (b < limit) yield b % n;
  }
}

function take(values: Generator<number, never>, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) out.push(values.next().value);
  return out;
}

/** The dice of `seat` in round `round`, from k[round]. */
export function fairHand(
  key: Buffer,
  gameSeed: string,
  round: number,
  seat: number,
  count: number,
): number[] {
  return take(uniform(key, `${gameSeed}:${round}:${seat}:`, 6), count).map((v) => v + 1);
}

/** The die `seat` throws in attempt `attempt` of the roll-off, from k[0]. */
export function fairRollOff(k0: Buffer, gameSeed: string, attempt: number, seat: number): number {
  return take(uniform(k0, `${gameSeed}:rolloff:${attempt}:${seat}:`, 6), 1)[0]! + 1;
}

/**
 * The first starter when the rules draw one (firstStarter RANDOM), from k[0]: the first byte b of
 * HMAC(k[0], "<gameSeed>:starter:<c>") (c = 0, 1, ...) below 256 - 256 % seats gives the seat b % seats.
 */
export function fairFirstStarter(k0: Buffer, gameSeed: string, seats: number): number {
  return take(uniform(k0, `${gameSeed}:starter:`, seats), 1)[0]!;
}

/** Keys kept by a `KeyChain`: one every this many, so any key is at most this many hashes away. */
const CHECKPOINT_EVERY = 25;

/**
 * A game's chain with a key kept every CHECKPOINT_EVERY rounds: walking it once costs CHAIN_LENGTH hashes
 * (about 1.3 ms), after which any key costs fewer than CHECKPOINT_EVERY, instead of up to CHAIN_LENGTH each.
 */
export class KeyChain {
  private readonly checkpoints: Buffer[] = [];

  constructor(root: Buffer) {
    let key = root;
    for (let i = CHAIN_LENGTH; i >= 0; i--) {
      if (i % CHECKPOINT_EVERY === 0 || i === CHAIN_LENGTH) this.checkpoints[i] = key;
      if (i > 0) key = sha256(key);
    }
  }

  /** k[round]. */
  key(round: number): Buffer {
    if (!Number.isInteger(round) || round < 0 || round > CHAIN_LENGTH)
      throw new Error(`no chain key ${round}`);
    let at = Math.min(CHAIN_LENGTH, Math.ceil(round / CHECKPOINT_EVERY) * CHECKPOINT_EVERY);
    let key = this.checkpoints[at]!;
    for (; at > round; at--) key = sha256(key);
    return key;
  }

  /** k[0..upTo]. */
  keys(upTo: number): Buffer[] {
    const keys: Buffer[] = [];
    let key = this.key(upTo);
    keys[upTo] = key;
    for (let r = upTo - 1; r >= 0; r--) keys[r] = key = sha256(key);
    return keys;
  }
}

/** The dice of a game whose chain and game seed are known. */
export function fairDiceSource(chain: Buffer | KeyChain, gameSeed: string): DiceSource {
  const keys = chain instanceof KeyChain ? chain : new KeyChain(chain);
  // Every seat's hand of a round comes from the same key: walked to once, not once a seat.
  let last: { round: number; key: Buffer } | null = null;
  const key = (round: number): Buffer => {
    if (last?.round !== round) last = { round, key: keys.key(round) };
    return last.key;
  };
  return {
    hand: (round, seat, count) => fairHand(key(round), gameSeed, round, seat, count),
    rollOff: (attempt, seat) => fairRollOff(key(0), gameSeed, attempt, seat),
    firstStarter: (seats) => fairFirstStarter(key(0), gameSeed, seats),
  };
}

/** What `lastRevealedKey` needs of a game: its state or any viewer's view of it. */
export interface RevealPoint {
  readonly startedAt: string | null;
  readonly rounds: readonly { readonly ended: boolean }[];
}

/**
 * The highest chain index whose key may be public, or -1 for none: k[0] once the game has started (its
 * roll-off, if any, is over), and k[r] once round r has ended. Every key above it is secret: the open
 * round's dice, and every later round's, are derived from them.
 */
export function lastRevealedKey(game: RevealPoint): number {
  if (game.startedAt === null) return -1;
  const n = game.rounds.length;
  return n > 0 && !game.rounds[n - 1]!.ended ? n - 1 : n;
}
