// "Play now": a seat at the oldest open quick-play table of the chosen kind, or a new one that bots fill up.
import { client } from '../api';
import { h, toast } from '../dom';
import type { LobbyPageQuery, RulePreset } from '../gql/graphql';
import { title } from '../format';
import { currentClientSeed } from './verification';

export function quickPlayForm(presets: LobbyPageQuery['rulePresets']): HTMLElement {
  const preset = h(
    'select',
    { name: 'quickPreset' },
    presets.map((p) => h('option', { value: p.preset }, title(p.preset))),
  );
  const players = h('input', { name: 'players', type: 'number', min: 2, max: 10, value: 4 });
  const botFill = h('input', { name: 'botFillSeconds', type: 'number', min: 0, max: 300, value: 20 });
  const play = async (): Promise<void> => {
    try {
      const { game, userErrors } = await client.quickPlay({
        preset: preset.value as RulePreset,
        players: Number(players.value),
        botFillSeconds: Number(botFill.value),
        clientSeed: currentClientSeed(),
      });
      if (userErrors[0] || !game) return toast(userErrors[0]?.message ?? 'no table was found');
      window.location.hash = `#/game/${game.id}`;
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error));
    }
  };
  return h(
    'form',
    {
      class: 'card quick-play',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void play();
      },
    },
    h('h2', {}, 'Play now'),
    h(
      'p',
      { class: 'muted' },
      'A seat at the next table that fills up; bots take the seats nobody takes in time.',
    ),
    h(
      'div',
      { class: 'row' },
      h('label', {}, 'Rules ', preset),
      h('label', {}, 'Players ', players),
      h('label', {}, 'Bots after (s) ', botFill),
    ),
    h('button', { type: 'submit', 'data-testid': 'play-now' }, 'Play now'),
  );
}
