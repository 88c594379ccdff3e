// The worker that sends the outbox: any process runs one; claims keep two from sending the same delivery, and
// a claim a crashed process left is taken again once its lease runs out, so every delivery is sent at least
// once, retried on the Standard Webhooks schedule.
import { PeriodicJob } from '../clock/periodic-job';
import { signatureHeader } from './webhook-signature';
import type { AttemptResult, WebhookSender } from './webhook-sender';
import { retryDelayMs, type WebhookSettings } from './webhook-settings';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

/** What a delivery's body says: `data` of `{ type, timestamp, data }`, as the owner may read it now. */
export type WebhookDataRenderer = (delivery: ClaimedDelivery) => Promise<unknown>;

/** How an attempt ended, for the metrics. */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

export interface DispatcherOptions {
  readonly repository: WebhooksRepository;
  readonly sender: WebhookSender;
  readonly settings: WebhookSettings;
  readonly render: WebhookDataRenderer;
  readonly log: (message: unknown) => void;
  readonly onAttempt?: (outcome: AttemptOutcome, durationMs: number) => void;
  /** Told when an endpoint is disabled after failing for 3 days (its owner, the endpoint). */
  readonly onDisabled?: (ownerId: string, webhookId: string) => void;
  readonly random?: () => number;
}

export class WebhookDispatcher extends PeriodicJob {
  /** Attempts in flight from this process, by endpoint. */
  private readonly inFlight = new Map<string, Set<Promise<void>>>();
  private inFlightCount = 0;
  /** Asked to look again while a run was in flight: that run looks once more before it ends. */
  private again = false;

  constructor(private readonly o: DispatcherOptions) {
    super({
      name: 'webhook dispatcher',
      intervalMs: o.settings.pollIntervalMs,
      runAtStart: true,
      unref: true,
      log: o.log,
      run: (signal) => this.dispatch(signal),
    });
  }

  /** Stops claiming, then waits for the attempts in flight. */
  override async stop(): Promise<void> {
    await super.stop();
    await Promise.all([...this.inFlight.values()].flatMap((s) => [...s]));
  }

  /**
   * Looks for due deliveries now. Unlike runNow(), a call during a run is not absorbed by it: that run looks
   * once more, so a delivery written while it was claiming is not left for the next poll.
   */
  poke(): void {
    this.again = true;
    void this.runNow();
  }

  /** Claims what this process has room for and starts sending it; resolves to how many were claimed. */
  private async dispatch(signal: AbortSignal): Promise<number> {
    let claimed = 0;
    do {
      this.again = false;
      claimed += await this.claimRound(signal);
    } while (this.again && !signal.aborted);
    return claimed;
  }

  private async claimRound(signal: AbortSignal): Promise<number> {
    let claimed = 0;
    while (!signal.aborted) {
      const room = this.o.settings.concurrency - this.inFlightCount;
      if (room <= 0) break;
      const inFlight = new Map([...this.inFlight].map(([id, s]) => [id, s.size]));
      const batch = await this.o.repository.claim(
        Math.min(room, 100),
        this.o.settings.perEndpoint,
        inFlight,
        this.o.settings.leaseMs,
      );
      for (const delivery of batch) this.send(delivery);
      claimed += batch.length;
      if (batch.length < Math.min(room, 100)) break;
    }
    return claimed;
  }

  private send(delivery: ClaimedDelivery): void {
    const set = this.inFlight.get(delivery.webhookId) ?? new Set();
    this.inFlight.set(delivery.webhookId, set);
    this.inFlightCount++;
    const attempt: Promise<void> = this.attempt(delivery)
      .catch((error: unknown) => this.o.log(error))
      .finally(() => {
        set.delete(attempt);
        if (set.size === 0) this.inFlight.delete(delivery.webhookId);
        this.inFlightCount--;
        // Room came free: more may be due.
        if (!this.stopped) this.poke();
      });
    set.add(attempt);
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    // Rendered at the first attempt and kept with its result, so that every later attempt sends the same
    // bytes (a process that dies mid-attempt leaves it to be rendered again).
    const body =
      d.body ??
      JSON.stringify({
        type: d.eventType,
        timestamp: d.occurredAt.toISOString(),
        data: await this.o.render(d),
      });
    const timestamp = Math.floor(Date.now() / 1000);
    const result: AttemptResult = await this.o.sender.send(
      d.url,
      {
        'content-type': 'application/json',
        'user-agent': 'perudo-webhooks/1.0',
        'webhook-id': d.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(d.secrets, d.messageId, timestamp, body),
      },
      body,
    );
    if (result.ok) {
      await this.o.repository.succeeded(d, body, result.status!, result.durationMs);
      this.o.onAttempt?.('succeeded', result.durationMs);
      return;
    }
    const delay = retryDelayMs(
      d.scheduleStep + 1,
      this.o.settings.retryScale,
      (this.o.random ?? Math.random)(),
    );
    const retryAt = delay === null ? null : new Date(Date.now() + delay);
    const disabled = await this.o.repository.failed(
      d,
      body,
      { status: result.status, durationMs: result.durationMs, error: result.error ?? 'failed' },
      retryAt,
    );
    this.o.onAttempt?.(retryAt ? 'retrying' : 'failed', result.durationMs);
    if (disabled) this.o.onDisabled?.(d.ownerId, d.webhookId);
    // A retry due sooner than the next poll (tests' scaled schedule) is not left waiting for it.
    if (retryAt) this.wakeAt(retryAt.getTime());
  }
}
