// The reference web client: routes (#/, #/game/<id>, #/history/<id>, #/player/<id>, #/webhooks, #/arena) and
// the signed-in player.
import { h, mount } from './dom';
import { followSession } from './api';
import { API_URL } from './config';
import {
  currentLocale,
  initI18n,
  languageName,
  LOCALES,
  onLocaleChange,
  setLocale,
  t,
  type Locale,
} from './i18n';
import { session } from './session';
import { arenaView } from './views/arena';
import { playerView } from './views/challenges';
import { historyView } from './views/history';
import { joinView } from './views/invite';
import { lobbyView, type View } from './views/lobby';
import { registerView } from './views/register';
import { tableView } from './views/table';
import { yourTurnNotice } from './views/presence';
import { webhooksView } from './views/webhooks';

const root = document.getElementById('app')!;
let current: View | null = null;
/** The "your turn" notice in the title while signed in (playerEvents). */
let stopNotice: (() => void) | null = null;

/** The language switcher: each language named in itself, the choice remembered. */
function languageSwitcher(): HTMLElement {
  const select = h(
    'select',
    { 'aria-label': t('app.language'), 'data-testid': 'language', class: 'language' },
    LOCALES.map((locale) =>
      h(
        'option',
        { value: locale, lang: locale, selected: locale === currentLocale() },
        languageName(locale),
      ),
    ),
  );
  select.addEventListener('change', () => void setLocale(select.value as Locale));
  return select;
}

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
    'header',
    { class: 'top' },
    h('a', { href: '#/', class: 'brand' }, t('app.brand')),
    h(
      'span',
      { class: 'top-right' },
      me
        ? h(
            'span',
            { class: 'me', 'data-testid': 'me' },
            h('a', { href: `#/player/${me.playerId}`, 'data-testid': 'my-page' }, me.name),
            ' ',
            h('a', { href: '#/webhooks', 'data-testid': 'webhooks-link' }, t('app.webhooks')),
            ' ',
            h('a', { href: '#/arena', 'data-testid': 'arena-link' }, t('app.arena')),
            ' ',
            h('button', { class: 'link', onclick: () => session.signOut() }, t('app.signOut')),
          )
        : null,
      languageSwitcher(),
    ),
  );
  const footer = h('footer', { class: 'muted' }, t('app.api', { url: API_URL }));
  const [, kind, id] = window.location.hash.split('/');
  // A finished game's history and the arena's ladder are public: a visitor reads them without signing up.
  if (!me && !(kind === 'history' && id) && kind !== 'arena') {
    mount(root, top, h('main', {}, registerView()), footer);
    return;
  }
  const code = window.location.hash.split('/')[3];
  current =
    kind === 'game' && id
      ? tableView(id)
      : kind === 'history' && id
        ? historyView(id)
        : kind === 'player' && id
          ? playerView(id)
          : kind === 'webhooks'
            ? webhooksView()
            : kind === 'arena'
              ? arenaView()
              : kind === 'join' && id && code
                ? joinView(id, code)
                : lobbyView();
  mount(root, top, h('main', {}, current.el), footer);
}

window.addEventListener('hashchange', route);
session.onChange(route);
onLocaleChange(() => {
  route();
  // The switcher was re-rendered: keep the keyboard where the person left it.
  document.querySelector<HTMLElement>('[data-testid=language]')?.focus();
});
void initI18n().then(route);
