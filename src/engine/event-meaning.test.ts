// Tests of what each kind of game event means to the layers around the engine.
import { changesSeating, isLobbyEvent, isMidAction, isRoundEvent, renumbersSeats } from './event-meaning';
import type { GameEvent } from './events';
import { PRESETS } from './rules';
import { AT } from './testing/builders';

const base = { seq: 1, version: 1, at: AT };
const bid = { seq: 7, seat: 0, quantity: 2, face: 3, at: AT, timedOut: false, byBot: false };

/** One event of every kind, with a leave in the lobby and one in play. */
const SAMPLES: Record<string, GameEvent> = {
  GAME_CREATED: {
    ...base,
    type: 'GAME_CREATED',
    rules: PRESETS.PUB,
    name: null,
    maxPlayers: 6,
    host: 'p0',
    turnSeconds: null,
    timeoutsToForfeit: 3,
  },
  PLAYER_JOINED: { ...base, type: 'PLAYER_JOINED', seat: 1, playerId: 'p1' },
  'PLAYER_LEFT in the lobby': {
    ...base,
    type: 'PLAYER_LEFT',
    seat: 1,
    playerId: 'p1',
    phase: 'LOBBY',
    newHost: null,
  },
  'PLAYER_LEFT in play': {
    ...base,
    type: 'PLAYER_LEFT',
    seat: 1,
    playerId: 'p1',
    phase: 'IN_PROGRESS',
    newHost: null,
  },
  GAME_CANCELLED: { ...base, type: 'GAME_CANCELLED' },
  GAME_STARTED: { ...base, type: 'GAME_STARTED', rollOff: [], starter: 0 },
  ROUND_STARTED: {
    ...base,
    type: 'ROUND_STARTED',
    number: 1,
    starter: 0,
    palificoSeat: null,
    dice: [[1], [2]],
  },
  BID_PLACED: { ...base, type: 'BID_PLACED', seat: 0, quantity: 2, face: 3, timedOut: false },
  DUDO_CALLED: { ...base, type: 'DUDO_CALLED', seat: 1, timedOut: false },
  EXACT_CALLED: { ...base, type: 'EXACT_CALLED', seat: 1 },
  TURN_TIMED_OUT: { ...base, type: 'TURN_TIMED_OUT', seat: 1, playerId: 'p1', forfeited: false },
  ROUND_ENDED: {
    ...base,
    type: 'ROUND_ENDED',
    number: 1,
    outcome: { kind: 'DUDO', caller: 1, bid, actualCount: 1, loser: 0, gainer: null },
  },
  PLAYER_ELIMINATED: { ...base, type: 'PLAYER_ELIMINATED', seat: 0, playerId: 'p0' },
  GAME_FINISHED: { ...base, type: 'GAME_FINISHED', winner: 1 },
  SEAT_AWAY: { ...base, type: 'SEAT_AWAY', seat: 1, playerId: 'p1', reason: 'TIMEOUTS' },
  SEAT_RETURNED: { ...base, type: 'SEAT_RETURNED', seat: 1, playerId: 'p1' },
  PLAYER_NUDGED: { ...base, type: 'PLAYER_NUDGED', seat: 1, playerId: 'p1', by: 'p0', deadline: AT },
};

function meaning(of: (e: GameEvent) => boolean): string[] {
  return Object.entries(SAMPLES).flatMap(([name, e]) => (of(e) ? [name] : []));
}

describe('what an event means', () => {
  it('isMidAction: another event of the same action follows', () => {
    expect(meaning(isMidAction)).toEqual([
      'PLAYER_LEFT in play',
      'GAME_STARTED',
      'DUDO_CALLED',
      'EXACT_CALLED',
      'TURN_TIMED_OUT',
      'ROUND_ENDED',
      'PLAYER_ELIMINATED',
    ]);
  });

  it('isRoundEvent: the event belongs to the last round', () => {
    expect(meaning(isRoundEvent)).toEqual([
      'PLAYER_LEFT in play',
      'ROUND_STARTED',
      'BID_PLACED',
      'DUDO_CALLED',
      'EXACT_CALLED',
      'TURN_TIMED_OUT',
      'ROUND_ENDED',
      'PLAYER_ELIMINATED',
    ]);
  });

  it('isLobbyEvent: everything up to the start, and a leave in play', () => {
    expect(meaning((e) => isLobbyEvent(e.type))).toEqual([
      'GAME_CREATED',
      'PLAYER_JOINED',
      'PLAYER_LEFT in the lobby',
      'PLAYER_LEFT in play',
      'GAME_CANCELLED',
      'GAME_STARTED',
    ]);
  });

  it('renumbersSeats: a join, or a leave in the lobby', () => {
    expect(meaning(renumbersSeats)).toEqual(['PLAYER_JOINED', 'PLAYER_LEFT in the lobby']);
  });

  it('changesSeating: any event of the move renumbers the seats', () => {
    const s = SAMPLES;
    expect(changesSeating([])).toBe(false);
    expect(changesSeating([s.GAME_CREATED!, s.PLAYER_JOINED!])).toBe(true);
    expect(changesSeating([s['PLAYER_LEFT in the lobby']!, s.GAME_CANCELLED!])).toBe(true);
    expect(changesSeating([s['PLAYER_LEFT in play']!, s.ROUND_ENDED!, s.ROUND_STARTED!])).toBe(false);
    expect(changesSeating([s.GAME_STARTED!, s.ROUND_STARTED!])).toBe(false);
  });
});
