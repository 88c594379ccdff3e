// What the bot says about events: a line for people watching, and the emote it answers with.
import type { Emote, GameEvent } from '@perudo/client';

/** The emote a bot answers an event with, if any: OOPS when it lost a die, GOOD_GAME when the game ends. */
export function emoteFor(event: GameEvent): Emote | null {
  const me = event.game.viewerSeat?.position;
  if (me === undefined) return null;
  if (event.type === 'ROUND_ENDED' && event.round?.outcome?.loser?.position === me) return 'OOPS';
  if (event.type === 'GAME_FINISHED') return 'GOOD_GAME';
  return null;
}

/** One line about an event, for people watching. */
export function describe(e: GameEvent): string {
  const who = (position: number | undefined) =>
    position === undefined ? '?' : (e.game.seats[position]?.player.name ?? `seat ${position}`);
  switch (e.type) {
    case 'BID_PLACED':
      return `#${e.seq} ${who(e.seat?.position)} bids ${e.bid!.quantity} x ${e.bid!.face}`;
    case 'ROUND_STARTED': {
      const mine = e.game.viewerSeat ? e.game.seats[e.game.viewerSeat.position]?.dice : null;
      return `#${e.seq} round ${e.round!.number} starts${mine ? `; my dice: ${mine.join(' ')}` : ''}`;
    }
    case 'ROUND_ENDED': {
      const hands = (e.round?.reveal ?? []).map((h) => `${who(h.seat.position)} [${h.dice.join(' ')}]`);
      const o = e.round?.outcome;
      const result = !o
        ? ' (voided)'
        : `; ${o.actualCount} counted, ${o.loser ? `${who(o.loser.position)} loses a die` : 'nobody loses a die'}`;
      return `#${e.seq} round ${e.round?.number} ends: ${hands.join(', ')}${result}`;
    }
    case 'GAME_STARTED':
      return `#${e.seq} the game starts: ${who(e.seat?.position)} opens`;
    case 'GAME_FINISHED':
      return `#${e.seq} game over: ${e.game.winner?.name ?? 'nobody'} wins`;
    default:
      return `#${e.seq} ${e.type.toLowerCase().replace(/_/g, ' ')}${e.seat ? ` (${who(e.seat.position)})` : ''}`;
  }
}
