// A player's record on their page: the head-to-head against the viewer (viewer.headToHead with the shown player
// as opponent, so every figure is already from the viewer's side), filtered by preset and period, and the
// shown player's stats for every preset they have games in, with the all-presets row first.
import { client } from '../api';
import { h, mount, toast } from '../dom';
import type { PlayerStatsByPresetQuery, RulePreset } from '../gql/graphql';
import { formatDate, formatNumber, t, type MessageKey } from '../i18n';
import { errorText } from '../i18n/errors';
import { HeadToHeadWithViewer, PlayerStatsByPreset } from '../operations';
import { presetName } from './quick-play';

type Stats = NonNullable<PlayerStatsByPresetQuery['player']>['stats'];

/** The periods of the head-to-head filter, in days back from now (0: all time). */
const PERIODS = [0, 30, 7] as const;

/** The PlayerStats fields the table shows, in its column order, with their header keys. */
const STAT_FIELDS: [keyof Omit<Stats, '__typename'>, MessageKey][] = [
  ['gamesPlayed', 'stats.gamesPlayed'],
  ['gamesFinished', 'stats.gamesFinished'],
  ['gamesInProgress', 'stats.gamesInProgress'],
  ['gamesWon', 'stats.gamesWon'],
  ['roundsPlayed', 'stats.roundsPlayed'],
  ['roundsLost', 'stats.roundsLost'],
  ['bidsPlaced', 'stats.bidsPlaced'],
  ['bidsChallenged', 'stats.bidsChallenged'],
  ['bidsChallengedHeld', 'stats.bidsChallengedHeld'],
  ['dudoCalls', 'stats.dudoCalls'],
  ['dudoCallsWon', 'stats.dudoCallsWon'],
  ['exactCalls', 'stats.exactCalls'],
  ['exactCallsWon', 'stats.exactCallsWon'],
];

/** A wide table in a region that scrolls on its own (by keyboard too), so the page never scrolls sideways. */
function scroller(label: string, table: HTMLElement): HTMLElement {
  return h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': label }, table);
}

/** "You vs <name>": the viewer's record against the shown player, with its preset and period filters. */
export function headToHeadSection(
  opponent: { id: string; name: string },
  viewerId: string,
  presets: RulePreset[],
): HTMLElement {
  const presetSelect = h(
    'select',
    { name: 'h2hPreset', 'data-testid': 'h2h-preset' },
    h('option', { value: '' }, t('h2h.allPresets')),
    presets.map((p) => h('option', { value: p }, presetName(p))),
  );
  const periodSelect = h(
    'select',
    { name: 'h2hPeriod', 'data-testid': 'h2h-period' },
    PERIODS.map((days) =>
      h('option', { value: days }, days === 0 ? t('h2h.allTime') : t('h2h.lastDays', { days })),
    ),
  );
  const body = h('div', { 'aria-live': 'polite', 'data-testid': 'h2h-body' });
  const section = h(
    'section',
    { class: 'card head-to-head', 'data-testid': 'head-to-head' },
    h('h2', {}, t('h2h.title', { name: opponent.name })),
    h(
      'div',
      { class: 'row' },
      h('label', {}, t('h2h.preset'), ' ', presetSelect),
      h('label', {}, t('h2h.period'), ' ', periodSelect),
    ),
    body,
  );

  let asked = 0;
  const load = async (): Promise<void> => {
    const mine = ++asked;
    const days = Number(periodSelect.value);
    const data = await client.request(HeadToHeadWithViewer, {
      opponentId: opponent.id,
      preset: (presetSelect.value || null) as RulePreset | null,
      finishedAfter: days ? new Date(Date.now() - days * 86_400_000).toISOString() : null,
    });
    if (mine !== asked) return;
    const record = data.viewer?.headToHead;
    if (!record) return mount(body);
    const figure = (testid: string, label: string, value: number): HTMLElement[] => [
      h('dt', {}, label),
      h('dd', { 'data-testid': testid }, formatNumber(value)),
    ];
    const games = record.recent.nodes;
    mount(
      body,
      h(
        'dl',
        { class: 'figures' },
        figure('h2h-games', t('h2h.games'), record.games),
        figure('h2h-above', t('h2h.placedAbove', { name: opponent.name }), record.placedAbove),
        figure('h2h-below', t('h2h.placedBelow', { name: opponent.name }), record.placedBelow),
        figure('h2h-taken', t('h2h.diceTaken', { name: opponent.name }), record.diceTaken),
        figure('h2h-lost', t('h2h.diceLost', { name: opponent.name }), record.diceLost),
      ),
      h('h3', {}, t('h2h.recent')),
      games.length === 0
        ? h('p', { class: 'muted', 'data-testid': 'h2h-none' }, t('h2h.none'))
        : h(
            'ul',
            { class: 'h2h-games', 'data-testid': 'h2h-recent' },
            games.map((g) => {
              const placeOf = (id: string): number =>
                g.places.find((p) => p.player.id === id)?.place ?? Number.MAX_SAFE_INTEGER;
              const above = placeOf(viewerId) < placeOf(opponent.id);
              return h(
                'li',
                { 'data-game': g.id },
                h('a', { href: `#/history/${g.id}` }, g.name ?? t('game.unnamed')),
                ' ',
                h(
                  'span',
                  { class: 'muted' },
                  t('h2h.gameLine', {
                    preset: presetName(g.rules.preset),
                    at: g.finishedAt ? formatDate(g.finishedAt) : '',
                  }),
                ),
                ' ',
                h(
                  'span',
                  { 'data-testid': 'h2h-who' },
                  above ? t('h2h.youAbove') : t('h2h.theyAbove', { name: opponent.name }),
                ),
              );
            }),
          ),
    );
  };
  const reload = (): void => void load().catch((error: unknown) => toast(errorText(error)));
  presetSelect.addEventListener('change', reload);
  periodSelect.addEventListener('change', reload);
  reload();
  return section;
}

/** The shown player's stats: every preset and then each preset they have games in. */
export function statsSection(player: { id: string; name: string }, presets: RulePreset[]): HTMLElement {
  const body = h('div', { 'data-testid': 'stats-body' });
  const section = h(
    'section',
    { class: 'card player-stats', 'data-testid': 'player-stats' },
    h('h2', {}, t('stats.title', { name: player.name })),
    body,
  );
  const load = async (): Promise<void> => {
    const [all, ...each] = await Promise.all(
      [null, ...presets].map((preset) => client.request(PlayerStatsByPreset, { id: player.id, preset })),
    );
    const rows: [string, string, Stats][] = [];
    if (all?.player) rows.push(['ALL', t('stats.allPresets'), all.player.stats]);
    each.forEach((d, i) => {
      const stats = d.player?.stats;
      if (stats && stats.gamesPlayed > 0) rows.push([presets[i]!, presetName(presets[i]!), stats]);
    });
    mount(
      body,
      scroller(
        t('stats.title', { name: player.name }),
        h(
          'table',
          { class: 'stats-table', 'data-testid': 'stats-table' },
          h('caption', { class: 'sr-only' }, t('stats.title', { name: player.name })),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, t('stats.preset')),
              STAT_FIELDS.map(([, key]) => h('th', { scope: 'col' }, t(key))),
            ),
          ),
          h(
            'tbody',
            {},
            rows.map(([preset, name, stats]) =>
              h(
                'tr',
                { 'data-preset': preset },
                h('th', { scope: 'row' }, name),
                STAT_FIELDS.map(([field]) => h('td', { 'data-field': field }, formatNumber(stats[field]))),
              ),
            ),
          ),
        ),
      ),
    );
  };
  load().catch((error: unknown) => toast(errorText(error)));
  return section;
}
