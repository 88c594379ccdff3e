// "Play again" at the end of a game: the first click makes the rematch, the other players follow into it.
import { RematchDocument, type GameState } from '@perudo/client';
import { client } from '../api';
import { h, toast } from '../dom';

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
              if (error || !data.rematch.game) return toast(error?.message ?? 'no rematch');
              window.location.hash = `#/game/${data.rematch.game.id}`;
            })
            .catch((error: unknown) => toast(error instanceof Error ? error.message : String(error))),
      },
      follow ? 'Join the rematch' : 'Play again',
    ),
  );
}
