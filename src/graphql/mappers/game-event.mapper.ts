// The GraphQL GameEvent of a feed item, as a viewer may see it.
import { isMidAction, isRoundEvent, viewFor, type Viewer } from '../../engine';
import type { FeedItem } from '../../realtime/game-feed';
import { workCounts } from '../../instrumentation/work-counts';
import { GameEvent } from '../types/game-event.type';
import type { Round } from '../types/round.type';
import { toGameEventType } from './enum.mapper';
import { toGame } from './game.mapper';

// Every spectator sees the same thing: one object per event serves them all.
const spectatorEvents = new WeakMap<FeedItem, GameEvent>();

/**
 * The event as `viewer` may see it. Its game, round and seat are those of the state the stream shows with it
 * (FeedItem.shown: right after the event when live, never older than one shown before), so that objects
 * with an id never go back in a client's normalized cache.
 */
export function toGameEvent(item: FeedItem, viewer: Viewer): GameEvent {
  if (viewer !== null) return buildGameEvent(item, viewer);
  let event = spectatorEvents.get(item);
  if (!event) spectatorEvents.set(item, (event = buildGameEvent(item, null)));
  return event;
}

function buildGameEvent(item: FeedItem, viewer: Viewer): GameEvent {
  workCounts.eventViews++;
  const { event: e, state } = item;
  // Between the events of one move nobody may act, whichever state is shown.
  const game = toGame(item.gameId, viewFor(item.shown ?? state, viewer, !isMidAction(e)));
  let seatIndex: number | null = null;
  let playerId: string | null = null;
  switch (e.type) {
    case 'PLAYER_KICKED':
      playerId = e.playerId;
      break;
    case 'HOST_CHANGED':
    case 'REMATCH_CREATED':
      playerId = e.playerId;
      break;
    case 'PLAYER_JOINED':
    case 'PLAYER_ELIMINATED':
    case 'TURN_TIMED_OUT':
    case 'SEAT_AWAY':
    case 'SEAT_RETURNED':
    case 'PLAYER_NUDGED':
    case 'GAME_RESUMED':
      seatIndex = e.seat;
      playerId = e.playerId;
      break;
    case 'PLAYER_LEFT':
      seatIndex = e.phase === 'LOBBY' ? null : e.seat;
      playerId = e.playerId;
      break;
    case 'GAME_STARTED':
    case 'ROUND_STARTED':
      seatIndex = e.starter;
      break;
    case 'BID_PLACED':
    case 'DUDO_CALLED':
    case 'EXACT_CALLED':
      seatIndex = e.seat;
      break;
    case 'GAME_FINISHED':
      seatIndex = e.winner;
      break;
    case 'GAME_CREATED':
      playerId = e.host;
      break;
    case 'ROUND_ENDED':
    case 'GAME_CANCELLED':
    case 'GAME_WAITING':
      break;
  }
  // The seat the event concerns, as shown now: found by its player (lobby seats move up when one leaves);
  // a seat that is no longer at the table is shown as it was.
  const seatPlayer = seatIndex === null ? undefined : state.seats[seatIndex]?.playerId;
  const seat =
    seatIndex === null
      ? null
      : (game.seats.find((s) => s.playerId === seatPlayer) ??
        (item.shown ? toGame(item.gameId, viewFor(state, viewer, false)).seats[seatIndex] : undefined) ??
        null);
  const event = Object.assign(new GameEvent(), {
    seq: e.seq,
    type: toGameEventType(e.type),
    game,
    seat,
    playerId: playerId ?? seat?.playerId ?? null,
    rematchId: e.type === 'REMATCH_CREATED' ? e.rematch : null,
    at: new Date(e.at),
  });
  // The round, its bid and outcome are mapped when read: a round holds all its bids, and most documents (every
  // event of a replay) select none of them.
  const round = (): Round | null =>
    isRoundEvent(e) && state.rounds.length > 0 ? game.roundAt(state.rounds.length - 1) : null;
  const lazy = { enumerable: true, configurable: true } as const;
  Object.defineProperties(event, {
    round: { ...lazy, get: round },
    bid: {
      ...lazy,
      get: () => (e.type === 'BID_PLACED' ? (round()?.bids.find((b) => b.seq === e.seq) ?? null) : null),
    },
    outcome: { ...lazy, get: () => (e.type === 'ROUND_ENDED' ? (round()?.outcome ?? null) : null) },
  });
  return event;
}
