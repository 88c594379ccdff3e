// The rating rules (OpenSkill, Plackett-Luce): who a game rates, whether it counts, and what it does to ratings.
import type { GameState } from '../engine';

// openskill ships CommonJS beside its ES modules; this project compiles to CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ordinal, rate, rating } = require('openskill') as typeof import('openskill', {
  with: { 'resolution-mode': 'import' },
});

export interface RatingRecord {
  readonly mu: number;
  readonly sigma: number;
  readonly ordinal: number;
  readonly games: number;
}

/**
 * Fewer counted games than this and a rating is provisional (off the leaderboard unless asked); this many or
 * more and it is established (it changes only in games where another established player moved).
 */
export const PROVISIONAL_GAMES = 10;

/**
 * Counted games that one pair of movers may play together per preset in any 24 hours: a game whose every pair
 * of movers already has this many in the 24 hours before it changes no rating (see SECURITY.md).
 */
export const PAIR_GAMES_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A rating as stored: mu and sigma, with the ordinal and game count that go with them. */
export function ratingRecord(mu: number, sigma: number, games: number): RatingRecord {
  return { mu, sigma, ordinal: ordinal({ mu, sigma }), games };
}

/** A counted game of the day before a game: its preset, time and movers (for the pair cap). */
export interface RecentGame {
  readonly preset: string;
  readonly finishedAt: Date;
  readonly movers: ReadonlySet<string>;
}

/**
 * The players a finished game rates, in place order: the seats that moved themselves (see the repository's
 * query), never a bot (bots never move by themselves).
 */
export function ratedMovers(
  order: readonly number[],
  players: readonly string[],
  moved: ReadonlySet<number> | undefined,
  bots: ReadonlySet<string>,
): string[] {
  return order.filter((seat) => moved?.has(seat) && !bots.has(players[seat]!)).map((seat) => players[seat]!);
}

/** Whether a game changes ratings: two movers at least, and not every pair of them capped for the day. */
export function counts(
  recent: readonly RecentGame[],
  game: { readonly preset: string; readonly finishedAt: Date },
  movers: readonly string[],
): boolean {
  return movers.length >= 2 && !pairsCapped(recent, game, movers);
}

/** Whether every pair of the game's movers already played PAIR_GAMES_PER_DAY counted games in the day before. */
function pairsCapped(
  recent: readonly RecentGame[],
  game: { readonly preset: string; readonly finishedAt: Date },
  movers: readonly string[],
): boolean {
  const since = game.finishedAt.getTime() - DAY_MS;
  const window = recent.filter(
    (r) => r.preset === game.preset && r.finishedAt.getTime() > since && r.finishedAt <= game.finishedAt,
  );
  for (let i = 0; i < movers.length; i++) {
    for (let j = i + 1; j < movers.length; j++) {
      const together = window.filter((r) => r.movers.has(movers[i]!) && r.movers.has(movers[j]!));
      if (together.length < PAIR_GAMES_PER_DAY) return false;
    }
  }
  return true;
}

/**
 * The ratings of a counted game's movers (their ratings before it in place order, null before their first
 * counted game) after it: null for a rating the game leaves as it was.
 */
export function rateGame(prior: readonly (RatingRecord | null)[]): (RatingRecord | null)[] {
  const after = rate(
    prior.map((r) => [r ? rating({ mu: r.mu, sigma: r.sigma }) : rating()]),
    { rank: prior.map((_, i) => i + 1) },
  );
  // An established rating changes only beside another established mover: fresh accounts cannot lift it.
  const established = prior.map((r) => (r?.games ?? 0) >= PROVISIONAL_GAMES);
  return prior.map((r, i) => {
    if (established[i] && !established.some((e, j) => e && j !== i)) return null;
    const a = after[i]![0]!;
    return ratingRecord(a.mu, a.sigma, (r?.games ?? 0) + 1);
  });
}

/** The players an arena game rates, in place order: every seat, agents and reference bots alike. */
export function arenaSeats(order: readonly number[], players: readonly string[]): string[] {
  return order.map((seat) => players[seat]!);
}

/**
 * The agent pool's ratings after an arena game of its seats (ratings before it in place order, null before
 * their first): OpenSkill's defaults, each seat a team of one, no established rule.
 */
export function rateArenaGame(prior: readonly (RatingRecord | null)[]): RatingRecord[] {
  const after = rate(
    prior.map((r) => [r ? rating({ mu: r.mu, sigma: r.sigma }) : rating()]),
    { rank: prior.map((_, i) => i + 1) },
  );
  return prior.map((r, i) => {
    const a = after[i]![0]!;
    return ratingRecord(a.mu, a.sigma, (r?.games ?? 0) + 1);
  });
}

/**
 * Whether a rating change's game is shown to `viewerId` in a rating history: a private table's games only to
 * the players seated at it (the change itself is shown to everyone).
 */
export function historyGameShown(state: GameState | null | undefined, viewerId: string | null): boolean {
  return (
    !!state && !(state.table?.visibility === 'PRIVATE' && !state.seats.some((s) => s.playerId === viewerId))
  );
}
