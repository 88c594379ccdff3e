// Bids reached outside a page of rounds (currentRound, events' games and rounds) are charged by their real number.
import { seedLongOpenRound } from '../../bench/long-open-round';
import { startApp, type App } from '../../src/app';
import { gameGlobalId } from '../../src/graphql/ids';
import { DEFAULT_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { gql } from '../support/graphql-client';

/**
 * An operation priced up front with 10 bids a round could read the same long round many times through
 * aliases (or through the games of a page of events) and pass the cost limit: now every round read outside a
 * page of rounds is charged by its real bids, and the operation is refused once that goes over the limit.
 */

let db: TestDatabase;
let app: App;
let gameId: string;
let bidCount: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const seeded = await seedLongOpenRound(db.url, 150);
  gameId = gameGlobalId(seeded.id);
  bidCount = seeded.bids;
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: DEFAULT_LIMITS,
    log: () => {},
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const BIDS = 'bids { seq quantity face at seat { position diceCount } }';
const ALIASES = 30;

interface Reply {
  data: Record<string, { currentRound: { bids: unknown[] } | null }>;
  errors?: { message: string; extensions: { code: string; limit: string; value: number; max: number } }[];
}

it('reads a long open round once within the limit', async () => {
  expect(bidCount).toBe(150);
  const reply = await gql<{ game: { currentRound: { bids: unknown[] } } }>(
    app.url,
    `query($id: ID!) { game(id: $id) { currentRound { ${BIDS} } } }`,
    { id: gameId },
  );
  expect(reply.body?.errors).toBeUndefined();
  expect(reply.body?.data?.game.currentRound.bids).toHaveLength(150);
});

it('refuses the aliases past the limit by the real bids, while another client is served', async () => {
  // Priced up front: 30 × (game 1 + currentRound 1 + bids 1 + 10 × 7) = 2,190, within 25,000. Really, each
  // alias reads 140 bids more than estimated at 8 each (the bid and its 7 fields): 1,120, so 22 fit (24,640).
  const attack = `query($id: ID!) { ${Array.from(
    { length: ALIASES },
    (_, i) => `a${i}: game(id: $id) { currentRound { ${BIDS} } }`,
  ).join(' ')} }`;
  const [replies, other] = await Promise.all([
    Promise.all(Array.from({ length: 5 }, () => gql<Reply['data']>(app.url, attack, { id: gameId }))),
    gql<{ game: { id: string } }>(app.url, 'query($id: ID!) { game(id: $id) { id } }', { id: gameId }),
  ]);
  expect(other.body?.data).toEqual({ game: { id: gameId } });
  for (const reply of replies) {
    const data = reply.body!.data!;
    const served = Object.values(data).filter((g) => g.currentRound !== null);
    expect(served.length).toBe(22);
    expect(served.every((g) => g.currentRound!.bids.length === 150)).toBe(true);
    const errors = reply.body!.errors!;
    expect(errors).toHaveLength(8);
    expect(errors[0]).toMatchObject({
      message:
        'the bids read would cost 25760 by their real number; at most 25000 is allowed (ask for fewer rounds, events or fields)',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', value: 25_760, max: 25_000 },
    });
  }
});
