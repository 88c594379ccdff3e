import { AbortedError, createClient, type LiveGame, type PerudoClient } from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { trackUpgradedSockets, type SocketCutter } from '../support/socket-cutter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { until } from '../support/timing';

/**
 * The AbortSignal given to createClient closes the client: its live game ends (finished rejects with
 * AbortedError), its socket closes on the server too, and every later request rejects with AbortedError;
 * another client of the same game is not affected.
 */

let database: TestDatabase | undefined;
let app: App | undefined;
let sockets: SocketCutter | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  sockets = trackUpgradedSockets(app.httpServer);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

it('aborting the signal ends the live game and closes the socket', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  const controller = new AbortController();
  const ana: PerudoClient = createClient({ url, signal: controller.signal });
  const bruno: PerudoClient = createClient({ url });
  try {
    await ana.register('Ana');
    await bruno.register('Bruno');
    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    const id = created.game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);

    const tables: LiveGame[] = [ana.game(id), bruno.game(id)];
    await Promise.all(tables.map((t) => t.ready));
    expect((await tables[0]!.start()).userErrors).toEqual([]);
    // Both clients' streams are up: one socket each on the server.
    await until('both sockets', async () => ana.connected && bruno.connected && sockets!.open.size === 2);
    await until('the start event', async () => tables.every((t) => t.state?.status === 'IN_PROGRESS'));
    const connections: boolean[] = [];
    ana.on('connection', (connected) => connections.push(connected));
    const endedWith = tables[0]!.finished.then(
      () => null,
      (error: unknown) => error,
    );

    controller.abort();

    const error = await endedWith;
    expect(error).toBeInstanceOf(AbortedError);
    expect(ana.connected).toBe(false);
    expect(connections).toEqual([false]);
    // The server saw Ana's socket close; Bruno's stays.
    await until("Ana's socket closed on the server", async () => sockets!.open.size === 1);
    expect(bruno.connected).toBe(true);
    await expect(ana.viewer()).rejects.toBeInstanceOf(AbortedError);
    await expect(tables[0]!.bid(1, 2)).rejects.toBeInstanceOf(AbortedError);
    expect(await bruno.viewer()).toEqual({ id: expect.any(String), name: 'Bruno' });
    tables[1]!.close();
  } finally {
    await Promise.all([ana.close(), bruno.close()]);
  }
});
