import { createClient, type LiveGame, type PerudoClient } from '@perudo/client';
import { type App } from '../../src/app';
import { oneTo, playTurns, serverLog, type Tally } from '../support/client-game';
import { freePort, startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Two clients play a whole game while their server is stopped and started again twice on the same port and
 * database: once before a move is sent (the move meets no server and is retried until the new one answers),
 * once just as a move is sent (it may be applied before the socket closes; its retry, same idempotencyKey, is
 * then answered from the record). Each LiveGame delivers every event once, in order, and every move counted
 * by a client is in the server's log once.
 */

let database: TestDatabase | undefined;
let app: App | undefined;
let port = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  app = await startServer(database.url, { port });
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

it('plays a game to its end across two server restarts, nothing lost or doubled', async () => {
  const url = `http://127.0.0.1:${port}/graphql`;
  const retry = { delayMs: 100, maxDelayMs: 500, maxRetries: 100 };
  const ana: PerudoClient = createClient({ url, retry });
  const bruno: PerudoClient = createClient({ url, retry });
  const restarts: Promise<void>[] = [];
  const restartedAt: { player: string; round: number }[] = [];
  try {
    await ana.register('Ana');
    await bruno.register('Bruno');
    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    expect(created.userErrors).toEqual([]);
    const id = created.game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);

    const tables: LiveGame[] = [ana.game(id), bruno.game(id)];
    const tallies: Tally[] = [
      // In round 2 the server is stopped before Ana's move is sent, and comes back a second later.
      playTurns(tables[0]!, {
        beforeMove: async (game) => {
          if (restartedAt.some((r) => r.player === 'Ana') || game.currentRound!.number < 2) return;
          restartedAt.push({ player: 'Ana', round: game.currentRound!.number });
          await app!.stop();
          restarts.push(
            new Promise((resolve) => setTimeout(resolve, 1000)).then(async () => {
              app = await startServer(database!.url, { port });
            }),
          );
        },
      }),
      // From round 3 the server stops while Bruno's move is on its way, and starts again at once.
      playTurns(tables[1]!, {
        beforeMove: (game) => {
          if (restartedAt.some((r) => r.player === 'Bruno') || game.currentRound!.number < 3) return;
          restartedAt.push({ player: 'Bruno', round: game.currentRound!.number });
          // After Ana's restart has finished (app names the running server).
          const earlier = [...restarts];
          restarts.push(
            (async () => {
              await Promise.all(earlier);
              await app!.stop();
              app = await startServer(database!.url, { port });
            })(),
          );
        },
      }),
    ];
    await Promise.all(tables.map((t) => t.ready));
    expect((await tables[0]!.start()).userErrors).toEqual([]);

    const finals = await Promise.all(tables.map((t) => t.finished));
    await Promise.all(restarts);
    expect(restartedAt.map((r) => r.player).sort()).toEqual(['Ana', 'Bruno']);

    const log = await serverLog(ana, id);
    const last = finals[0]!.lastEventSeq;
    expect(log.seqs).toEqual(oneTo(last));
    const roundsEnded = log.types.filter((t) => t === 'ROUND_ENDED').length;
    for (const [i, final] of finals.entries()) {
      const tally = tallies[i]!;
      expect(final.status).toBe('FINISHED');
      expect(final.lastEventSeq).toBe(last);
      expect(tables[i]!.lastSeq).toBe(last);
      expect(tables[i]!.events).toBe(last);
      // Every seq once, in order, across both restarts.
      expect(tally.seqs).toEqual(oneTo(last));
      expect(tally.refused).toEqual([]);
      expect(tally.thrown).toEqual([]);
      // Each move the client saw accepted is in the log once: none lost, none applied twice.
      expect(log.movesBySeat.get(final.viewerSeat!.position)).toBe(tally.moves);
      expect([...tally.verified].sort((a, b) => a - b)).toEqual(oneTo(roundsEnded));
      expect(tables[i]!.mismatch).toBeNull();
      expect(tables[i]!.resumes).toBeGreaterThan(0);
    }
    // Ana's move met a stopped server and was sent again until the new one answered.
    expect(ana.stats.retries).toBeGreaterThan(0);
    tables.forEach((t) => t.close());
  } finally {
    await Promise.all([ana.close(), bruno.close()]);
  }
});
