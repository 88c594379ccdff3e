// The arena (#/arena): the agents' ladder of a preset (agentLeaderboard: agents and the three reference bots,
// by ordinal), and an agent's recent games when its name is chosen. Public, like a game's history.
import { client } from '../api';
import { h, mount, toast } from '../dom';
import type { AgentGamesQuery, AgentLeaderboardQuery, RulePreset } from '../gql/graphql';
import { formatDate, formatNumber, t } from '../i18n';
import { errorText } from '../i18n/errors';
import { AgentGames, AgentLeaderboard } from '../operations';
import type { View } from './lobby';
import { presetName } from './quick-play';

type Entry = AgentLeaderboardQuery['agentLeaderboard']['edges'][number]['node'];
type AgentGame = AgentGamesQuery['games']['nodes'][number];

const PRESETS: RulePreset[] = ['PERUDO', 'CLASSIC', 'LIARS_DICE', 'PUB'];

const rating = (n: number): string => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An agent's recent games, newest first: each links to its history once finished, else to its table. */
function gamesList(agent: { id: string; name: string }, games: AgentGame[]): HTMLElement[] {
  return [
    h('h2', { id: 'agent-games-title' }, t('arena.recentGames', { name: agent.name })),
    games.length === 0
      ? h('p', { class: 'muted', 'data-testid': 'agent-games-none' }, t('arena.noGames'))
      : h(
          'ul',
          { class: 'h2h-games', 'data-testid': 'agent-games' },
          games.map((g) => {
            const place = g.places.find((p) => p.player.id === agent.id)?.place;
            return h(
              'li',
              { 'data-game': g.id },
              h(
                'a',
                { href: g.status === 'FINISHED' ? `#/history/${g.id}` : `#/game/${g.id}` },
                g.name ?? t('arena.gameOf', { players: g.seats.map((s) => s.player.name).join(', ') }),
              ),
              ' ',
              h(
                'span',
                { class: 'muted' },
                t('arena.gameLine', {
                  preset: presetName(g.rules.preset),
                  status: t(`status.${g.status}`),
                  at: g.finishedAt ? formatDate(g.finishedAt) : '',
                }),
              ),
              place ? [' ', h('span', { 'data-testid': 'agent-place' }, t('arena.place', { place }))] : null,
            );
          }),
        ),
  ];
}

export function arenaView(): View {
  const preset = h(
    'select',
    { name: 'arenaPreset', 'data-testid': 'arena-preset' },
    PRESETS.map((p) => h('option', { value: p }, presetName(p))),
  );
  const provisional = h('input', {
    type: 'checkbox',
    name: 'provisional',
    'data-testid': 'arena-provisional',
  });
  const board = h('div', { 'data-testid': 'arena-board', 'aria-live': 'polite' });
  const games = h('section', {
    class: 'card',
    'data-testid': 'agent-games-panel',
    'aria-labelledby': 'agent-games-title',
    hidden: true,
  });
  const el = h(
    'div',
    { class: 'arena' },
    h(
      'header',
      { class: 'card' },
      h('h1', {}, t('arena.title')),
      h('p', {}, t('arena.intro')),
      h(
        'div',
        { class: 'row' },
        h('label', {}, t('arena.preset'), ' ', preset),
        h('label', {}, provisional, ' ', t('arena.includeProvisional')),
      ),
    ),
    h('section', { class: 'card', 'aria-labelledby': 'arena-board-title' }, board),
    games,
  );

  let entries: Entry[] = [];
  /** The cursor of the next page, when there is one. */
  let more: string | null = null;
  let asked = 0;
  let shownAgent: string | null = null;

  const showGames = async (agent: { id: string; name: string }): Promise<void> => {
    shownAgent = agent.id;
    const data = await client.request(AgentGames, { playerId: agent.id });
    if (shownAgent !== agent.id) return;
    games.hidden = false;
    mount(games, gamesList(agent, data.games.nodes));
    render();
    games.focus?.();
  };

  const render = (): void => {
    const title = t('arena.boardTitle', { preset: presetName(preset.value) });
    mount(
      board,
      h('h2', { id: 'arena-board-title' }, title),
      entries.length === 0
        ? h('p', { class: 'muted', 'data-testid': 'arena-empty' }, t('arena.empty'))
        : h(
            'div',
            { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': title },
            h(
              'table',
              { class: 'stats-table arena-table', 'data-testid': 'arena-table' },
              h('caption', { class: 'sr-only' }, title),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'col' }, t('arena.rank')),
                  h('th', { scope: 'col' }, t('arena.agent')),
                  h('th', { scope: 'col' }, t('arena.owner')),
                  h('th', { scope: 'col' }, t('arena.ordinal')),
                  h('th', { scope: 'col' }, t('arena.mu')),
                  h('th', { scope: 'col' }, t('arena.sigma')),
                  h('th', { scope: 'col' }, t('arena.games')),
                ),
              ),
              h(
                'tbody',
                {},
                entries.map((e) =>
                  h(
                    'tr',
                    {
                      'data-player': e.player.id,
                      'data-reference': String(e.player.isArenaReference),
                    },
                    h('td', { 'data-field': 'rank' }, formatNumber(e.rank)),
                    h(
                      'th',
                      { scope: 'row', 'data-field': 'name' },
                      h(
                        'button',
                        {
                          class: 'link',
                          'aria-expanded': String(shownAgent === e.player.id),
                          'aria-controls': 'agent-games-panel',
                          'aria-label': t('arena.showGames', { name: e.player.name }),
                          onclick: () =>
                            void showGames(e.player).catch((error: unknown) => toast(errorText(error))),
                        },
                        e.player.name,
                      ),
                      e.player.isArenaReference
                        ? [
                            ' ',
                            h(
                              'span',
                              { class: 'badge bot', 'data-testid': 'reference' },
                              t('arena.reference'),
                            ),
                          ]
                        : null,
                      e.player.retired
                        ? [
                            ' ',
                            h('span', { class: 'badge bot', 'data-testid': 'retired' }, t('arena.retired')),
                          ]
                        : null,
                      e.rating.provisional
                        ? [
                            ' ',
                            h(
                              'span',
                              { class: 'muted', 'data-testid': 'provisional' },
                              t('arena.provisional'),
                            ),
                          ]
                        : null,
                    ),
                    h(
                      'td',
                      { 'data-field': 'owner' },
                      e.player.owner
                        ? h('a', { href: `#/player/${e.player.owner.id}` }, e.player.owner.name)
                        : t('arena.noOwner'),
                    ),
                    h('td', { 'data-field': 'ordinal' }, rating(e.rating.ordinal)),
                    h('td', { 'data-field': 'mu' }, rating(e.rating.mu)),
                    h('td', { 'data-field': 'sigma' }, rating(e.rating.sigma)),
                    h('td', { 'data-field': 'games' }, formatNumber(e.rating.games)),
                  ),
                ),
              ),
            ),
          ),
      more
        ? h(
            'button',
            {
              class: 'secondary',
              'data-testid': 'arena-more',
              onclick: () => void load(more).catch((error: unknown) => toast(errorText(error))),
            },
            t('arena.more'),
          )
        : null,
    );
  };

  const load = async (after: string | null): Promise<void> => {
    const mine = ++asked;
    const data = await client.request(AgentLeaderboard, {
      preset: preset.value as RulePreset,
      after,
      includeProvisional: provisional.checked,
    });
    if (mine !== asked) return;
    const page = data.agentLeaderboard;
    entries = after ? [...entries, ...page.edges.map((e) => e.node)] : page.edges.map((e) => e.node);
    more = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
    render();
  };
  games.id = 'agent-games-panel';
  games.tabIndex = -1;
  const reload = (): void => void load(null).catch((error: unknown) => toast(errorText(error)));
  preset.addEventListener('change', reload);
  provisional.addEventListener('change', reload);
  reload();
  return { el, dispose() {} };
}
