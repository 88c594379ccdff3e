/**
 * An independent verifier of a game's provably fair dice ("hmac-sha256-chain-v1", see FAIRNESS.md), using
 * only the public GraphQL API and node:crypto. It imports nothing from `src/`.
 *
 *   npx ts-node --transpile-only examples/verify-game.ts <gameId> [--url http://localhost:4000/graphql]
 *
 * It checks the game seed against the client seeds, the commitment against k[0], the chain
 * (SHA-256(k[r]) = k[r-1]) for every revealed key, and recomputes every revealed hand, every roll-off throw
 * and the first starter. The exit code is 0 when everything verifies, 1 otherwise.
 */
import { createHash, createHmac } from 'node:crypto';

export const ALGORITHM = 'hmac-sha256-chain-v1';

/** What the public API shows of a game, as the verifier reads it. */
export interface GameRecord {
  readonly id: string;
  readonly status: string;
  readonly rules: { readonly firstStarter: string };
  readonly seats: readonly { readonly position: number }[];
  readonly rollOff: readonly { readonly attempt: number; readonly seat: SeatRef; readonly value: number }[];
  readonly fairness: {
    readonly algorithm: string;
    readonly commitment: string;
    readonly gameSeed: string | null;
    readonly rollOffKey: string | null;
    readonly clientSeeds: readonly { readonly seat: SeatRef; readonly seed: string }[];
  };
  readonly rounds: readonly RoundRecord[];
}

interface SeatRef {
  readonly position: number;
}

export interface RoundRecord {
  readonly number: number;
  readonly ended: boolean;
  readonly starter: SeatRef;
  readonly serverKey: string | null;
  readonly reveal: readonly { readonly seat: SeatRef; readonly dice: readonly number[] }[] | null;
}

export type Check =
  'ALGORITHM' | 'GAME_SEED' | 'COMMITMENT' | 'CHAIN' | 'KEY_MISSING' | 'HAND' | 'ROLL_OFF' | 'STARTER';

export interface Failure {
  /** The round that fails; 0 for the roll-off and the first starter (key k[0]); null for the game as a whole. */
  readonly round: number | null;
  readonly check: Check;
  readonly seat?: number;
  readonly message: string;
}

export interface VerifyResult {
  readonly gameId: string;
  readonly ok: boolean;
  /** Rounds whose key was revealed and checked, hands and roll-off throws recomputed. */
  readonly checked: { readonly rounds: number; readonly hands: number; readonly rollOffThrows: number };
  readonly failures: readonly Failure[];
  /** The first failure in game order (game, roll-off, then rounds), or null. */
  readonly firstFailure: Failure | null;
}

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

/** Uniform values in [0, n): HMAC(key, prefix + c) bytes for c = 0, 1, ...; b < 256 - 256 % n gives b % n. */
function draw(key: Buffer, prefix: string, n: number, count: number): number[] {
  const out: number[] = [];
  const limit = 256 - (256 % n);
  for (let c = 0; out.length < count; c++) {
    for (const b of createHmac('sha256', key).update(`${prefix}${c}`).digest()) {
      if (b < limit && out.length < count) out.push(b % n);
    }
  }
  return out;
}

const hand = (key: Buffer, gameSeed: string, round: number, seat: number, count: number): number[] =>
  draw(key, `${gameSeed}:${round}:${seat}:`, 6, count).map((v) => v + 1);

const rollOffDie = (k0: Buffer, gameSeed: string, attempt: number, seat: number): number =>
  draw(k0, `${gameSeed}:rolloff:${attempt}:${seat}:`, 6, 1)[0]! + 1;

const randomStarter = (k0: Buffer, gameSeed: string, seats: number): number =>
  draw(k0, `${gameSeed}:starter:`, seats, 1)[0]!;

function hexKey(value: string | null): Buffer | null {
  return value !== null && /^[0-9a-f]{64}$/.test(value) ? Buffer.from(value, 'hex') : null;
}

const same = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Checks a game record; pure, so that a record can also be checked as saved or as edited. */
export function verifyRecord(game: GameRecord): VerifyResult {
  const failures: Failure[] = [];
  const fail = (round: number | null, check: Check, message: string, seat?: number): void => {
    failures.push(seat === undefined ? { round, check, message } : { round, check, seat, message });
  };
  const f = game.fairness;
  let rounds = 0;
  let hands = 0;
  if (f.algorithm !== ALGORITHM) fail(null, 'ALGORITHM', `unknown algorithm ${f.algorithm}`);

  // The game seed is recomputed from the client seeds in seat order, and used for every die below.
  let gameSeed: string | null = null;
  if (f.gameSeed !== null) {
    const seeds = [...f.clientSeeds].sort((a, b) => a.seat.position - b.seat.position);
    const positions = seeds.map((s) => s.seat.position);
    gameSeed = sha256(seeds.map((s) => s.seed).join(':')).toString('hex');
    if (
      !same(
        positions,
        game.seats.map((s) => s.position),
      )
    ) {
      fail(null, 'GAME_SEED', `client seeds are for seats ${positions.join(',')}, not every seat`);
    } else if (gameSeed !== f.gameSeed) {
      fail(null, 'GAME_SEED', `SHA-256 of the client seeds is ${gameSeed}, the game shows ${f.gameSeed}`);
    }
  }

  // k[0]: the roll-off key, which the commitment binds.
  const k0 = hexKey(f.rollOffKey);
  if (f.rollOffKey !== null && !k0) fail(0, 'KEY_MISSING', 'rollOffKey is not 32 bytes of hex');
  if (k0 && sha256(k0).toString('hex') !== f.commitment) {
    fail(
      0,
      'COMMITMENT',
      `SHA-256(k[0]) is ${sha256(k0).toString('hex')}, the commitment is ${f.commitment}`,
    );
  }
  if (k0 && gameSeed !== null) {
    for (const t of game.rollOff) {
      const die = rollOffDie(k0, gameSeed, t.attempt, t.seat.position);
      if (die !== t.value) {
        fail(0, 'ROLL_OFF', `attempt ${t.attempt}: expected ${die}, shown ${t.value}`, t.seat.position);
      }
    }
    const first = game.rounds[0];
    if (first && game.rules.firstStarter === 'RANDOM') {
      const starter = randomStarter(k0, gameSeed, game.seats.length);
      if (starter !== first.starter.position) {
        fail(0, 'STARTER', `the first starter should be seat ${starter}, not ${first.starter.position}`);
      }
    }
  }

  // Each ended round: its key hashes to the key below it (k[0] for round 1), then its hands.
  let lower = k0;
  for (const round of game.rounds) {
    if (!round.ended) break;
    const r = round.number;
    const key = hexKey(round.serverKey);
    if (!key) {
      fail(r, 'KEY_MISSING', `round ${r} has ended but shows no 32-byte key`);
      lower = null;
      continue;
    }
    rounds++;
    if (lower) {
      if (!sha256(key).equals(lower)) fail(r, 'CHAIN', `SHA-256(k[${r}]) is not k[${r - 1}]`);
    } else {
      let k = key;
      for (let i = 0; i <= r; i++) k = sha256(k);
      if (k.toString('hex') !== f.commitment)
        fail(r, 'CHAIN', `k[${r}] does not hash down to the commitment`);
    }
    lower = key;
    if (gameSeed === null) continue;
    for (const h of round.reveal ?? []) {
      if (h.dice.length === 0) continue;
      hands++;
      const expected = hand(key, gameSeed, r, h.seat.position, h.dice.length);
      if (!same(expected, h.dice)) {
        fail(r, 'HAND', `expected ${expected.join(',')}, revealed ${h.dice.join(',')}`, h.seat.position);
      }
    }
  }
  return {
    gameId: game.id,
    ok: failures.length === 0,
    checked: { rounds, hands, rollOffThrows: k0 && gameSeed !== null ? game.rollOff.length : 0 },
    failures,
    firstFailure: failures[0] ?? null,
  };
}

const GAME_QUERY = `
  query VerifyGame($id: ID!, $after: String) {
    game(id: $id) {
      id status rules { firstStarter } seats { position }
      rollOff { attempt seat { position } value }
      fairness { algorithm commitment gameSeed rollOffKey clientSeeds { seat { position } seed } }
      rounds(first: 100, after: $after) {
        nodes { number ended starter { position } serverKey reveal { seat { position } dice } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

interface GamePage extends Omit<GameRecord, 'rounds'> {
  readonly rounds: {
    readonly nodes: RoundRecord[];
    readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  };
}

/** Reads everything public the check needs, every round included (a page of 100 at a time). */
export async function fetchGameRecord(url: string, gameId: string): Promise<GameRecord> {
  const rounds: RoundRecord[] = [];
  let after: string | null = null;
  for (;;) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GAME_QUERY, variables: { id: gameId, after } }),
    });
    const body = (await response.json()) as {
      data?: { game: GamePage | null };
      errors?: { message: string }[];
    };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    const game = body.data?.game;
    if (!game) throw new Error(`no game ${gameId}`);
    rounds.push(...game.rounds.nodes);
    if (!game.rounds.pageInfo.hasNextPage) return { ...game, rounds };
    after = game.rounds.pageInfo.endCursor;
  }
}

/** Fetches a game from the API at `url` and verifies its dice. */
export async function verifyGame(url: string, gameId: string): Promise<VerifyResult> {
  return verifyRecord(await fetchGameRecord(url, gameId));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const urlAt = argv.indexOf('--url');
  const url = urlAt >= 0 ? argv[urlAt + 1]! : (process.env.PERUDO_URL ?? 'http://localhost:4000/graphql');
  const gameId = argv.find((a, i) => !a.startsWith('--') && (urlAt < 0 || i !== urlAt + 1));
  if (!gameId) throw new Error('usage: verify-game.ts <gameId> [--url URL]');
  const result = await verifyGame(url, gameId);
  const { rounds, hands, rollOffThrows } = result.checked;
  console.log(`checked ${rounds} round keys, ${hands} hands, ${rollOffThrows} roll-off throws`);
  for (const f of result.failures) {
    const where = f.round === null ? 'game' : f.round === 0 ? 'roll-off' : `round ${f.round}`;
    console.log(`FAIL ${where} ${f.check}${f.seat === undefined ? '' : ` seat ${f.seat}`}: ${f.message}`);
  }
  console.log(result.ok ? 'OK: every revealed die verifies' : 'FAILED');
  process.exitCode = result.ok ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
