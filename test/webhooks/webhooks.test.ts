// Webhooks through the API: endpoints only their owner sees, signed deliveries that the standardwebhooks
// library verifies, retries on the (scaled) Standard Webhooks schedule with one webhook-id, redelivery,
// timeouts, and the address rules.
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { App } from '../../src/app';
import { DELIVERY_RETENTION_MS } from '../../src/webhooks/webhook-retention.job';
import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';
import {
  accepted,
  dataOf,
  errorsOf,
  gql,
  mutate,
  registerPlayer,
  type Player,
} from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { sql } from '../support/sql';
import { createTestDatabase, testPool, type TestDatabase } from '../support/test-database';
import { sleep, until } from '../support/timing';
import { RECEIVER_HOST, startReceiver, type Answer, type Receiver } from './webhook-receiver';

let database: TestDatabase;
/** Delivers to the receivers' address over http, with the schedule divided by 1,000 and a 1.5 s timeout. */
let app: App;
/** The production rules: https only, no exception; it sends nothing. */
let strict: App;
const receivers: Receiver[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, {
    webhooks: {
      allowHttp: true,
      allowAddresses: [RECEIVER_HOST],
      retryScale: 1000,
      timeoutMs: 1_500,
      pollIntervalMs: 200,
    },
  });
  strict = await startServer(database.url, { deliverWebhooks: false });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await strict?.stop();
  for (const r of receivers) await r.close();
  await database?.drop();
});

async function receiver(answer?: (r: { id: string }, nth: number) => Answer): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

const WEBHOOK_FIELDS = 'id url events description enabled disabledReason createdAt';

interface WebhookData {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
}

interface Payload {
  webhook: WebhookData | null;
  secret: string | null;
  userErrors: { code: string; message: string; field: string[] | null }[];
}

async function webhookMutation(url: string, name: string, type: string, input: object, p: Player) {
  return gql<Record<string, Payload>>(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { webhook { ${WEBHOOK_FIELDS} } secret userErrors { code message field } } }`,
    { input },
    p.token,
  );
}

async function createWebhook(p: Player, input: object, url = app.url): Promise<Payload> {
  return dataOf(await webhookMutation(url, 'createWebhook', 'CreateWebhookInput', input, p)).createWebhook!;
}

interface DeliveryData {
  id: string;
  webhookMessageId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  nextAttemptAt: string | null;
  durationMs: number | null;
}

async function deliveries(p: Player): Promise<DeliveryData[]> {
  const r = await gql<{ viewer: { webhooks: { deliveries: { nodes: DeliveryData[] } }[] } }>(
    app.url,
    `{ viewer { webhooks { deliveries(first: 100) { nodes {
        id webhookMessageId eventType status attempts responseStatus nextAttemptAt durationMs } } } } }`,
    {},
    p.token,
  );
  return dataOf(r).viewer.webhooks.flatMap((w) => w.deliveries.nodes);
}

/** A game of `host` against a NORMAL bot, started; then the host leaves, which ends it. */
async function playShortGame(host: Player): Promise<string> {
  const game = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, host.token), 'createGame');
  const bot = await gql(
    app.url,
    'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
    { input: { gameId: game.id, level: 'EASY' } },
    host.token,
  );
  expect(errorsOf(bot)).toEqual([]);
  accepted(await mutate(app.url, 'startGame', { gameId: game.id }, host.token), 'startGame');
  accepted(await mutate(app.url, 'leaveGame', { gameId: game.id }, host.token), 'leaveGame');
  return game.id;
}

describe('endpoints', () => {
  test('created with a whsec_ secret shown once, listed and changed by their owner only', async () => {
    const ann = await registerPlayer(app.url, 'Ann');
    const bob = await registerPlayer(app.url, 'Bob');
    const created = await createWebhook(ann, {
      url: 'https://hooks.example.com/perudo',
      events: ['YOUR_TURN', 'GAME_FINISHED', 'YOUR_TURN'],
      description: 'my bot',
    });
    expect(created.userErrors).toEqual([]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toMatchObject({
      url: 'https://hooks.example.com/perudo',
      events: ['YOUR_TURN', 'GAME_FINISHED'],
      description: 'my bot',
      enabled: true,
      disabledReason: null,
    });
    const id = created.webhook!.id;

    const mine = await gql<{ viewer: { webhooks: WebhookData[] } }>(
      app.url,
      '{ viewer { webhooks { id url } } }',
      {},
      ann.token,
    );
    expect(dataOf(mine).viewer.webhooks).toEqual([{ id, url: 'https://hooks.example.com/perudo' }]);
    // Another player's webhooks read as null, and their node as nothing.
    const theirs = await gql<{ node: { webhooks: null } | null; other: unknown }>(
      app.url,
      'query($p: ID!, $w: ID!) { node(id: $p) { ... on Player { webhooks { id } } } other: node(id: $w) { id } }',
      {
        p: (await gql<{ viewer: { id: string } }>(app.url, '{ viewer { id } }', {}, ann.token)).body.data!
          .viewer.id,
        w: id,
      },
      bob.token,
    );
    expect(dataOf(theirs)).toEqual({ node: { webhooks: null }, other: null });
    const ownNode = await gql<{ node: { url: string } }>(
      app.url,
      'query($w: ID!) { node(id: $w) { ... on Webhook { url } } }',
      { w: id },
      ann.token,
    );
    expect(dataOf(ownNode).node).toEqual({ url: 'https://hooks.example.com/perudo' });

    // Bob can neither change, rotate nor delete it: NOT_FOUND, as for an unknown webhook.
    for (const [name, type, input] of [
      ['updateWebhook', 'UpdateWebhookInput', { webhookId: id, enabled: false }],
      ['rotateWebhookSecret', 'WebhookInput', { webhookId: id }],
      ['deleteWebhook', 'WebhookInput', { webhookId: id }],
    ] as const) {
      const r = await webhookMutation(app.url, name, type, input, bob);
      expect(errorsOf(r).map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    }

    const updated = dataOf(
      await webhookMutation(
        app.url,
        'updateWebhook',
        'UpdateWebhookInput',
        { webhookId: id, events: ['NUDGED'], enabled: false },
        ann,
      ),
    ).updateWebhook!;
    expect(updated.webhook).toMatchObject({ events: ['NUDGED'], enabled: false, description: 'my bot' });
    expect(updated.secret).toBeNull();

    const rotated = dataOf(
      await webhookMutation(
        app.url,
        'rotateWebhookSecret',
        'WebhookInput',
        { webhookId: id, idempotencyKey: 'rot-1' },
        ann,
      ),
    ).rotateWebhookSecret!;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    // A retry of the same rotation returns its secret, not a third one.
    const again = dataOf(
      await webhookMutation(
        app.url,
        'rotateWebhookSecret',
        'WebhookInput',
        { webhookId: id, idempotencyKey: 'rot-1' },
        ann,
      ),
    ).rotateWebhookSecret!;
    expect(again.secret).toBe(rotated.secret);

    const deleted = dataOf(
      await webhookMutation(app.url, 'deleteWebhook', 'WebhookInput', { webhookId: id }, ann),
    ).deleteWebhook!;
    expect(deleted.webhook?.id).toBe(id);
    const gone = await webhookMutation(app.url, 'deleteWebhook', 'WebhookInput', { webhookId: id }, ann);
    expect(errorsOf(gone).map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  test('a retry of a create with the same key returns the same endpoint and secret', async () => {
    const p = await registerPlayer(app.url, 'Keyed');
    const input = { url: 'https://hooks.example.com/a', events: ['YOUR_TURN'], idempotencyKey: 'create-1' };
    const first = await createWebhook(p, input);
    const second = await createWebhook(p, input);
    expect(second.webhook!.id).toBe(first.webhook!.id);
    expect(second.secret).toBe(first.secret);
  });

  test('at most 10 endpoints a player: WEBHOOK_LIMIT_REACHED', async () => {
    const p = await registerPlayer(app.url, 'Many');
    for (let i = 0; i < 10; i++)
      expect(
        (await createWebhook(p, { url: `https://hooks.example.com/${i}`, events: ['YOUR_TURN'] })).userErrors,
      ).toEqual([]);
    const refused = await createWebhook(p, { url: 'https://hooks.example.com/10', events: ['YOUR_TURN'] });
    expect(refused).toEqual({
      webhook: null,
      secret: null,
      userErrors: [
        {
          code: 'WEBHOOK_LIMIT_REACHED',
          message: 'a player may register at most 10 webhooks: delete one to add another',
          field: ['input'],
        },
      ],
    });
  });

  test.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://10.0.0.8/hook', 'private'],
    ['https://172.16.5.4/hook', 'private'],
    ['https://192.168.1.20/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
  ])('%s is refused (WEBHOOK_URL_NOT_ALLOWED)', async (url, reason) => {
    const p = await registerPlayer(strict.url, `Ssrf ${reason} ${url.length}`);
    const refused = await createWebhook(p, { url, events: ['YOUR_TURN'] }, strict.url);
    expect(refused.webhook).toBeNull();
    expect(refused.userErrors.map((e) => [e.code, e.field])).toEqual([
      ['WEBHOOK_URL_NOT_ALLOWED', ['input', 'url']],
    ]);
    expect(refused.userErrors[0]!.message).toContain(`a ${reason} address`);
  });

  test('http is refused unless allowed; what is not a URL is BAD_USER_INPUT', async () => {
    const p = await registerPlayer(strict.url, 'Plain');
    const http = await createWebhook(
      p,
      { url: 'http://hooks.example.com/', events: ['YOUR_TURN'] },
      strict.url,
    );
    expect(http.userErrors.map((e) => e.code)).toEqual(['WEBHOOK_URL_NOT_ALLOWED']);
    const bad = await webhookMutation(
      strict.url,
      'createWebhook',
      'CreateWebhookInput',
      { url: 'nope', events: ['YOUR_TURN'] },
      p,
    );
    expect(errorsOf(bad).map((e) => [e.extensions?.code, e.message])).toEqual([
      ['BAD_USER_INPUT', 'url must be an absolute https URL, such as https://example.com/hook'],
    ]);
    const none = await webhookMutation(
      strict.url,
      'createWebhook',
      'CreateWebhookInput',
      { url: 'https://a.example.com', events: [] },
      p,
    );
    expect(errorsOf(none).map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    const anonymous = await gql(
      strict.url,
      'mutation { createWebhook(input: { url: "https://a.example.com", events: [YOUR_TURN] }) { secret } }',
    );
    expect(errorsOf(anonymous).map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('deliveries', () => {
  test('every delivery verifies with the standardwebhooks library, with the events of a game', async () => {
    const hook = await receiver();
    const ann = await registerPlayer(app.url, 'Verified');
    const created = await createWebhook(ann, {
      url: hook.url,
      events: ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED'],
    });
    const verifier = new StandardWebhook(created.secret!);
    const gameId = await playShortGame(ann);
    await until(
      'three deliveries',
      async () => hook.received.length >= 2 && hook.received.some((r) => r.body.includes('GAME_FINISHED')),
      15_000,
    );
    await sleep(300);
    const bodies = hook.received.map(
      (r) =>
        verifier.verify(r.body, {
          'webhook-id': r.id,
          'webhook-timestamp': r.timestamp,
          'webhook-signature': r.signature,
        }) as {
          type: string;
          timestamp: string;
          data: Record<string, unknown>;
        },
    );
    const types = bodies.map((b) => b.type).sort();
    // The bot or Ann opens the first round; Ann is told of her turn only if it is hers.
    expect(types.filter((t) => t !== 'YOUR_TURN')).toEqual(['GAME_FINISHED', 'GAME_STARTED']);
    expect(new Set(hook.received.map((r) => r.id)).size).toBe(hook.received.length);
    for (const r of hook.received) {
      expect(r.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const started = bodies.find((b) => b.type === 'GAME_STARTED')!;
    expect(started.data).toMatchObject({ game: gameId, gameName: null });
    expect(typeof started.data.gameVersion).toBe('number');
    const finished = bodies.find((b) => b.type === 'GAME_FINISHED')!;
    // A finished game's body is its export line: the dice are public once it has ended.
    expect(finished.data).toMatchObject({ id: gameId, finishedAt: expect.any(String) });
    expect((finished.data.players as { id: string }[]).length).toBe(2);
    const listed = await deliveries(ann);
    expect(listed.map((d) => [d.status, d.attempts, d.responseStatus]).sort()).toEqual(
      hook.received.map(() => ['SUCCEEDED', 1, 200]),
    );
  }, 30_000);

  test('a receiver that answers 500 three times gets the same webhook-id on each retry, then it stops', async () => {
    const hook = await receiver((_, nth) => (nth <= 3 ? 500 : 200));
    const p = await registerPlayer(app.url, 'Retried');
    await createWebhook(p, { url: hook.url, events: ['GAME_STARTED'] });
    await playShortGame(p);
    await until('the fourth attempt', async () => hook.received.length >= 4, 15_000);
    await sleep(1_500);
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((r) => r.id)).size).toBe(1);
    // The same body each time; the waits follow the schedule (5 s, 5 min, 30 min divided by 1,000, ±10 %).
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    const gaps = hook.received.slice(1).map((r, i) => r.at - hook.received[i]!.at);
    expect(gaps[1]).toBeGreaterThanOrEqual(270 - 20);
    expect(gaps[2]).toBeGreaterThanOrEqual(1_620 - 20);
    const [delivery] = await deliveries(p);
    expect(delivery).toMatchObject({
      eventType: 'GAME_STARTED',
      status: 'SUCCEEDED',
      attempts: 4,
      responseStatus: 200,
      nextAttemptAt: null,
    });

    // Redelivered: once more, with the same webhook-id.
    const r = await gql<{ redeliverWebhook: { delivery: DeliveryData } }>(
      app.url,
      'mutation($input: DeliveryInput!) { redeliverWebhook(input: $input) { delivery { status webhookMessageId } userErrors { code } } }',
      { input: { deliveryId: delivery!.id } },
      p.token,
    );
    expect(dataOf(r).redeliverWebhook.delivery).toMatchObject({
      status: 'PENDING',
      webhookMessageId: hook.received[0]!.id,
    });
    await until('the redelivery', async () => hook.received.length === 5, 10_000);
    expect(hook.received[4]!.id).toBe(hook.received[0]!.id);
    await until(
      'its record',
      async () =>
        (await deliveries(p))[0]!.attempts === 5 && (await deliveries(p))[0]!.status === 'SUCCEEDED',
    );
    // Someone else cannot redeliver it.
    const other = await registerPlayer(app.url, 'Stranger');
    const refused = await gql(
      app.url,
      'mutation($input: DeliveryInput!) { redeliverWebhook(input: $input) { userErrors { code } } }',
      { input: { deliveryId: delivery!.id } },
      other.token,
    );
    expect(errorsOf(refused).map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  }, 30_000);

  test('a receiver that never answers holds nothing past the timeout', async () => {
    const hook = await receiver(() => 'hang');
    const p = await registerPlayer(app.url, 'Hung');
    await createWebhook(p, { url: hook.url, events: ['GAME_STARTED'] });
    await playShortGame(p);
    await until('two attempts', async () => hook.received.length >= 2, 10_000);
    // The first connection was closed by the sender at the 1.5 s timeout (a little slack for the event loop),
    // before the retry opened another.
    const [first, second] = hook.connections;
    expect(first!.closed).not.toBeNull();
    expect(first!.closed! - first!.opened).toBeGreaterThanOrEqual(1_400);
    expect(first!.closed! - first!.opened).toBeLessThan(1_500 + 700);
    expect(second!.opened).toBeGreaterThanOrEqual(first!.closed! - 50);
    const rows = await sql<{ duration_ms: number; response_status: number | null; last_error: string }>(
      database.url,
      `SELECT d.duration_ms, d.response_status, d.last_error FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id WHERE w.url = $1`,
      [hook.url],
    );
    expect(rows[0]).toMatchObject({ response_status: null, last_error: 'no answer within 1.5 s' });
    expect(rows[0]!.duration_ms).toBeGreaterThanOrEqual(1_400);
  }, 20_000);

  test('a name that resolves to loopback fails its delivery with WEBHOOK_URL_NOT_ALLOWED', async () => {
    const name = hostname();
    const resolved = await lookup(name);
    // This machine's name resolves to a loopback address (/etc/hosts); the check is on that address.
    expect(resolved.address).toMatch(/^127\.|^::1$/);
    const hook = await receiver();
    const p = await registerPlayer(app.url, 'Rebound');
    // Allowed at creation (a name, not an address); refused where the connection would go.
    const created = await createWebhook(p, {
      url: `http://${name}:${hook.port}/hook`,
      events: ['GAME_STARTED'],
    });
    expect(created.userErrors).toEqual([]);
    await playShortGame(p);
    await until('two failed attempts', async () => ((await deliveries(p))[0]?.attempts ?? 0) >= 2, 10_000);
    expect(hook.received).toEqual([]);
    const rows = await sql<{ last_error: string }>(
      database.url,
      `SELECT d.last_error FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.url LIKE $1`,
      [`http://${name}:%`],
    );
    expect(rows[0]!.last_error).toContain('WEBHOOK_URL_NOT_ALLOWED');
    expect(rows[0]!.last_error).toContain('a loopback address');
  }, 20_000);
});

describe('challenges', () => {
  test('a challenge is delivered to the invitee and its acceptance to the challenger', async () => {
    const hook = await receiver();
    const ann = await registerPlayer(app.url, 'Challenger');
    const bob = await registerPlayer(app.url, 'Invitee');
    const annSecret = (await createWebhook(ann, { url: hook.url, events: ['CHALLENGE_ACCEPTED'] })).secret!;
    const bobSecret = (await createWebhook(bob, { url: hook.url, events: ['CHALLENGE_RECEIVED'] })).secret!;
    const made = await gql<{ challengePlayers: { challenge: { id: string; game: { id: string } } } }>(
      app.url,
      'mutation($input: ChallengeInput!) { challengePlayers(input: $input) { challenge { id game { id } } userErrors { code } } }',
      { input: { playerIds: [bob.id], preset: 'PUB' } },
      ann.token,
    );
    const { id: challengeId, game } = dataOf(made).challengePlayers.challenge;
    await until('the invitation delivered', async () => hook.received.length === 1, 10_000);
    const received = hook.received[0]!;
    const headers = {
      'webhook-id': received.id,
      'webhook-timestamp': received.timestamp,
      'webhook-signature': received.signature,
    };
    expect(new StandardWebhook(bobSecret).verify(received.body, headers)).toMatchObject({
      type: 'CHALLENGE_RECEIVED',
      data: { player: bob.id, challenge: challengeId, game: game.id },
    });
    const accepted = await gql(
      app.url,
      'mutation($input: ChallengeIdInput!) { acceptChallenge(input: $input) { userErrors { code } } }',
      { input: { challengeId } },
      bob.token,
    );
    expect(errorsOf(accepted)).toEqual([]);
    await until('the acceptance delivered', async () => hook.received.length === 2, 10_000);
    const second = hook.received[1]!;
    expect(
      new StandardWebhook(annSecret).verify(second.body, {
        'webhook-id': second.id,
        'webhook-timestamp': second.timestamp,
        'webhook-signature': second.signature,
      }),
    ).toMatchObject({ type: 'CHALLENGE_ACCEPTED', data: { player: ann.id, challenge: challengeId } });
  }, 20_000);
});

describe('an endpoint that keeps failing', () => {
  test('is disabled once its deliveries have all failed for 3 days, and enabled again by its owner', async () => {
    const hook = await receiver(() => 503);
    const p = await registerPlayer(app.url, 'Failing');
    const created = await createWebhook(p, { url: hook.url, events: ['GAME_STARTED'] });
    const id = created.webhook!.id;
    const key = Buffer.from(id, 'base64url').toString().split(':')[1]!;
    // Its run of failures began 3 days ago (and a minute): the next failure disables it.
    await sql(
      database.url,
      `UPDATE webhooks SET failing_since = now() - interval '3 days 1 minute' WHERE id = $1`,
      [key],
    );
    await playShortGame(p);
    const disabled = await until(
      'the endpoint disabled',
      async () => {
        const r = await gql<{ node: WebhookData }>(
          app.url,
          `query($id: ID!) { node(id: $id) { ... on Webhook { ${WEBHOOK_FIELDS} } } }`,
          { id },
          p.token,
        );
        return dataOf(r).node.enabled ? null : dataOf(r).node;
      },
      10_000,
    );
    expect(disabled.disabledReason).toBe(
      'every delivery failed for 3 days (last: HTTP 503); enable it again with updateWebhook',
    );
    const attempts = hook.received.length;
    await sleep(500);
    // Nothing more is sent to it.
    expect(hook.received.length).toBe(attempts);
    const enabled = dataOf(
      await webhookMutation(
        app.url,
        'updateWebhook',
        'UpdateWebhookInput',
        { webhookId: id, enabled: true },
        p,
      ),
    ).updateWebhook!;
    expect(enabled.webhook).toMatchObject({ enabled: true, disabledReason: null });
    // Its pending delivery goes out again (and fails again, a fresh run of failures).
    await until('an attempt after enabling', async () => hook.received.length > attempts, 10_000);
    const [row] = await sql<{ enabled: boolean; failing_since: Date }>(
      database.url,
      'SELECT enabled, failing_since FROM webhooks WHERE id = $1',
      [key],
    );
    expect(row!.enabled).toBe(true);
    expect(Date.now() - row!.failing_since.getTime()).toBeLessThan(60_000);
  }, 30_000);
});

describe('retention', () => {
  test('deliveries older than 30 days are deleted unless still pending', async () => {
    const p = await registerPlayer(app.url, 'Old');
    const created = await createWebhook(p, { url: 'https://hooks.example.com/old', events: ['YOUR_TURN'] });
    const key = Buffer.from(created.webhook!.id, 'base64url').toString().split(':')[1]!;
    await sql(
      database.url,
      `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, occurred_at, status, created_at, next_attempt_at)
       VALUES ($1, 'msg_old_done', 'YOUR_TURN', now(), 'SUCCEEDED', now() - interval '31 days', NULL),
              ($1, 'msg_old_failed', 'YOUR_TURN', now(), 'FAILED', now() - interval '31 days', NULL),
              ($1, 'msg_old_pending', 'YOUR_TURN', now(), 'PENDING', now() - interval '31 days', now() + interval '1 hour'),
              ($1, 'msg_recent', 'YOUR_TURN', now(), 'SUCCEEDED', now() - interval '29 days', NULL)`,
      [key],
    );
    const pool = testPool(database.url, 1);
    try {
      const deleted = await new WebhooksRepository(pool).deleteOld(
        DELIVERY_RETENTION_MS,
        new AbortController().signal,
      );
      expect(deleted).toBe(2);
    } finally {
      await pool.end();
    }
    const left = await sql<{ message_id: string }>(
      database.url,
      'SELECT message_id FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY message_id',
      [key],
    );
    expect(left.map((r) => r.message_id)).toEqual(['msg_old_pending', 'msg_recent']);
  });
});
