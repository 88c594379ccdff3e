// Webhooks wired for one API process: the owner's use cases, and the worker that sends the outbox.
import type { OutboxSignal } from '../store/webhook-outbox';
import { WebhookDispatcher, type AttemptOutcome, type WebhookDataRenderer } from './webhook-dispatcher.job';
import { WebhookRetention } from './webhook-retention.job';
import { WebhookSender } from './webhook-sender';
import type { WebhookSettings } from './webhook-settings';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

export interface WebhooksOptions {
  /** The database pool (only the repository speaks SQL). */
  readonly pool: ConstructorParameters<typeof WebhooksRepository>[0];
  readonly settings: WebhookSettings;
  /** Told when this process wrote deliveries: the worker sends them at once. */
  readonly outbox: OutboxSignal;
  readonly render: WebhookDataRenderer;
  readonly log: (message: unknown) => void;
  /** Where attempts are counted and the queue's age is read (Prometheus). */
  readonly metrics?: {
    webhookAttempt(outcome: AttemptOutcome, durationMs: number): void;
    observeWebhookQueue(age: () => Promise<number>): void;
  };
  /** Whether this process sends deliveries (default true). */
  readonly deliver?: boolean;
}

export interface Webhooks {
  readonly service: WebhooksService;
  /** How long the oldest due delivery has waited (s). */
  queueAgeSeconds(): Promise<number>;
  start(): void;
  /** Stops the worker once its attempts in flight have ended, and closes its connections. */
  stop(): Promise<void>;
}

export function createWebhooks(options: WebhooksOptions): Webhooks {
  const repository = new WebhooksRepository(options.pool);
  const sender = new WebhookSender(options.settings);
  const dispatcher = new WebhookDispatcher({
    repository,
    sender,
    settings: options.settings,
    render: options.render,
    log: options.log,
    onAttempt: (outcome, durationMs) => options.metrics?.webhookAttempt(outcome, durationMs),
    onDisabled: (ownerId, webhookId) =>
      options.log(`webhook ${webhookId} of player ${ownerId} disabled: every delivery failed for 3 days`),
  });
  options.metrics?.observeWebhookQueue(() => repository.queueAgeSeconds());
  const retention = new WebhookRetention(repository, options.log);
  let unlisten: (() => void) | null = null;
  return {
    service: new WebhooksService(repository, options.settings),
    queueAgeSeconds: () => repository.queueAgeSeconds(),
    start() {
      if (options.deliver === false) return;
      unlisten = options.outbox.on(() => dispatcher.poke());
      dispatcher.start();
      retention.start();
    },
    async stop() {
      unlisten?.();
      await dispatcher.stop();
      await retention.stop();
      sender.close();
    },
  };
}
