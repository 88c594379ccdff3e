// Claims from many workers at once never hand one delivery to two of them: a worker whose statement began
// before another's claim committed must not take the row that claim just leased.
import type { Pool } from 'pg';
import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';
import { createTestDatabase, testPool, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool(database.url, 12);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function outboxOf(deliveries: number, endpoints: number): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO players (name, token_hash) VALUES ('Owner', repeat(md5(random()::text), 2)) RETURNING id::text`,
  );
  const owner = rows[0]!.id;
  const { rows: hooks } = await pool.query<{ id: string }>(
    `INSERT INTO webhooks (owner_id, url, events, secret)
     SELECT $1, 'https://example.com/' || i, ARRAY['YOUR_TURN'], 'whsec_x' FROM generate_series(1, $2) i
     RETURNING id::text`,
    [owner, endpoints],
  );
  await pool.query(
    `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, occurred_at, next_attempt_at)
     SELECT ($1::uuid[])[1 + i % $2], 'msg_' || md5(random()::text || i), 'YOUR_TURN', now(), now() - interval '1 second'
       FROM generate_series(1, $3) i`,
    [hooks.map((h) => h.id), endpoints, deliveries],
  );
}

test('ten workers claiming one outbox at once claim each delivery once', async () => {
  await outboxOf(600, 30);
  const repository = new WebhooksRepository(pool);
  const claimed: string[] = [];
  // Small batches, many rounds: the window between one statement's snapshot and another's commit is hit
  // again and again.
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (;;) {
        const batch = await repository.claim(3, 1000, new Map(), 60_000);
        if (batch.length === 0) return;
        claimed.push(...batch.map((d) => d.id));
      }
    }),
  );
  const { rows } = await pool.query<{ n: number; attempts: number }>(
    `SELECT count(*)::int AS n, sum(attempts)::int AS attempts FROM webhook_deliveries`,
  );
  expect(rows[0]).toEqual({ n: 600, attempts: 600 });
  expect(claimed).toHaveLength(600);
  expect(new Set(claimed).size).toBe(600);
}, 60_000);
