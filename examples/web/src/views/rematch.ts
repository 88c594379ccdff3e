// "Play again" at the end of a game: the first click makes the rematch, the other players follow into it; or
// challenge the other people of the game to a new one.
import { RematchDocument, type GameState } from '@perudo/client';
import { client } from '../api';
import { h, toast } from '../dom';
import { formatList, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { challengeForm } from './challenges';

export function rematchButton(game: GameState): HTMLElement | null {
  if (game.status !== 'FINISHED' || !game.viewerSeat) return null;
  const follow = game.rematch !== null && game.rematch !== undefined;
  return h(
    'div',
    { class: 'card rematch' },
    h(
      'button',
      {
        'data-testid': 'rematch',
        onclick: () =>
          void client
            .request(RematchDocument, { input: { gameId: game.id } })
            .then((data) => {
              const error = data.rematch.userErrors[0];
              if (error || !data.rematch.game) return toast(error ? refusal(error) : t('rematch.none'));
              window.location.hash = `#/game/${data.rematch.game.id}`;
            })
            .catch((error: unknown) => toast(errorText(error))),
      },
      follow ? t('rematch.join') : t('rematch.again'),
    ),
  );
}

/** On a finished game's table: challenge its other people (not bots) to a new game of the same rules. */
export function challengeAgainCard(game: GameState): HTMLElement | null {
  if (game.status !== 'FINISHED' || !game.viewerSeat) return null;
  const others = game.seats.filter((s) => s.position !== game.viewerSeat?.position && !s.player.isBot);
  if (others.length === 0) return null;
  const form = challengeForm(
    others.map((s) => s.player.id),
    game.rules.preset,
    t('challenges.challengeNames', { names: formatList(others.map((s) => s.player.name)) }),
  );
  form.append(
    h(
      'p',
      { class: 'muted' },
      others.flatMap((s, i) => [
        i > 0 ? ' · ' : null,
        h('a', { href: `#/player/${s.player.id}` }, t('player.page', { name: s.player.name })),
      ]),
    ),
  );
  return form;
}
