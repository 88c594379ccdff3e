import { runBot, type BotResult } from '../../examples/bot-client';
import { playView } from '../support/graphql-client';
import { freePort, spawnServer, stopAll, type ServerProcess } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { range } from '../support/ws-client';

/**
 * The reference bot client while its server restarts: the server is killed (SIGKILL, no goodbye) just as a
 * bot sends a move of its turn, and started again on the same port. The bot sends the move again (same
 * idempotencyKey) once the server answers, both bots resume their streams from the last event they saw,
 * and the game is played to its end with every event seen exactly once.
 */

jest.setTimeout(240_000);

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
const servers: ServerProcess[] = [];

afterAll(async () => {
  await stopAll([server, ...servers]);
  await database?.drop();
});

it('plays a game to its end across a server restart during a bot turn', async () => {
  database = await createTestDatabase();
  const port = await freePort();
  const start = async (): Promise<ServerProcess> => {
    const started = await spawnServer({ databaseUrl: database!.url, env: { PORT: String(port) } });
    servers.push(started);
    return started;
  };
  server = await start();
  const url = `http://127.0.0.1:${port}/graphql`;

  let restarted: Promise<ServerProcess> | null = null;
  let killedBeforeMove: { round: number; version: number } | null = null;
  const seen: [number[], number[]] = [[], []];
  let joinGame!: (id: string) => void;
  const gameId = new Promise<string>((resolve) => (joinGame = resolve));
  const common = { url, retryDelayMs: 100, maxRetries: 60 };

  const host = runBot({
    ...common,
    name: 'Host bot',
    create: { preset: 'PERUDO', players: 2 },
    onGame: joinGame,
    onEvent: (e) => seen[0].push(e.seq),
    // In round 2, the server dies just as the host sends its move; it comes back on the same port.
    beforeMove: async (game) => {
      if (restarted || game.currentRound!.number < 2) return;
      killedBeforeMove = { round: game.currentRound!.number, version: game.version };
      const dying = server!;
      restarted = dying.kill('SIGKILL').then(start);
    },
  });
  const guest = runBot({
    ...common,
    name: 'Guest bot',
    gameId: await gameId,
    onEvent: (e) => seen[1].push(e.seq),
  });
  const results: BotResult[] = await Promise.all([host, guest]);
  expect(restarted).not.toBeNull();
  server = await restarted!;

  const final = await playView(url, await gameId);
  expect(final.status).toBe('FINISHED');
  expect(killedBeforeMove).toMatchObject({ round: 2 });
  for (const [i, result] of results.entries()) {
    expect(result).toMatchObject({
      gameId: await gameId,
      status: 'FINISHED',
      winnerId: final.winner!.id,
      lastSeq: final.lastEventSeq,
      events: final.lastEventSeq,
    });
    // Every event exactly once, in order, across the restart.
    expect(seen[i]).toEqual(range(1, final.lastEventSeq));
    // Each bot's streams were cut by the restart and resumed.
    expect(result.resumes).toBeGreaterThanOrEqual(1);
    expect(result.turnsSignalled).toBeGreaterThanOrEqual(1);
  }
  // The host's move met a dead server and was sent again until the new one answered.
  expect(results[0]!.retries).toBeGreaterThanOrEqual(1);
  expect(results[0]!.won || results[1]!.won).toBe(true);
});
