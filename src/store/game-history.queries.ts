// History reads: a page of a game's log with the state after each event, finishing orders, head-to-head records.
import type { ClientBase, Pool } from 'pg';
import { finishingOrder, type GameFinishedEvent } from '../engine';
import { EVENT_PAGE_SIZE, EventLog, foldLog, type LoggedEvent } from './event-log';
import type { PairFilter, PairGame } from './pair-games.queries';

export type { PairFilter, PairGame };

/** Two players' record in the finished games both sat in. */
export interface HeadToHeadRecord {
  readonly games: number;
  /** Games in which the player's place was better than the opponent's, and the reverse. */
  readonly placedAbove: number;
  readonly placedBelow: number;
  readonly diceTaken: number;
  readonly diceLost: number;
  /** Rows the record was computed from: one stored pair result a game. */
  readonly rowsRead: number;
}

/** A counted game in `recent`'s order. */
export interface PairGameRef {
  readonly id: string;
  readonly finishedAt: Date;
}

/** The pair results of `filter`: $1 the player, $2 the opponent, $3-$6 the filter (see pairParams). */
const PAIR_WHERE = `r.player_id = $1::uuid AND r.opponent_id = $2::uuid
   AND ($3::text IS NULL OR r.preset = $3::text)
   AND ($4::timestamptz IS NULL OR r.finished_at > $4::timestamptz)
   AND ($5::timestamptz IS NULL OR r.finished_at < $5::timestamptz)
   AND (r.listed OR $6::uuid IN (r.player_id, r.opponent_id)
        OR EXISTS (SELECT 1 FROM seats v WHERE v.game_id = r.game_id AND v.player_id = $6::uuid))`;

function pairParams(playerId: string, opponentId: string, f: PairFilter): unknown[] {
  return [playerId, opponentId, f.preset, f.finishedAfter, f.finishedBefore, f.viewerId];
}

export class GameHistoryQueries {
  /** `log`: the process's event log, read from its nearest stored state (one of its own by default). */
  constructor(
    private readonly pool: Pool,
    private readonly log: EventLog = new EventLog(pool),
  ) {}

  /**
   * Up to `first` events after `afterSeq` (at most EVENT_PAGE_SIZE), each with the state right after it:
   * folded from the nearest stored state at or before `afterSeq`, so a page costs at most one log snapshot
   * interval of events besides its own.
   */
  async eventsPage(gameId: string, afterSeq: number, first: number): Promise<LoggedEvent[]> {
    const limit = Math.min(first, EVENT_PAGE_SIZE);
    if (limit <= 0) return [];
    const page: LoggedEvent[] = [];
    const from = await this.log.atOrBefore(gameId, afterSeq);
    for await (const logged of foldLog(this.log, gameId, from)) {
      if (logged.event.seq > afterSeq && page.push(logged) === limit) break;
    }
    return page;
  }

  /**
   * The record of `playerId` against `opponentId` over their finished games that `filter` keeps: one aggregate
   * over the pair's range of stored pair results (written when each game finished).
   */
  async headToHead(playerId: string, opponentId: string, filter: PairFilter): Promise<HeadToHeadRecord> {
    const { rows } = await this.pool.query<{ games: number; above: number; taken: number; lost: number }>(
      `SELECT count(*)::int AS games, count(*) FILTER (WHERE r.placed_above)::int AS above,
              COALESCE(sum(r.dice_taken), 0)::int AS taken, COALESCE(sum(r.dice_lost), 0)::int AS lost
         FROM game_pair_results r WHERE ${PAIR_WHERE}`,
      pairParams(playerId, opponentId, filter),
    );
    const r = rows[0]!;
    return {
      games: r.games,
      placedAbove: r.above,
      placedBelow: r.games - r.above,
      diceTaken: r.taken,
      diceLost: r.lost,
      rowsRead: r.games,
    };
  }

  /**
   * Up to `limit` games the record counts, newest first by finishedAt (then id), after `after`: a keyset page
   * of the same range.
   */
  async recent(
    playerId: string,
    opponentId: string,
    filter: PairFilter,
    limit: number,
    after: PairGameRef | null,
  ): Promise<PairGameRef[]> {
    const { rows } = await this.pool.query<{ id: string; finished_at: Date }>(
      `SELECT r.game_id::text AS id, r.finished_at FROM game_pair_results r
        WHERE ${PAIR_WHERE}
          AND ($7::timestamptz IS NULL OR (r.finished_at, r.game_id) < ($7::timestamptz, $8::uuid))
        ORDER BY r.finished_at DESC, r.game_id DESC LIMIT $9`,
      [...pairParams(playerId, opponentId, filter), after?.finishedAt ?? null, after?.id ?? null, limit],
    );
    return rows.map((r) => ({ id: r.id, finishedAt: r.finished_at }));
  }

  /**
   * The finishing order (seats, place 1 first) of each FINISHED game among `gameIds`; `db`: the connection
   * of a transaction that needs them (it then waits for no other).
   */
  async finishingOrders(
    gameIds: readonly string[],
    db: Pick<ClientBase, 'query'> = this.pool,
  ): Promise<Map<string, number[]>> {
    if (gameIds.length === 0) return new Map();
    const { rows } = await db.query<{
      game_id: string;
      type: string;
      payload: Record<string, unknown>;
    }>(
      // Ordered by the uuid, not its text (the output column of the same name): a text sort of a thousand
      // games' events took longer than reading them.
      `SELECT e.game_id::text AS game_id, e.type, e.payload FROM game_events e
        WHERE e.game_id = ANY($1::uuid[]) AND e.type IN ('PLAYER_ELIMINATED', 'GAME_FINISHED')
        ORDER BY e.game_id, e.seq`,
      [gameIds],
    );
    const left = new Map<string, number[]>();
    const finished = new Map<string, GameFinishedEvent>();
    for (const r of rows) {
      if (r.type === 'PLAYER_ELIMINATED') {
        const seats = left.get(r.game_id) ?? [];
        seats.push(r.payload.seat as number);
        left.set(r.game_id, seats);
      } else {
        finished.set(r.game_id, { type: 'GAME_FINISHED', ...r.payload } as GameFinishedEvent);
      }
    }
    const orders = new Map<string, number[]>();
    for (const [gameId, event] of finished) orders.set(gameId, finishingOrder(event, left.get(gameId) ?? []));
    return orders;
  }
}
