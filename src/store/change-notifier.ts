// Telling other processes that a game changed, after the commit.
/** Published once per committed action: which game, its last event, and whether the lobby list changed. */
export interface GameChange {
  readonly gameId: string;
  readonly seq: number;
  readonly lobby: boolean;
}

import type { Pool } from 'pg';

export const PG_CHANNEL = 'perudo_game_changes';

/**
 * Tells other processes that a game changed, after the commit; only ids travel, subscribers read events from
 * the log. A notice lost to a crash between commit and notice is made up by the feeds' periodic check.
 */
export interface ChangeNotifier {
  afterCommit(change: GameChange): void;
}

export function encodeChange(c: GameChange): string {
  return JSON.stringify({ g: c.gameId, s: c.seq, l: c.lobby ? 1 : 0 });
}

export function decodeChange(text: string): GameChange | null {
  try {
    const v = JSON.parse(text) as { g?: unknown; s?: unknown; l?: unknown };
    if (typeof v.g !== 'string' || typeof v.s !== 'number') return null;
    return { gameId: v.g, seq: v.s, lobby: v.l === 1 };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL NOTIFY, sent after the move's commit and batched per tick. Not in the move's own transaction:
 * NOTIFY takes one database-wide lock until its transaction's commit is flushed, which would serialise every
 * move of every game behind one WAL flush at a time.
 */
export class PgNotifier implements ChangeNotifier {
  private pending: string[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly log: (message: unknown) => void,
  ) {}

  afterCommit(change: GameChange): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push(encodeChange(change));
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.pool
      .query('SELECT pg_notify($1, x) FROM unnest($2::text[]) AS x', [PG_CHANNEL, batch])
      .catch((error: unknown) =>
        this.log(`change notice not sent (the feeds' check makes it up): ${String(error)}`),
      );
  }
}

/** Notifies through a publish function (e.g. Redis pub/sub). */
export function afterCommitNotifier(publish: (change: GameChange) => void): ChangeNotifier {
  return { afterCommit: publish };
}
