import { runBot, type BotResult } from '../../examples/bot-client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { trackUpgradedSockets } from '../support/socket-cutter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { playView } from '../support/graphql-client';
import { range } from '../support/ws-client';

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

it('two reference bots play a game to its end, resuming their event streams after a dropped connection', async () => {
  const url = app!.url;
  const sockets = trackUpgradedSockets(app!.httpServer);
  let cut = false;
  let socketsAtCut = 0;
  const seen: [number[], number[]] = [[], []];
  let joinGame!: (id: string) => void;
  const gameId = new Promise<string>((resolve) => (joinGame = resolve));

  const host = runBot({
    url,
    name: 'Host bot',
    create: { preset: 'PERUDO', players: 2 },
    onGame: joinGame,
    retryDelayMs: 50,
    onEvent: (e) => {
      seen[0].push(e.seq);
      if (!cut && e.type === 'BID_PLACED' && e.game.currentRound!.number === 2) {
        cut = true;
        socketsAtCut = sockets.cutAll();
      }
    },
  });
  const guest = runBot({
    url,
    name: 'Guest bot',
    gameId: await gameId,
    retryDelayMs: 50,
    onEvent: (e) => seen[1].push(e.seq),
  });
  const results: BotResult[] = await Promise.all([host, guest]);

  const final = await playView(url, await gameId);
  expect(final.status).toBe('FINISHED');
  expect(cut).toBe(true);
  expect(socketsAtCut).toBe(2);
  for (const [i, r] of results.entries()) {
    expect(r).toMatchObject({ gameId: final.id, status: 'FINISHED', winnerId: final.winner!.id });
    expect(r.events).toBe(final.lastEventSeq);
    expect(r.lastSeq).toBe(final.lastEventSeq);
    expect(seen[i]).toEqual(range(1, final.lastEventSeq));
    expect(r.resumes).toBeGreaterThanOrEqual(1);
    expect(r.moves).toBeGreaterThan(0);
  }
  expect(results.filter((r) => r.won)).toHaveLength(1);
  expect(final.seats.map((s) => s.player.id).sort()).toEqual(results.map((r) => r.playerId).sort());
});
