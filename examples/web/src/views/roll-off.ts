// The roll-off that chose who starts, shown during the first round: every throw, attempt by attempt.
import { h } from '../dom';
import { t } from '../i18n';
import type { GameState } from '@perudo/client';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export function rollOffCard(game: GameState): HTMLElement | null {
  if (game.rollOff.length === 0 || (game.currentRound?.number ?? 0) > 1) return null;
  const attempts = [...new Set(game.rollOff.map((t) => t.attempt))].sort((a, b) => a - b);
  return h(
    'section',
    { class: 'card roll-off', 'data-testid': 'roll-off' },
    h('h2', {}, t('rollOff.title')),
    attempts.map((attempt) =>
      h(
        'p',
        {},
        attempts.length > 1 ? [t('rollOff.throw', { attempt }), ' '] : '',
        game.rollOff
          .filter((t) => t.attempt === attempt)
          .map((t) => `${t.seat.player.name} ${FACES[t.value]} ${t.value}`)
          .join(' · '),
      ),
    ),
  );
}
