// The viewer's webhook endpoints: create one (its secret shown once), enable or disable it, rotate its secret,
// delete it, and read its recent deliveries (each may be sent again); and whose challenges one takes.
import { client } from '../api';
import { announce } from '../announce';
import { h, mount, toast } from '../dom';
import type { WebhookEventType, WebhookFieldsFragment } from '../gql/graphql';
import { formatDate, formatNumber, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import {
  CreateWebhook,
  DeleteWebhook,
  RedeliverWebhook,
  RotateWebhookSecret,
  UpdateWebhook,
  WebhooksPage,
} from '../operations';
import { policyForm } from './challenges';
import type { View } from './lobby';

const EVENTS: WebhookEventType[] = [
  'YOUR_TURN',
  'GAME_STARTED',
  'GAME_FINISHED',
  'NUDGED',
  'KICKED',
  'SEAT_AWAY',
  'REMATCH_CREATED',
  'CHALLENGE_RECEIVED',
  'CHALLENGE_ACCEPTED',
  'CHALLENGE_DECLINED',
  'CHALLENGE_EXPIRED',
];

type Refused = { code: string; message: string } | undefined;

export function webhooksView(): View {
  const el = h('div', { class: 'webhooks' });
  // The secret just made: shown in its own box, which re-rendering the list does not empty.
  const secretBox = h('div', { class: 'secret-slot' });
  const formError = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'webhook-error' });
  const list = h('section', { class: 'card', 'aria-labelledby': 'webhooks-list' });
  const settings = h('div', {});
  let webhooks: WebhookFieldsFragment[] = [];
  /** The endpoint whose deletion awaits a confirmation. */
  let confirming: string | null = null;

  const showSecret = (secret: string, rotated: boolean): void => {
    const code = h('code', { 'data-testid': 'webhook-secret' }, secret);
    const copy = h(
      'button',
      {
        class: 'secondary',
        'data-testid': 'copy-secret',
        onclick: () =>
          void navigator.clipboard.writeText(secret).then(
            () => announce(t('webhooks.copied')),
            () => toast(t('webhooks.copyFailed')),
          ),
      },
      t('webhooks.copy'),
    );
    mount(
      secretBox,
      h(
        'section',
        { class: 'card secret', role: 'status' },
        h('h2', {}, rotated ? t('webhooks.newSecretTitle') : t('webhooks.secretTitle')),
        h('p', {}, code, ' ', copy),
        h('p', { class: 'muted' }, t('webhooks.secretOnce')),
        rotated ? h('p', { class: 'muted' }, t('webhooks.oldSecret')) : null,
        h('button', { class: 'link', onclick: () => mount(secretBox) }, t('webhooks.secretDone')),
      ),
    );
    code.scrollIntoView?.({ block: 'nearest' });
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
      h(
        'div',
        { class: 'row' },
        h('h2', { id: 'webhooks-list' }, t('webhooks.yours')),
        h(
          'button',
          { class: 'secondary', 'data-testid': 'refresh-webhooks', onclick: () => void reload() },
          t('webhooks.refresh'),
        ),
      ),
      webhooks.length === 0
        ? h('p', { class: 'muted' }, t('webhooks.none'))
        : h(
            'ul',
            { class: 'webhook-list' },
            webhooks.map((w) =>
              h(
                'li',
                { 'data-webhook': w.id, 'data-enabled': String(w.enabled) },
                h('h3', { class: 'webhook-url' }, w.url),
                w.description ? h('p', {}, w.description) : null,
                h(
                  'p',
                  { class: 'muted' },
                  t('webhooks.summary', {
                    enabled: w.enabled ? 'yes' : 'no',
                    created: formatDate(w.createdAt),
                  }),
                  ' ',
                  t('webhooks.sends', { events: w.events.map((e) => t(`webhooks.event.${e}`)).join(', ') }),
                ),
                w.disabledReason
                  ? h(
                      'p',
                      { class: 'warning', 'data-testid': 'disabled-reason' },
                      t('webhooks.disabledBecause', { reason: w.disabledReason }),
                    )
                  : null,
                h(
                  'div',
                  { class: 'row' },
                  h(
                    'button',
                    {
                      'data-testid': 'toggle-webhook',
                      onclick: () =>
                        run(
                          client
                            .request(UpdateWebhook, { input: { webhookId: w.id, enabled: !w.enabled } })
                            .then((d) => d.updateWebhook.userErrors[0]),
                          () => {
                            announce(w.enabled ? t('webhooks.disabled') : t('webhooks.enabled'));
                            void reload();
                          },
                        ),
                    },
                    w.enabled ? t('webhooks.disable') : t('webhooks.enable'),
                  ),
                  h(
                    'button',
                    {
                      class: 'secondary',
                      'data-testid': 'rotate-secret',
                      onclick: () =>
                        void client
                          .request(RotateWebhookSecret, { input: { webhookId: w.id } })
                          .then((d) => {
                            const error = d.rotateWebhookSecret.userErrors[0];
                            if (error) return toast(refusal(error));
                            if (d.rotateWebhookSecret.secret) showSecret(d.rotateWebhookSecret.secret, true);
                          })
                          .catch((error: unknown) => toast(errorText(error))),
                    },
                    t('webhooks.rotate'),
                  ),
                  confirming === w.id
                    ? h(
                        'span',
                        { class: 'confirm', role: 'group', 'aria-label': t('webhooks.confirmDelete') },
                        h('span', {}, t('webhooks.confirmDelete'), ' '),
                        h(
                          'button',
                          {
                            class: 'danger',
                            'data-testid': 'confirm-delete',
                            onclick: () =>
                              run(
                                client
                                  .request(DeleteWebhook, { input: { webhookId: w.id } })
                                  .then((d) => d.deleteWebhook.userErrors[0]),
                                () => {
                                  confirming = null;
                                  announce(t('webhooks.deleted'));
                                  void reload();
                                },
                              ),
                          },
                          t('webhooks.deleteYes'),
                        ),
                        ' ',
                        h(
                          'button',
                          {
                            class: 'secondary',
                            onclick: () => {
                              confirming = null;
                              renderList();
                            },
                          },
                          t('webhooks.deleteNo'),
                        ),
                      )
                    : h(
                        'button',
                        {
                          class: 'secondary',
                          'data-testid': 'delete-webhook',
                          onclick: () => {
                            confirming = w.id;
                            renderList();
                            list.querySelector<HTMLElement>('[data-testid=confirm-delete]')?.focus();
                          },
                        },
                        t('webhooks.delete'),
                      ),
                ),
                h('h4', {}, t('webhooks.deliveries')),
                w.deliveries.nodes.length === 0
                  ? h('p', { class: 'muted' }, t('webhooks.noDeliveries'))
                  : h(
                      'ul',
                      { class: 'deliveries', 'data-testid': 'deliveries' },
                      w.deliveries.nodes.map((d) =>
                        h(
                          'li',
                          { 'data-delivery': d.id, 'data-status': d.status },
                          h('strong', {}, t(`webhooks.event.${d.eventType}`)),
                          ' ',
                          h('span', { class: `delivery ${d.status}` }, t(`webhooks.status.${d.status}`)),
                          ' ',
                          h(
                            'span',
                            { class: 'muted' },
                            t('webhooks.attempts', { count: d.attempts }),
                            d.responseStatus !== null && d.responseStatus !== undefined
                              ? [' · ', t('webhooks.httpStatus', { status: d.responseStatus })]
                              : null,
                            d.durationMs !== null && d.durationMs !== undefined
                              ? [' · ', t('webhooks.duration', { ms: formatNumber(d.durationMs) })]
                              : null,
                            d.lastAttemptAt
                              ? [' · ', h('time', { datetime: d.lastAttemptAt }, formatDate(d.lastAttemptAt))]
                              : null,
                            d.nextAttemptAt
                              ? [' · ', t('webhooks.nextAttempt', { at: formatDate(d.nextAttemptAt) })]
                              : null,
                          ),
                          ' ',
                          h(
                            'button',
                            {
                              class: 'secondary',
                              'data-testid': 'redeliver',
                              'aria-label': t('webhooks.redeliverLabel', {
                                event: t(`webhooks.event.${d.eventType}`),
                                id: d.webhookMessageId,
                              }),
                              onclick: () =>
                                run(
                                  client
                                    .request(RedeliverWebhook, { input: { deliveryId: d.id } })
                                    .then((r) => r.redeliverWebhook.userErrors[0]),
                                  () => {
                                    announce(t('webhooks.redelivered'));
                                    void reload();
                                  },
                                ),
                            },
                            t('webhooks.redeliver'),
                          ),
                        ),
                      ),
                    ),
              ),
            ),
          ),
    );
  };

  const reload = async (): Promise<void> => {
    try {
      const data = await client.request(WebhooksPage);
      webhooks = data.viewer?.webhooks ?? [];
      renderList();
      if (data.viewer?.challengePolicy && !settings.hasChildNodes())
        mount(settings, policyForm(data.viewer.challengePolicy));
    } catch (error) {
      toast(errorText(error));
    }
  };

  const url = h('input', { name: 'webhookUrl', type: 'url', required: true, maxlength: 2048 });
  const note = h('input', { name: 'webhookNote', maxlength: 200 });
  const boxes = EVENTS.map((e) =>
    h('input', { type: 'checkbox', name: 'webhookEvent', value: e, checked: e === 'YOUR_TURN' }),
  );
  const form = h(
    'form',
    {
      class: 'card create-webhook',
      onsubmit: (event: Event) => {
        event.preventDefault();
        formError.textContent = '';
        const events = boxes.filter((b) => b.checked).map((b) => b.value as WebhookEventType);
        if (events.length === 0) {
          formError.textContent = t('webhooks.pickEvent');
          return;
        }
        client
          .request(CreateWebhook, {
            input: { url: url.value.trim(), events, description: note.value.trim() || undefined },
          })
          .then((d) => {
            const error = d.createWebhook.userErrors[0];
            if (error) {
              formError.textContent = refusal(error);
              return;
            }
            if (d.createWebhook.secret) showSecret(d.createWebhook.secret, false);
            url.value = '';
            note.value = '';
            void reload();
          })
          .catch((error: unknown) => {
            formError.textContent = errorText(error);
          });
      },
    },
    h('h2', {}, t('webhooks.add')),
    h('label', {}, t('webhooks.url'), ' ', url),
    h(
      'fieldset',
      { class: 'events' },
      h('legend', {}, t('webhooks.events')),
      boxes.map((b) => h('label', {}, b, ' ', t(`webhooks.event.${b.value as WebhookEventType}`))),
    ),
    h('label', {}, t('webhooks.note'), ' ', note),
    formError,
    h('button', { type: 'submit', 'data-testid': 'create-webhook' }, t('webhooks.create')),
  );

  mount(
    el,
    h('header', { class: 'card' }, h('h1', {}, t('webhooks.title')), h('p', {}, t('webhooks.intro'))),
    secretBox,
    form,
    list,
    settings,
  );
  void reload();
  return { el, dispose() {} };
}
