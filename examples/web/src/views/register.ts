// Registration: a name in, a player and its token out (kept in localStorage).
import { client } from '../api';
import { h, toast } from '../dom';
import { t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { session } from '../session';

export function registerView(): HTMLElement {
  const name = h('input', {
    name: 'name',
    placeholder: t('register.name'),
    'aria-label': t('register.name'),
    autocomplete: 'nickname',
    maxlength: 40,
    required: true,
    autofocus: true,
  });
  const form = h(
    'form',
    {
      class: 'card register',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void register(name.value.trim());
      },
    },
    h('h1', {}, t('register.title')),
    h('p', { class: 'muted' }, t('register.intro')),
    name,
    h('button', { type: 'submit' }, t('register.submit')),
  );
  return form;
}

async function register(name: string): Promise<void> {
  if (!name) return;
  try {
    // The client keys the request: a retry of it after a dropped answer returns the same player.
    const { player, token, userErrors } = await client.register(name);
    if (!player || !token) return toast(userErrors[0] ? refusal(userErrors[0]) : t('register.refused'));
    session.signIn({ playerId: player.id, name: player.name, token });
  } catch (error) {
    toast(errorText(error));
  }
}
