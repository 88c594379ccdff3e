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
  readonly players: string[];
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
          `SELECT g.id::text AS id, g.preset, g.finished_at,
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
    const orders = await this.history.finishingOrders(games.map((g) => g.id));
    const current = new Map<string, RatingRecord>();
    const { rows } = await client.query<{ player_id: string; preset: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, preset, mu, sigma, ordinal, games FROM ratings
        WHERE (player_id, preset) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [games.flatMap((g) => g.players), games.flatMap((g) => g.players.map(() => g.preset))],
    );
    for (const r of rows) current.set(`${r.player_id}:${r.preset}`, r);
    const changed = new Map<string, RatingRecord & { playerId: string; preset: string }>();
    for (const game of games) {
      const order = orders.get(game.id);
      if (!order || order.length < 2) continue;
      const players = order.map((seat) => game.players[seat]!);
      const keys = players.map((p) => `${p}:${game.preset}`);
      const before = keys.map((k) => {
        const r = current.get(k);
        return r ? rating({ mu: r.mu, sigma: r.sigma }) : rating();
      });
      // Each player a team of one; ranks are places (1 = winner).
      const after = rate(
        before.map((r) => [r]),
        { rank: players.map((_, i) => i + 1) },
      );
      players.forEach((playerId, i) => {
        const r = after[i]![0]!;
        const record = {
          playerId,
          preset: game.preset,
          mu: r.mu,
          sigma: r.sigma,
          ordinal: ordinal(r),
          games: (current.get(keys[i]!)?.games ?? 0) + 1,
        };
        current.set(keys[i]!, record);
        changed.set(keys[i]!, record);
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

  /** A page of the leaderboard of `preset`, highest ordinal first (ties by player id), after `after`. */
  async leaderboard(
    preset: string,
    first: number,
    after: LeaderboardCursor | null,
  ): Promise<{ rows: LeaderboardRow[]; hasNextPage: boolean }> {
    const { rows } = await this.pool.query<{ player_id: string } & RatingRecord>(
      `SELECT player_id::text AS player_id, mu, sigma, ordinal, games FROM ratings
        WHERE preset = $1
          AND ($2::float8 IS NULL OR ordinal < $2::float8 OR (ordinal = $2::float8 AND player_id > $3::uuid))
        ORDER BY ordinal DESC, player_id
        LIMIT $4`,
      [preset, after?.ordinal ?? null, after?.playerId ?? null, first + 1],
    );
    return {
      rows: rows.slice(0, first).map((r) => ({
        playerId: r.player_id,
        rating: { mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games },
      })),
      hasNextPage: rows.length > first,
    };
  }
}
