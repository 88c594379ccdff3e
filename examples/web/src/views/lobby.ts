// The lobby: open games (live through lobbyEvents), creating a game from a preset, and your own games.
import type { CreateGameInput, Stream } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, mount, toast } from '../dom';
import type { LobbyGameFragment, LobbyPageQuery, RulePreset } from '../gql/graphql';
import { LobbyEvents, LobbyPage } from '../operations';
import { formatAgo, formatDate, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { takePrefetchedLobby } from '../prefetch';
import { session } from '../session';
import { challengesPanel } from './challenges';
import { presetName, quickPlayForm } from './quick-play';
import { clientSeedField, currentClientSeed } from './verification';

export interface View {
  readonly el: HTMLElement;
  dispose(): void;
}

export function lobbyView(): View {
  const el = h('div', { class: 'lobby' });
  const open = new Map<string, LobbyGameFragment>();
  let page: LobbyPageQuery | null = null;
  let live: Stream | null = null;
  // Its own element, kept across the lobby's renders (it re-renders itself on each challenge event).
  const challenges = session.current() ? challengesPanel() : null;

  const render = (): void => {
    if (!page) return;
    const me = session.current();
    const games = [...open.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    mount(
      el,
      challenges?.el,
      h(
        'section',
        { class: 'card' },
        h('h2', {}, t('lobby.openGames')),
        games.length === 0
          ? h('p', { class: 'muted' }, t('lobby.noOpenGames'))
          : h(
              'ul',
              { class: 'games', 'data-testid': 'open-games' },
              games.map((g) =>
                h(
                  'li',
                  { 'data-game': g.id },
                  h('span', { class: 'game-name' }, g.name ?? t('game.unnamed')),
                  h(
                    'span',
                    { class: 'muted' },
                    ' ',
                    t('lobby.gameInfo', {
                      preset: presetName(g.rules.preset),
                      seated: g.seats.length,
                      max: g.maxPlayers,
                      host: g.host.name,
                      ago: formatAgo(g.createdAt),
                    }),
                  ),
                  g.viewerSeat
                    ? h(
                        'a',
                        {
                          href: `#/game/${g.id}`,
                          class: 'button',
                          'aria-label': t('lobby.openGame', { name: g.name ?? t('game.unnamed') }),
                        },
                        t('lobby.open'),
                      )
                    : h(
                        'button',
                        {
                          onclick: () => void join(g.id),
                          'aria-label': t('lobby.joinGame', { name: g.name ?? t('game.unnamed') }),
                        },
                        t('lobby.join'),
                      ),
                ),
              ),
            ),
      ),
      quickPlayForm(page.rulePresets),
      createForm(page.rulePresets),
      me && page.viewer
        ? h(
            'section',
            { class: 'card' },
            h('h2', {}, t('lobby.yourGames')),
            page.viewer.games.nodes.length === 0
              ? h('p', { class: 'muted' }, t('lobby.none'))
              : h(
                  'ul',
                  { class: 'games' },
                  page.viewer.games.nodes.map((g) =>
                    h(
                      'li',
                      {},
                      h(
                        'a',
                        { href: g.status === 'FINISHED' ? `#/history/${g.id}` : `#/game/${g.id}` },
                        g.name ?? t('game.unnamed'),
                      ),
                      h(
                        'span',
                        { class: 'muted' },
                        ' ',
                        t(`status.${g.status}`),
                        g.winner ? [' · ', t('lobby.wonBy', { name: g.winner.name })] : null,
                        g.finishedAt
                          ? [' · ', h('time', { datetime: g.finishedAt }, formatDate(g.finishedAt))]
                          : null,
                      ),
                    ),
                  ),
                ),
          )
        : null,
    );
  };

  const load = async (): Promise<void> => {
    page = (await takePrefetchedLobby()) ?? (await client.request(LobbyPage));
    open.clear();
    for (const g of page.games.nodes) open.set(g.id, g);
    render();
  };

  live = client.subscribe(LobbyEvents, () => ({}), {
    next: (data) => {
      const g = data.lobbyEvents;
      if (g.status === 'LOBBY') open.set(g.id, g);
      else open.delete(g.id);
      render();
    },
    failed: (error) => streamFailed(error, toast),
  });
  load().catch((error: unknown) => toast(errorText(error)));
  return {
    el,
    dispose: () => {
      live?.close();
      challenges?.dispose();
    },
  };
}

async function join(gameId: string): Promise<void> {
  try {
    const error = (await client.joinGame(gameId, { clientSeed: currentClientSeed() })).userErrors[0];
    if (error) return toast(refusal(error));
    window.location.hash = `#/game/${gameId}`;
  } catch (error) {
    toast(errorText(error));
  }
}

function createForm(presets: LobbyPageQuery['rulePresets']): HTMLElement {
  const preset = h(
    'select',
    { name: 'preset' },
    presets.map((p) => h('option', { value: p.preset }, presetName(p.preset))),
  );
  const name = h('input', { name: 'gameName', placeholder: t('create.optional'), maxlength: 80 });
  const maxPlayers = h('input', {
    name: 'maxPlayers',
    type: 'number',
    min: 2,
    max: 10,
    placeholder: t('create.default'),
  });
  const startingDice = h('input', {
    name: 'startingDice',
    type: 'number',
    min: 1,
    max: 10,
    placeholder: t('create.default'),
  });
  const turnSeconds = h('input', {
    name: 'turnSeconds',
    type: 'number',
    min: 5,
    max: 86400,
    placeholder: t('create.untimed'),
  });
  const box = (name: string, checked: boolean): HTMLInputElement =>
    h('input', { type: 'checkbox', name, checked });
  const isPrivate = box('private', false);
  const rated = box('rated', true);
  const spectators = box('allowSpectators', true);
  const chat = box('chat', true);
  const describe = h('p', { class: 'muted preset-rules' });
  const showRules = (): void => {
    const p = presets.find((x) => x.preset === preset.value);
    describe.textContent = p
      ? t('create.presetRules', {
          dice: p.startingDice,
          min: p.minPlayers,
          max: p.maxPlayers,
          wild: p.wildAces ? 'yes' : 'no',
          exact: t(`exact.${p.exact}`),
          palifico: t(`palifico.${p.palifico}`),
        })
      : '';
  };
  preset.addEventListener('change', showRules);
  showRules();
  const num = (input: HTMLInputElement): number | undefined =>
    input.value ? Number(input.value) : undefined;
  return h(
    'form',
    {
      class: 'card create',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const dice = num(startingDice);
        void create({
          preset: preset.value as RulePreset,
          name: name.value.trim() || undefined,
          maxPlayers: num(maxPlayers),
          turnSeconds: num(turnSeconds),
          overrides: dice ? { startingDice: dice } : undefined,
          clientSeed: currentClientSeed(),
          visibility: isPrivate.checked ? 'PRIVATE' : 'PUBLIC',
          rated: rated.checked,
          allowSpectators: spectators.checked,
          chat: chat.checked,
        });
      },
    },
    h('h2', {}, t('create.title')),
    h('label', {}, t('create.rules'), ' ', preset),
    describe,
    h('label', {}, t('create.gameName'), ' ', name),
    h(
      'div',
      { class: 'row' },
      h('label', {}, t('create.seats'), ' ', maxPlayers),
      h('label', {}, t('create.diceEach'), ' ', startingDice),
      h('label', {}, t('create.turnSeconds'), ' ', turnSeconds),
    ),
    h(
      'div',
      { class: 'row options' },
      h('label', {}, isPrivate, ' ', t('create.private')),
      h('label', {}, rated, ' ', t('create.rated')),
      h('label', {}, spectators, ' ', t('create.spectators')),
      h('label', {}, chat, ' ', t('create.chat')),
    ),
    clientSeedField(),
    h('button', { type: 'submit' }, t('create.submit')),
  );
}

async function create(input: CreateGameInput): Promise<void> {
  try {
    const { game, userErrors } = await client.createGame(input);
    if (userErrors[0] || !game) return toast(userErrors[0] ? refusal(userErrors[0]) : t('create.failed'));
    window.location.hash = `#/game/${game.id}`;
  } catch (error) {
    toast(errorText(error));
  }
}
