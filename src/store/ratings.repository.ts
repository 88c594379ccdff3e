// Player ratings (OpenSkill, Plackett-Luce): applied once per finished game in (finishedAt, id) order.
import type { Pool, PoolClient } from 'pg';
import { withConnection } from '../database/checkout';
import type { GameHistoryQueries } from './game-history.queries';

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

export interface LeaderboardRow {
  readonly playerId: string;
  readonly rating: RatingRecord;
}

export interface LeaderboardCursor {
  readonly ordinal: number;
  readonly playerId: string;
}

interface PendingGame {
  readonly id: string;
  readonly preset: string;
  readonly finished_at: Date;
  readonly rated: boolean;
  readonly players: string[];
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

/** Fewer counted games than this and a rating is provisional (off the leaderboard unless asked). */
export const PROVISIONAL_GAMES = 10;

/**
 * Counted games that one pair of human players may play together per preset in any 24 hours: a game whose
 * every pair of humans already has this many in the 24 hours before it changes no rating (see SECURITY.md).
 */
export const PAIR_GAMES_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A rating as stored: mu and sigma, with the ordinal and game count that go with them. */
function ratingRecord(mu: number, sigma: number, games: number): RatingRecord {
  return { mu, sigma, ordinal: ordinal({ mu, sigma }), games };
}

/**
 * Ratings are applied by whichever process gets to it first: each batch runs in one transaction holding the
 * cursor row's lock, so two processes never rate the same game and the cursor moves with the ratings
 * (a crash rolls both back). A game is rated only once its finishedAt is `settleMs` old: moves stamp
 * finishedAt before they commit, so two games finishing together may commit in the other order; waiting
 * longer than any move takes (and than the processes' clocks differ) means no game can still appear before
 * the cursor once it has passed.
 */
export class RatingsRepository {
  constructor(
    private readonly pool: Pool,
    private readonly history: GameHistoryQueries,
  ) {}

  /** Rates the settled finished games after the cursor, up to `batch` of them; resolves to how many. */
  applyPending(settleMs: number, batch = 200): Promise<number> {
    return withConnection(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO rating_cursor (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
        const cursor = (
          await client.query<{ finished_at: Date | null; game_id: string | null }>(
            'SELECT finished_at, game_id::text AS game_id FROM rating_cursor WHERE id = 1 FOR UPDATE',
          )
        ).rows[0]!;
        const { rows: games } = await client.query<PendingGame>(
          `SELECT g.id::text AS id, g.preset, g.finished_at, g.rated,
                array(SELECT s.player_id::text FROM seats s WHERE s.game_id = g.id ORDER BY s.position) AS players
           FROM games g
          WHERE g.status = 'FINISHED' AND g.preset IS NOT NULL
            AND g.finished_at < now() - $1::float8 * interval '1 millisecond'
            AND ($2::timestamptz IS NULL OR (g.finished_at, g.id) > ($2::timestamptz, $3::uuid))
          ORDER BY g.finished_at, g.id
          LIMIT $4`,
          [settleMs, cursor.finished_at, cursor.game_id, batch],
        );
        if (games.length > 0) {
          await this.rate(client, games);
          const last = games[games.length - 1]!;
          await client.query('UPDATE rating_cursor SET finished_at = $1, game_id = $2 WHERE id = 1', [
            last.finished_at,
            last.id,
          ]);
        }
        await client.query('COMMIT');
        return games.length;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  private async rate(client: PoolClient, games: readonly PendingGame[]): Promise<void> {
    const rated = games.filter((g) => g.rated);
    if (rated.length === 0) return;
    const ids = rated.map((g) => g.id);
    const orders = await this.history.finishingOrders(ids, client);
    // Seats that made a bid or call themselves (not a timed-out turn's) in a round with an outcome.
    const { rows: movers } = await client.query<{ game_id: string; seats: number[] }>(
      `SELECT e.game_id::text AS game_id, array_agg(DISTINCT (e.payload->>'seat')::int) AS seats
         FROM game_events e
         LEFT JOIN bids b ON e.type = 'BID_PLACED' AND b.game_id = e.game_id AND b.seq = e.seq
         LEFT JOIN rounds r ON r.game_id = b.game_id AND r.number = b.round_number
        WHERE e.game_id = ANY($1::uuid[]) AND e.type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED')
          AND COALESCE((e.payload->>'timedOut')::boolean, false) = false
          AND COALESCE((e.payload->>'byBot')::boolean, false) = false
          AND (e.type <> 'BID_PLACED' OR r.outcome_kind IS NOT NULL)
        GROUP BY e.game_id`,
      [ids],
    );
    const moved = new Map(movers.map((m) => [m.game_id, new Set(m.seats)]));
    const everyone = [...new Set(rated.flatMap((g) => g.players))];
    const { rows: bots } = await client.query<{ id: string }>(
      'SELECT id::text AS id FROM players WHERE id = ANY($1::uuid[]) AND bot_level IS NOT NULL',
      [everyone],
    );
    const bot = new Set(bots.map((b) => b.id));
    const current = new Map<string, RatingRecord>();
    const { rows } = await client.query<{ player_id: string; preset: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, preset, mu, sigma, ordinal, games FROM ratings
        WHERE (player_id, preset) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [rated.flatMap((g) => g.players), rated.flatMap((g) => g.players.map(() => g.preset))],
    );
    for (const r of rows) current.set(`${r.player_id}:${r.preset}`, r);
    // The counted games of the last day before this batch, for the pair cap: players by game.
    const recent = await this.recentCountedGames(client, rated[0]!.finished_at, everyone);
    const changed = new Map<string, RatingRecord & { playerId: string; preset: string }>();
    const changes: RatingChangeRecord[] = [];
    for (const game of rated) {
      const order = orders.get(game.id);
      if (!order) continue;
      // Bots are left out of the ranking: the humans are rated by their relative places.
      const humans = order.filter((seat) => !bot.has(game.players[seat]!));
      const movedHumans = humans.filter((seat) => moved.get(game.id)?.has(seat));
      if (movedHumans.length < 2) continue;
      const players = humans.map((seat) => game.players[seat]!);
      if (this.pairsCapped(recent, game, players)) continue;
      recent.push({ preset: game.preset, finishedAt: game.finished_at, players: new Set(players) });
      const keys = players.map((p) => `${p}:${game.preset}`);
      const before = keys.map((k) => current.get(k) ?? null);
      const after = rate(
        before.map((r) => [r ? rating({ mu: r.mu, sigma: r.sigma }) : rating()]),
        { rank: players.map((_, i) => i + 1) },
      );
      players.forEach((playerId, i) => {
        const r = after[i]![0]!;
        const record = ratingRecord(r.mu, r.sigma, (before[i]?.games ?? 0) + 1);
        current.set(keys[i]!, record);
        changed.set(keys[i]!, { ...record, playerId, preset: game.preset });
        changes.push({
          gameId: game.id,
          playerId,
          preset: game.preset,
          finishedAt: game.finished_at,
          before: before[i] ?? null,
          after: record,
        });
      });
    }
    if (changed.size === 0) return;
    const list = [...changed.values()];
    await client.query(
      `INSERT INTO ratings (player_id, preset, mu, sigma, ordinal, games)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::int[])
       ON CONFLICT (player_id, preset) DO UPDATE
         SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal, games = EXCLUDED.games`,
      [
        list.map((r) => r.playerId),
        list.map((r) => r.preset),
        list.map((r) => r.mu),
        list.map((r) => r.sigma),
        list.map((r) => r.ordinal),
        list.map((r) => r.games),
      ],
    );
    await client.query(
      `INSERT INTO rating_changes (game_id, player_id, preset, finished_at, mu_before, sigma_before,
                                   games_before, mu_after, sigma_after)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::float8[], $6::float8[],
                            $7::int[], $8::float8[], $9::float8[])
       ON CONFLICT (game_id, player_id) DO NOTHING`,
      [
        changes.map((c) => c.gameId),
        changes.map((c) => c.playerId),
        changes.map((c) => c.preset),
        changes.map((c) => c.finishedAt),
        changes.map((c) => c.before?.mu ?? null),
        changes.map((c) => c.before?.sigma ?? null),
        changes.map((c) => c.before?.games ?? 0),
        changes.map((c) => c.after.mu),
        changes.map((c) => c.after.sigma),
      ],
    );
  }

  /** The counted games, within a day before `from`, of any of `players`: their preset, time and players. */
  private async recentCountedGames(
    client: PoolClient,
    from: Date,
    players: readonly string[],
  ): Promise<{ preset: string; finishedAt: Date; players: Set<string> }[]> {
    const { rows } = await client.query<{ preset: string; finished_at: Date; players: string[] }>(
      `SELECT c.preset, c.finished_at, array_agg(c.player_id::text) AS players
         FROM rating_changes c
        WHERE c.game_id IN (SELECT game_id FROM rating_changes
                             WHERE player_id = ANY($1::uuid[])
                               AND finished_at > $2::timestamptz - interval '1 day')
        GROUP BY c.game_id, c.preset, c.finished_at`,
      [players, from],
    );
    return rows.map((r) => ({ preset: r.preset, finishedAt: r.finished_at, players: new Set(r.players) }));
  }

  /** Whether every pair of the game's humans already played PAIR_GAMES_PER_DAY counted games in the day before. */
  private pairsCapped(
    recent: readonly { preset: string; finishedAt: Date; players: Set<string> }[],
    game: PendingGame,
    players: readonly string[],
  ): boolean {
    const since = game.finished_at.getTime() - DAY_MS;
    const window = recent.filter(
      (r) => r.preset === game.preset && r.finishedAt.getTime() > since && r.finishedAt <= game.finished_at,
    );
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) {
        const together = window.filter((r) => r.players.has(players[i]!) && r.players.has(players[j]!));
        if (together.length < PAIR_GAMES_PER_DAY) return false;
      }
    }
    return true;
  }

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
   * unless `includeProvisional`. Bots are never rated, so never listed.
   */
  async leaderboard(
    preset: string,
    first: number,
    after: LeaderboardCursor | null,
    includeProvisional = false,
  ): Promise<{ rows: LeaderboardRow[]; hasNextPage: boolean }> {
    const gid = `translate(encode(convert_to('Player:' || player_id::text, 'UTF8'), 'base64'), '+/=', '-_') COLLATE "C"`;
    const { rows } = await this.pool.query<{ player_id: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, mu, sigma, ordinal, games FROM ratings
        WHERE preset = $1 AND ($5::boolean OR games >= $6)
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
