// History reads: a page of a game's log with the state after each event, and finishing orders.
import type { ClientBase, Pool } from 'pg';
import { finishingOrder, type GameFinishedEvent } from '../engine';
import { EVENT_PAGE_SIZE, EventLog, foldLog, type LoggedEvent } from './event-log';

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
      `SELECT game_id::text AS game_id, type, payload FROM game_events
        WHERE game_id = ANY($1::uuid[]) AND type IN ('PLAYER_ELIMINATED', 'GAME_FINISHED')
        ORDER BY game_id, seq`,
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
