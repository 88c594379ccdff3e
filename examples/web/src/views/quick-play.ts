// "Play now": a seat at the oldest open quick-play table of the chosen kind, or a new one that bots fill up.
import { client } from '../api';
import { h, toast } from '../dom';
import type { LobbyPageQuery, RulePreset } from '../gql/graphql';
import { has, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { currentClientSeed } from './verification';

/** A preset's name in the page's language (a preset newer than the catalogs keeps its API name). */
export function presetName(preset: string): string {
  const key = `preset.${preset}`;
  return has(key) ? t(key) : preset;
}

export function quickPlayForm(presets: LobbyPageQuery['rulePresets']): HTMLElement {
  const preset = h(
    'select',
    { name: 'quickPreset' },
    presets.map((p) => h('option', { value: p.preset }, presetName(p.preset))),
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
      if (userErrors[0] || !game) return toast(userErrors[0] ? refusal(userErrors[0]) : t('quick.none'));
      window.location.hash = `#/game/${game.id}`;
    } catch (error) {
      toast(errorText(error));
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
    h('h2', {}, t('quick.title')),
    h('p', { class: 'muted' }, t('quick.intro')),
    h(
      'div',
      { class: 'row' },
      h('label', {}, t('create.rules'), ' ', preset),
      h('label', {}, t('quick.players'), ' ', players),
      h('label', {}, t('quick.botsAfter'), ' ', botFill),
    ),
    h('button', { type: 'submit', 'data-testid': 'play-now' }, t('quick.submit')),
  );
}
