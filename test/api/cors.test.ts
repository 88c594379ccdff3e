// Browser front-ends on other origins: CORS headers, preflights, and the origin allowlist on WebSocket upgrades.
import WebSocket from 'ws';
import type { App } from '../../src/app';
import { OriginPolicy } from '../../src/gate/origin-policy';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const APP_ORIGIN = 'http://localhost:5173';
const OTHER_ORIGIN = 'https://evil.example';

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });
}

function post(url: string, origin: string | null, query = '{ __typename }'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ query }),
  });
}

/** The HTTP status of a WebSocket upgrade from `origin` (101 when it was accepted). */
function upgradeStatus(url: string, origin: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      url.replace(/^http/, 'ws'),
      'graphql-transport-ws',
      origin ? { origin } : {},
    );
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.once('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

let db: TestDatabase;
const apps: App[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await db?.drop();
});

describe('CORS_ORIGINS=* (the default)', () => {
  let app: App;
  beforeAll(async () => {
    app = await startServer(db.url, {
      limits: { ...NO_RATE_LIMITS, perIp: { perSecond: 0.01, burst: 6 } },
    });
    apps.push(app);
  });

  it('answers a preflight from any origin with 204 and the headers a GraphQL client sends', async () => {
    const res = await preflight(app.url, OTHER_ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type, authorization, apollo-require-preflight, x-apollo-operation-name, x-request-id',
    );
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('lets a page read every response, errors and 429s included, and Retry-After', async () => {
    const ok = await post(app.url, APP_ORIGIN);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id');
    expect(await ok.json()).toEqual({
      data: { __typename: 'Query' },
      extensions: { rateLimit: { limit: 6, remaining: expect.any(Number), resetAt: expect.any(String) } },
    });

    const invalid = await post(app.url, APP_ORIGIN, '{ nope }');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('access-control-allow-origin')).toBe('*');

    const missing = await fetch(app.url.replace('/graphql', '/nowhere'), { headers: { origin: APP_ORIGIN } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');

    // The address's burst (6, preflights included) runs out: the 429 is readable too.
    let limited: Response | null = null;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await post(app.url, APP_ORIGIN);
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(limited!.headers.get('access-control-allow-origin')).toBe('*');
    expect(limited!.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps CSRF prevention: a simple request without a preflight header is refused', async () => {
    const other = await startServer(db.url);
    apps.push(other);
    const res = await fetch(other.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: OTHER_ORIGIN },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('apollo-require-preflight');
    expect(await upgradeStatus(other.url, OTHER_ORIGIN)).toBe(101);
  });
});

describe('CORS_ORIGINS with a list', () => {
  let app: App;
  beforeAll(async () => {
    app = await startServer(db.url, {
      corsOrigins: OriginPolicy.fromSetting(`https://app.example.com, ${APP_ORIGIN}`),
    });
    apps.push(app);
  });

  it('names the allowed origin and varies by it', async () => {
    const pre = await preflight(app.url, APP_ORIGIN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(pre.headers.get('vary')).toBe('Origin');
    const res = await post(app.url, APP_ORIGIN);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id');
  });

  it('gives another origin no CORS header and refuses its preflight', async () => {
    const pre = await preflight(app.url, OTHER_ORIGIN);
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await post(app.url, OTHER_ORIGIN);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('refuses a WebSocket upgrade from another origin with 403, and accepts listed origins and non-browsers', async () => {
    expect(await upgradeStatus(app.url, OTHER_ORIGIN)).toBe(403);
    expect(await upgradeStatus(app.url, APP_ORIGIN)).toBe(101);
    expect(await upgradeStatus(app.url, null)).toBe(101);
  });
});

describe('the CORS_ORIGINS setting', () => {
  it('takes * or exact origins, and names the mistake otherwise', () => {
    expect(OriginPolicy.fromSetting(undefined).open).toBe(true);
    expect(OriginPolicy.fromSetting(' * ').open).toBe(true);
    const list = OriginPolicy.fromSetting('https://a.example,http://localhost:5173');
    expect(list.allowOriginHeader('https://a.example')).toBe('https://a.example');
    expect(list.allowOriginHeader('https://b.example')).toBeNull();
    expect(() => OriginPolicy.fromSetting('https://a.example/')).toThrow(
      'CORS_ORIGINS: "https://a.example/" is not an exact origin; did you mean "https://a.example"?',
    );
    expect(() => OriginPolicy.fromSetting('a.example')).toThrow(
      'CORS_ORIGINS: "a.example" is not an origin like https://app.example.com',
    );
  });
});
