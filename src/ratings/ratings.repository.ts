// Applying ratings to finished games, once each in (finishedAt, id) order: the SQL of it (the rules are
// rating.rules.ts).
import type { Pool, PoolClient } from 'pg';
import { withConnection } from '../database/checkout';
import type { GameHistoryQueries } from '../store/game-history.queries';
import {
  arenaSeats,
  counts,
  rateArenaGame,
  ratedMovers,
  rateGame,
  ratingRecord,
  type RatingRecord,
  type RecentGame,
} from './rating.rules';
import type { RatingChangeRecord } from './rating-reads.repository';

interface PendingGame {
  readonly id: string;
  readonly preset: string;
  readonly finished_at: Date;
  readonly rated: boolean;
  /** An arena game: rated in the agent pool, whatever `rated` says (that is people's rating). */
  readonly arena: boolean;
  readonly players: string[];
}

/**
 * How far before the cursor a finished game not rated yet is still looked for (see RatingsRepository).
 * Moves stamp finishedAt on their process's clock before they commit, so a game may commit after a game that
 * finished later was rated; one that commits more than this late is still found when its id is named.
 */
export const LATE_GAME_WINDOW_MS = 2 * 60 * 1000;

export interface ApplyOptions {
  /** How far before the cursor to look for games that committed late (defaults to LATE_GAME_WINDOW_MS). */
  readonly lateWindowMs?: number;
  /** Games known to have finished (database ids): looked for wherever they fall. */
  readonly gameIds?: readonly string[];
  /** At most this many games a transaction. */
  readonly batch?: number;
}

type Key = Pick<PendingGame, 'finished_at' | 'id'>;

/** Whether game `a` comes before `b` in rating order (finishedAt, then id as PostgreSQL orders uuids). */
function before(a: Key, b: Key): boolean {
  const t = a.finished_at.getTime() - b.finished_at.getTime();
  return t < 0 || (t === 0 && a.id < b.id);
}

/** What a game did to the ratings: whether it counted, and its movers in place order. */
interface GameOutcome {
  readonly game: PendingGame;
  readonly counted: boolean;
  readonly movers: readonly string[];
}

/**
 * Ratings are applied by whichever process gets to it first: each batch runs in one transaction holding the
 * cursor row's lock, so two processes never rate the same game, and every game passed is recorded in
 * rating_games with the ratings it changed (a crash rolls all of it back). Games are rated as soon as they
 * are committed, in (finishedAt, id) order: a game that commits after a later one was rated (finishedAt is
 * stamped before the commit, on the finishing process's clock) rewinds the ratings to just before it, and
 * it and the games after it are rated again in order.
 */
export class RatingsRepository {
  constructor(
    private readonly pool: Pool,
    private readonly history: GameHistoryQueries,
  ) {}

  /** Rates finished games not rated yet, up to `batch` of them; resolves to how many it passed. */
  applyPending(options: ApplyOptions = {}): Promise<number> {
    const window = options.lateWindowMs ?? LATE_GAME_WINDOW_MS;
    const ids = options.gameIds ?? [];
    const batch = options.batch ?? 200;
    return withConnection(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO rating_cursor (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
        const cursor = (
          await client.query<{ finished_at: Date | null; id: string | null }>(
            'SELECT finished_at, game_id::text AS id FROM rating_cursor WHERE id = 1 FOR UPDATE',
          )
        ).rows[0]!;
        let games = await this.pending(client, cursor.finished_at, window, ids, batch);
        const first = games[0];
        if (first && cursor.finished_at && cursor.id && before(first, cursor as Key)) {
          await this.rewind(client, first);
          games = await this.pending(client, cursor.finished_at, window, ids, batch);
        }
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

  /** The finished games not passed yet: after the cursor less `windowMs`, or named; oldest first. */
  private async pending(
    client: PoolClient,
    cursor: Date | null,
    windowMs: number,
    ids: readonly string[],
    batch: number,
  ): Promise<PendingGame[]> {
    const { rows } = await client.query<PendingGame>(
      `SELECT g.id::text AS id, g.preset, g.finished_at, g.rated, g.arena_key IS NOT NULL AS arena,
              array(SELECT s.player_id::text FROM seats s WHERE s.game_id = g.id ORDER BY s.position) AS players
         FROM games g
        WHERE g.status = 'FINISHED' AND g.preset IS NOT NULL
          AND ($1::timestamptz IS NULL OR g.finished_at > $1::timestamptz - $2::float8 * interval '1 millisecond'
               OR g.id = ANY($3::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM rating_games r WHERE r.game_id = g.id)
        ORDER BY g.finished_at, g.id
        LIMIT $4`,
      [cursor, windowMs, ids, batch],
    );
    return rows;
  }

  /**
   * Undoes every game passed after `to`: each rating they changed goes back to what it was before the first
   * of them, and they are no longer passed, so that they are rated again after `to`.
   */
  private async rewind(client: PoolClient, to: Key): Promise<void> {
    const later = `SELECT game_id FROM rating_games WHERE (finished_at, game_id) > ($1::timestamptz, $2::uuid)`;
    const { rows } = await client.query<{
      player_id: string;
      preset: string;
      mu_before: number | null;
      sigma_before: number | null;
      games_before: number;
    }>(
      `SELECT DISTINCT ON (player_id, preset) player_id::text AS player_id, preset, mu_before, sigma_before,
              games_before
         FROM rating_changes WHERE game_id IN (${later})
        ORDER BY player_id, preset, finished_at, game_id`,
      [to.finished_at, to.id],
    );
    const gone = rows.filter((r) => r.mu_before === null || r.sigma_before === null);
    await client.query(
      `DELETE FROM ratings WHERE (player_id, preset) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [gone.map((r) => r.player_id), gone.map((r) => r.preset)],
    );
    await this.store(
      client,
      rows
        .filter((r) => r.mu_before !== null && r.sigma_before !== null)
        .map((r) => ({
          playerId: r.player_id,
          preset: r.preset,
          ...ratingRecord(r.mu_before!, r.sigma_before!, r.games_before),
        })),
    );
    await client.query(`DELETE FROM rating_changes WHERE game_id IN (${later})`, [to.finished_at, to.id]);
    await client.query(`DELETE FROM rating_games WHERE game_id IN (${later})`, [to.finished_at, to.id]);
  }

  private async rate(client: PoolClient, games: readonly PendingGame[]): Promise<void> {
    const rated = games.filter((g) => g.rated || g.arena);
    const outcomes = new Map<string, GameOutcome>(
      games.map((game) => [game.id, { game, counted: false, movers: [] }]),
    );
    const changed = new Map<string, RatingRecord & { playerId: string; preset: string }>();
    const changes: RatingChangeRecord[] = [];
    if (rated.length > 0) {
      const ids = rated.map((g) => g.id);
      const orders = await this.history.finishingOrders(ids, client);
      // Seats that made a bid or call themselves (not the server for them, not a timed-out turn's) in a round
      // with an outcome (a call always ends its round with one).
      const { rows: moves } = await client.query<{ game_id: string; seats: number[] }>(
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
      const moved = new Map(moves.map((m) => [m.game_id, new Set(m.seats)]));
      const everyone = [...new Set(rated.flatMap((g) => g.players))];
      // Agents count as bots do in people's pool: never movers.
      const { rows: bots } = await client.query<{ id: string }>(
        `SELECT id::text AS id FROM players
          WHERE id = ANY($1::uuid[]) AND (bot_level IS NOT NULL OR owner_id IS NOT NULL)`,
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
      // The counted games of the last day before this batch, for the pair cap.
      const recent = await this.recentCountedGames(client, rated[0]!.finished_at, everyone);
      for (const game of rated) {
        const order = orders.get(game.id);
        if (!order) continue;
        // An arena game rates the agent pool: every seat by place, no mover rule and no pair cap.
        const movers = game.arena
          ? arenaSeats(order, game.players)
          : ratedMovers(order, game.players, moved.get(game.id), bot);
        const counted = game.arena
          ? movers.length >= 2
          : counts(recent, { preset: game.preset, finishedAt: game.finished_at }, movers);
        outcomes.set(game.id, { game, counted, movers });
        if (!counted) continue;
        if (!game.arena)
          recent.push({ preset: game.preset, finishedAt: game.finished_at, movers: new Set(movers) });
        const keys = movers.map((p) => `${p}:${game.preset}`);
        const prior = keys.map((k) => current.get(k) ?? null);
        const after = game.arena ? rateArenaGame(prior) : rateGame(prior);
        movers.forEach((playerId, i) => {
          const record = after[i];
          if (!record) return;
          current.set(keys[i]!, record);
          changed.set(keys[i]!, { ...record, playerId, preset: game.preset });
          changes.push({
            gameId: game.id,
            playerId,
            preset: game.preset,
            finishedAt: game.finished_at,
            before: prior[i] ?? null,
            after: record,
          });
        });
      }
    }
    const passed = [...outcomes.values()];
    await client.query(
      `INSERT INTO rating_games (game_id, finished_at, counted, movers)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::boolean[], $4::jsonb[])`,
      [
        passed.map((o) => o.game.id),
        passed.map((o) => o.game.finished_at),
        passed.map((o) => o.counted),
        passed.map((o) => JSON.stringify(o.movers)),
      ],
    );
    if (changed.size === 0) return;
    await this.store(client, [...changed.values()]);
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

  /** Writes the ratings as they stand. */
  private async store(
    client: PoolClient,
    list: readonly (RatingRecord & { playerId: string; preset: string })[],
  ): Promise<void> {
    if (list.length === 0) return;
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

  /**
   * The counted games, within a day before `from`, of any of `players`: their preset, time and movers. Every
   * pair of a counted game's movers has a rating change from it (an established mover keeps their rating only
   * beside fresh ones, who keep theirs), so the changes find every such game.
   */
  private async recentCountedGames(
    client: PoolClient,
    from: Date,
    players: readonly string[],
  ): Promise<RecentGame[]> {
    const { rows } = await client.query<{ preset: string; finished_at: Date; movers: string[] }>(
      `SELECT c.preset, g.finished_at, g.movers
         FROM rating_games g
         JOIN (SELECT DISTINCT game_id, preset FROM rating_changes
                WHERE player_id = ANY($1::uuid[]) AND finished_at > $2::timestamptz - interval '1 day') c
           ON c.game_id = g.game_id
        WHERE g.counted`,
      [players, from],
    );
    return rows.map((r) => ({ preset: r.preset, finishedAt: r.finished_at, movers: new Set(r.movers) }));
  }
}
