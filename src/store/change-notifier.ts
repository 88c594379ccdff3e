/** Published once per committed action: which game, its last event, and whether the lobby list changed. */
export interface GameChange {
  readonly gameId: string;
  readonly seq: number;
  readonly lobby: boolean;
}

export const PG_CHANNEL = 'perudo_game_changes';

/** Tells other processes that a game changed; only ids travel, subscribers read events from the log. */
export interface ChangeNotifier {
  /** The channel to NOTIFY in the move's own statement (delivered by PostgreSQL only if it commits), or null. */
  readonly pgChannel: string | null;
  /** Runs after the commit. */
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

/** PostgreSQL NOTIFY in the same transaction as the move: atomic with the commit, no extra service. */
export const pgNotifier: ChangeNotifier = { pgChannel: PG_CHANNEL, afterCommit() {} };

/** Notifies after commit through a publish function (e.g. Redis). */
export function afterCommitNotifier(publish: (change: GameChange) => void): ChangeNotifier {
  return { pgChannel: null, afterCommit: publish };
}
