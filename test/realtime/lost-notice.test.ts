import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApp, type App } from '../../src/app';
import { currentRound } from '../../src/engine';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { createMoveService } from '../../src/moves';
import { createGameStore } from '../../src/store/game-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Change notices are sent after the commit, so a process can die between the two. A move committed without
 * any notice must still reach every subscriber: the feeds check the log of the games they follow.
 */
describe('a move whose change notice was lost', () => {
  let db: TestDatabase;
  let app: App;
  let silent: DatabaseClients;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startApp({ databaseUrl: db.url, port: 0, log: () => {} });
    silent = createDatabaseClients(db.url, () => {});
  });

  afterAll(async () => {
    await app.stop();
    await silent.close();
    await db.drop();
  });

  async function gql<T>(query: string, variables: object, token?: string): Promise<T> {
    const res = await fetch(app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return ((await res.json()) as { data: T }).data;
  }

  const key = (globalId: string): string =>
    Buffer.from(globalId, 'base64url').toString('utf8').split(':')[1]!;

  it('reaches the subscribers of another process within the check interval', async () => {
    const players = await Promise.all(
      ['Ann', 'Bob'].map((name) =>
        gql<{ registerPlayer: { token: string; player: { id: string } } }>(
          'mutation($n: String!) { registerPlayer(input: { name: $n }) { token player { id } } }',
          { n: name },
        ),
      ),
    );
    const [ann, bob] = players.map((p) => p.registerPlayer);
    const created = await gql<{ createGame: { game: { id: string } } }>(
      'mutation { createGame(input: { preset: CLASSIC, overrides: { firstStarter: SEAT_ORDER } }) { game { id } } }',
      {},
      ann!.token,
    );
    const gameId = created.createGame.game.id;
    await gql(
      'mutation($g: ID!) { joinGame(input: { gameId: $g }) { userErrors { code } } }',
      { g: gameId },
      bob!.token,
    );
    await gql(
      'mutation($g: ID!) { startGame(input: { gameId: $g }) { userErrors { code } } }',
      { g: gameId },
      ann!.token,
    );

    const received: { seq: number; type: string }[] = [];
    const client = createClient({
      url: app.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const subscribed = new Promise<void>((resolve) => client.on('connected', () => setTimeout(resolve, 100)));
    client.subscribe<{ gameEvents: { seq: number; type: string } }>(
      { query: 'subscription($g: ID!) { gameEvents(gameId: $g) { seq type } }', variables: { g: gameId } },
      { next: ({ data }) => received.push(data!.gameEvents), error: () => {}, complete: () => {} },
    );
    await subscribed;

    // Another writer commits a bid and sends no notice at all.
    const writer = createGameStore(silent);
    const state = (await writer.reads.load(key(gameId)))!;
    expect(currentRound(state)!.turn).toBe(0);
    const result = await createMoveService(writer).act(
      key(gameId),
      { type: 'BID', playerId: key(ann!.player.id), quantity: 1, face: 3 },
      { operation: 'placeBid', requestHash: '' },
    );
    expect(result.kind).toBe('applied');

    const deadline = Date.now() + 6_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await client.dispose();
    expect(received).toEqual([{ seq: state.seq + 1, type: 'BID_PLACED' }]);
  });
});
