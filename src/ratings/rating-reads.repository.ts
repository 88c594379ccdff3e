// Reading ratings: players' ratings, the leaderboard and rating changes (writing them is ratings.repository.ts).
import type { Pool } from 'pg';
import { PROVISIONAL_GAMES, ratingRecord, type RatingRecord } from './rating.rules';

export interface LeaderboardRow {
  readonly playerId: string;
  readonly rating: RatingRecord;
}

export interface LeaderboardCursor {
  readonly ordinal: number;
  readonly playerId: string;
}

/** A rating before a game changed it (null before the first counted game) and after. */
export interface RatingChangeRecord {
  readonly gameId: string;
  readonly playerId: string;
  readonly preset: string;
  readonly finishedAt: Date;
  readonly before: RatingRecord | null;
  readonly after: RatingRecord;
}

export interface RatingHistoryCursor {
  readonly finishedAt: Date;
  readonly gameId: string;
}

/** The disjoint rating pools a leaderboard lists: people, or agents with the arena's reference bots. */
export type RatingPool = 'PEOPLE' | 'AGENTS';

/** Which players of `p` (the players table) a pool's leaderboard lists. */
const POOL_MEMBERS: Readonly<Record<RatingPool, string>> = {
  PEOPLE: 'p.bot_level IS NULL AND p.owner_id IS NULL',
  AGENTS: '(p.owner_id IS NOT NULL OR p.arena_reference IS NOT NULL)',
};

export class RatingReads {
  constructor(private readonly pool: Pool) {}

  /** The players' ratings in `preset` (absent: not rated yet). */
  async ratingsOf(playerIds: readonly string[], preset: string): Promise<Map<string, RatingRecord>> {
    const { rows } = await this.pool.query<{ player_id: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, mu, sigma, ordinal, games FROM ratings
        WHERE preset = $2 AND player_id = ANY($1::uuid[])`,
      [playerIds, preset],
    );
    return new Map(
      rows.map((r) => [r.player_id, { mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games }]),
    );
  }

  /**
   * A page of the leaderboard of `preset`, highest ordinal first, equal ordinals by the players' global ids
   * (base64url of "Player:<uuid>") compared as strings, after `after`. Provisional ratings are left out
   * unless `includeProvisional`. People's lists people only (no bot, no agent); the agents' lists agents
   * (retired ones too) and the arena's reference bots.
   */
  async leaderboard(
    preset: string,
    first: number,
    after: LeaderboardCursor | null,
    includeProvisional = false,
    pool: RatingPool = 'PEOPLE',
  ): Promise<{ rows: LeaderboardRow[]; hasNextPage: boolean }> {
    const gid = `translate(encode(convert_to('Player:' || player_id::text, 'UTF8'), 'base64'), '+/=', '-_') COLLATE "C"`;
    const { rows } = await this.pool.query<{ player_id: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, mu, sigma, ordinal, games FROM ratings
        WHERE preset = $1 AND ($5::boolean OR games >= $6)
          AND EXISTS (SELECT 1 FROM players p WHERE p.id = ratings.player_id AND ${POOL_MEMBERS[pool]})
          AND ($2::float8 IS NULL OR ordinal < $2::float8
               OR (ordinal = $2::float8
                   AND ${gid} > translate(encode(convert_to('Player:' || $3::text, 'UTF8'), 'base64'), '+/=', '-_') COLLATE "C"))
        ORDER BY ordinal DESC, ${gid}
        LIMIT $4`,
      [
        preset,
        after?.ordinal ?? null,
        after?.playerId ?? null,
        first + 1,
        includeProvisional,
        PROVISIONAL_GAMES,
      ],
    );
    return {
      rows: rows.slice(0, first).map((r) => ({
        playerId: r.player_id,
        rating: { mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games },
      })),
      hasNextPage: rows.length > first,
    };
  }

  /** The rating changes the games made, by game (empty for games that changed none). */
  async changesOfGames(gameIds: readonly string[]): Promise<Map<string, RatingChangeRecord[]>> {
    const { rows } = await this.pool.query<ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ANY($1::uuid[])`,
      [gameIds],
    );
    const byGame = new Map<string, RatingChangeRecord[]>(gameIds.map((id) => [id, []]));
    for (const r of rows) byGame.get(r.game_id)?.push(changeOf(r));
    return byGame;
  }

  /** A page of a player's rating changes in `preset`, newest first (by finishedAt, then game id). */
  async historyOf(
    playerId: string,
    preset: string,
    first: number,
    after: RatingHistoryCursor | null,
  ): Promise<{ rows: RatingChangeRecord[]; hasNextPage: boolean }> {
    const { rows } = await this.pool.query<ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM rating_changes
        WHERE player_id = $1::uuid AND preset = $2
          AND ($3::timestamptz IS NULL OR (finished_at, game_id) < ($3::timestamptz, $4::uuid))
        ORDER BY finished_at DESC, game_id DESC
        LIMIT $5`,
      [playerId, preset, after?.finishedAt ?? null, after?.gameId ?? null, first + 1],
    );
    return { rows: rows.slice(0, first).map(changeOf), hasNextPage: rows.length > first };
  }
}

const CHANGE_COLUMNS = `game_id::text AS game_id, player_id::text AS player_id, preset, finished_at,
  mu_before, sigma_before, games_before, mu_after, sigma_after`;

interface ChangeRow {
  game_id: string;
  player_id: string;
  preset: string;
  finished_at: Date;
  mu_before: number | null;
  sigma_before: number | null;
  games_before: number;
  mu_after: number;
  sigma_after: number;
}

function changeOf(r: ChangeRow): RatingChangeRecord {
  return {
    gameId: r.game_id,
    playerId: r.player_id,
    preset: r.preset,
    finishedAt: r.finished_at,
    before:
      r.mu_before === null || r.sigma_before === null
        ? null
        : ratingRecord(r.mu_before, r.sigma_before, r.games_before),
    after: ratingRecord(r.mu_after, r.sigma_after, r.games_before + 1),
  };
}
