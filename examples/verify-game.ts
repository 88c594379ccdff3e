/**
 * Checks a whole game's provably fair dice ("hmac-sha256-chain-v1", see FAIRNESS.md) from the public GraphQL
 * API, with the client verifier (packages/client/src/verifier/fairness-verifier.ts). It imports nothing from `src/`.
 *
 *   npx ts-node --transpile-only examples/verify-game.ts <gameId> [--url http://localhost:4000/graphql]
 *
 * The exit code is 0 when everything verifies, 1 otherwise.
 */
import {
  createClient,
  describeMismatch,
  FairnessVerifier,
  type FairnessInput,
  type Mismatch,
  type RollOffInput,
  type RoundInput,
} from '@perudo/client';

/** What the public API shows of a game, as the check reads it. */
export interface GameRecord {
  readonly id: string;
  readonly status: string;
  readonly rules: { readonly firstStarter: string };
  readonly seats: readonly { readonly position: number }[];
  readonly rollOff: readonly RollOffInput[];
  readonly fairness: FairnessInput;
  readonly rounds: readonly RoundRecord[];
}

export interface RoundRecord extends RoundInput {
  readonly ended: boolean;
  readonly starter: { readonly position: number };
}

export interface VerifyResult {
  readonly gameId: string;
  readonly ok: boolean;
  /** Rounds whose key was linked and hands recomputed; roll-off throws recomputed. */
  readonly checked: { readonly rounds: number; readonly hands: number; readonly rollOffThrows: number };
  /** The first thing that did not verify, or null. */
  readonly mismatch: Mismatch | null;
}

/** Checks a game record (as read, saved or edited): every ended round, in order. */
export async function verifyRecord(game: GameRecord): Promise<VerifyResult> {
  const first = game.rounds[0];
  const verifier = await FairnessVerifier.create(game.fairness, {
    rollOff: game.rollOff,
    ...(first &&
      game.rules.firstStarter === 'RANDOM' && {
        firstStarter: { seats: game.seats.length, position: first.starter.position },
      }),
  });
  let rounds = 0;
  let hands = 0;
  for (const round of game.rounds) {
    if (!round.ended || verifier.mismatch) break;
    for (const result of await verifier.addRound(round)) {
      if (result.status === 'VERIFIED') {
        rounds++;
        hands += result.hands;
      }
    }
  }
  const rollOffThrows =
    game.fairness.rollOffKey !== null && game.fairness.gameSeed !== null ? game.rollOff.length : 0;
  return {
    gameId: game.id,
    ok: verifier.mismatch === null,
    checked: { rounds, hands, rollOffThrows },
    mismatch: verifier.mismatch,
  };
}

const GAME_QUERY = `
  query VerifyGame($id: ID!, $after: String) {
    game(id: $id) {
      id status rules { firstStarter } seats { position }
      rollOff { attempt seat { position } value }
      fairness { algorithm serverSeeds commitment gameSeed rollOffKey clientSeeds { seat { position player { id isBot } } seed } }
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
  // Verification is this script's own work here: the client only reads.
  const client = createClient({ url, verify: false });
  try {
    const rounds: RoundRecord[] = [];
    let after: string | null = null;
    for (;;) {
      const { game }: { game: GamePage | null } = await client.request<{ game: GamePage | null }, object>(
        GAME_QUERY,
        { id: gameId, after },
      );
      if (!game) throw new Error(`no game ${gameId}`);
      rounds.push(...game.rounds.nodes);
      if (!game.rounds.pageInfo.hasNextPage) return { ...game, rounds };
      after = game.rounds.pageInfo.endCursor;
    }
  } finally {
    await client.close();
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
  console.log(
    result.mismatch ? `FAILED ${describeMismatch(result.mismatch)}` : 'OK: every revealed die verifies',
  );
  process.exitCode = result.ok ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
