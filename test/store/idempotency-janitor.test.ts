import type { Pool } from 'pg';
import { PRESETS, type GameState } from '../../src/engine';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { createMoveService, type MoveService } from '../../src/moves';
import { createGameStore } from '../../src/store/game-store';
import {
  IDEMPOTENCY_RETENTION_MS,
  IdempotencyExpiryQueries,
} from '../../src/store/idempotency-expiry.queries';
import { PlayerRepository } from '../../src/store/player.repository';
import { IdempotencyJanitor } from '../../src/timers/idempotency-janitor.job';
import { applied, nextBid } from '../support/store-moves';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const HOUR = 60 * 60 * 1000;

let db: TestDatabase;
let a: DatabaseClients;
let b: DatabaseClients;
let playerId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  a = createDatabaseClients(db.url);
  b = createDatabaseClients(db.url);
  playerId = (await new PlayerRepository(a.prisma).register('Keys')).player.id;
});

afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

beforeEach(async () => {
  await a.pool.query('TRUNCATE idempotency_records, registration_records');
});

/** Inserts `count` records of the test player created at `at`, keyed `<prefix>-<n>`. */
async function insertRecords(prefix: string, count: number, at: Date): Promise<void> {
  await a.pool.query(
    `INSERT INTO idempotency_records (player_id, key, operation, response, created_at)
     SELECT $1, $2 || '-' || n, 'move', '{}'::jsonb, $3 FROM generate_series(1, $4) AS n`,
    [playerId, prefix, at, count],
  );
}

async function countRecords(prefix: string): Promise<number> {
  const { rows } = await a.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM idempotency_records WHERE key LIKE $1 || '-%'`,
    [prefix],
  );
  return rows[0]!.n;
}

/** Inserts `count` registration records of the test player created at `at`, keyed `<prefix>-<n>` (hashed). */
async function insertRegistrations(prefix: string, count: number, at: Date): Promise<void> {
  await a.pool.query(
    `INSERT INTO registration_records (key_hash, player_id, request_hash, salt, sealed_token, created_at)
     SELECT encode(sha256(convert_to($2 || '-' || n, 'UTF8')), 'hex'), $1, repeat('0', 64),
            decode('00', 'hex'), decode('00', 'hex'), $3
       FROM generate_series(1, $4) AS n`,
    [playerId, prefix, at, count],
  );
}

async function countRegistrations(prefix: string): Promise<number> {
  const { rows } = await a.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registration_records
      WHERE key_hash IN (SELECT encode(sha256(convert_to($1 || '-' || n, 'UTF8')), 'hex')
                           FROM generate_series(1, 100) AS n)`,
    [prefix],
  );
  return rows[0]!.n;
}

describe('IdempotencyExpiryQueries', () => {
  const now = new Date();
  const clock = (): Date => now;
  const ago = (ms: number): Date => new Date(now.getTime() - ms);

  it('deletes the records older than the retention and keeps the others', async () => {
    await insertRecords('old', 7, ago(25 * HOUR));
    await insertRecords('just-expired', 2, ago(IDEMPOTENCY_RETENTION_MS + 1));
    await insertRecords('at-cutoff', 3, ago(IDEMPOTENCY_RETENTION_MS));
    await insertRecords('recent', 4, ago(HOUR));
    await insertRecords('new', 5, now);

    expect(await new IdempotencyExpiryQueries(a.pool, clock).deleteExpired()).toBe(9);

    expect(await countRecords('old')).toBe(0);
    expect(await countRecords('just-expired')).toBe(0);
    expect(await countRecords('at-cutoff')).toBe(3);
    expect(await countRecords('recent')).toBe(4);
    expect(await countRecords('new')).toBe(5);
  });

  it('honours a shorter retention', async () => {
    await insertRecords('older', 6, ago(2 * HOUR));
    await insertRecords('younger', 4, ago(HOUR / 2));

    const expiry = new IdempotencyExpiryQueries(a.pool, clock, { retentionMs: HOUR });
    expect(await expiry.deleteExpired()).toBe(6);

    expect(await countRecords('older')).toBe(0);
    expect(await countRecords('younger')).toBe(4);
  });

  it('deletes in batches of at most batchSize rows, one statement each', async () => {
    await insertRecords('old', 12, ago(25 * HOUR));
    await insertRecords('new', 3, ago(HOUR));
    const spy = jest.spyOn(a.pool, 'query');
    try {
      const expiry = new IdempotencyExpiryQueries(a.pool, clock, { batchSize: 5 });
      expect(await expiry.deleteExpired()).toBe(12);
      // 5 + 5 + 2: the short batch shows nothing expired is left.
      expect(spy).toHaveBeenCalledTimes(3);
      for (const call of spy.mock.calls) expect(call[1]).toEqual([ago(IDEMPOTENCY_RETENTION_MS), 5]);
    } finally {
      spy.mockRestore();
    }
    expect(await countRecords('old')).toBe(0);
    expect(await countRecords('new')).toBe(3);
  });

  it('deletes expired registration records too, in the same batches, and keeps the live ones', async () => {
    await insertRecords('old', 12, ago(25 * HOUR));
    await insertRegistrations('old', 7, ago(IDEMPOTENCY_RETENTION_MS + 1));
    await insertRegistrations('at-cutoff', 2, ago(IDEMPOTENCY_RETENTION_MS));
    await insertRegistrations('new', 3, ago(HOUR));
    const spy = jest.spyOn(a.pool, 'query');
    try {
      const expiry = new IdempotencyExpiryQueries(a.pool, clock, { batchSize: 5 });
      expect(await expiry.deleteExpired()).toBe(19);
      // Game mutations' records 5 + 5 + 2 and registrations' 5 + 2 + 0: each statement takes a batch of each.
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
    expect(await countRecords('old')).toBe(0);
    expect(await countRegistrations('old')).toBe(0);
    expect(await countRegistrations('at-cutoff')).toBe(2);
    expect(await countRegistrations('new')).toBe(3);

    // Registrations alone are swept as well.
    await insertRegistrations('later', 11, ago(25 * HOUR));
    expect(await new IdempotencyExpiryQueries(a.pool, clock, { batchSize: 5 }).deleteExpired()).toBe(11);
    expect(await countRegistrations('later')).toBe(0);
    expect(await countRegistrations('new')).toBe(3);
  });

  it('lets several janitors sweep at once: none fails, each record is deleted once', async () => {
    await insertRecords('old', 20000, ago(25 * HOUR));
    await insertRecords('new', 100, ago(HOUR));
    const expiries = [a.pool, a.pool, b.pool, b.pool].map(
      (pool) => new IdempotencyExpiryQueries(pool, clock, { batchSize: 1000 }),
    );

    const deleted = await Promise.all(expiries.map((expiry) => expiry.deleteExpired()));

    expect(deleted.reduce((sum, n) => sum + n, 0)).toBe(20000);
    expect(await countRecords('old')).toBe(0);
    expect(await countRecords('new')).toBe(100);
  });

  it('ends a sweep after its current batch once halted', async () => {
    await insertRecords('old', 12, ago(25 * HOUR));
    const halt = new AbortController();
    halt.abort();
    expect(
      await new IdempotencyExpiryQueries(a.pool, clock, { batchSize: 5 }).deleteExpired(halt.signal),
    ).toBe(5);
    expect(await countRecords('old')).toBe(7);
  });

  it('rejects when the database does', async () => {
    const failing = { query: () => Promise.reject(new Error('database down')) } as unknown as Pool;
    await expect(new IdempotencyExpiryQueries(failing, clock).deleteExpired()).rejects.toThrow(
      'database down',
    );
  });
});

describe('IdempotencyJanitor', () => {
  const now = new Date();
  const clock = (): Date => now;

  it('sweeps on start and then on its interval, and stop() ends it', async () => {
    await insertRecords('old', 3, new Date(now.getTime() - 25 * HOUR));
    const sweeps: number[] = [];
    const log = jest.fn();
    const janitor = new IdempotencyJanitor(new IdempotencyExpiryQueries(a.pool, clock), log, {
      intervalMs: 20,
      onSweep: (deleted) => sweeps.push(deleted),
    });
    janitor.start();
    await waitFor(() => sweeps.length >= 3);
    await janitor.stop();
    const count = sweeps.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sweeps).toHaveLength(count);
    // The first sweep, at start, deleted the three records; the later ones found nothing.
    expect(sweeps[0]).toBe(3);
    expect(sweeps.slice(1)).toEqual(Array.from({ length: count - 1 }, () => 0));
    expect(log).not.toHaveBeenCalled();
    expect(await countRecords('old')).toBe(0);
  });

  it('logs a failing sweep instead of throwing, and tries again on the next interval', async () => {
    const failing = { query: () => Promise.reject(new Error('database down')) } as unknown as Pool;
    const log = jest.fn();
    const janitor = new IdempotencyJanitor(new IdempotencyExpiryQueries(failing, clock), log, {
      intervalMs: 10,
    });
    janitor.start();
    await waitFor(() => log.mock.calls.length >= 2);
    await janitor.stop();
    expect(log).toHaveBeenCalledWith('idempotency janitor: Error: database down');
    expect(await janitor.runNow()).toBe(0);
  });
});

describe('a retry after the retention', () => {
  const options = { operation: 'move', requestHash: '' };
  const key = 'retry-key';
  const keyed = { ...options, idempotencyKey: key };

  /** A started two-player game. */
  async function startedGame(repo: MoveService): Promise<{ gameId: string; state: GameState }> {
    const players = new PlayerRepository(a.prisma);
    const host = (await players.register('Host')).player.id;
    const guest = (await players.register('Guest')).player.id;
    const created = await repo.create(
      { host, rules: PRESETS.CLASSIC },
      { operation: 'createGame', requestHash: '' },
    );
    if (created.kind !== 'applied') throw new Error('create');
    applied(await repo.act(created.gameId, { type: 'JOIN', playerId: guest }, options));
    const state = applied(await repo.act(created.gameId, { type: 'START', playerId: host }, options));
    return { gameId: created.gameId, state };
  }

  /** Ages the records of `key` past the retention, as if a day had gone by without the janitor. */
  async function expire(): Promise<void> {
    const { rowCount } = await a.pool.query(
      `UPDATE idempotency_records SET created_at = created_at - $2::float8 * interval '1 millisecond' - interval '1 minute'
        WHERE key = $1`,
      [key, IDEMPOTENCY_RETENTION_MS],
    );
    expect(rowCount).toBeGreaterThan(0);
  }

  async function recordsOfKey(): Promise<{ version: number | null; error: string | null }[]> {
    const { rows } = await a.pool.query<{ version: number | null; error: string | null }>(
      `SELECT (response->>'version')::int AS version, response->'error'->>'code' AS error
         FROM idempotency_records WHERE key = $1 AND created_at > now() - interval '1 minute'`,
      [key],
    );
    return rows;
  }

  it('is applied as a new move, and its record replaces the expired one', async () => {
    const repo = createMoveService(createGameStore(a));
    const { gameId, state: started } = await startedGame(repo);
    const first = applied(await repo.act(gameId, nextBid(started), keyed));
    const second = applied(await repo.act(gameId, nextBid(first), options));

    // Within the retention the same player's retry (now a legal move again) replays the first response.
    const replayed = await repo.act(gameId, nextBid(second), keyed);
    expect(replayed).toMatchObject({ kind: 'applied', events: [] });
    expect(applied(replayed).version).toBe(first.version);

    await expire();
    const retried = await repo.act(gameId, nextBid(second), keyed);
    expect(retried.kind).toBe('applied');
    expect(retried.kind === 'applied' && retried.events.length).toBeGreaterThan(0);
    expect(applied(retried).version).toBe(second.version + 1);
    expect(await recordsOfKey()).toEqual([{ version: second.version + 1, error: null }]);

    // And that new record is replayed in its turn.
    const again = await repo.act(gameId, nextBid(second), keyed);
    expect(again).toMatchObject({ kind: 'applied', events: [] });
    expect(applied(again).version).toBe(second.version + 1);
  });

  it('is refused as a new move when it is no longer legal, recording the refusal in place of the expired record', async () => {
    const repo = createMoveService(createGameStore(a));
    const { gameId, state: started } = await startedGame(repo);
    const bid = nextBid(started);
    const first = applied(await repo.act(gameId, bid, keyed));

    await expire();
    // The same bid again: it is not that player's turn any more.
    const retried = await repo.act(gameId, bid, keyed);
    expect(retried).toMatchObject({ kind: 'refused', error: { code: 'NOT_YOUR_TURN' } });
    expect(await recordsOfKey()).toEqual([{ version: first.version, error: 'NOT_YOUR_TURN' }]);
  });

  it('sent twice at once by two processes, is applied once and replayed once', async () => {
    const repoA = createMoveService(createGameStore(a));
    const repoB = createMoveService(createGameStore(b));
    const { gameId, state: started } = await startedGame(repoA);
    const first = applied(await repoA.act(gameId, nextBid(started), keyed));
    const second = applied(await repoA.act(gameId, nextBid(first), options));
    await expire();

    const results = await Promise.all([
      repoA.act(gameId, nextBid(second), keyed),
      repoB.act(gameId, nextBid(second), keyed),
    ]);

    expect(results.map((r) => r.kind)).toEqual(['applied', 'applied']);
    const moved = results.filter((r) => r.kind === 'applied' && r.events.length > 0);
    expect(moved).toHaveLength(1);
    expect(results.map((r) => applied(r).version)).toEqual([second.version + 1, second.version + 1]);
    expect(await recordsOfKey()).toEqual([{ version: second.version + 1, error: null }]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('IdempotencyExpiryQueries on the database clock', () => {
  it('takes the cutoff from the database, whatever the API process’s clock says', async () => {
    const { rows } = await a.pool.query<{ now: Date }>('SELECT now() AS now');
    const dbNow = rows[0]!.now.getTime();
    await insertRecords('db-old', 3, new Date(dbNow - IDEMPOTENCY_RETENTION_MS - 60_000));
    await insertRecords('db-live', 2, new Date(dbNow - IDEMPOTENCY_RETENTION_MS + 60_000));
    expect(await new IdempotencyExpiryQueries(a.pool, null).deleteExpired()).toBeGreaterThanOrEqual(3);
    expect(await countRecords('db-old')).toBe(0);
    expect(await countRecords('db-live')).toBe(2);
  });
});
