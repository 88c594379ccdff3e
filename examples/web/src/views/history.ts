// A finished game's history: every round with its hands, bids and outcome.
import { client } from '../api';
import { h, mount, toast } from '../dom';
import type { RoundResultFragment } from '../gql/graphql';
import { t } from '../i18n';
import { errorText } from '../i18n/errors';
import { GameHistory } from '../operations';
import type { View } from './lobby';
import { roundResult } from './round-result';

export function historyView(gameId: string): View {
  const el = h('div', { class: 'history' });
  const load = async (): Promise<void> => {
    const rounds: RoundResultFragment[] = [];
    let after: string | null = null;
    let first = await client.request(GameHistory, { id: gameId });
    for (;;) {
      const game = first.game;
      if (!game) return mount(el, h('div', { class: 'card' }, t('history.noSuchGame')));
      rounds.push(...game.rounds.nodes);
      if (!game.rounds.pageInfo.hasNextPage) break;
      after = game.rounds.pageInfo.endCursor ?? null;
      first = await client.request(GameHistory, { id: gameId, after });
    }
    const game = first.game!;
    mount(
      el,
      h(
        'header',
        { class: 'card' },
        h('h1', {}, game.name ?? t('game.unnamed')),
        h(
          'p',
          {},
          t('history.summary', {
            status: t(`status.${game.status}`),
            winner: game.winner?.name ?? 'none',
            rounds: rounds.length,
            players: game.seats.map((s) => s.player.name).join(', '),
          }),
        ),
        h('a', { href: `#/game/${gameId}` }, t('history.table')),
        ' · ',
        h('a', { href: '#/' }, t('history.lobby')),
      ),
      rounds.map((r) => h('section', { class: 'card' }, roundResult(r))),
    );
  };
  load().catch((error: unknown) => toast(errorText(error)));
  return { el, dispose() {} };
}
