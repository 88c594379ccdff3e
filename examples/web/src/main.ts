// The reference web client: routes (#/, #/game/<id>, #/history/<id>) and the signed-in player.
import './style.css';
import { h, mount } from './dom';
import { followSession } from './api';
import { API_URL } from './config';
import { session } from './session';
import { historyView } from './views/history';
import { joinView } from './views/invite';
import { lobbyView, type View } from './views/lobby';
import { registerView } from './views/register';
import { tableView } from './views/table';
import { yourTurnNotice } from './views/presence';

const root = document.getElementById('app')!;
let current: View | null = null;
/** The "your turn" notice in the title while signed in (playerEvents). */
let stopNotice: (() => void) | null = null;

function route(): void {
  current?.dispose();
  current = null;
  followSession();
  const me = session.current();
  if (!me && stopNotice) {
    stopNotice();
    stopNotice = null;
  } else if (me && !stopNotice) stopNotice = yourTurnNotice();
  const top = h(
    'nav',
    { class: 'top' },
    h('a', { href: '#/', class: 'brand' }, '⚄ Perudo'),
    me
      ? h(
          'span',
          { class: 'me', 'data-testid': 'me' },
          me.name,
          ' ',
          h('button', { class: 'link', onclick: () => session.signOut() }, 'sign out'),
        )
      : null,
  );
  const [, kind, id] = window.location.hash.split('/');
  // A finished game's history is public: a visitor reads it without signing up.
  if (!me && !(kind === 'history' && id)) {
    mount(root, top, registerView(), h('footer', { class: 'muted' }, `API: ${API_URL}`));
    return;
  }
  const code = window.location.hash.split('/')[3];
  current =
    kind === 'game' && id
      ? tableView(id)
      : kind === 'history' && id
        ? historyView(id)
        : kind === 'join' && id && code
          ? joinView(id, code)
          : lobbyView();
  mount(root, top, current.el, h('footer', { class: 'muted' }, `API: ${API_URL}`));
}

window.addEventListener('hashchange', route);
session.onChange(route);
route();
