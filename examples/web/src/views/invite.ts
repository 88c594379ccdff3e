// Private tables: the invite link a seated player copies, and the join screen the link opens (code filled in).
import { client } from '../api';
import { h, toast } from '../dom';
import type { GameState } from '@perudo/client';
import type { View } from './lobby';
import { t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { currentClientSeed } from './verification';

/** The link keeps the page's query (the API address) and carries the game id and the code in the hash. */
export function inviteLink(gameId: string, code: string): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}#/join/${gameId}/${encodeURIComponent(code)}`;
}

export function inviteCard(game: GameState): HTMLElement | null {
  if (!game.inviteCode || game.status !== 'LOBBY') return null;
  const link = h('input', {
    readonly: true,
    'data-testid': 'invite-link',
    value: inviteLink(game.id, game.inviteCode),
  });
  return h(
    'div',
    { class: 'card invite' },
    h('label', {}, t('invite.link'), ' ', link),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: () => {
          link.select();
          void navigator.clipboard?.writeText(link.value).then(
            () => toast(t('invite.copied'), 'info'),
            () => {},
          );
        },
      },
      t('invite.copy'),
    ),
  );
}

export function joinView(gameId: string, code: string): View {
  const input = h('input', { name: 'inviteCode', value: decodeURIComponent(code), maxlength: 32 });
  const el = h(
    'form',
    {
      class: 'card join',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void client
          .joinGame(gameId, { inviteCode: input.value.trim(), clientSeed: currentClientSeed() })
          .then(({ userErrors }) => {
            const error = userErrors[0];
            if (error) return toast(refusal(error));
            window.location.hash = `#/game/${gameId}`;
          })
          .catch((error: unknown) => toast(errorText(error)));
      },
    },
    h('h1', {}, t('invite.title')),
    h('label', {}, t('invite.code'), ' ', input),
    h('button', { type: 'submit', 'data-testid': 'join-private' }, t('invite.join')),
  );
  return { el, dispose: () => {} };
}
