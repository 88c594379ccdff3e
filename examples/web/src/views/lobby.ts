// The lobby: open games (live through lobbyEvents), creating a game from a preset, and your own games.
import type { CreateGameInput, Stream } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, mount, toast } from '../dom';
import type { LobbyGameFragment, LobbyPageQuery, RulePreset } from '../gql/graphql';
import { LobbyEvents, LobbyPage } from '../operations';
import { humanize, title } from '../format';
import { session } from '../session';
import { quickPlayForm } from './quick-play';
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

  const render = (): void => {
    if (!page) return;
    const me = session.current();
    const games = [...open.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    mount(
      el,
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Open games'),
        games.length === 0
          ? h('p', { class: 'muted' }, 'No game is waiting for players: create one.')
          : h(
              'ul',
              { class: 'games', 'data-testid': 'open-games' },
              games.map((g) =>
                h(
                  'li',
                  { 'data-game': g.id },
                  h('span', { class: 'game-name' }, g.name ?? 'Unnamed game'),
                  h(
                    'span',
                    { class: 'muted' },
                    ` ${g.rules.preset} · ${g.seats.length}/${g.maxPlayers} seated · host ${g.host.name}`,
                  ),
                  g.viewerSeat
                    ? h('a', { href: `#/game/${g.id}`, class: 'button' }, 'Open')
                    : h('button', { onclick: () => void join(g.id) }, 'Join'),
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
            h('h2', {}, 'Your games'),
            page.viewer.games.nodes.length === 0
              ? h('p', { class: 'muted' }, 'None yet.')
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
                        g.name ?? 'Unnamed game',
                      ),
                      h(
                        'span',
                        { class: 'muted' },
                        ` ${g.status}${g.winner ? ` · won by ${g.winner.name}` : ''}`,
                      ),
                    ),
                  ),
                ),
          )
        : null,
    );
  };

  const load = async (): Promise<void> => {
    page = await client.request(LobbyPage);
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
  load().catch((error: unknown) => toast(String(error instanceof Error ? error.message : error)));
  return {
    el,
    dispose: () => live?.close(),
  };
}

async function join(gameId: string): Promise<void> {
  try {
    const error = (await client.joinGame(gameId, { clientSeed: currentClientSeed() })).userErrors[0];
    if (error) return toast(error.message);
    window.location.hash = `#/game/${gameId}`;
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error));
  }
}

function createForm(presets: LobbyPageQuery['rulePresets']): HTMLElement {
  const preset = h(
    'select',
    { name: 'preset' },
    presets.map((p) => h('option', { value: p.preset }, title(p.preset))),
  );
  const name = h('input', { name: 'gameName', placeholder: 'Optional', maxlength: 80 });
  const maxPlayers = h('input', {
    name: 'maxPlayers',
    type: 'number',
    min: 2,
    max: 10,
    placeholder: 'Default',
  });
  const startingDice = h('input', {
    name: 'startingDice',
    type: 'number',
    min: 1,
    max: 10,
    placeholder: 'Default',
  });
  const turnSeconds = h('input', {
    name: 'turnSeconds',
    type: 'number',
    min: 5,
    max: 86400,
    placeholder: 'Untimed',
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
      ? `${p.startingDice} dice each, ${p.minPlayers}–${p.maxPlayers} players, aces ${p.wildAces ? 'wild' : 'plain'}, exact calls ${humanize(p.exact)}, palifico ${humanize(p.palifico)}`
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
    h('h2', {}, 'New game'),
    h('label', {}, 'Rules ', preset),
    describe,
    h('label', {}, 'Game name ', name),
    h(
      'div',
      { class: 'row' },
      h('label', {}, 'Seats ', maxPlayers),
      h('label', {}, 'Dice each ', startingDice),
      h('label', {}, 'Seconds a turn ', turnSeconds),
    ),
    h(
      'div',
      { class: 'row options' },
      h('label', {}, isPrivate, ' Private (invite link only)'),
      h('label', {}, rated, ' Rated'),
      h('label', {}, spectators, ' Spectators may watch'),
      h('label', {}, chat, ' Chat'),
    ),
    clientSeedField(),
    h('button', { type: 'submit' }, 'Create game'),
  );
}

async function create(input: CreateGameInput): Promise<void> {
  try {
    const { game, userErrors } = await client.createGame(input);
    if (userErrors[0] || !game) return toast(userErrors[0]?.message ?? 'the game was not created');
    window.location.hash = `#/game/${game.id}`;
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error));
  }
}
