// Webhook endpoints and their deliveries in PostgreSQL: the owner's reads and changes, and the worker's claims.
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../database/checkout';
import { DISABLE_AFTER_MS, PREVIOUS_SECRET_MS, WEBHOOKS_PER_PLAYER } from './webhook-settings';

export interface WebhookRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly url: string;
  readonly events: string[];
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly createdAt: Date;
}

export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface DeliveryRecord {
  readonly id: string;
  readonly webhookId: string;
  readonly messageId: string;
  readonly eventType: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: Date | null;
  /** Null unless PENDING. */
  readonly nextAttemptAt: Date | null;
  readonly responseStatus: number | null;
  readonly durationMs: number | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
}

/** A delivery a worker claimed: what it needs to send it and record the attempt. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly webhookId: string;
  readonly ownerId: string;
  readonly url: string;
  readonly secrets: string[];
  readonly messageId: string;
  readonly eventType: string;
  readonly gameId: string | null;
  readonly gameVersion: number | null;
  readonly challengeId: string | null;
  readonly occurredAt: Date;
  readonly body: string | null;
  /** This attempt's number (the claim counted it): the guard of its result. */
  readonly attempts: number;
  readonly scheduleStep: number;
  /** When it was first due (its queue age). */
  readonly createdAt: Date;
}

const WEBHOOK_COLUMNS = `id::text, owner_id::text AS "ownerId", url, events, description, enabled,
  disabled_reason AS "disabledReason", created_at AS "createdAt"`;
const DELIVERY_COLUMNS = `id::text, webhook_id::text AS "webhookId", message_id AS "messageId",
  event_type AS "eventType", status, attempts, last_attempt_at AS "lastAttemptAt",
  CASE WHEN status = 'PENDING' THEN next_attempt_at END AS "nextAttemptAt", response_status AS "responseStatus",
  duration_ms AS "durationMs", last_error AS "lastError", created_at AS "createdAt"`;

/** How a create ended. */
export type Created =
  | { readonly kind: 'created' | 'replayed'; readonly webhook: WebhookRecord; readonly secret: string }
  | { readonly kind: 'limit_reached' };

export class WebhooksRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Registers an endpoint, unless the owner has WEBHOOKS_PER_PLAYER already (counted under a lock of the
   * owner's row, so two concurrent creates cannot both take the last place). A key used before returns the
   * endpoint it created.
   */
  async create(
    ownerId: string,
    fields: { url: string; events: string[]; description: string | null; secret: string },
    idempotencyKey: string | null,
  ): Promise<Created> {
    return this.transaction(async (client) => {
      await client.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [ownerId]);
      if (idempotencyKey) {
        const { rows } = await client.query<WebhookRecord & { secret: string }>(
          `SELECT ${WEBHOOK_COLUMNS}, secret FROM webhooks WHERE owner_id = $1 AND idempotency_key = $2`,
          [ownerId, idempotencyKey],
        );
        if (rows[0]) {
          const { secret, ...webhook } = rows[0];
          return { kind: 'replayed', webhook, secret };
        }
      }
      const { rows: counted } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhooks WHERE owner_id = $1',
        [ownerId],
      );
      if (counted[0]!.n >= WEBHOOKS_PER_PLAYER) return { kind: 'limit_reached' };
      const { rows } = await client.query<WebhookRecord>(
        `INSERT INTO webhooks (owner_id, url, events, description, secret, idempotency_key)
         VALUES ($1, $2, $3::text[], $4, $5, $6) RETURNING ${WEBHOOK_COLUMNS}`,
        [ownerId, fields.url, fields.events, fields.description, fields.secret, idempotencyKey],
      );
      return { kind: 'created', webhook: rows[0]!, secret: fields.secret };
    });
  }

  /** The owner's endpoints, oldest first. */
  async list(ownerId: string): Promise<WebhookRecord[]> {
    const { rows } = await this.pool.query<WebhookRecord>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE owner_id = $1 ORDER BY created_at, id`,
      [ownerId],
    );
    return rows;
  }

  /** One of the owner's endpoints; null for an unknown one or someone else's. */
  async find(ownerId: string, webhookId: string): Promise<WebhookRecord | null> {
    const { rows } = await this.pool.query<WebhookRecord>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND owner_id = $2`,
      [webhookId, ownerId],
    );
    return rows[0] ?? null;
  }

  /**
   * Changes what is given of an endpoint of the owner's. Enabling it again clears its reason and its run of
   * failures. Null when it is not the owner's.
   */
  async update(
    ownerId: string,
    webhookId: string,
    fields: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ): Promise<WebhookRecord | null> {
    const { rows } = await this.pool.query<WebhookRecord>(
      `UPDATE webhooks SET url = COALESCE($3, url), events = COALESCE($4::text[], events),
              description = CASE WHEN $5 THEN $6 ELSE description END,
              enabled = COALESCE($7, enabled),
              disabled_reason = CASE WHEN $7 IS TRUE THEN NULL ELSE disabled_reason END,
              failing_since = CASE WHEN $7 IS TRUE AND NOT enabled THEN NULL ELSE failing_since END
        WHERE id = $1 AND owner_id = $2 RETURNING ${WEBHOOK_COLUMNS}`,
      [
        webhookId,
        ownerId,
        fields.url ?? null,
        fields.events ?? null,
        fields.description !== undefined,
        fields.description ?? null,
        fields.enabled ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  /** Deletes an endpoint of the owner's with its deliveries; null when it is not the owner's. */
  async delete(ownerId: string, webhookId: string): Promise<WebhookRecord | null> {
    const { rows } = await this.pool.query<WebhookRecord>(
      `DELETE FROM webhooks WHERE id = $1 AND owner_id = $2 RETURNING ${WEBHOOK_COLUMNS}`,
      [webhookId, ownerId],
    );
    return rows[0] ?? null;
  }

  /**
   * Gives an endpoint a new secret; the current one keeps signing for PREVIOUS_SECRET_MS. A retry with the
   * key of the last rotation returns the secret it made. Null when it is not the owner's.
   */
  async rotate(
    ownerId: string,
    webhookId: string,
    secret: string,
    idempotencyKey: string | null,
  ): Promise<{ webhook: WebhookRecord; secret: string } | null> {
    const { rows } = await this.pool.query<WebhookRecord & { secret: string }>(
      `UPDATE webhooks SET
              previous_secret = CASE WHEN rotation_key IS NOT DISTINCT FROM $4 AND $4 IS NOT NULL
                                     THEN previous_secret ELSE secret END,
              previous_secret_until = CASE WHEN rotation_key IS NOT DISTINCT FROM $4 AND $4 IS NOT NULL
                                     THEN previous_secret_until
                                     ELSE now() + $5::float8 * interval '1 millisecond' END,
              secret = CASE WHEN rotation_key IS NOT DISTINCT FROM $4 AND $4 IS NOT NULL THEN secret ELSE $3 END,
              rotation_key = $4
        WHERE id = $1 AND owner_id = $2 RETURNING ${WEBHOOK_COLUMNS}, secret`,
      [webhookId, ownerId, secret, idempotencyKey, PREVIOUS_SECRET_MS],
    );
    if (!rows[0]) return null;
    const { secret: current, ...webhook } = rows[0];
    return { webhook, secret: current };
  }

  /** A page of an endpoint's deliveries, newest first, after the delivery `afterId` (its cursor). */
  async deliveries(webhookId: string, first: number, afterId: string | null): Promise<DeliveryRecord[]> {
    const { rows } = await this.pool.query<DeliveryRecord>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
        WHERE d.webhook_id = $1
          AND ($2::uuid IS NULL OR (d.created_at, d.id) <
               (SELECT c.created_at, c.id FROM webhook_deliveries c WHERE c.id = $2 AND c.webhook_id = $1))
        ORDER BY d.created_at DESC, d.id DESC LIMIT $3`,
      [webhookId, afterId, first],
    );
    return rows;
  }

  /** One delivery of an endpoint of the owner's; null otherwise. */
  async delivery(ownerId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    const { rows } = await this.pool.query<DeliveryRecord>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
        WHERE id = $1 AND webhook_id IN (SELECT id FROM webhooks WHERE owner_id = $2)`,
      [deliveryId, ownerId],
    );
    return rows[0] ?? null;
  }

  /**
   * Sends a delivery of an endpoint of the owner's again, now, with the same webhook-id and body, from the
   * start of the retry schedule. Null when it is not the owner's.
   */
  async redeliver(ownerId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    const { rows } = await this.pool.query<DeliveryRecord>(
      `UPDATE webhook_deliveries SET status = 'PENDING', schedule_step = 0, next_attempt_at = now()
        WHERE id = $1 AND webhook_id IN (SELECT id FROM webhooks WHERE owner_id = $2)
        RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, ownerId],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints, at most `perEndpoint` of one endpoint less what
   * this worker has in flight to it (`inFlight`): each is kept from other workers for `leaseMs` and its
   * attempt counted. SKIP LOCKED: two workers never claim the same delivery. The due conditions are repeated on
   * the locked row because the ranking reads the statement's snapshot: a row another claim leased after that
   * snapshot is locked in its new version, and only conditions on that row are checked again against it.
   */
  async claim(
    limit: number,
    perEndpoint: number,
    inFlight: ReadonlyMap<string, number>,
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query<ClaimedDelivery>(
      `WITH busy AS (SELECT * FROM unnest($3::uuid[], $4::int[]) AS b(webhook_id, n)),
       ranked AS (
         SELECT d.id, d.webhook_id, row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at) AS n
           FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          WHERE d.status = 'PENDING' AND d.next_attempt_at <= now() AND w.enabled),
       due AS (
         SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
           LEFT JOIN busy b ON b.webhook_id = r.webhook_id
          WHERE r.n <= $2 - COALESCE(b.n, 0) AND d.status = 'PENDING' AND d.next_attempt_at <= now()
          ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),
              next_attempt_at = now() + $5::float8 * interval '1 millisecond'
         FROM due, webhooks w
        WHERE d.id = due.id AND w.id = d.webhook_id AND d.status = 'PENDING' AND d.next_attempt_at <= now()
       RETURNING d.id::text, d.webhook_id::text AS "webhookId", w.owner_id::text AS "ownerId", w.url,
         array_remove(ARRAY[w.secret, CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END], NULL)
           AS secrets,
         d.message_id AS "messageId", d.event_type AS "eventType", d.game_id::text AS "gameId",
         d.game_version AS "gameVersion", d.challenge_id::text AS "challengeId", d.occurred_at AS "occurredAt",
         d.body, d.attempts, d.schedule_step AS "scheduleStep", d.created_at AS "createdAt"`,
      [limit, perEndpoint, [...inFlight.keys()], [...inFlight.values()], leaseMs],
    );
    return rows;
  }

  /**
   * Records a successful attempt (unless a later claim of the delivery has counted another), and the body it
   * sent if none was kept yet: a redelivery sends the same bytes.
   */
  async succeeded(d: ClaimedDelivery, body: string, status: number, durationMs: number): Promise<void> {
    await this.pool.query(
      `WITH d AS (
         UPDATE webhook_deliveries SET status = 'SUCCEEDED', next_attempt_at = NULL, response_status = $3,
                duration_ms = $4, last_error = NULL, body = COALESCE(body, $5)
          WHERE id = $1 AND attempts = $2 RETURNING webhook_id)
       UPDATE webhooks w SET failing_since = NULL FROM d WHERE w.id = d.webhook_id AND w.failing_since IS NOT NULL`,
      [d.id, d.attempts, status, durationMs, body],
    );
  }

  /**
   * Records a failed attempt: due again at `retryAt`, or FAILED when null. The endpoint's run of failures
   * starts now if it had none; once it is DISABLE_AFTER_MS old the endpoint is disabled. Resolves to whether
   * this failure disabled it.
   */
  async failed(
    d: ClaimedDelivery,
    body: string,
    result: { status: number | null; durationMs: number; error: string },
    retryAt: Date | null,
  ): Promise<boolean> {
    const { rows } = await this.pool.query<{ disabled: boolean }>(
      `WITH d AS (
         UPDATE webhook_deliveries SET status = CASE WHEN $5::timestamptz IS NULL THEN 'FAILED' ELSE 'PENDING' END,
                next_attempt_at = $5, schedule_step = schedule_step + 1, response_status = $3, duration_ms = $4,
                last_error = $6, body = COALESCE(body, $8)
          WHERE id = $1 AND attempts = $2 RETURNING webhook_id)
       UPDATE webhooks w SET failing_since = COALESCE(w.failing_since, now()),
              enabled = CASE WHEN w.failing_since <= now() - $7::float8 * interval '1 millisecond' THEN false
                             ELSE w.enabled END,
              disabled_reason = CASE WHEN w.failing_since <= now() - $7::float8 * interval '1 millisecond'
                                     THEN 'every delivery failed for 3 days (last: ' || $6 || '); enable it again with updateWebhook'
                                     ELSE w.disabled_reason END
         FROM d WHERE w.id = d.webhook_id
       RETURNING (w.enabled = false AND w.disabled_reason IS NOT NULL) AS disabled`,
      [
        d.id,
        d.attempts,
        result.status,
        result.durationMs,
        retryAt,
        result.error.slice(0, 200),
        DISABLE_AFTER_MS,
        body,
      ],
    );
    return rows[0]?.disabled ?? false;
  }

  /**
   * Deletes deliveries older than `maxAgeMs` that are no longer pending, a batch at a time, until none is
   * left or `signal` is aborted; resolves to how many it deleted.
   */
  async deleteOld(maxAgeMs: number, signal: AbortSignal): Promise<number> {
    let deleted = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(
        `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM webhook_deliveries
            WHERE created_at < now() - $1::float8 * interval '1 millisecond' AND status <> 'PENDING'
            LIMIT 1000)`,
        [maxAgeMs],
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < 1000 || signal.aborted) return deleted;
    }
  }

  /** How long the oldest due delivery has waited (s), 0 with none. */
  async queueAgeSeconds(): Promise<number> {
    const { rows } = await this.pool.query<{ age: number | null }>(
      `SELECT extract(epoch FROM now() - min(next_attempt_at))::float8 AS age FROM webhook_deliveries
        WHERE status = 'PENDING' AND next_attempt_at <= now()`,
    );
    return Math.max(0, rows[0]?.age ?? 0);
  }

  private transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }
}
