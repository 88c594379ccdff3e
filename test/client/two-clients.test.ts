import { createClient, type PerudoClient } from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { playTurns } from '../support/client-game';

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

it('two clients play a whole game: states only move forward, every round verifies, each sees only its dice', async () => {
  const ana: PerudoClient = createClient({ url: app!.url });
  const bruno: PerudoClient = createClient({ url: app!.url });
  try {
    await ana.register('Ana');
    await bruno.register('Bruno');
    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    expect(created.userErrors).toEqual([]);
    const id = created.game!.id;
    const joined = await bruno.joinGame(id);
    expect(joined.userErrors).toEqual([]);

    const tables = [ana.game(id), bruno.game(id)];
    const versions: number[][] = [[], []];
    const verified: number[][] = [[], []];
    const othersDiceSeen: number[] = [0, 0];
    tables.forEach((live, i) => {
      live.on('change', (g) => versions[i]!.push(g.version * 100_000 + g.lastEventSeq));
      live.on('verified', (round) => verified[i]!.push(round));
      live.on('change', (g) => {
        for (const seat of g.seats)
          if (seat.position !== g.viewerSeat!.position && seat.dice !== null) othersDiceSeen[i]!++;
      });
      playTurns(live);
    });
    await Promise.all(tables.map((t) => t.ready));
    const started = await tables[0]!.start();
    expect(started.userErrors).toEqual([]);

    const finals = await Promise.all(tables.map((t) => t.finished));
    for (const [i, final] of finals.entries()) {
      expect(final.status).toBe('FINISHED');
      expect(final.winner).not.toBeNull();
      expect(tables[i]!.lastSeq).toBe(final.lastEventSeq);
      // (version, lastEventSeq) only ever grows: nothing applied twice, nothing older over newer.
      expect(versions[i]).toEqual([...new Set(versions[i])].sort((a, b) => a - b));
      expect(tables[i]!.mismatch).toBeNull();
      expect(verified[i]!.length).toBeGreaterThan(0);
    }
    expect(verified[0]).toEqual(verified[1]);
    expect(othersDiceSeen).toEqual([0, 0]);
    expect(ana.stats.socketMutations).toBeGreaterThan(0);
    tables.forEach((t) => t.close());
  } finally {
    await Promise.all([ana.close(), bruno.close()]);
  }
});
