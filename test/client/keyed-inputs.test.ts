import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isInputObjectType } from 'graphql';
import { createClient, KEYED_INPUTS, RegisterPlayerDocument, type PerudoClient } from '@perudo/client';
import { type App } from '../../src/app';
import { PROJECT_ROOT, startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The client gives an idempotencyKey to exactly the inputs the schema takes one in, and keeps it across the
 * retries of one call: a registration whose answer was lost on the way back is answered, when sent again,
 * with the player the first attempt created.
 */

let database: TestDatabase | undefined;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

interface RegisterAnswer {
  data: { registerPlayer: { player: { id: string; name: string } | null; token: string | null } };
}

it('KEYED_INPUTS is the set of input types of schema.graphql that have an idempotencyKey', () => {
  const schema = buildSchema(readFileSync(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8'));
  const keyed = Object.values(schema.getTypeMap())
    .filter((type) => isInputObjectType(type) && 'idempotencyKey' in type.getFields())
    .map((type) => type.name)
    .sort();
  expect([...KEYED_INPUTS].sort()).toEqual(keyed);
});

it('the same registerPlayer sent twice with one idempotencyKey creates one player', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  const client: PerudoClient = createClient({ url });
  try {
    const input = { name: 'Ana', idempotencyKey: 'keyed-inputs-register-1' };
    const first = await client.request(RegisterPlayerDocument, { input });
    const second = await client.request(RegisterPlayerDocument, { input });
    expect(first.registerPlayer.userErrors).toEqual([]);
    expect(second.registerPlayer.player).toEqual(first.registerPlayer.player);
    expect(second.registerPlayer.token).toBe(first.registerPlayer.token);
    // Another key is another registration.
    const other = await client.request(RegisterPlayerDocument, {
      input: { name: 'Ana', idempotencyKey: 'keyed-inputs-register-2' },
    });
    expect(other.registerPlayer.player!.id).not.toBe(first.registerPlayer.player!.id);
  } finally {
    await client.close();
  }
});

it('a mutation whose answer is lost is sent again with the key the client gave it, and applied once', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  const keys: string[] = [];
  const lost: RegisterAnswer[] = [];
  // The request reaches the real server, which answers; the answer is dropped on the way back the first time.
  const dropFirstAnswer: typeof fetch = async (input, init) => {
    const sent = JSON.parse(String(init!.body)) as {
      operationName: string;
      variables: { input?: { idempotencyKey: string } };
    };
    const response = await fetch(input, init);
    if (sent.operationName !== 'RegisterPlayer') return response;
    keys.push(sent.variables.input!.idempotencyKey);
    if (keys.length > 1) return response;
    lost.push((await response.json()) as RegisterAnswer);
    throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
  };
  const client: PerudoClient = createClient({ url, fetch: dropFirstAnswer, retry: { delayMs: 10 } });
  try {
    const registered = await client.register('Bruno');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(client.stats.retries).toBe(1);
    expect(registered.userErrors).toEqual([]);
    // The retry was answered with what the first attempt did, not with a second player.
    expect(registered.player).toEqual(lost[0]!.data.registerPlayer.player);
    expect(registered.token).toBe(lost[0]!.data.registerPlayer.token);
    expect(client.token).toBe(registered.token);
    expect(await client.viewer()).toEqual({ id: registered.player!.id, name: 'Bruno' });
  } finally {
    await client.close();
  }
});
