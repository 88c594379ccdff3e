import { createClient, type LiveGame, type PerudoClient } from '@perudo/client';
import { type App } from '../../src/app';
import { oneTo, playTurns, serverLog, type Tally } from '../support/client-game';
import { startServer } from '../support/server-launcher';
import { trackUpgradedSockets, type SocketCutter } from '../support/socket-cutter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Every upgraded socket is cut (no close frame) just as a move goes out over the socket, every second turn
 * of each player: before the move is written, right after, and a few milliseconds after (the server may have
 * applied it without its answer getting back). The move is then sent over HTTP with the same idempotencyKey,
 * the streams resume from their last seq, and the game is played to its end with each event and each move once.
 */

let database: TestDatabase | undefined;
let app: App | undefined;
let cutter: SocketCutter | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  cutter = trackUpgradedSockets(app.httpServer);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

/** When the sockets are cut, relative to the move being written to the socket. */
const TIMINGS = [
  (cut: () => void) => cut(),
  (cut: () => void) => setImmediate(cut),
  (cut: () => void) => setTimeout(cut, 3),
] as const;

it('plays a game to its end with its sockets cut mid-move, each event and each move once', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  const retry = { delayMs: 50, maxDelayMs: 400, maxRetries: 100 };
  const clients: PerudoClient[] = [createClient({ url, retry }), createClient({ url, retry })];
  const [ana, bruno] = clients as [PerudoClient, PerudoClient];
  const cuts: { player: number; sockets: number }[] = [];
  const httpBeforeFirstCut: (number | null)[] = [null, null];
  try {
    await ana.register('Ana');
    await bruno.register('Bruno');
    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    expect(created.userErrors).toEqual([]);
    const id = created.game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);

    const tables: LiveGame[] = [ana.game(id), bruno.game(id)];
    const tallies: Tally[] = tables.map((live, player) =>
      playTurns(live, {
        beforeMove: (_game, turn) => {
          const client = clients[player]!;
          // Only while the move will go out over the socket.
          if (turn % 2 !== 0 || !client.connected) return;
          httpBeforeFirstCut[player] ??= client.stats.httpMutations;
          const timing = TIMINGS[cuts.filter((c) => c.player === player).length % TIMINGS.length]!;
          const entry = { player, sockets: 0 };
          cuts.push(entry);
          timing(() => (entry.sockets = cutter!.cutAll()));
        },
      }),
    );
    await Promise.all(tables.map((t) => t.ready));
    expect((await tables[0]!.start()).userErrors).toEqual([]);
    const finals = await Promise.all(tables.map((t) => t.finished));

    const log = await serverLog(ana, id);
    const last = finals[0]!.lastEventSeq;
    expect(log.seqs).toEqual(oneTo(last));
    expect(cuts.length).toBeGreaterThanOrEqual(3);
    for (const player of [0, 1]) {
      const mine = cuts.filter((c) => c.player === player);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      // A cut met the client's socket (and the other's, when it was open). A cut made a few milliseconds
      // late can find both already cut by the other player's, with nothing left to cut.
      expect(mine.some((cut) => cut.sockets >= 1)).toBe(true);
    }
    for (const [i, final] of finals.entries()) {
      const tally = tallies[i]!;
      const client = clients[i]!;
      expect(final.status).toBe('FINISHED');
      expect(final.lastEventSeq).toBe(last);
      expect(tables[i]!.lastSeq).toBe(last);
      expect(tally.seqs).toEqual(oneTo(last));
      expect(tally.refused).toEqual([]);
      expect(tally.thrown).toEqual([]);
      expect(log.movesBySeat.get(final.viewerSeat!.position)).toBe(tally.moves);
      expect(tables[i]!.mismatch).toBeNull();
      expect(tables[i]!.resumes).toBeGreaterThan(0);
      // Moves went over the socket, and over HTTP after a cut.
      expect(client.stats.socketMutations).toBeGreaterThan(0);
      expect(client.stats.httpMutations).toBeGreaterThan(httpBeforeFirstCut[i]!);
    }
    tables.forEach((t) => t.close());
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
});
