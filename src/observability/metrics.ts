// The process's Prometheus metrics (prom-client): what operators watch, in one registry per app.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { workCounts } from '../instrumentation/work-counts';

/** Read when scraped: figures that live elsewhere (the database, the sockets) rather than counted here. */
export interface MetricSources {
  /** The pool's connections: in all, idle, and clients waiting for one. */
  pool(): { total: number; idle: number; waiting: number };
  sockets(): number;
  subscriptions(): number;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Every metric of one API process, registered in a registry of its own (several apps in one process, as in
 * tests, do not collide). Names follow Prometheus conventions: `perudo_` prefix, `_total` counters,
 * `_seconds` durations.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;
  private gamesByStatus: ReadonlyMap<string, number> | null = null;

  private readonly moves = new Counter({
    name: 'perudo_moves_total',
    help: 'Game mutations answered, by operation, outcome (ACCEPTED or the refusal code) and transport (http, ws).',
    labelNames: ['operation', 'outcome', 'transport'] as const,
    registers: [this.registry],
  });
  private readonly requestDuration = new Histogram({
    name: 'perudo_graphql_request_duration_seconds',
    help: 'GraphQL requests over HTTP, from receipt to response, by operation type and first root field.',
    labelNames: ['type', 'field'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly eventLatency = new Histogram({
    name: 'perudo_event_delivery_seconds',
    help: "From an event's move to its hand-over to this process's subscribers.",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly eventsDelivered = new Counter({
    name: 'perudo_events_delivered_total',
    help: 'Game events handed to subscriptions (one per event and subscriber).',
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'perudo_rate_limited_total',
    help: 'Requests, operations and connections refused by a rate limit, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  private readonly busReconnects = new Counter({
    name: 'perudo_change_bus_reconnects_total',
    help: 'Reconnections of the change bus that carries events between processes.',
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'perudo_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: succeeded, retrying (failed, due again) or failed (the last of the schedule).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly webhookDuration = new Histogram({
    name: 'perudo_webhook_attempt_seconds',
    help: 'How long webhook delivery attempts took, to the answer or the failure.',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private webhookQueueAge: (() => Promise<number>) | null = null;
  private readonly timerRuns = new Counter({
    name: 'perudo_timer_runs_total',
    help: 'Runs of the background timers, by timer (turn_timer, lobby_expiry, idempotency_janitor).',
    labelNames: ['timer'] as const,
    registers: [this.registry],
  });
  private readonly timerActions = new Counter({
    name: 'perudo_timer_actions_total',
    help: 'What the background timers did: turns timed out, lobbies cancelled, records deleted.',
    labelNames: ['timer'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // prom-client calls `collect` with the gauge as `this`; the sources are read through this getter.
    const sources = (): MetricSources | null => this.sources;
    const gameCounts = (): ReadonlyMap<string, number> | null => this.gamesByStatus;
    new Counter({
      name: 'perudo_event_path_work_total',
      help: "The server's own work between moves and frames, by kind (see WorkCounts): executions, sharedResults, frames, socketWrites, folds, eventViews, compiledOperations.",
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [kind, count] of Object.entries(workCounts)) this.inc({ kind }, count);
      },
    });
    new Gauge({
      name: 'perudo_games',
      help: 'Games by status.',
      labelNames: ['status'] as const,
      registers: [this.registry],
      collect() {
        // Counted on a schedule (gameCounts), never per scrape: a scrape must not cost a scan of the games.
        const counts = gameCounts();
        if (!counts) return;
        for (const status of ['LOBBY', 'IN_PROGRESS', 'FINISHED', 'CANCELLED'])
          this.set({ status }, counts.get(status) ?? 0);
      },
    });
    new Gauge({
      name: 'perudo_db_pool_connections',
      help: 'Database pool connections by state (total, idle) and clients waiting for one (waiting).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        if (!sources()) return;
        const pool = sources()!.pool();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    const queueAge = () => this.webhookQueueAge;
    new Gauge({
      name: 'perudo_webhook_queue_age_seconds',
      help: 'How long the oldest webhook delivery due now has waited (0 when none is due), across processes.',
      registers: [this.registry],
      async collect() {
        const read = queueAge();
        if (read) this.set(await read());
      },
    });
    new Gauge({
      name: 'perudo_open_sockets',
      help: 'Open WebSocket connections.',
      registers: [this.registry],
      collect() {
        const s = sources();
        if (s) this.set(s.sockets());
      },
    });
    new Gauge({
      name: 'perudo_subscriptions',
      help: 'Running subscription operations on the open sockets.',
      registers: [this.registry],
      collect() {
        const s = sources();
        if (s) this.set(s.subscriptions());
      },
    });
  }

  /** The latest count of games by status (see the app's game-count job). */
  gamesCounted(counts: ReadonlyMap<string, number>): void {
    this.gamesByStatus = counts;
  }

  /** Where the scraped figures come from, once the pieces exist. */
  observe(sources: MetricSources): void {
    this.sources = sources;
  }

  move(operation: string, outcome: string, transport: 'http' | 'ws'): void {
    this.moves.inc({ operation, outcome, transport });
  }

  request(type: string, field: string, seconds: number): void {
    this.requestDuration.observe({ type, field }, seconds);
  }

  /** An event handed to `subscribers` streams, `seconds` after its move. */
  eventFannedOut(seconds: number, subscribers: number): void {
    this.eventLatency.observe(Math.max(0, seconds));
    if (subscribers > 0) this.eventsDelivered.inc(subscribers);
  }

  /** A webhook delivery attempt ended. */
  webhookAttempt(outcome: 'succeeded' | 'retrying' | 'failed', durationMs: number): void {
    this.webhookAttempts.inc({ outcome });
    this.webhookDuration.observe(durationMs / 1000);
  }

  /** Where the webhook queue's age is read at each scrape. */
  observeWebhookQueue(age: () => Promise<number>): void {
    this.webhookQueueAge = age;
  }

  limited(limit: string): void {
    this.rateLimited.inc({ limit });
  }

  busReconnected(): void {
    this.busReconnects.inc();
  }

  timerRan(timer: 'turn_timer' | 'lobby_expiry' | 'idempotency_janitor', actions: number): void {
    this.timerRuns.inc({ timer });
    if (actions > 0) this.timerActions.inc({ timer }, actions);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
