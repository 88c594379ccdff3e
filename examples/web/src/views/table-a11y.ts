// The table for people who do not see it: the keyboard's focus kept across re-renders, and what happens told
// to screen readers (src/announce.ts).
import type { GameState } from '@perudo/client';
import { announce } from '../announce';
import { formatList, t } from '../i18n';

/** What identifies the focused control of `root` across a re-render: its test id, else its name. */
export function focusKey(root: Element): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  if (active.dataset.testid) return `[data-testid="${active.dataset.testid}"]`;
  const name = active.getAttribute('name');
  return name ? `[name="${name}"]` : 'h1';
}

/**
 * Puts the keyboard back where it was before the table was drawn again; when that control is gone (the move
 * was made), on the table's heading, so that Tab goes on from the top of the table rather than the page.
 */
export function restoreFocus(root: Element, key: string | null): void {
  if (key === null) return;
  (root.querySelector<HTMLElement>(key) ?? root.querySelector<HTMLElement>('h1'))?.focus();
}

/**
 * Tells screen readers what is new in each state of the game: one's dice, each bid, whose turn, the winner. Each
 * is told once, by a key, whatever order the states come in (an event, a move's answer, a read after a resume).
 */
export function gameAnnouncer(): (game: GameState) => void {
  const told = new Set<string>();
  let first = true;
  const once = (key: string, text: () => string, kind: 'polite' | 'assertive' = 'polite'): void => {
    if (told.has(key)) return;
    told.add(key);
    announce(text(), kind);
  };
  return (g) => {
    const round = g.currentRound;
    const me = g.viewerSeat?.position ?? null;
    if (round) {
      const dice = me === null ? null : g.seats.find((s) => s.position === me)?.dice;
      if (dice?.length) {
        once(`dice ${round.number}`, () =>
          t('announce.yourDice', { round: round.number, dice: formatList(dice.map(String)) }),
        );
      }
      round.bids.forEach((b, i) => {
        const key = `bid ${round.number} ${i}`;
        // A page opened mid-round reads the bids on the page, not as news.
        if (first) told.add(key);
        once(key, () =>
          t('announce.bid', {
            name: b.seat.player.name,
            quantity: b.quantity,
            faceName: t('face.name', { face: b.face }),
          }),
        );
      });
      const turn = g.status === 'IN_PROGRESS' ? g.turn?.position : undefined;
      if (turn !== undefined) {
        const key = `turn ${round.number} ${round.bids.length} ${turn}`;
        if (turn === me) once(key, () => t('announce.yourTurn'), 'assertive');
        else
          once(key, () =>
            t('announce.turn', { name: g.seats.find((s) => s.position === turn)?.player.name ?? '' }),
          );
      }
    }
    if (g.winner) once('winner', () => t('announce.winner', { name: g.winner!.name }));
    first = false;
  };
}
