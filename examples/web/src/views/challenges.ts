// Direct challenges: the lobby's panel of challenges received and made (live through playerEvents), the form
// that challenges players, and a player's page (challenge, block, and one's own challenge policy).
import type { Stream } from '@perudo/client';
import { client, streamFailed } from '../api';
import { announce } from '../announce';
import { h, mount, toast } from '../dom';
import type { ChallengeFieldsFragment, ChallengePolicy, RulePreset } from '../gql/graphql';
import { formatDate, formatList, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import {
  AcceptChallenge,
  BlockPlayer,
  CancelChallenge,
  ChallengeEvents,
  ChallengePlayers,
  DeclineChallenge,
  MyChallenges,
  PlayerPage,
  SetChallengePolicy,
  UnblockPlayer,
} from '../operations';
import { session } from '../session';
import { agentsSection } from './agents';
import type { View } from './lobby';
import { headToHeadSection, statsSection } from './player-record';
import { presetName } from './quick-play';

type Refused = { code: string; message: string } | undefined;

/** Runs a mutation; a refusal or a failure is shown, and `done` runs only when it was applied. */
function act(request: Promise<Refused>, done: () => void): void {
  request.then(
    (error) => (error ? toast(refusal(error)) : done()),
    (error: unknown) => toast(errorText(error)),
  );
}

/** The challenges received and made, open or just answered; re-read on each CHALLENGE_* event. */
export function challengesPanel(): View {
  const el = h('section', { class: 'card challenges', 'data-testid': 'challenges', hidden: true });
  const shown = new Map<string, ChallengeFieldsFragment>();
  const me = session.current()?.playerId;

  const render = (): void => {
    const all = [...shown.values()];
    const received = all.filter((c) => c.challenger.id !== me);
    const made = all.filter((c) => c.challenger.id === me);
    el.hidden = all.length === 0;
    // Empty, it holds no heading either: the lobby's first heading stays its open games.
    if (all.length === 0) return mount(el);
    mount(
      el,
      h('h2', {}, t('challenges.title')),
      received.length > 0
        ? h(
            'ul',
            { class: 'challenge-list', 'data-testid': 'challenges-received' },
            received.map((c) => {
              const mine = c.invitees.find((i) => i.player.id === me);
              const open = c.status === 'OPEN' && mine?.status === 'OPEN';
              return h(
                'li',
                { 'data-challenge': c.id },
                h('p', {}, t('challenges.from', { name: c.challenger.name })),
                c.message ? h('blockquote', {}, c.message) : null,
                h(
                  'p',
                  { class: 'muted' },
                  open
                    ? t('challenges.expires', { at: formatDate(c.expiresAt) })
                    : t(`challenges.status.${mine?.status ?? c.status}`),
                ),
                open
                  ? h(
                      'div',
                      { class: 'row' },
                      h(
                        'button',
                        {
                          'data-testid': 'accept-challenge',
                          'aria-label': t('challenges.acceptFrom', { name: c.challenger.name }),
                          onclick: () =>
                            act(
                              client
                                .request(AcceptChallenge, { input: { challengeId: c.id } })
                                .then((d) => d.acceptChallenge.userErrors[0]),
                              () => (window.location.hash = `#/game/${c.game.id}`),
                            ),
                        },
                        t('challenges.accept'),
                      ),
                      h(
                        'button',
                        {
                          class: 'secondary',
                          'data-testid': 'decline-challenge',
                          'aria-label': t('challenges.declineFrom', { name: c.challenger.name }),
                          onclick: () =>
                            act(
                              client
                                .request(DeclineChallenge, { input: { challengeId: c.id } })
                                .then((d) => d.declineChallenge.userErrors[0]),
                              () => {
                                shown.delete(c.id);
                                render();
                                announce(t('challenges.declined'));
                              },
                            ),
                        },
                        t('challenges.decline'),
                      ),
                    )
                  : null,
              );
            }),
          )
        : null,
      made.length > 0
        ? h(
            'ul',
            { class: 'challenge-list', 'data-testid': 'challenges-made' },
            made.map((c) =>
              h(
                'li',
                { 'data-challenge': c.id, 'data-status': c.status },
                h(
                  'p',
                  {},
                  t('challenges.to', {
                    names: formatList(
                      c.invitees.map((i) =>
                        t('challenges.invitee', {
                          name: i.player.name,
                          status: t(`challenges.status.${i.status}`),
                        }),
                      ),
                    ),
                  }),
                ),
                h(
                  'div',
                  { class: 'row' },
                  h('a', { href: `#/game/${c.game.id}`, class: 'button' }, t('challenges.table')),
                  c.status === 'OPEN'
                    ? h(
                        'button',
                        {
                          class: 'secondary',
                          'data-testid': 'cancel-challenge',
                          onclick: () =>
                            act(
                              client
                                .request(CancelChallenge, { input: { challengeId: c.id } })
                                .then((d) => d.cancelChallenge.userErrors[0]),
                              () => {
                                shown.delete(c.id);
                                render();
                              },
                            ),
                        },
                        t('challenges.cancel'),
                      )
                    : null,
                ),
              ),
            ),
          )
        : null,
    );
  };

  const load = async (): Promise<void> => {
    const data = await client.request(MyChallenges);
    // Answered challenges stay shown (their answer told) until the page is left.
    for (const [id, c] of shown) if (c.status === 'OPEN') shown.delete(id);
    for (const c of data.viewer?.challenges ?? []) shown.set(c.id, c);
    render();
  };

  const live: Stream = client.subscribe(ChallengeEvents, () => ({}), {
    next: ({ playerEvents: e }) => {
      if (!e.challenge) return;
      shown.set(e.challenge.id, e.challenge);
      render();
      if (e.type === 'CHALLENGE_RECEIVED')
        announce(t('challenges.receivedFrom', { name: e.challenge.challenger.name }), 'assertive');
      else if (e.type === 'CHALLENGE_DECLINED' || e.type === 'CHALLENGE_ACCEPTED')
        announce(t(`challenges.answer.${e.type}`));
    },
    failed: (error) => streamFailed(error, toast),
  });
  load().catch((error: unknown) => toast(errorText(error)));
  return { el, dispose: () => live.close() };
}

/**
 * Challenges `playerIds` to a game of `preset` (chosen here when not given), with an optional message: the
 * challenger then waits at the new table.
 */
export function challengeForm(
  playerIds: string[],
  preset: RulePreset | RulePreset[],
  heading: string,
): HTMLElement {
  const message = h('textarea', { name: 'challengeMessage', maxlength: 280, rows: 2 });
  const choose = Array.isArray(preset)
    ? h(
        'select',
        { name: 'challengePreset' },
        preset.map((p) => h('option', { value: p }, presetName(p))),
      )
    : null;
  const form: HTMLFormElement = h(
    'form',
    {
      class: 'card challenge-form',
      'data-testid': 'challenge-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        act(
          client
            .request(ChallengePlayers, {
              input: {
                playerIds,
                preset: (choose ? choose.value : preset) as RulePreset,
                message: message.value.trim() || undefined,
              },
            })
            .then((d) => {
              const c = d.challengePlayers.challenge;
              if (c && !d.challengePlayers.userErrors[0])
                mount(
                  form,
                  h(
                    'p',
                    { role: 'status', 'data-testid': 'challenge-sent' },
                    t('challenges.sent', { names: formatList(c.invitees.map((i) => i.player.name)) }),
                  ),
                  h('a', { href: `#/game/${c.game.id}`, class: 'button' }, t('challenges.table')),
                  ' ',
                  h('a', { href: '#/' }, t('history.lobby')),
                );
              return d.challengePlayers.userErrors[0];
            }),
          () => {},
        );
      },
    },
    h('h2', {}, heading),
    choose ? h('label', {}, t('create.rules'), ' ', choose) : null,
    h('label', {}, t('challenges.message'), ' ', message),
    h('button', { type: 'submit', 'data-testid': 'challenge' }, t('challenges.challenge')),
  );
  return form;
}

/** Whose challenges the viewer takes. */
export function policyForm(current: ChallengePolicy): HTMLElement {
  const policies: ChallengePolicy[] = ['EVERYONE', 'PLAYED_WITH', 'NOBODY'];
  const select = h(
    'select',
    { name: 'challengePolicy', 'data-testid': 'challenge-policy' },
    policies.map((p) => h('option', { value: p, selected: p === current }, t(`policy.${p}`))),
  );
  select.addEventListener('change', () =>
    act(
      client
        .request(SetChallengePolicy, { input: { policy: select.value as ChallengePolicy } })
        .then((d) => d.setChallengePolicy.userErrors[0]),
      () => announce(t('policy.saved')),
    ),
  );
  return h(
    'section',
    { class: 'card policy' },
    h('h2', {}, t('policy.title')),
    h('label', {}, t('policy.label'), ' ', select),
  );
}

/**
 * A player's page: the viewer's head-to-head against them, their stats by preset, challenge them, block or
 * unblock them; one's own page sets the challenge policy.
 */
export function playerView(playerId: string): View {
  const el = h('div', { class: 'player-page' });
  const load = async (): Promise<void> => {
    const data = await client.request(PlayerPage, { id: playerId });
    const player = data.player;
    if (!player) return mount(el, h('div', { class: 'card' }, t('player.noSuchPlayer')));
    const viewer = data.viewer;
    const self = viewer?.id === player.id;
    const blocked = viewer?.blockedPlayers?.some((p) => p.id === player.id) ?? false;
    mount(
      el,
      h(
        'header',
        { class: 'card' },
        h('h1', {}, self ? t('player.yours', { name: player.name }) : player.name),
        h('a', { href: '#/' }, t('history.lobby')),
      ),
      self && viewer?.challengePolicy ? policyForm(viewer.challengePolicy) : null,
      self ? agentsSection() : null,
      viewer && !self
        ? headToHeadSection(
            player,
            viewer.id,
            data.rulePresets.map((p) => p.preset),
          )
        : null,
      statsSection(
        player,
        data.rulePresets.map((p) => p.preset),
      ),
      !self && !player.botLevel
        ? challengeForm(
            [player.id],
            data.rulePresets.map((p) => p.preset),
            t('challenges.challengeName', { name: player.name }),
          )
        : null,
      !self && !player.botLevel
        ? h(
            'section',
            { class: 'card' },
            h('p', { class: 'muted' }, blocked ? t('player.blockedNote') : t('player.blockNote')),
            h(
              'button',
              {
                class: 'secondary',
                'data-testid': blocked ? 'unblock' : 'block',
                onclick: () =>
                  act(
                    blocked
                      ? client
                          .request(UnblockPlayer, { input: { playerId: player.id } })
                          .then((d) => d.unblockPlayer.userErrors[0])
                      : client
                          .request(BlockPlayer, { input: { playerId: player.id } })
                          .then((d) => d.blockPlayer.userErrors[0]),
                    () => {
                      announce(
                        blocked
                          ? t('player.unblocked', { name: player.name })
                          : t('player.blocked', { name: player.name }),
                      );
                      void load().catch((error: unknown) => toast(errorText(error)));
                    },
                  ),
              },
              blocked ? t('player.unblock', { name: player.name }) : t('player.block', { name: player.name }),
            ),
          )
        : null,
    );
  };
  load().catch((error: unknown) => toast(errorText(error)));
  return { el, dispose() {} };
}
