// Deliveries are kept 30 days (what `Webhook.deliveries` shows and redeliverWebhook can send again), then
// deleted in the background; one still pending is kept until it ends.
import { PeriodicJob } from '../clock/periodic-job';
import type { WebhooksRepository } from './webhooks.repository';

export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

export class WebhookRetention extends PeriodicJob {
  constructor(repository: WebhooksRepository, log: (message: unknown) => void, intervalMs = 60 * 60_000) {
    super({
      name: 'webhook retention',
      run: (stopping) => repository.deleteOld(DELIVERY_RETENTION_MS, stopping),
      intervalMs,
      runAtStart: true,
      unref: true,
      log,
    });
  }
}
