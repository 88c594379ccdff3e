// What a deployment sets of webhooks (WEBHOOK_* in the environment), and the fixed limits of the contract.

/** Standard Webhooks' retry schedule: the waits after the 1st to 7th failed attempt; the 8th failure is final. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Endpoints a player may register. */
export const WEBHOOKS_PER_PLAYER = 10;
/** An endpoint whose every delivery failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** How long the previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

export interface WebhookSettings {
  /** Whether `http:` endpoints are allowed (WEBHOOK_ALLOW_HTTP=1; development only). */
  readonly allowHttp: boolean;
  /** Exact addresses the address rules do not apply to (WEBHOOK_ALLOW_ADDRESSES; development and tests). */
  readonly allowAddresses: readonly string[];
  /** Divides the retry schedule's waits (WEBHOOK_RETRY_SCALE; tests). */
  readonly retryScale: number;
  /** How long an attempt may take, connection to last byte read (ms). */
  readonly timeoutMs: number;
  /** How much of an answer is read at most (bytes). */
  readonly maxResponseBytes: number;
  /** Attempts in flight from one process at most: the connections all endpoints may cost it. */
  readonly concurrency: number;
  /** Attempts in flight to one endpoint from one process at most: what a slow or dead endpoint may cost. */
  readonly perEndpoint: number;
  /** How often the worker looks for due deliveries written by other processes (ms). */
  readonly pollIntervalMs: number;
  /** How long a claimed delivery is kept from other workers (ms): past it, a crashed worker's claim is retried. */
  readonly leaseMs: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowHttp: false,
  allowAddresses: [],
  retryScale: 1,
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  concurrency: 64,
  perEndpoint: 4,
  pollIntervalMs: 1_000,
  leaseMs: 60_000,
};

/** The settings from the environment (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_ADDRESSES, WEBHOOK_RETRY_SCALE). */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): WebhookSettings {
  const scale = Number(env.WEBHOOK_RETRY_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale < 1)
    throw new Error(`WEBHOOK_RETRY_SCALE must be a number of at least 1, not ${env.WEBHOOK_RETRY_SCALE}`);
  return {
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowHttp: env.WEBHOOK_ALLOW_HTTP === '1' || env.WEBHOOK_ALLOW_HTTP === 'true',
    allowAddresses: (env.WEBHOOK_ALLOW_ADDRESSES ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    retryScale: scale,
  };
}

/**
 * The wait after the `failures`-th failed attempt in a row (1-based), with ±10 % jitter (`random` in [0, 1)),
 * or null when that failure is the last the schedule allows.
 */
export function retryDelayMs(failures: number, scale: number, random: number): number | null {
  const base = RETRY_SCHEDULE_MS[failures - 1];
  if (base === undefined) return null;
  return Math.round((base / scale) * (0.9 + 0.2 * random));
}
