import { createClient, type PerudoClient, type RateLimitBudget } from '@perudo/client';
import { type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A player whose budget is 5 requests (refilled at 2 a second) sends 10 at once: the server refuses the ones
 * past the budget with RATE_LIMITED, the client waits as it is told and sends them again, and every one
 * resolves with its data.
 */

const BUDGET = 5;

let database: TestDatabase | undefined;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, {
    limits: { ...NO_RATE_LIMITS, perPlayer: { perSecond: 2, burst: BUDGET } },
  });
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

it('waits out RATE_LIMITED: a burst of twice the budget all resolves, the budget shown as the server counts it', async () => {
  const client: PerudoClient = createClient({ url: `http://127.0.0.1:${app!.port}/graphql` });
  const budgets: RateLimitBudget[] = [];
  client.on('rateLimit', (budget) => budgets.push(budget));
  try {
    const registered = await client.register('Ana');
    expect(registered.userErrors).toEqual([]);
    const me = { id: registered.player!.id, name: 'Ana' };

    const answers = await Promise.allSettled(Array.from({ length: 2 * BUDGET }, () => client.viewer()));
    expect(answers.map((a) => a.status)).toEqual(Array<string>(2 * BUDGET).fill('fulfilled'));
    expect(answers.map((a) => (a as PromiseFulfilledResult<unknown>).value)).toEqual(
      Array<unknown>(2 * BUDGET).fill(me),
    );
    // Requests past the budget were refused and sent again after the wait the server asked for.
    expect(client.stats.rateLimitWaits).toBeGreaterThan(0);
    expect(client.stats.retries).toBe(0);

    const budget = client.rateLimit!;
    expect(Object.keys(budget).sort()).toEqual(['limit', 'remaining', 'resetAt']);
    expect(budget.limit).toBe(BUDGET);
    expect(Number.isInteger(budget.remaining)).toBe(true);
    expect(budget.remaining).toBeGreaterThanOrEqual(0);
    expect(budget.remaining).toBeLessThan(BUDGET);
    expect(new Date(budget.resetAt).toISOString()).toBe(budget.resetAt);
    // The player's bucket, on every answer after registration (the registration itself is charged to the address's,
    // which has no limit here: no budget shown).
    expect(budgets.at(-1)).toEqual(budget);
    expect(budgets.every((b) => b.limit === BUDGET)).toBe(true);
    // Some answer told of an empty bucket.
    expect(budgets.some((b) => b.remaining === 0)).toBe(true);
  } finally {
    await client.close();
  }
});
