import { type App } from '../../src/app';
import { LobbyFeed } from '../../src/realtime/lobby-feed';
import { GameReads } from '../../src/store/game-reads.repository';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { acceptedMutation, type Player, registerPlayer } from '../support/graphql-client';
import { playOneMove } from '../support/realtime-harness';
import { sleep } from '../support/timing';
import { connect, Subscription, type WsConnection } from '../support/ws-client';

// Two API instances on one database: the lobby is changed through A; lobbyEvents is followed on A (the
// same instance) and on B (which learns of A's changes only through its LISTEN connection).
interface LobbyGame {
  id: string;
  status: string;
  version: number;
  seats: { position: number; player: { id: string } }[];
  viewerSeat: { position: number } | null;
}

const LOBBY_EVENTS =
  'subscription { lobbyEvents { id status version seats { position player { id } } viewerSeat { position } } }';

let database: TestDatabase | undefined;
const apps: App[] = [];
const connections: WsConnection[] = [];
let players: Player[] = [];

/** Subscribes to lobbyEvents on `app` and resolves once the server has registered the subscription. */
async function follow(app: App, token?: string): Promise<Subscription<LobbyGame>> {
  const original = LobbyFeed.prototype.subscribe;
  let registered = false;
  const spy = jest.spyOn(LobbyFeed.prototype, 'subscribe').mockImplementation(function (this: LobbyFeed) {
    registered = true;
    spy.mockRestore();
    return original.call(this);
  });
  const conn = connect(app.url.replace(/^http/, 'ws'), token);
  connections.push(conn);
  const sub = new Subscription<LobbyGame>(conn.client, LOBBY_EVENTS, {}, 'lobbyEvents');
  for (let t = 0; !registered && t < 200; t++) await sleep(25);
  expect(registered).toBe(true);
  return sub;
}

function of(sub: Subscription<LobbyGame>, gameId: string): LobbyGame[] {
  return sub.items.filter((g) => g.id === gameId);
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    apps.push(await startServer(database.url));
  }
  players = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(apps[0]!.url, n)));
});

afterAll(async () => {
  jest.restoreAllMocks();
  await Promise.all(connections.map((c) => c.dispose()));
  await Promise.all(apps.map((app) => app.stop()));
  await database?.drop();
});

it('delivers a game when it is created, joined, left and started, on the same and on another instance', async () => {
  const [a, b] = apps as [App, App];
  const [ana, ben, cleo] = players as [Player, Player, Player];
  const same = await follow(a, ben.token);
  const other = await follow(b);
  const subs = [same, other];
  const gameId = (await acceptedMutation(a.url, 'createGame', ana, { preset: 'PERUDO' })).id;
  const step = async (count: number): Promise<void> => {
    for (const s of subs) await s.until((x) => of(x, gameId).length >= count, 10_000, `lobby item ${count}`);
  };

  await step(1);
  await acceptedMutation(a.url, 'joinGame', ben, { gameId });
  await step(2);
  await acceptedMutation(a.url, 'joinGame', cleo, { gameId });
  await step(3);
  await acceptedMutation(a.url, 'leaveGame', cleo, { gameId });
  await step(4);
  const started = await acceptedMutation(a.url, 'startGame', ana, { gameId });
  await step(5);
  // Moves in play are not lobby changes.
  await playOneMove(a.url, await playOneMove(a.url, started, players), players);
  await sleep(300);

  const shape = (g: LobbyGame) => ({ status: g.status, players: g.seats.map((s) => s.player.id) });
  const expected = [
    { status: 'LOBBY', players: [ana.id] },
    { status: 'LOBBY', players: [ana.id, ben.id] },
    { status: 'LOBBY', players: [ana.id, ben.id, cleo.id] },
    { status: 'LOBBY', players: [ana.id, ben.id] },
    { status: 'IN_PROGRESS', players: [ana.id, ben.id] },
  ];
  for (const s of subs) {
    expect(s.errors).toEqual([]);
    expect(of(s, gameId).map(shape)).toEqual(expected);
    const versions = of(s, gameId).map((g) => g.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(5);
  }
  // Each subscriber sees the game as itself: Ben's seat, or no seat for the spectator.
  expect(of(same, gameId).map((g) => g.viewerSeat)).toEqual([
    null,
    { position: 1 },
    { position: 1 },
    { position: 1 },
    { position: 1 },
  ]);
  expect(of(other, gameId).map((g) => g.viewerSeat)).toEqual([null, null, null, null, null]);
});

it('never delivers a game older than it delivered it before, even when reads complete out of order', async () => {
  const [a, b] = apps as [App, App];
  const [ana, ben] = players as [Player, Player];
  const sub = await follow(b);
  // Every other read of a game for the lobby is slow to come back: a later read then completes first.
  const original = GameReads.prototype.load;
  let reads = 0;
  jest.spyOn(GameReads.prototype, 'load').mockImplementation(async function (this: GameReads, id) {
    const state = await original.call(this, id);
    if (reads++ % 2 === 0) await sleep(150);
    return state;
  });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { id } = await acceptedMutation(a.url, 'createGame', ana, { preset: 'PUB' });
    await acceptedMutation(a.url, 'joinGame', ben, { gameId: id });
    await acceptedMutation(a.url, 'startGame', ana, { gameId: id });
    ids.push(id);
  }
  await sub.until(
    (s) => ids.every((id) => of(s, id).some((g) => g.status === 'IN_PROGRESS')),
    10_000,
    'every start',
  );
  await sleep(500);
  jest.restoreAllMocks();
  for (const id of ids) {
    const versions = of(sub, id).map((g) => g.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(of(sub, id).at(-1)!.status).toBe('IN_PROGRESS');
  }
});
