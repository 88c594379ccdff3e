/**
 * The history benchmark's pair: two players who sat together in 1,000 of the games (a tenth of them when
 * fewer than 10,000 are seeded), and the reads of what they shared: games(playerIds:), headToHead and a slice
 * of stats.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { GameHistoryQueries } from '../src/store/game-history.queries';
import { pairGames } from '../src/store/pair-games.queries';

/** Games the pair plays together out of `games`. */
export function pairGameCount(games: number): number {
  return Math.min(1_000, Math.floor(games / 10));
}

/**
 * The seats of game `n`: the pair (players 0 and 1) and a third player in every (games / pair games)-th game,
 * `usual` otherwise.
 */
export function pairSeating(n: number, games: number, players: readonly string[], usual: string[]): string[] {
  const every = Math.floor(games / Math.max(1, pairGameCount(games)));
  if (n % every !== 0) return usual;
  return [players[0]!, players[1]!, players[2 + (n % (players.length - 2))]!];
}

type Measure = (what: string, run: (i: number) => Promise<void>) => Promise<{ p50: number; p99: number }>;
type Post = (query: string, variables: Record<string, unknown>) => Promise<void>;

/** p50/p99 of the pair's reads, warm, each as the benchmark measures its other reads. */
export async function measurePairReads(
  measure: Measure,
  post: Post,
  pair: readonly [string, string],
  periodStart: string,
): Promise<Record<string, { p50: number; p99: number }>> {
  const [a, b] = pair;
  const sharedGames = await measure('games(playerIds: [a, b], first: 20)', () =>
    post('query($ids: [ID!]) { games(playerIds: $ids, first: 20) { nodes { id finishedAt } } }', {
      ids: [a, b],
    }),
  );
  const headToHead = await measure('headToHead(a, b) with recent(first: 20)', () =>
    post(
      `query($a: ID!, $b: ID!) { player(id: $a) { headToHead(opponentId: $b) {
         games placedAbove placedBelow diceTaken diceLost recent(first: 20) { nodes { id finishedAt } } } } }`,
      { a, b },
    ),
  );
  const statsSlice = await measure("stats(preset, finishedAfter) of the pair's first player", () =>
    post(
      `query($a: ID!, $after: DateTime) { player(id: $a) { stats(preset: PUB, finishedAfter: $after) {
         gamesPlayed gamesWon gamesFinished gamesInProgress roundsPlayed roundsLost dudoCalls dudoCallsWon
         exactCalls exactCallsWon bidsPlaced bidsChallenged bidsChallengedHeld } } }`,
      { a, after: periodStart },
    ),
  );
  return { sharedGames, headToHead, statsSlice };
}

/** p50 of each store read behind headToHead, alone (no HTTP, no GraphQL): where its time goes. */
export async function pairStoreTimings(
  pool: Pool,
  pair: readonly [string, string],
): Promise<Record<string, number>> {
  const history = new GameHistoryQueries(pool);
  const filter = { preset: null, finishedAfter: null, finishedBefore: null, viewerId: null };
  const p50 = async (run: () => Promise<unknown>): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    return times.sort((x, y) => x - y)[25]!;
  };
  const timings = {
    pairGames: await p50(() => pairGames(pool, pair[0], pair[1], filter)),
    headToHead: await p50(() => history.headToHead(pair[0], pair[1], filter)),
  };
  console.error(`headToHead's store reads (p50, ms): ${JSON.stringify(timings)}`);
  return timings;
}
