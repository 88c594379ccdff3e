// Who a move concerns outside the table: the players told of it on their own stream (playerEvents) and by
// webhook. One rule for both, so a webhook is written for exactly what playerEvents shows.
import type { GameEvent } from './events';
import type { GameState, PlayerId } from './state';

/** What a move can tell a player (playerEvents' game types). */
export type PlayerNoticeKind =
  'YOUR_TURN' | 'GAME_STARTED' | 'GAME_FINISHED' | 'REMATCH_CREATED' | 'SEAT_AWAY' | 'KICKED' | 'NUDGED';

export interface PlayerNotice {
  readonly type: PlayerNoticeKind;
  readonly playerId: PlayerId;
  /** The event's time (ISO 8601). */
  readonly at: string;
  /** The index in the move's steps of the state it is told with (the state right after its event). */
  readonly step: number;
}

/** Events that begin a turn: the turn holder after such a move has a new turn. */
const TURN_BEGINS = new Set(['ROUND_STARTED', 'BID_PLACED']);

function people(state: GameState): PlayerId[] {
  return state.seats.filter((s) => !s.bot).map((s) => s.playerId);
}

/** The notices of one move (its events, each with the state right after it), in the order of its events. */
export function playerNoticesOf(
  steps: readonly { readonly event: GameEvent; readonly state: GameState }[],
): PlayerNotice[] {
  const out: PlayerNotice[] = [];
  const to = (type: PlayerNoticeKind, players: readonly PlayerId[], step: number, at: string) => {
    for (const playerId of players) out.push({ type, playerId, at, step });
  };
  for (const [step, { event, state }] of steps.entries()) {
    const e = event as { type: string; playerId?: string; at: string };
    switch (e.type) {
      case 'GAME_STARTED':
        to('GAME_STARTED', people(state), step, e.at);
        break;
      case 'GAME_FINISHED':
        to('GAME_FINISHED', people(state), step, e.at);
        break;
      case 'REMATCH_CREATED':
        to(
          'REMATCH_CREATED',
          people(state).filter((p) => p !== e.playerId),
          step,
          e.at,
        );
        break;
      case 'SEAT_AWAY':
        if (e.playerId) to('SEAT_AWAY', [e.playerId], step, e.at);
        break;
      case 'PLAYER_KICKED':
        if (e.playerId) to('KICKED', [e.playerId], step, e.at);
        break;
      case 'PLAYER_NUDGED':
        if (e.playerId) to('NUDGED', [e.playerId], step, e.at);
        break;
    }
  }
  const lastStep = steps.length - 1;
  const last = steps[lastStep];
  if (last && steps.some((s) => TURN_BEGINS.has(s.event.type)) && last.state.status === 'IN_PROGRESS') {
    const round = last.state.rounds[last.state.rounds.length - 1];
    const seat = round && !round.ended && round.turn !== null ? last.state.seats[round.turn] : undefined;
    if (seat && !seat.bot) to('YOUR_TURN', [seat.playerId], lastStep, last.event.at);
  }
  return out;
}
