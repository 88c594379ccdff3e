// The rule violations a command is refused with, and their stable codes.
/** Stable codes of rule violations; clients switch on them. */
export type ViolationCode =
  | 'NOT_YOUR_TURN'
  | 'BID_NOT_HIGHER'
  | 'INVALID_BID'
  | 'OPENING_ACES_NOT_ALLOWED'
  | 'FACE_LOCKED'
  | 'NO_BID_TO_CHALLENGE'
  | 'EXACT_NOT_ALLOWED'
  | 'GAME_NOT_IN_LOBBY'
  | 'GAME_NOT_IN_PROGRESS'
  | 'GAME_FULL'
  | 'ALREADY_JOINED'
  | 'NOT_IN_GAME'
  | 'NOT_HOST'
  | 'NOT_ENOUGH_PLAYERS'
  | 'NOT_A_BOT'
  | 'INVALID_RULES'
  | 'INVITE_REQUIRED'
  | 'KICKED'
  | 'GAME_NOT_FINISHED'
  | 'NOT_SEATED'
  | 'INVALID_SEAT'
  | 'NOT_AWAY'
  | 'NUDGE_NOT_ALLOWED'
  | 'NUDGE_TOO_EARLY'
  | 'AGENTS_NOT_ALLOWED'
  | 'NOT_AN_AGENT';

export interface Violation {
  readonly code: ViolationCode;
  /** Says what was wrong and what would have been legal. */
  readonly message: string;
  /** The input field at fault, if one is. */
  readonly field?: readonly string[];
}

export function violation(code: ViolationCode, message: string, field?: readonly string[]): Violation {
  return field ? { code, message, field } : { code, message };
}
