import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { PlayerRepository } from '../../src/store/player.repository';
import { registrationKeyHash, registrationRequestHash, sealToken } from '../../src/store/registration-seal';
import { hashToken, newToken } from '../../src/security/tokens';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let clients: DatabaseClients;

beforeAll(async () => {
  db = await createTestDatabase();
  clients = createDatabaseClients(db.url);
});

afterAll(async () => {
  await clients.close();
  await settled();
  await db.drop();
});

/**
 * Waits (up to 2 s) until the closed pool's connections are gone from the server: a connection the drop
 * terminates while it is still closing makes its pool report an error. The race tests leave several.
 */
async function settled(): Promise<void> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    for (let i = 0; i < 40; i++) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

it('reads each player once: later lookups by id or token are served from memory', async () => {
  const writer = new PlayerRepository(clients.prisma);
  const ana = await writer.register('Ana');
  const bo = await writer.register('Bo');

  // A repository of another process knows neither player yet.
  const reader = new PlayerRepository(clients.prisma);
  const findMany = jest.spyOn(clients.prisma.player, 'findMany');
  try {
    const first = await reader.findByIds([ana.player.id, bo.player.id]);
    expect(first.map((p) => p.name).sort()).toEqual(['Ana', 'Bo']);
    expect(findMany).toHaveBeenCalledTimes(1);
    const again = await reader.findByIds([bo.player.id, ana.player.id]);
    expect(again.map((p) => p.name)).toEqual(['Bo', 'Ana']);
    expect(findMany).toHaveBeenCalledTimes(1);
    // Only the ids not seen yet are read; an unknown id is simply absent.
    const cy = await writer.register('Cy');
    const mixed = await reader.findByIds([
      ana.player.id,
      cy.player.id,
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(mixed.map((p) => p.name)).toEqual(['Ana', 'Cy']);
    expect(findMany).toHaveBeenCalledTimes(2);
    expect(findMany.mock.calls[1]![0]).toEqual({
      where: { id: { in: [cy.player.id, '00000000-0000-4000-8000-000000000000'] } },
    });
  } finally {
    findMany.mockRestore();
  }
  // The writer knew its own players from the start.
  expect((await writer.findByToken(ana.token))?.id).toBe(ana.player.id);
});

describe('registerWithKey racing another request with the same key', () => {
  const key = 'race-key-0123456789abcdef';

  /** Inserts, in a transaction left open, a player and its registration record for `keyText`. */
  async function openRegistration(keyText: string, name: string) {
    const client = await clients.pool.connect();
    await client.query('BEGIN');
    const id = randomUUID();
    const token = newToken();
    const { salt, sealed } = sealToken(token, keyText, id);
    await client.query('INSERT INTO players (id, name, token_hash) VALUES ($1, $2, $3)', [
      id,
      name,
      hashToken(token),
    ]);
    await client.query(
      `INSERT INTO registration_records (key_hash, player_id, request_hash, salt, sealed_token)
       VALUES ($1, $2, $3, $4, $5)`,
      [registrationKeyHash(keyText), id, registrationRequestHash(name), salt, sealed],
    );
    return {
      id,
      token,
      finish: async (outcome: 'COMMIT' | 'ROLLBACK') => {
        await client.query(outcome);
        client.release();
      },
    };
  }

  /** Resolves once some session waits for a lock (the racing insert on the uncommitted key). */
  async function someoneWaits(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await clients.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('nobody waited for the lock');
  }

  it('waits for the first to commit and returns its player and token', async () => {
    const first = await openRegistration(key, 'Racer');
    const pending = new PlayerRepository(clients.prisma).registerWithKey('Racer', key);
    await someoneWaits();
    await first.finish('COMMIT');
    const result = await pending;
    expect(result).toEqual({
      kind: 'registered',
      player: {
        id: first.id,
        name: 'Racer',
        createdAt: expect.any(Date),
        botLevel: null,
        ownerId: null,
        retired: false,
        arenaReference: null,
      },
      token: first.token,
    });
    const { rows } = await clients.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM players WHERE name = 'Racer'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('registers a player of its own when the first rolls back', async () => {
    const otherKey = `${key}-2`;
    const first = await openRegistration(otherKey, 'Rolled back');
    const pending = new PlayerRepository(clients.prisma).registerWithKey('Rolled back', otherKey);
    await someoneWaits();
    await first.finish('ROLLBACK');
    const result = await pending;
    if (result.kind !== 'registered') throw new Error(`not registered: ${JSON.stringify(result)}`);
    expect(result.player.id).not.toBe(first.id);
    expect(result.token).not.toBe(first.token);
    const { rows } = await clients.pool.query<{ id: string }>(
      `SELECT id FROM players WHERE name = 'Rolled back'`,
    );
    expect(rows).toEqual([{ id: result.player.id }]);
  });
});
