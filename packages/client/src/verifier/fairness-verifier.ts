/**
 * A client-side verifier of provably fair dice ("hmac-sha256-chain-v1", see FAIRNESS.md), for browsers and
 * Node alike: WebCrypto (`crypto.subtle`) only, nothing from the server's sources. It is incremental: give it
 * the game's `fairness` once, then each ended round's `serverKey` and `reveal` as they come, in any order.
 *
 *   const verifier = await FairnessVerifier.create(game.fairness, { rollOff: game.rollOff });
 *   for (const result of await verifier.addRound(round)) console.log(result);
 *
 * Each key is checked with one hash against the key below it (k[r-1]; the commitment for k[0]). A round whose
 * lower key is not known yet (a gap after a reconnect) waits, and is verified when the missing key arrives.
 * When `serverSeeds` names a derivation from k[0], the seeds the server drew are checked once k[0] is known:
 * every bot's (under "hmac-sha256-k0-v2" from its seat's position, under "hmac-sha256-k0-v1" from its player
 * id) and those of the seats given as `serverDrawnSeats` (from their player id).
 */

export const ALGORITHM = 'hmac-sha256-chain-v1';
/**
 * `fairness.serverSeeds` of games whose bots' client seeds are hex HMAC-SHA256(k[0], "server-seed:bot:<p>"),
 * p being the bot seat's position, and whose seeds of players who gave none are hex HMAC-SHA256(k[0],
 * "server-seed:<Player.id>"). Every game made since shows it.
 */
export const SERVER_SEEDS_K0_SEATS = 'hmac-sha256-k0-v2';
/**
 * `fairness.serverSeeds` of older games whose server-drawn client seeds, bots' included, are hex
 * HMAC-SHA256(k[0], "server-seed:<Player.id>"). The oldest games show null (random seeds, nothing to check).
 */
export const SERVER_SEEDS_K0 = 'hmac-sha256-k0-v1';

/** A seat as the API shows it inside fairness, rounds and roll-offs. */
export interface SeatRef {
  readonly position: number;
  /** Read with the client seeds (`seat { position player { id isBot } }`): bots' seeds are then checked. */
  readonly player?: { readonly id: string; readonly isBot: boolean };
}

/** `Game.fairness`, as read from the API. */
export interface FairnessInput {
  readonly algorithm: string;
  /**
   * SERVER_SEEDS_K0_SEATS, SERVER_SEEDS_K0 or null; left out, it counts as null (server-drawn seeds are not
   * checked).
   */
  readonly serverSeeds?: string | null;
  readonly commitment: string;
  readonly gameSeed: string | null;
  readonly rollOffKey: string | null;
  readonly clientSeeds: readonly { readonly seat: SeatRef; readonly seed: string }[];
}

type ClientSeedInput = FairnessInput['clientSeeds'][number];

/** An ended round, as read from the API (`Round.number`, `serverKey`, `reveal`). */
export interface RoundInput {
  readonly number: number;
  readonly serverKey: string | null;
  readonly reveal: readonly { readonly seat: SeatRef; readonly dice: readonly number[] }[] | null;
}

/** One throw of the roll-off (`Game.rollOff`). */
export interface RollOffInput {
  readonly attempt: number;
  readonly seat: SeatRef;
  readonly value: number;
}

/** What the verifier checks beyond the rounds themselves. */
export interface VerifierOptions {
  /** The game's roll-off throws, checked against k[0]. */
  readonly rollOff?: readonly RollOffInput[];
  /** For rules with a random first starter: the number of seats and the position that started round 1. */
  readonly firstStarter?: { readonly seats: number; readonly position: number };
  /**
   * When `serverSeeds` is SERVER_SEEDS_K0_SEATS or SERVER_SEEDS_K0, positions of seats known to have given no
   * seed (your own, if you gave none): their seeds are checked against k[0] and their `seat.player.id`, which
   * must be given with the client seeds. Bots' seeds are checked anyway.
   */
  readonly serverDrawnSeats?: readonly number[];
}

export type MismatchKind =
  | 'ALGORITHM'
  | 'GAME_SEED'
  | 'BAD_KEY'
  | 'COMMITMENT'
  | 'CHAIN'
  | 'HAND'
  | 'ROLL_OFF'
  | 'STARTER'
  | 'SERVER_SEED';

/** The first thing that did not verify. */
export interface Mismatch {
  readonly kind: MismatchKind;
  /** The round (0: the roll-off and first starter, from k[0]); null for the game as a whole. */
  readonly round: number | null;
  /** The seat position concerned, or null. */
  readonly seat: number | null;
  readonly expected: string;
  readonly shown: string;
}

export type RoundResult =
  | { readonly status: 'VERIFIED'; readonly round: number; readonly hands: number }
  | { readonly status: 'WAITING'; readonly round: number; readonly missingKey: number }
  | { readonly status: 'MISMATCH'; readonly round: number | null; readonly mismatch: Mismatch };

const encoder = new TextEncoder();

/** The lowercase hex of `bytes`. */
function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The 32 bytes of a 64-digit lowercase hex string, or null when it is not one. */
function fromHex(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// WebCrypto takes views over a plain ArrayBuffer; a copy gives one whatever the caller's view is over.
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/** SHA-256 of bytes, or of a string's UTF-8 bytes. */
export async function sha256(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', ownBuffer(bytes)));
}

/** HMAC-SHA256 with the raw key bytes over a message's UTF-8 bytes. */
export async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', ownBuffer(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

/** The messages and HMAC bytes one draw reads, for an explanation a player can recompute. */
export interface DrawTrace {
  readonly messages: readonly string[];
  readonly bytes: readonly (readonly number[])[];
  readonly values: readonly number[];
}

/**
 * `count` values in [0, n) from HMAC(key, prefix + c), c = 0, 1, ...: each byte b < 256 - 256 % n gives
 * b % n; larger bytes are skipped, as they would favour low values.
 */
export async function draw(key: Uint8Array, prefix: string, n: number, count: number): Promise<DrawTrace> {
  const limit = 256 - (256 % n);
  const messages: string[] = [];
  const bytes: number[][] = [];
  const values: number[] = [];
  for (let c = 0; values.length < count; c++) {
    const message = `${prefix}${c}`;
    const digest = [...(await hmac(key, message))];
    messages.push(message);
    bytes.push(digest);
    for (const b of digest) if (b < limit && values.length < count) values.push(b % n);
  }
  return { messages, bytes, values };
}

/** The dice of seat `seat` in round `round`, with the messages and bytes they come from. */
export async function handTrace(
  key: Uint8Array,
  gameSeed: string,
  round: number,
  seat: number,
  count: number,
): Promise<DrawTrace> {
  const t = await draw(key, `${gameSeed}:${round}:${seat}:`, 6, count);
  return { ...t, values: t.values.map((v) => v + 1) };
}

/**
 * The client seed the server gives a player who gives none (and, under SERVER_SEEDS_K0, a bot): hex
 * HMAC-SHA256(k[0], "server-seed:<id>").
 */
export async function serverClientSeed(k0: Uint8Array, playerId: string): Promise<string> {
  return toHex(await hmac(k0, `server-seed:${playerId}`));
}

/** Under SERVER_SEEDS_K0_SEATS, a bot's client seed: hex HMAC-SHA256(k[0], "server-seed:bot:<position>"). */
export async function botClientSeed(k0: Uint8Array, position: number): Promise<string> {
  return toHex(await hmac(k0, `server-seed:bot:${position}`));
}

/** hex SHA-256 of the client seeds joined by ":" in seat order (nothing is ever split again). */
export async function gameSeedOf(seeds: readonly string[]): Promise<string> {
  return toHex(await sha256(seeds.join(':')));
}

const same = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

interface PendingRound {
  readonly round: RoundInput;
  readonly key: Uint8Array;
}

/** Verifies one game's dice round by round; after the first mismatch it answers that mismatch. */
export class FairnessVerifier {
  /** Keys proved to hash down to the commitment, by chain index. */
  private readonly trusted = new Map<number, Uint8Array>();
  private readonly waiting = new Map<number, PendingRound>();
  private readonly verified = new Set<number>();
  private rollOffChecked = false;
  private failure: Mismatch | null = null;

  /** Seeds the server drew from k[0], each from its seat or else its player id; none if `serverSeeds` is null. */
  private serverDrawn: { readonly seed: ClientSeedInput; readonly bySeat: boolean }[] = [];

  private constructor(
    private readonly commitment: Uint8Array,
    private readonly gameSeed: string,
    private readonly options: VerifierOptions,
  ) {}

  /** Checks the algorithm, the game seed against the client seeds, and k[0] and the roll-off when shown. */
  static async create(fairness: FairnessInput, options: VerifierOptions = {}): Promise<FairnessVerifier> {
    const commitment = fromHex(fairness.commitment) ?? new Uint8Array(32);
    const verifier = new FairnessVerifier(commitment, fairness.gameSeed ?? '', options);
    if (fairness.algorithm !== ALGORITHM) {
      verifier.failure = mismatch('ALGORITHM', null, null, ALGORITHM, fairness.algorithm);
      return verifier;
    }
    const serverSeeds = fairness.serverSeeds ?? null;
    if (serverSeeds !== null && serverSeeds !== SERVER_SEEDS_K0_SEATS && serverSeeds !== SERVER_SEEDS_K0) {
      // An unknown derivation cannot be checked: say so rather than pass its seeds unchecked.
      verifier.failure = mismatch(
        'ALGORITHM',
        null,
        null,
        `serverSeeds ${SERVER_SEEDS_K0_SEATS}, ${SERVER_SEEDS_K0} or null`,
        serverSeeds,
      );
      return verifier;
    }
    if (fairness.gameSeed === null) {
      verifier.failure = mismatch('GAME_SEED', null, null, 'a game seed (the game has started)', 'none');
      return verifier;
    }
    const seeds = [...fairness.clientSeeds].sort((a, b) => a.seat.position - b.seat.position);
    const positions = seeds.map((s) => s.seat.position);
    if (!positions.every((p, i) => p === i)) {
      verifier.failure = mismatch(
        'GAME_SEED',
        null,
        null,
        'a seed for each seat 0..n-1',
        positions.join(','),
      );
      return verifier;
    }
    const expected = await gameSeedOf(seeds.map((s) => s.seed));
    if (expected !== fairness.gameSeed) {
      verifier.failure = mismatch('GAME_SEED', null, null, expected, fairness.gameSeed);
      return verifier;
    }
    if (serverSeeds !== null) {
      const drawn = new Set(options.serverDrawnSeats ?? []);
      const bySeat = serverSeeds === SERVER_SEEDS_K0_SEATS;
      verifier.serverDrawn = seeds.flatMap((s) =>
        s.seat.player?.isBot === true
          ? [{ seed: s, bySeat }]
          : drawn.has(s.seat.position)
            ? [{ seed: s, bySeat: false }]
            : [],
      );
    }
    if (fairness.rollOffKey !== null) await verifier.trustK0(fairness.rollOffKey);
    return verifier;
  }

  /** The first mismatch found, or null while everything verifies. */
  get mismatch(): Mismatch | null {
    return this.failure;
  }

  /** Rounds verified so far. */
  get verifiedRounds(): readonly number[] {
    return [...this.verified].sort((a, b) => a - b);
  }

  /** Rounds received whose chain link waits for a lower key. */
  get waitingRounds(): readonly number[] {
    return [...this.waiting.keys()].sort((a, b) => a - b);
  }

  /**
   * Adds an ended round. Answers the rounds this settles: the round itself (verified, waiting for a lower
   * key, or its mismatch) and any waiting rounds it links to the chain. A round seen before answers again.
   */
  async addRound(round: RoundInput): Promise<RoundResult[]> {
    if (this.failure) return [{ status: 'MISMATCH', round: this.failure.round, mismatch: this.failure }];
    const r = round.number;
    if (this.verified.has(r)) return [{ status: 'VERIFIED', round: r, hands: countHands(round) }];
    const key = round.serverKey === null ? null : fromHex(round.serverKey);
    if (!key)
      return this.fail(mismatch('BAD_KEY', r, null, '32 bytes of lowercase hex', String(round.serverKey)));
    // Round 1 with no k[0] given: k[0] is SHA-256(k[1]), proved by the commitment.
    if (r === 1 && !this.trusted.has(0)) {
      const k0 = await sha256(key);
      if (!(await this.trustK0(toHex(k0)))) return [this.result()];
    }
    const lower = this.trusted.get(r - 1);
    if (!lower) {
      this.waiting.set(r, { round, key });
      return [{ status: 'WAITING', round: r, missingKey: r - 1 }];
    }
    const results: RoundResult[] = [];
    let next: PendingRound | undefined = { round, key };
    let below = lower;
    while (next) {
      const n = next.round.number;
      this.waiting.delete(n);
      const hashed = await sha256(next.key);
      if (!equal(hashed, below)) {
        return this.fail(mismatch('CHAIN', n, null, `SHA-256(k[${n}]) = ${toHex(below)}`, toHex(hashed)));
      }
      this.trusted.set(n, next.key);
      const bad = await this.checkHands(next.round, next.key);
      if (bad) return [...results, ...this.fail(bad)];
      this.verified.add(n);
      results.push({ status: 'VERIFIED', round: n, hands: countHands(next.round) });
      below = next.key;
      next = this.waiting.get(n + 1);
    }
    return results;
  }

  private fail(m: Mismatch): RoundResult[] {
    this.failure = m;
    return [this.result()];
  }

  private result(): RoundResult {
    const m = this.failure!;
    return { status: 'MISMATCH', round: m.round, mismatch: m };
  }

  /** Trusts k[0] when it hashes to the commitment, then checks what k[0] decided. False on a mismatch. */
  private async trustK0(hex: string): Promise<boolean> {
    const k0 = fromHex(hex);
    if (!k0) {
      this.failure = mismatch('BAD_KEY', 0, null, '32 bytes of lowercase hex', hex);
      return false;
    }
    const hashed = await sha256(k0);
    if (!equal(hashed, this.commitment)) {
      this.failure = mismatch('COMMITMENT', 0, null, toHex(this.commitment), toHex(hashed));
      return false;
    }
    this.trusted.set(0, k0);
    if (this.rollOffChecked) return true;
    this.rollOffChecked = true;
    for (const { seed: s, bySeat } of this.serverDrawn) {
      const id = s.seat.player?.id;
      const expected = bySeat
        ? await botClientSeed(k0, s.seat.position)
        : id === undefined
          ? "the seat's player id"
          : await serverClientSeed(k0, id);
      if (expected !== s.seed) {
        this.failure = mismatch('SERVER_SEED', 0, s.seat.position, expected, s.seed);
        return false;
      }
    }
    for (const t of this.options.rollOff ?? []) {
      const die =
        (await draw(k0, `${this.gameSeed}:rolloff:${t.attempt}:${t.seat.position}:`, 6, 1)).values[0]! + 1;
      if (die !== t.value) {
        this.failure = mismatch('ROLL_OFF', 0, t.seat.position, String(die), String(t.value));
        return false;
      }
    }
    const starter = this.options.firstStarter;
    if (starter) {
      const seat = (await draw(k0, `${this.gameSeed}:starter:`, starter.seats, 1)).values[0]!;
      if (seat !== starter.position) {
        this.failure = mismatch('STARTER', 0, starter.position, String(seat), String(starter.position));
        return false;
      }
    }
    return true;
  }

  private async checkHands(round: RoundInput, key: Uint8Array): Promise<Mismatch | null> {
    for (const h of round.reveal ?? []) {
      if (h.dice.length === 0) continue;
      const expected = (await handTrace(key, this.gameSeed, round.number, h.seat.position, h.dice.length))
        .values;
      if (!same(expected, h.dice)) {
        return mismatch('HAND', round.number, h.seat.position, expected.join(','), h.dice.join(','));
      }
    }
    return null;
  }
}

function countHands(round: RoundInput): number {
  return (round.reveal ?? []).filter((h) => h.dice.length > 0).length;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function mismatch(
  kind: MismatchKind,
  round: number | null,
  seat: number | null,
  expected: string,
  shown: string,
): Mismatch {
  return { kind, round, seat, expected, shown };
}

/** One line saying what failed, for logs and warnings. */
export function describeMismatch(m: Mismatch): string {
  const where = m.round === null ? 'game' : m.round === 0 ? 'roll-off' : `round ${m.round}`;
  const seat = m.seat === null ? '' : ` seat ${m.seat}`;
  return `${where}${seat}: ${m.kind} expected ${m.expected}, shown ${m.shown}`;
}

export { toHex, fromHex };
