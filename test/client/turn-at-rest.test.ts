// A LiveGame's turn is the viewer's only in a state it can act on: a frame between the events of one move
// (here a timed-out turn, before the timer's bid) allows no move, so it is not the viewer's turn.
import { createClient, type GameState, type LiveGame } from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const canAct = (g: GameState): boolean =>
  !!g.legalActions && (g.legalActions.canBid || g.legalActions.canDudo || g.legalActions.canExact);

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

it('a timed-out turn: its mid-move frame is not the viewer\'s turn; "turn" fires only with a legal move', async () => {
  const ana = createClient({ url: app!.url });
  const bruno = createClient({ url: app!.url });
  try {
    await ana.register('Ana');
    await bruno.register('Bruno');
    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2, turnSeconds: 5 });
    expect(created.userErrors).toEqual([]);
    const id = created.game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);
    const tables: LiveGame[] = [ana.game(id), bruno.game(id)];
    // Per table: frames that showed the viewer on turn with no legal actions, and what myTurn said then.
    const midMove: { myTurn: boolean }[][] = [[], []];
    const turns: GameState[][] = [[], []];
    const timedOut = new Promise<number>((resolve) =>
      tables.forEach((live, i) => {
        live.on('change', (g) => {
          if (g.viewerSeat && g.turn?.position === g.viewerSeat.position && !canAct(g))
            midMove[i]!.push({ myTurn: live.myTurn });
        });
        live.on('turn', (g) => turns[i]!.push(g));
        live.on('event', (e) => {
          if (e.type === 'TURN_TIMED_OUT' && e.game.viewerSeat?.position === e.game.turn?.position)
            resolve(i);
        });
      }),
    );
    await Promise.all(tables.map((t) => t.ready));
    expect((await tables[0]!.start()).userErrors).toEqual([]);
    // Nobody moves: the first seat on turn times out, and the timer bids for it.
    const i = await timedOut;
    expect(midMove[i]).toEqual([{ myTurn: false }]);
    expect(turns[i]!.length).toBeGreaterThanOrEqual(1);
    for (const g of [...turns[0]!, ...turns[1]!]) expect(canAct(g)).toBe(true);
  } finally {
    await Promise.all([ana.close(), bruno.close()]);
  }
}, 30_000);
