// How a round ended: the call, the count, who lost or won a die, and every hand revealed.
import { announce } from '../announce';
import { h } from '../dom';
import type { RoundResultFragment } from '../gql/graphql';
import { formatList, t } from '../i18n';
import { verificationMark } from './verification';

/** "Ann called dudo on Bob’s 3 × 5s: there were 2." and who loses or gains a die. */
function outcomeText(round: RoundResultFragment): string[] {
  const o = round.outcome;
  if (!o) return [];
  return [
    t('result.outcome', {
      caller: o.caller.player.name,
      kind: o.kind === 'DUDO' ? 'DUDO' : 'EXACT',
      bidder: o.bid.seat.player.name,
      quantity: o.bid.quantity,
      faceName: t('face.name', { face: o.bid.face }),
      count: o.actualCount,
    }),
    o.loser ? t('result.loses', { name: o.loser.player.name }) : '',
    o.gainer ? t('result.gains', { name: o.gainer.player.name }) : '',
  ].filter((x) => x !== '');
}

/** Reads a round that just ended out to screen readers: the outcome and every hand revealed. */
export function announceRound(round: RoundResultFragment): void {
  const hands = (round.reveal ?? []).map((r) =>
    t('announce.hand', { name: r.seat.player.name, dice: formatList(r.dice.map(String)) }),
  );
  announce(
    [
      round.voided ? t('result.voided') : outcomeText(round).join(' '),
      hands.length ? t('announce.reveal', { hands: hands.join('; ') }) : '',
    ].join(' '),
  );
}

export function roundResult(round: RoundResultFragment): HTMLElement {
  return h(
    'div',
    { class: 'round-result', 'data-round': round.number },
    h(
      'h2',
      {},
      round.palifico
        ? t('result.titlePalifico', { number: round.number })
        : t('result.title', { number: round.number }),
    ),
    round.voided
      ? h('p', {}, t('result.voided'))
      : round.outcome
        ? h('p', { class: 'outcome' }, outcomeText(round).join(' '))
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
          t('result.bids', {
            bids: round.bids.map((b) => `${b.seat.player.name} ${b.quantity}×${b.face}`).join(', '),
          }),
        )
      : null,
    verificationMark(round),
  );
}
