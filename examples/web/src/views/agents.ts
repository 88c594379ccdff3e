// One's own agents, on one's own page: create one (its token shown once), and for each a new token (every
// earlier one stops working), a new name, and retirement (final: it is never seated again).
import { client } from '../api';
import { announce } from '../announce';
import { h, mount, toast } from '../dom';
import type { AgentFieldsFragment } from '../gql/graphql';
import { t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { CreateAgent, MyAgents, RenameAgent, RetireAgent, RotateAgentToken } from '../operations';

type Refused = { code: string; message: string } | undefined;

export function agentsSection(): HTMLElement {
  const el = h('section', {
    class: 'card agents',
    'data-testid': 'agents',
    'aria-labelledby': 'agents-title',
  });
  // The token just made: its own box, which re-rendering the list does not empty.
  const tokenBox = h('div', { class: 'secret-slot' });
  const list = h('div', {});
  let agents: AgentFieldsFragment[] = [];
  /** The agent whose retirement awaits a confirmation, and the one being renamed. */
  let confirming: string | null = null;
  let renaming: string | null = null;

  const showToken = (agent: AgentFieldsFragment, token: string, rotated: boolean): void => {
    const code = h('code', { 'data-testid': 'agent-token' }, token);
    const copy = h(
      'button',
      {
        class: 'secondary',
        'data-testid': 'copy-token',
        onclick: () =>
          void navigator.clipboard.writeText(token).then(
            () => announce(t('agents.copied')),
            () => toast(t('agents.copyFailed')),
          ),
      },
      t('agents.copy'),
    );
    mount(
      tokenBox,
      h(
        'div',
        { class: 'secret', role: 'status' },
        h(
          'h3',
          {},
          rotated
            ? t('agents.newTokenTitle', { name: agent.name })
            : t('agents.tokenTitle', { name: agent.name }),
        ),
        h('p', {}, code, ' ', copy),
        h('p', { class: 'muted' }, t('agents.tokenOnce')),
        h('button', { class: 'link', onclick: () => mount(tokenBox) }, t('agents.tokenDone')),
      ),
    );
  };

  const run = (request: Promise<Refused>, done: () => void): void => {
    request.then(
      (error) => (error ? toast(refusal(error)) : done()),
      (error: unknown) => toast(errorText(error)),
    );
  };

  const renderList = (): void => {
    mount(
      list,
      agents.length === 0
        ? h('p', { class: 'muted', 'data-testid': 'agents-none' }, t('agents.none'))
        : h(
            'ul',
            { class: 'webhook-list', 'data-testid': 'agent-list' },
            agents.map((a) => {
              const nameInput = h('input', {
                name: 'agentName',
                value: a.name,
                required: true,
                maxlength: 40,
              });
              return h(
                'li',
                { 'data-agent': a.id, 'data-retired': String(a.retired) },
                h(
                  'h3',
                  {},
                  a.name,
                  a.retired ? [' ', h('span', { class: 'badge bot' }, t('arena.retired'))] : null,
                ),
                a.retired
                  ? h('p', { class: 'muted' }, t('agents.retiredNote'))
                  : renaming === a.id
                    ? h(
                        'form',
                        {
                          class: 'row',
                          onsubmit: (event: Event) => {
                            event.preventDefault();
                            run(
                              client
                                .request(RenameAgent, {
                                  input: { agentId: a.id, name: nameInput.value.trim() },
                                })
                                .then((d) => d.renameAgent.userErrors[0]),
                              () => {
                                renaming = null;
                                announce(t('agents.renamed', { name: nameInput.value.trim() }));
                                void reload();
                              },
                            );
                          },
                        },
                        h('label', {}, t('agents.newName', { name: a.name }), ' ', nameInput),
                        h('button', { type: 'submit', 'data-testid': 'save-agent-name' }, t('agents.save')),
                        h(
                          'button',
                          {
                            type: 'button',
                            class: 'secondary',
                            onclick: () => {
                              renaming = null;
                              renderList();
                            },
                          },
                          t('agents.cancel'),
                        ),
                      )
                    : h(
                        'div',
                        { class: 'row' },
                        h(
                          'button',
                          {
                            'data-testid': 'rotate-agent',
                            'aria-label': t('agents.rotateName', { name: a.name }),
                            onclick: () =>
                              void client.request(RotateAgentToken, { input: { agentId: a.id } }).then(
                                ({ rotateAgentToken: r }) =>
                                  r.userErrors[0] || !r.token
                                    ? toast(r.userErrors[0] ? refusal(r.userErrors[0]) : t('agents.noToken'))
                                    : showToken(a, r.token, true),
                                (error: unknown) => toast(errorText(error)),
                              ),
                          },
                          t('agents.rotate'),
                        ),
                        h(
                          'button',
                          {
                            class: 'secondary',
                            'data-testid': 'rename-agent',
                            'aria-label': t('agents.renameName', { name: a.name }),
                            onclick: () => {
                              renaming = a.id;
                              renderList();
                            },
                          },
                          t('agents.rename'),
                        ),
                        confirming === a.id
                          ? [
                              h('span', { role: 'alert' }, t('agents.retireConfirm', { name: a.name })),
                              h(
                                'button',
                                {
                                  class: 'danger',
                                  'data-testid': 'confirm-retire',
                                  onclick: () =>
                                    run(
                                      client
                                        .request(RetireAgent, { input: { agentId: a.id } })
                                        .then((d) => d.retireAgent.userErrors[0]),
                                      () => {
                                        confirming = null;
                                        announce(t('agents.retired', { name: a.name }));
                                        void reload();
                                      },
                                    ),
                                },
                                t('agents.retireYes'),
                              ),
                              h(
                                'button',
                                {
                                  class: 'secondary',
                                  onclick: () => {
                                    confirming = null;
                                    renderList();
                                  },
                                },
                                t('agents.cancel'),
                              ),
                            ]
                          : h(
                              'button',
                              {
                                class: 'secondary',
                                'data-testid': 'retire-agent',
                                'aria-label': t('agents.retireName', { name: a.name }),
                                onclick: () => {
                                  confirming = a.id;
                                  renderList();
                                },
                              },
                              t('agents.retire'),
                            ),
                      ),
              );
            }),
          ),
    );
  };

  const reload = async (): Promise<void> => {
    const data = await client.request(MyAgents, {});
    // An agent has no agents of its own: its page has no such section.
    el.hidden = !!data.viewer?.isAgent;
    agents = data.viewer?.agents ?? [];
    renderList();
  };

  const name = h('input', { name: 'newAgent', required: true, maxlength: 40, 'data-testid': 'agent-name' });
  const form = h(
    'form',
    {
      class: 'row',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void client.request(CreateAgent, { input: { name: name.value.trim() } }).then(
          ({ createAgent: c }) => {
            if (c.userErrors[0] || !c.token || !c.player)
              return toast(c.userErrors[0] ? refusal(c.userErrors[0]) : t('agents.noToken'));
            name.value = '';
            showToken(c.player, c.token, false);
            announce(t('agents.created', { name: c.player.name }));
            void reload();
          },
          (error: unknown) => toast(errorText(error)),
        );
      },
    },
    h('label', {}, t('agents.name'), ' ', name),
    h('button', { type: 'submit', 'data-testid': 'create-agent' }, t('agents.create')),
  );
  mount(
    el,
    h('h2', { id: 'agents-title' }, t('agents.title')),
    h('p', { class: 'muted' }, t('agents.intro'), ' ', h('a', { href: '#/arena' }, t('agents.arenaLink'))),
    form,
    tokenBox,
    list,
  );
  reload().catch((error: unknown) => toast(errorText(error)));
  return el;
}
