// The per-request loaders of what a player has played: one query per field for every player it is asked of.
import type { GameCursor, GamePage, GameReads } from '../store/game-reads.repository';
import type { PlayerRepository, PlayerStatsRecord, StatsSlice } from '../store/player.repository';
import type { RatingReads } from '../ratings/rating-reads.repository';
import type { RatingRecord } from '../ratings/rating.rules';
import { loaderFamily, type LoaderFamily } from './loaders';

/** The arguments of `Player.games`: a page size and the cursor to read after. */
export interface GamesPageArgs {
  readonly first: number;
  readonly after: GameCursor | null;
}

export interface PlayerLoaders {
  /** By slice (preset and period). */
  readonly playerStatsLoader: LoaderFamily<StatsSlice, string, PlayerStatsRecord>;
  /** By preset. */
  readonly playerRatingLoader: LoaderFamily<string, string, RatingRecord>;
  readonly playerGamesLoader: LoaderFamily<GamesPageArgs, string, GamePage>;
}

// A player's record and games change while a subscription lives: they are read afresh for every batch.
const FRESH = { cache: false } as const;

export function createPlayerLoaders(
  players: PlayerRepository,
  games: GameReads,
  ratings: RatingReads,
  /** Who is asking: games not listed to them are left out of Player.games. */
  viewerId: string | null = null,
): PlayerLoaders {
  return {
    playerStatsLoader: loaderFamily(
      ({ preset, finishedAfter, finishedBefore }) =>
        `${preset ?? ''}:${finishedAfter?.toISOString() ?? ''}:${finishedBefore?.toISOString() ?? ''}`,
      (slice, ids) => players.statsForPlayers(ids, slice),
      FRESH,
    ),
    playerRatingLoader: loaderFamily(
      (preset) => preset,
      (preset, ids) => ratings.ratingsOf(ids, preset),
      FRESH,
    ),
    playerGamesLoader: loaderFamily(
      ({ first, after }) => (after ? `${first}:${after.createdAt.toISOString()}:${after.id}` : `${first}`),
      async ({ first, after }, ids) => {
        const pages = await players.gamesForPlayers(ids, first, after, viewerId);
        // The states of every player's page, in one read.
        const gameIds = [...new Set([...pages.values()].flatMap((p) => p.games.map((g) => g.id)))];
        const states = gameIds.length > 0 ? await games.loadMany(gameIds) : new Map();
        const loaded = new Map<string, GamePage>();
        for (const [playerId, page] of pages) {
          const rows = page.games.flatMap((g) => {
            const state = states.get(g.id);
            return state ? [{ id: g.id, state, createdAt: g.createdAt }] : [];
          });
          loaded.set(playerId, { rows, hasNextPage: page.hasNextPage });
        }
        return loaded;
      },
      FRESH,
    ),
  };
}
