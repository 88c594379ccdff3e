// The opaque cursors of pages of games and of rounds.
import type { GameCursor } from '../store/game-reads.repository';
import { badInput } from './errors';

/** Opaque cursors: clients pass them back, never build them. */
export function encodeGameCursor(c: GameCursor): string {
  return Buffer.from(`g1:${c.createdAt.toISOString()}:${c.id}`, 'utf8').toString('base64url');
}

export function decodeGameCursor(cursor: string | null | undefined): GameCursor | null {
  if (cursor === null || cursor === undefined) return null;
  const raw = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^g1:(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z):([0-9a-f-]{36})$/.exec(raw);
  const createdAt = m ? new Date(m[1]!) : null;
  if (!m || !createdAt || Number.isNaN(createdAt.getTime()))
    throw badInput('after is not a valid cursor', 'after');
  return { createdAt, id: m[2]! };
}

/** A game in a list ordered by finishing time (a head-to-head's games): its finishedAt and id. */
export interface FinishedCursor {
  readonly finishedAt: Date;
  readonly id: string;
}

export function encodeFinishedCursor(c: FinishedCursor): string {
  return Buffer.from(`f1:${c.finishedAt.toISOString()}:${c.id}`, 'utf8').toString('base64url');
}

export function decodeFinishedCursor(cursor: string | null | undefined): FinishedCursor | null {
  if (cursor === null || cursor === undefined) return null;
  const raw = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^f1:(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z):([0-9a-f-]{36})$/.exec(raw);
  const finishedAt = m ? new Date(m[1]!) : null;
  if (!m || !finishedAt || Number.isNaN(finishedAt.getTime()))
    throw badInput('after is not a valid cursor', 'after');
  return { finishedAt, id: m[2]! };
}

export function encodeRoundCursor(number: number): string {
  return Buffer.from(`r1:${number}`, 'utf8').toString('base64url');
}

/** The round number the cursor points at. */
export function decodeRoundCursor(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined) return 0;
  const m =
    cursor.length <= 40 ? /^r1:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!m) throw badInput('after is not a valid cursor', 'after');
  return Number(m[1]);
}

/** A leaderboard position: the entry's ordinal and player, and its rank (so the next page goes on counting). */
export interface LeaderboardPosition {
  readonly ordinal: number;
  readonly playerId: string;
  readonly rank: number;
}

export function encodeLeaderboardCursor(c: LeaderboardPosition): string {
  return Buffer.from(`l1:${c.ordinal}:${c.playerId}:${c.rank}`, 'utf8').toString('base64url');
}

export function decodeLeaderboardCursor(cursor: string | null | undefined): LeaderboardPosition | null {
  if (cursor === null || cursor === undefined) return null;
  const raw = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^l1:(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?):([0-9a-f-]{36}):(\d{1,9})$/.exec(raw);
  if (!m || !Number.isFinite(Number(m[1]))) throw badInput('after is not a valid cursor', 'after');
  return { ordinal: Number(m[1]), playerId: m[2]!, rank: Number(m[3]) };
}
