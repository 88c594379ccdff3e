// The advisory locks on their own connection: one holder per key across instances (processes) and within
// one, other keys not held up, no pooled connection used, and a lost lock connection replaced.
import { AdvisoryLocks } from '../../src/database/advisory-locks';
import { sql } from '../support/sql';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep } from '../support/timing';

let database: TestDatabase;
let a: AdvisoryLocks;
let b: AdvisoryLocks;

beforeAll(async () => {
  database = await createTestDatabase();
  a = new AdvisoryLocks(database.url);
  b = new AdvisoryLocks(database.url);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

test('one holder per key at a time, within an instance and across two; other keys run alongside', async () => {
  let inside = 0;
  let most = 0;
  const order: string[] = [];
  const hold = (locks: AdvisoryLocks, key: string, name: string) =>
    locks.withLock(key, async () => {
      if (key === 'k') {
        inside++;
        most = Math.max(most, inside);
      }
      order.push(`${name}+`);
      await sleep(30);
      order.push(`${name}-`);
      if (key === 'k') inside--;
      return name;
    });
  const names = await Promise.all([
    ...Array.from({ length: 6 }, (_, i) => hold(i % 2 ? a : b, 'k', `k${i}`)),
    hold(a, 'other', 'o'),
  ]);
  expect(names).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'o']);
  expect(most).toBe(1);
  // The other key did not wait for the six holders of k.
  expect(order.indexOf('o-')).toBeLessThan(order.length - 6);
});

test('a holder that throws releases the lock', async () => {
  await expect(a.withLock('t', () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
  await expect(b.withLock('t', async () => 'next')).resolves.toBe('next');
});

test('a lost lock connection is replaced by the next call', async () => {
  await a.withLock('x', async () => 1);
  await sql(
    database.url,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`,
  );
  await sleep(100);
  await expect(a.withLock('x', async () => 2)).resolves.toBe(2);
  await expect(b.withLock('x', async () => 3)).resolves.toBe(3);
});
