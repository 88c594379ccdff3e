// The reference bot sends its moves over the socket it holds for its streams, and over HTTP while that socket
// is down: checked through the server's perudo_moves_total{transport} metric.
import { runBot, type BotOptions, type BotResult } from '../../examples/bot-client';
import { type App } from '../../src/app';
import { playView } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { trackUpgradedSockets } from '../support/socket-cutter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase | undefined;
let app: App | undefined;

beforeEach(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, { metricsPort: 0 });
});

afterEach(async () => {
  await app?.stop();
  await database?.drop();
});

/** The moves counted by the server, by transport and operation (outcomes summed). */
async function countedMoves(): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${app!.metricsPort}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^perudo_moves_total\{operation="(\w+)",outcome="\w+",transport="(\w+)"\} (\d+)$/.exec(line);
    if (m) counts[`${m[2]} ${m[1]}`] = (counts[`${m[2]} ${m[1]}`] ?? 0) + Number(m[3]);
  }
  return counts;
}

/** A 2-player game between two bots; `hooks` adds to the host's options and the guest's. */
async function playGame(
  hooks: (bot: 0 | 1) => Partial<BotOptions> = () => ({}),
): Promise<{ results: BotResult[]; movesSent: [number, number]; gameId: string }> {
  let joinGame!: (id: string) => void;
  const gameId = new Promise<string>((resolve) => (joinGame = resolve));
  const movesSent: [number, number] = [0, 0];
  const options = (bot: 0 | 1): Partial<BotOptions> => {
    const extra = hooks(bot);
    return {
      ...extra,
      retryDelayMs: 50,
      beforeMove: async (game, move) => {
        movesSent[bot]++;
        await extra.beforeMove?.(game, move);
      },
    };
  };
  const host = runBot({
    url: app!.url,
    name: 'Host bot',
    create: { preset: 'PERUDO', players: 2 },
    onGame: joinGame,
    ...options(0),
  });
  const guest = runBot({ url: app!.url, name: 'Guest bot', gameId: await gameId, ...options(1) });
  const results = await Promise.all([host, guest]);
  return { results, movesSent, gameId: await gameId };
}

it('two bots play a whole game with every move after their seats sent over their sockets', async () => {
  const { results, movesSent, gameId } = await playGame();

  const final = await playView(app!.url, gameId);
  expect(final.status).toBe('FINISHED');
  // Over HTTP: registerPlayer, and createGame or joinGame, sent before the socket is opened.
  expect(results.map((r) => r.httpMutations)).toEqual([2, 2]);
  // Over the socket: the host's startGame and every move.
  expect(results.map((r) => r.socketMutations)).toEqual([movesSent[0] + 1, movesSent[1]]);
  expect(results.map((r) => r.retries)).toEqual([0, 0]);
  const counted = await countedMoves();
  const overHttp = Object.entries(counted).filter(([key]) => key.startsWith('http '));
  expect(Object.fromEntries(overHttp)).toEqual({ 'http createGame': 1, 'http joinGame': 1 });
  expect(counted['ws startGame']).toBe(1);
  expect((counted['ws placeBid'] ?? 0) + (counted['ws callDudo'] ?? 0)).toBe(movesSent[0] + movesSent[1]);
});

it('a move whose socket is cut is sent over HTTP, and later moves over the socket again', async () => {
  const sockets = trackUpgradedSockets(app!.httpServer);
  let cut = false;
  let sentBeforeCut = 0;
  let sent = 0;
  const { results, movesSent, gameId } = await playGame(() => ({
    beforeMove: (game) => {
      sent++;
      if (cut || game.currentRound!.number < 2) return;
      cut = true;
      sentBeforeCut = sent - 1;
      // The move is sent right after this returns, before the bot hears of the close: it is sent on the dying
      // socket, gets no answer, and goes again over HTTP (with its idempotencyKey).
      sockets.cutAll();
    },
  }));

  const final = await playView(app!.url, gameId);
  expect(final.status).toBe('FINISHED');
  expect(cut).toBe(true);
  const [host, guest] = results as [BotResult, BotResult];
  const httpMoves = host.httpMutations + guest.httpMutations - 4;
  const socketMoves = host.socketMutations + guest.socketMutations - 1;
  // Every move went over one transport or the other, once, and the cut one over HTTP.
  expect(httpMoves + socketMoves).toBe(movesSent[0] + movesSent[1]);
  expect(httpMoves).toBeGreaterThanOrEqual(1);
  // The resumed sockets carried moves again.
  expect(socketMoves).toBeGreaterThan(sentBeforeCut);
  const counted = await countedMoves();
  expect((counted['http placeBid'] ?? 0) + (counted['http callDudo'] ?? 0)).toBe(httpMoves);
  expect((counted['ws placeBid'] ?? 0) + (counted['ws callDudo'] ?? 0)).toBe(socketMoves);
  expect(results.map((r) => r.status)).toEqual(['FINISHED', 'FINISHED']);
});
