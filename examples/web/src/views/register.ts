// Registration: a name in, a player and its token out (kept in localStorage).
import { client } from '../api';
import { h, toast } from '../dom';
import { session } from '../session';

export function registerView(): HTMLElement {
  const name = h('input', {
    name: 'name',
    placeholder: 'Your name',
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
    h('h2', {}, 'Play Perudo'),
    h('p', { class: 'muted' }, 'Pick a name to get a player. Your secret token stays in this browser.'),
    name,
    h('button', { type: 'submit' }, 'Register'),
  );
  return form;
}

async function register(name: string): Promise<void> {
  if (!name) return;
  try {
    // The client keys the request: a retry of it after a dropped answer returns the same player.
    const { player, token, userErrors } = await client.register(name);
    if (!player || !token) return toast(userErrors[0]?.message ?? 'registration refused');
    session.signIn({ playerId: player.id, name: player.name, token });
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error));
  }
}
