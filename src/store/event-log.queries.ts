// Paged reads of a game's event log: a reader never loads more than one page of a long game at once.
import type { Pool } from 'pg';
import type { GameEvent } from '../engine';

/** Events read by one query at most. */
export const EVENT_PAGE_SIZE = 500;

/** What this process has read of event logs through these queries (for tests and diagnostics). */
export const eventLogReads = { pages: 0, rows: 0 };

interface EventRow {
  readonly seq: number;
  readonly version: number;
  readonly type: string;
  readonly payload: object;
  readonly at: Date;
}

export class EventLogQueries {
  constructor(private readonly pool: Pool) {}

  /** Up to `limit` events of a game after `afterSeq`, in seq order. */
  async events(
    gameId: string,
    range: { readonly afterSeq: number; readonly limit?: number },
  ): Promise<GameEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'event_log_page',
      text: `SELECT seq, version, type, payload, at FROM game_events
              WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      values: [gameId, range.afterSeq, Math.min(range.limit ?? EVENT_PAGE_SIZE, EVENT_PAGE_SIZE)],
    });
    eventLogReads.pages++;
    eventLogReads.rows += rows.length;
    return rows.map(
      (r) =>
        ({ ...r.payload, seq: r.seq, version: r.version, type: r.type, at: r.at.toISOString() }) as GameEvent,
    );
  }
}
