import { createClient } from '@perudo/client';
import { runBot } from '../../examples/bot-client';
import { type App } from '../../src/app';
import { playView, registerPlayer } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * One player's bot plays two games at once on one client, so on one socket: its own stream (YOUR_TURN) and
 * both games' logs.
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

it('plays two games to their end over one socket for both', async () => {
  const url = app!.url;
  let upgrades = 0;
  app!.httpServer.on('upgrade', () => upgrades++);
  const player = await registerPlayer(url, 'Busy bot');
  const client = createClient({ url, token: player.token });
  const games = [0, 1].map(async (i) => {
    let joinGame!: (id: string) => void;
    const gameId = new Promise<string>((resolve) => (joinGame = resolve));
    const hosted = runBot({
      url,
      token: player.token,
      client,
      create: { preset: 'PUB', players: 2, name: `Table ${i}` },
      onGame: joinGame,
    });
    const guest = runBot({ url, name: `Guest ${i}`, gameId: await gameId });
    return Promise.all([hosted, guest]);
  });
  const results = await Promise.all(games);
  await client.close();

  for (const [hosted, guest] of results) {
    const final = await playView(url, hosted.gameId);
    expect([hosted.status, guest.status, final.status]).toEqual(['FINISHED', 'FINISHED', 'FINISHED']);
    expect(hosted.events).toBe(final.lastEventSeq);
    // Its moves came from its own stream's YOUR_TURN for that game.
    expect(hosted.turnsSignalled).toBeGreaterThanOrEqual(hosted.moves > 0 ? 1 : 0);
    expect(hosted.moves).toBeGreaterThan(0);
  }
  // The busy bot's one socket, and each guest's own.
  expect(upgrades).toBe(3);
});
