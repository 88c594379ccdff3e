// How a round ended: the call, the count, who lost or won a die, and every hand revealed.
import { h } from '../dom';
import type { RoundResultFragment } from '../gql/graphql';
import { verificationMark } from './verification';

export function roundResult(round: RoundResultFragment): HTMLElement {
  const o = round.outcome;
  return h(
    'div',
    { class: 'round-result', 'data-round': round.number },
    h('h3', {}, `Round ${round.number}${round.palifico ? ' (palifico)' : ''}`),
    round.voided
      ? h('p', {}, 'Voided: a player left.')
      : o
        ? h(
            'p',
            { class: 'outcome' },
            `${o.caller.player.name} called ${o.kind === 'DUDO' ? 'dudo' : 'exact'} on ${o.bid.seat.player.name}'s ${o.bid.quantity} × ${o.bid.face}s: there ${o.actualCount === 1 ? 'was' : 'were'} ${o.actualCount}. `,
            o.loser ? `${o.loser.player.name} loses a die.` : '',
            o.gainer ? `${o.gainer.player.name} gains a die.` : '',
          )
        : null,
    round.reveal
      ? h(
          'ul',
          { class: 'reveal' },
          round.reveal.map((r) => h('li', {}, h('strong', {}, r.seat.player.name), ': ', r.dice.join(' '))),
        )
      : null,
    round.bids.length
      ? h(
          'p',
          { class: 'muted' },
          'Bids: ',
          round.bids.map((b) => `${b.seat.player.name} ${b.quantity}×${b.face}`).join(', '),
        )
      : null,
    verificationMark(round),
  );
}
