import { createHash, randomUUID } from 'node:crypto';
import { fromGlobalId } from '../../src/graphql/ids';
import { IDEMPOTENCY_RETENTION_MS } from '../../src/store/idempotency-expiry.queries';
import { registrationKeyHash } from '../../src/store/registration-seal';
import { type PlayerRef, TestApi } from '../support/api-harness';
import {
  dataOf,
  type GqlResponse,
  onlyError,
  payloadOf,
  type UserErrorData,
} from '../support/graphql-client';

/**
 * registerPlayer with an idempotencyKey: a client that lost the answer retries with the same key and gets
 * the same player and token, and only one player is created.
 */

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

interface RegisterPayload {
  player: PlayerRef | null;
  token: string | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
}

interface RegisterInput {
  name: string;
  idempotencyKey?: string | null;
  clientMutationId?: string | null;
}

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) {
    player { id name } token userErrors { code message field } clientMutationId
  }
}`;

function registerRaw(input: RegisterInput): Promise<GqlResponse<{ registerPlayer: RegisterPayload }>> {
  return api.gql(REGISTER, { input });
}

async function register(input: RegisterInput): Promise<RegisterPayload> {
  return dataOf(await registerRaw(input)).registerPlayer;
}

/** A registration that must have succeeded: its player and token. */
async function registered(input: RegisterInput): Promise<{ player: PlayerRef; token: string }> {
  const payload = await register(input);
  expect(payload.userErrors).toEqual([]);
  return { player: payload.player!, token: payload.token! };
}

function dbId(globalId: string): string {
  const decoded = fromGlobalId(globalId);
  if (decoded?.type !== 'Player') throw new Error(`not a player ID: ${globalId}`);
  return decoded.playerId;
}

async function playersNamed(name: string): Promise<string[]> {
  const rows = await api.sql<{ id: string }>('SELECT id FROM players WHERE name = $1 ORDER BY created_at', [
    name,
  ]);
  return rows.map((r) => r.id);
}

async function count(table: 'players' | 'registration_records'): Promise<number> {
  const [row] = await api.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

/** The registration records of a key: the player each points to. */
async function recordsOf(key: string): Promise<string[]> {
  const rows = await api.sql<{ player_id: string }>(
    'SELECT player_id FROM registration_records WHERE key_hash = $1',
    [registrationKeyHash(key)],
  );
  return rows.map((r) => r.player_id);
}

async function viewer(token: string): Promise<PlayerRef | null> {
  return dataOf(await api.gql<{ viewer: PlayerRef | null }>('{ viewer { id name } }', {}, token)).viewer;
}

const REUSED: UserErrorData = {
  code: 'IDEMPOTENCY_KEY_REUSED',
  message: 'this idempotencyKey was already used to register another name; use a new key',
  field: ['idempotencyKey'],
};

const TOO_SHORT =
  'idempotencyKey of registerPlayer must be at least 16 characters: use a random value such as a UUID';

describe('registerPlayer retried with the same idempotencyKey', () => {
  it('returns the same player and token, creates one player, and the token works', async () => {
    const key = randomUUID();
    const first = await register({ name: 'Retry Ann', idempotencyKey: key, clientMutationId: 'first' });
    expect(first.userErrors).toEqual([]);
    expect(first.clientMutationId).toBe('first');
    expect(first.player!.name).toBe('Retry Ann');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const retry = await register({ name: 'Retry Ann', idempotencyKey: key, clientMutationId: 'retry' });
    expect(retry).toEqual({ ...first, clientMutationId: 'retry' });
    // The name is compared as stored: spaces at the ends are trimmed before.
    expect(await register({ name: '  Retry Ann ', idempotencyKey: key })).toEqual({
      ...first,
      clientMutationId: null,
    });

    expect(await playersNamed('Retry Ann')).toEqual([dbId(first.player!.id)]);
    expect(await recordsOf(key)).toEqual([dbId(first.player!.id)]);
    expect(await viewer(first.token!)).toEqual(first.player);
    const [row] = await api.sql<{ token_hash: string }>('SELECT token_hash FROM players WHERE id = $1', [
      dbId(first.player!.id),
    ]);
    expect(row!.token_hash).toBe(createHash('sha256').update(first.token!).digest('hex'));
  });

  it('stores neither the token nor the key in clear', async () => {
    const key = randomUUID();
    const { token } = await registered({ name: 'Sealed', idempotencyKey: key });
    const rows = await api.sql<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM registration_records t
       UNION ALL SELECT row_to_json(p)::text FROM players p`,
    );
    const hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');
    for (const { row } of rows) {
      for (const secret of [token, key, hex(token), hex(key)]) expect(row).not.toContain(secret);
    }
    const [record] = await api.sql<{ salt: Buffer; sealed: Buffer }>(
      `SELECT salt, sealed_token AS sealed FROM registration_records WHERE key_hash = $1`,
      [registrationKeyHash(key)],
    );
    // 16 bytes of salt; a 12-byte IV, the 43-byte token encrypted, a 16-byte tag.
    expect([record!.salt.length, record!.sealed.length]).toEqual([16, 12 + 43 + 16]);
  });

  it('with another name is refused with IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const key = randomUUID();
    const first = await registered({ name: 'Reuse Bea', idempotencyKey: key });
    const [players, records] = [await count('players'), await count('registration_records')];

    const other = await register({ name: 'Reuse Bob', idempotencyKey: key, clientMutationId: 'other' });
    expect(other).toEqual({ player: null, token: null, userErrors: [REUSED], clientMutationId: 'other' });

    expect([await count('players'), await count('registration_records')]).toEqual([players, records]);
    expect(await playersNamed('Reuse Bob')).toEqual([]);
    // The first registration is still what the key returns.
    expect(await registered({ name: 'Reuse Bea', idempotencyKey: key })).toEqual(first);
  });

  it('sent ten times at once creates one player and gives every request the same answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => register({ name: 'Together', idempotencyKey: key })),
    );
    expect(answers[0]!.userErrors).toEqual([]);
    expect(answers[0]!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await playersNamed('Together')).toEqual([dbId(answers[0]!.player!.id)]);
    expect(await recordsOf(key)).toEqual([dbId(answers[0]!.player!.id)]);
    expect(await viewer(answers[0]!.token!)).toEqual(answers[0]!.player);
  });

  it('with other keys, or none, creates other players', async () => {
    const a = await registered({ name: 'Twins', idempotencyKey: randomUUID() });
    const b = await registered({ name: 'Twins', idempotencyKey: randomUUID() });
    const c = await registered({ name: 'Twins' });
    expect(new Set([a.player.id, b.player.id, c.player.id]).size).toBe(3);
    expect(new Set([a.token, b.token, c.token]).size).toBe(3);
    expect((await playersNamed('Twins')).length).toBe(3);
  });
});

describe('a registration key', () => {
  it('shorter than 16 characters is refused with BAD_USER_INPUT and creates nothing', async () => {
    const [players, records] = [await count('players'), await count('registration_records')];
    for (const key of ['k', 'retry', '123456789012345']) {
      const response = await registerRaw({ name: 'Short key', idempotencyKey: key });
      const error = onlyError(response);
      expect([error.message, error.extensions!.code, error.extensions!.field]).toEqual([
        TOO_SHORT,
        'BAD_USER_INPUT',
        'idempotencyKey',
      ]);
      expect(response.body.data).toBeNull();
    }
    for (const key of ['', 'k'.repeat(129), 'sixteen-chars\nok', 'a\u0000bcdefghijklmnopq']) {
      const error = onlyError(await registerRaw({ name: 'Short key', idempotencyKey: key }));
      expect([error.message, error.extensions!.code, error.extensions!.field]).toEqual([
        'idempotencyKey must be 1 to 128 characters without control characters',
        'BAD_USER_INPUT',
        'idempotencyKey',
      ]);
    }
    expect(await playersNamed('Short key')).toEqual([]);
    expect([await count('players'), await count('registration_records')]).toEqual([players, records]);

    // 16 and 128 characters are accepted.
    for (const key of ['0123456789abcdef', 'k'.repeat(128)]) {
      const { player } = await registered({ name: `Key of ${key.length}`, idempotencyKey: key });
      expect(await recordsOf(key)).toEqual([dbId(player.id)]);
    }
  });

  it('does not collide with the same key on a game mutation', async () => {
    const key = randomUUID();
    const host = await registered({ name: 'Shared key', idempotencyKey: key });
    const as = { id: host.player.id, name: host.player.name, token: host.token };

    const input = { preset: 'PUB' as const, name: 'Keyed table', idempotencyKey: key };
    const created = payloadOf(await api.createGameRaw(as, input));
    expect(created.userErrors).toEqual([]);
    expect(created.game!.host).toEqual(host.player);
    expect(payloadOf(await api.createGameRaw(as, input))).toEqual(created);

    // The registration under the key is untouched, and the game under it too.
    expect(await registered({ name: 'Shared key', idempotencyKey: key })).toEqual(host);
    expect(payloadOf(await api.createGameRaw(as, input))).toEqual(created);
    expect(await playersNamed('Shared key')).toEqual([dbId(host.player.id)]);
    const games = await api.sql<{ n: number }>('SELECT count(*)::int AS n FROM games WHERE host_id = $1', [
      dbId(host.player.id),
    ]);
    expect(games).toEqual([{ n: 1 }]);
  });
});

describe('a registration record', () => {
  /** Makes the record of `key` `ms` older. */
  async function age(key: string, ms: number): Promise<void> {
    const rows = await api.sql(
      `UPDATE registration_records SET created_at = created_at - $2::float8 * interval '1 millisecond'
        WHERE key_hash = $1 RETURNING 1`,
      [registrationKeyHash(key), ms],
    );
    expect(rows).toHaveLength(1);
  }

  it('is replayed within 24 hours; after them the key registers a new player', async () => {
    const key = randomUUID();
    const first = await registered({ name: 'Expiring', idempotencyKey: key });

    await age(key, IDEMPOTENCY_RETENTION_MS - 60_000);
    expect(await registered({ name: 'Expiring', idempotencyKey: key })).toEqual(first);

    await age(key, 120_000);
    const second = await registered({ name: 'Expiring', idempotencyKey: key });
    expect(second.player.id).not.toBe(first.player.id);
    expect(second.token).not.toBe(first.token);
    expect(await playersNamed('Expiring')).toEqual([dbId(first.player.id), dbId(second.player.id)]);
    // The new record took the expired one's place; the first player keeps its token.
    expect(await recordsOf(key)).toEqual([dbId(second.player.id)]);
    expect(await viewer(first.token)).toEqual(first.player);
    expect(await viewer(second.token)).toEqual(second.player);

    // And the new record is the one replayed; an expired record no longer refuses another name either.
    expect(await registered({ name: 'Expiring', idempotencyKey: key })).toEqual(second);
    await age(key, IDEMPOTENCY_RETENTION_MS + 60_000);
    const renamed = await registered({ name: 'Renamed', idempotencyKey: key });
    expect(await playersNamed('Renamed')).toEqual([dbId(renamed.player.id)]);
    expect(await recordsOf(key)).toEqual([dbId(renamed.player.id)]);
  });
});
