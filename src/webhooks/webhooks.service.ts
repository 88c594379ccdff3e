// The webhook use cases of an endpoint's owner: register, change, delete, rotate the secret, list, redeliver.
import { checkEndpointUrl } from './address-policy';
import { newWebhookSecret } from './webhook-signature';
import { WEBHOOKS_PER_PLAYER, type WebhookSettings } from './webhook-settings';
import type { DeliveryRecord, WebhookRecord, WebhooksRepository } from './webhooks.repository';

/** Input that breaks a rule of its shape: BAD_USER_INPUT, with the rule. */
export class WebhookInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The userError codes of webhook changes. */
export type WebhookRefusalCode = 'WEBHOOK_URL_NOT_ALLOWED' | 'WEBHOOK_LIMIT_REACHED';

/** A refusal by the contract's rules: a userError. */
export interface WebhookRefusal {
  readonly kind: 'refused';
  readonly code: WebhookRefusalCode;
  readonly message: string;
  readonly field: readonly string[];
}

export type WebhookChange =
  | { readonly kind: 'ok'; readonly webhook: WebhookRecord; readonly secret: string | null }
  | { readonly kind: 'not_found' }
  | WebhookRefusal;

export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly settings: WebhookSettings,
  ) {}

  /** The URL as given, or a refusal; throws WebhookInputError for what is not a URL. */
  private url(url: string): { url: string } | WebhookRefusal {
    const refusal = checkEndpointUrl(url, this.settings);
    if (!refusal) return { url };
    if (refusal.code === 'BAD_USER_INPUT') throw new WebhookInputError(refusal.message, 'url');
    return { kind: 'refused', code: refusal.code, message: refusal.message, field: ['input', 'url'] };
  }

  private events(events: readonly string[]): string[] {
    if (events.length === 0)
      throw new WebhookInputError('events must name at least one WebhookEventType', 'events');
    return [...new Set(events)];
  }

  async create(
    ownerId: string,
    input: { url: string; events: readonly string[]; description: string | null },
    idempotencyKey: string | null,
  ): Promise<WebhookChange> {
    const url = this.url(input.url);
    if ('kind' in url) return url;
    const created = await this.repository.create(
      ownerId,
      {
        url: url.url,
        events: this.events(input.events),
        description: input.description,
        secret: newWebhookSecret(),
      },
      idempotencyKey,
    );
    if (created.kind === 'limit_reached')
      return {
        kind: 'refused',
        code: 'WEBHOOK_LIMIT_REACHED',
        message: `a player may register at most ${WEBHOOKS_PER_PLAYER} webhooks: delete one to add another`,
        field: ['input'],
      };
    return { kind: 'ok', webhook: created.webhook, secret: created.secret };
  }

  async update(
    ownerId: string,
    webhookId: string,
    input: { url?: string; events?: readonly string[]; description?: string | null; enabled?: boolean },
  ): Promise<WebhookChange> {
    let url: string | undefined;
    if (input.url !== undefined) {
      const checked = this.url(input.url);
      if ('kind' in checked) return checked;
      url = checked.url;
    }
    const webhook = await this.repository.update(ownerId, webhookId, {
      ...(url !== undefined && { url }),
      ...(input.events !== undefined && { events: this.events(input.events) }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
    });
    return webhook ? { kind: 'ok', webhook, secret: null } : { kind: 'not_found' };
  }

  async delete(ownerId: string, webhookId: string): Promise<WebhookChange> {
    const webhook = await this.repository.delete(ownerId, webhookId);
    return webhook ? { kind: 'ok', webhook, secret: null } : { kind: 'not_found' };
  }

  async rotateSecret(
    ownerId: string,
    webhookId: string,
    idempotencyKey: string | null,
  ): Promise<WebhookChange> {
    const rotated = await this.repository.rotate(ownerId, webhookId, newWebhookSecret(), idempotencyKey);
    return rotated ? { kind: 'ok', webhook: rotated.webhook, secret: rotated.secret } : { kind: 'not_found' };
  }

  /** Sends a delivery again (same webhook-id); null when it is not of an endpoint of the owner's. */
  redeliver(ownerId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    return this.repository.redeliver(ownerId, deliveryId);
  }

  list(ownerId: string): Promise<WebhookRecord[]> {
    return this.repository.list(ownerId);
  }

  find(ownerId: string, webhookId: string): Promise<WebhookRecord | null> {
    return this.repository.find(ownerId, webhookId);
  }

  delivery(ownerId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    return this.repository.delivery(ownerId, deliveryId);
  }

  deliveries(webhookId: string, first: number, afterId: string | null): Promise<DeliveryRecord[]> {
    return this.repository.deliveries(webhookId, first, afterId);
  }
}
