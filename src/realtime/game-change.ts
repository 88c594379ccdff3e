// The notice of a committed move that travels between processes, and its wire format.
import { isLobbyEvent, type GameEvent } from '../engine';

/**
 * Published once per committed move: which game, its last event, and whether the lobby list changed. Only
 * ids travel; subscribers read the events from the log. A notice lost to a crash between the commit and
 * the notice is made up by the feeds' periodic check.
 */
export interface GameChange {
  readonly gameId: string;
  readonly seq: number;
  readonly lobby: boolean;
}

/** The notice of a move's events, once its commit is done. */
export function changeOf(gameId: string, events: readonly GameEvent[]): GameChange {
  return { gameId, seq: events[events.length - 1]!.seq, lobby: events.some((e) => isLobbyEvent(e.type)) };
}

export function encodeChange(c: GameChange): string {
  return JSON.stringify({ g: c.gameId, s: c.seq, l: c.lobby ? 1 : 0 });
}

/** The notice in `text`, or null for anything that is not one (a bus carries only what this module encodes). */
export function decodeChange(text: string): GameChange | null {
  try {
    const v = JSON.parse(text) as { g?: unknown; s?: unknown; l?: unknown };
    if (typeof v.g !== 'string' || typeof v.s !== 'number') return null;
    return { gameId: v.g, seq: v.s, lobby: v.l === 1 };
  } catch {
    return null;
  }
}
