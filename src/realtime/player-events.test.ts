// Which player events a move gives, and to whom (playerEventsOf is pure: the feed reads the log around it).
import type { GameEvent, GameState } from '../engine';
import { buildRound, pid } from '../engine/testing/builders';
import { playerEventsOf } from './player-events';

const AT = '2026-11-27T10:00:00.000Z';

/** A two-seat game in progress with `turn` on turn; `bot` seats are played by the server. */
function table(turn: number, bot: readonly number[] = []): GameState {
  const state = buildRound({
    rules: 'PERUDO',
    hands: [
      [1, 2],
      [3, 4],
    ],
  });
  return {
    ...state,
    seats: state.seats.map((s, i) => (bot.includes(i) ? { ...s, bot: 'NORMAL' as const } : s)),
    rounds: state.rounds.map((r) => ({ ...r, turn })),
  };
}

function event(type: string, extra: object = {}): GameEvent {
  return { type, seq: 1, version: 1, at: AT, ...extra } as unknown as GameEvent;
}

const summary = (items: ReturnType<typeof playerEventsOf>) => items.map((i) => [i.type, i.playerId]);

test('a bid begins the next seat’s turn: YOUR_TURN to that person', () => {
  expect(summary(playerEventsOf('g', [{ event: event('BID_PLACED'), state: table(1) }]))).toEqual([
    ['YOUR_TURN', pid(1)],
  ]);
});

test('no YOUR_TURN to a bot, nor for a move that begins no turn', () => {
  expect(playerEventsOf('g', [{ event: event('BID_PLACED'), state: table(1, [1]) }])).toEqual([]);
  expect(
    playerEventsOf('g', [{ event: event('SEAT_RETURNED', { playerId: pid(0) }), state: table(0) }]),
  ).toEqual([]);
});

test('a start tells every person seated, then whoever starts', () => {
  const state = table(1);
  const steps = [
    { event: event('GAME_STARTED'), state },
    { event: event('ROUND_STARTED'), state },
  ];
  expect(summary(playerEventsOf('g', steps))).toEqual([
    ['GAME_STARTED', pid(0)],
    ['GAME_STARTED', pid(1)],
    ['YOUR_TURN', pid(1)],
  ]);
});

test('a finished game tells every person seated; a rematch everyone but the caller', () => {
  const finished = { ...table(0, [0]), status: 'FINISHED' as const };
  expect(summary(playerEventsOf('g', [{ event: event('GAME_FINISHED'), state: finished }]))).toEqual([
    ['GAME_FINISHED', pid(1)],
  ]);
  const humans = { ...table(0), status: 'FINISHED' as const };
  expect(
    summary(playerEventsOf('g', [{ event: event('REMATCH_CREATED', { playerId: pid(0) }), state: humans }])),
  ).toEqual([['REMATCH_CREATED', pid(1)]]);
});

test('SEAT_AWAY, PLAYER_KICKED and PLAYER_NUDGED go to the player concerned', () => {
  const state = table(0);
  expect(
    summary(
      playerEventsOf('g', [
        { event: event('SEAT_AWAY', { playerId: pid(0) }), state },
        { event: event('PLAYER_KICKED', { playerId: pid(7) }), state },
        { event: event('PLAYER_NUDGED', { playerId: pid(1) }), state },
      ]),
    ),
  ).toEqual([
    ['SEAT_AWAY', pid(0)],
    ['KICKED', pid(7)],
    ['NUDGED', pid(1)],
  ]);
});
