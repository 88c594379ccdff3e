import { Client } from 'pg';
import { startApp, type App } from '../../src/app';
import { PRESETS, type Command, type GameState } from '../../src/engine';
import { gameGlobalId } from '../../src/graphql/ids';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { Listeners, type ChangeBus } from '../../src/realtime/change-bus';
import * as lobbyFeedModule from '../../src/realtime/lobby-feed';
import { LobbyFeed, type LobbyFeedOptions } from '../../src/realtime/lobby-feed';
import { LISTENER_APPLICATION_NAME, PgChangeBus } from '../../src/realtime/pg-change-bus';
import { createMoveService } from '../../src/moves';
import { createGameStore, type GameStore } from '../../src/store/game-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { acceptedMutation, type Player, registerPlayer } from '../support/graphql-client';
import { sleep } from '../support/timing';
import { connect, Subscription, type WsConnection } from '../support/ws-client';

// Change notices are sent after the commit and only reach processes listening at that moment, so one can be
// lost. lobbyEvents must still deliver every lobby change: the lobby feed checks the database every few
// seconds and whenever the change bus reconnects. Games written through `writer` send no notice at all.

interface LobbyGame {
  id: string;
  status: string;
  version: number;
  seats: { position: number; player: { id: string } }[];
}

const LOBBY_EVENTS = 'subscription { lobbyEvents { id status version seats { position player { id } } } }';

let database: TestDatabase;
let silent: DatabaseClients;
let writer: GameStore;
let players: Player[] = [];
const apps: App[] = [];
const connections: WsConnection[] = [];
const logs: unknown[] = [];

/** The database key of a global ID. */
const key = (globalId: string): string => Buffer.from(globalId, 'base64url').toString('utf8').split(':')[1]!;

/** Starts an API process whose lobby feed has these options (the others as in production). */
async function startWith(options: LobbyFeedOptions): Promise<App> {
  const Original = LobbyFeed;
  const spy = jest
    .spyOn(lobbyFeedModule, 'LobbyFeed')
    .mockImplementation((bus, reads, checks, log) => new Original(bus, reads, checks, log, options));
  try {
    const app = await startApp({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      log: (m) => logs.push(m),
    });
    apps.push(app);
    expect(spy).toHaveBeenCalledTimes(1);
    return app;
  } finally {
    spy.mockRestore();
  }
}

/**
 * Subscribes to lobbyEvents on `app` and resolves once the server has registered the subscription and its
 * lobby feed has read the lobby as it was then (what it delivers afterwards are changes since).
 */
async function follow(app: App, token?: string): Promise<{ sub: Subscription<LobbyGame>; feed: LobbyFeed }> {
  const spy = jest.spyOn(LobbyFeed.prototype, 'subscribe');
  const conn = connect(app.url.replace(/^http/, 'ws'), token);
  connections.push(conn);
  const sub = new Subscription<LobbyGame>(conn.client, LOBBY_EVENTS, {}, 'lobbyEvents');
  for (let t = 0; spy.mock.contexts.length === 0 && t < 200; t++) await sleep(25);
  const feed = spy.mock.contexts[0] as LobbyFeed | undefined;
  spy.mockRestore();
  expect(feed).toBeDefined();
  await feed!.check();
  return { sub, feed: feed! };
}

function of(sub: Subscription<LobbyGame>, gameId: string): LobbyGame[] {
  return sub.items.filter((g) => g.id === gameId);
}

/** A game as lobbyEvents shows it. */
function shown(gameId: string, state: GameState): LobbyGame {
  return {
    id: gameGlobalId(gameId),
    status: state.status,
    version: state.version,
    seats: state.seats.map((s, position) => ({ position, player: { id: globalPlayer(s.playerId) } })),
  };
}

function globalPlayer(playerKey: string): string {
  return players.find((p) => key(p.id) === playerKey)!.id;
}

async function silentCreate(host: Player): Promise<{ gameId: string; state: GameState }> {
  const result = await createMoveService(writer).create(
    { host: key(host.id), rules: PRESETS.PERUDO },
    { operation: 'createGame', requestHash: '' },
  );
  if (result.kind !== 'applied') throw new Error(`not created: ${JSON.stringify(result)}`);
  return { gameId: result.gameId, state: result.state };
}

async function silentAct(gameId: string, command: Command): Promise<GameState> {
  const result = await createMoveService(writer).act(gameId, command, {
    operation: command.type,
    requestHash: '',
  });
  if (result.kind !== 'applied') throw new Error(`not applied: ${JSON.stringify(result)}`);
  return result.state;
}

async function sql(text: string, values: unknown[]): Promise<unknown[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  silent = createDatabaseClients(database.url, () => {});
  writer = createGameStore(silent);
  const registrar = await startWith({});
  players = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(registrar.url, n)));
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await Promise.all(connections.map((c) => c.dispose()));
  await Promise.all(apps.map((app) => app.stop()));
  await silent?.close();
  await database?.drop();
});

it('delivers lobby changes whose notices were lost within the check interval, once each', async () => {
  const app = apps[0]!;
  const [ana, ben, cleo] = players as [Player, Player, Player];
  const { sub } = await follow(app, ana.token);

  const created = await silentCreate(ana);
  await sub.until((s) => of(s, gameGlobalId(created.gameId)).length >= 1, 6_000, 'the created game');
  const joined = await silentAct(created.gameId, { type: 'JOIN', playerId: key(ben.id) });
  await sub.until((s) => of(s, gameGlobalId(created.gameId)).length >= 2, 6_000, 'the join');

  // A game created, joined and started between two checks is delivered too, though it left the lobby.
  const other = await silentCreate(cleo);
  await silentAct(other.gameId, { type: 'JOIN', playerId: key(ana.id) });
  const started = await silentAct(other.gameId, { type: 'START', playerId: key(cleo.id) });
  await sub.until(
    (s) => of(s, gameGlobalId(other.gameId)).some((g) => g.status === 'IN_PROGRESS'),
    6_000,
    'the started game',
  );
  // Two more checks find nothing new to deliver.
  await sleep(4_500);

  expect(sub.errors).toEqual([]);
  expect(of(sub, gameGlobalId(created.gameId))).toEqual([
    shown(created.gameId, created.state),
    shown(created.gameId, joined),
  ]);
  expect(shown(created.gameId, joined)).toEqual({
    id: gameGlobalId(created.gameId),
    status: 'LOBBY',
    version: created.state.version + 1,
    seats: [
      { position: 0, player: { id: ana.id } },
      { position: 1, player: { id: ben.id } },
    ],
  });
  const others = of(sub, gameGlobalId(other.gameId));
  expect(others.at(-1)).toEqual(shown(other.gameId, started));
  expect(others.at(-1)!.seats.map((s) => s.player.id)).toEqual([cleo.id, ana.id]);
  // However the checks fell, each version at most once and in order.
  const versions = others.map((g) => g.version);
  expect(versions).toEqual([...new Set(versions)].sort((x, y) => x - y));
  expect(sub.items).toHaveLength(2 + others.length);
});

it('delivers the changes made while the change listener was down once it has reconnected', async () => {
  // No periodic check: what was missed can only come back through the bus's resync.
  const app = await startWith({ checkIntervalMs: 3_600_000 });
  const [ana, ben] = players as [Player, Player];
  const { sub } = await follow(app, ben.token);

  // Kill the listener and hold its reconnection.
  const proto = PgChangeBus.prototype as unknown as { connect(): Promise<void> };
  const connectOnce = proto.connect;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let attempts = 0;
  jest.spyOn(proto, 'connect').mockImplementation(async function (this: PgChangeBus) {
    attempts++;
    await gate;
    return connectOnce.call(this);
  });
  const listeners = () =>
    sql('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = $2', [
      LISTENER_APPLICATION_NAME,
      database.name,
    ]);
  // Every process of this file listens; only this one's reconnection matters, the others' are let through.
  const killed = await sql(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
    [LISTENER_APPLICATION_NAME, database.name],
  );
  expect(killed).toHaveLength(apps.length);
  for (let t = 0; attempts < apps.length && t < 100; t++) await sleep(50);
  expect(attempts).toBe(apps.length);

  // Changes through the API: their notices go out while nobody listens.
  const created = await acceptedMutation(app.url, 'createGame', ana, { preset: 'PERUDO' });
  const joined = await acceptedMutation(app.url, 'joinGame', ben, { gameId: created.id });
  await sleep(500);
  expect(of(sub, created.id)).toEqual([]);

  open();
  for (let t = 0; (await listeners()).length < apps.length && t < 100; t++) await sleep(50);
  expect(await listeners()).toHaveLength(apps.length);
  await sub.until((s) => of(s, created.id).length >= 1, 5_000, 'the game after the resync');
  expect(logs.filter((m) => String(m).startsWith('change listener lost its connection'))).toHaveLength(
    apps.length,
  );

  // The listener is back: the next change comes with its notice.
  const started = await acceptedMutation(app.url, 'startGame', ana, { gameId: created.id });
  await sub.until((s) => of(s, created.id).length >= 2, 5_000, 'the start');
  await sleep(300);

  expect(sub.errors).toEqual([]);
  const ids = [ana.id, ben.id].map((id) => ({ id }));
  expect(of(sub, created.id)).toEqual([
    {
      id: created.id,
      status: 'LOBBY',
      version: joined.version,
      seats: ids.map((player, position) => ({ position, player })),
    },
    {
      id: created.id,
      status: 'IN_PROGRESS',
      version: started.version,
      seats: ids.map((player, position) => ({ position, player })),
    },
  ]);
});

it('ends a lobbyEvents subscription that leaves too many changes unread, with an error', async () => {
  // maxQueued 0: any change the subscriber has not asked for yet is one too many.
  const app = await startWith({ maxQueued: 0, checkIntervalMs: 3_600_000 });
  const [ana, ben] = players as [Player, Player];
  const { sub, feed } = await follow(app);
  const first = await silentCreate(ana);
  await sleep(10); // created in another millisecond
  await silentCreate(ben);
  // One check delivers both at once: the server's reader takes the first, the second waits and overflows.
  await feed.check();
  await sub.ended();

  // A check hands out the older game first; the newer one never came.
  expect(sub.items.map((g) => g.id)).toEqual([gameGlobalId(first.gameId)]);
  // graphql-ws sends the error as the subscription's last message, which ends it.
  expect(sub.errors).toEqual([{ message: 'the subscriber is too slow: lobby changes were not read' }]);
  expect(feed.subscribers).toBe(0);
});

describe('LobbyStream', () => {
  class TestBus extends Listeners implements ChangeBus {
    publish(): void {}
    send(): void {}
    connected(): boolean {
      return true;
    }
    close(): Promise<void> {
      return Promise.resolve();
    }
  }

  it('drops the unread items of a slow subscriber, fails its next read and releases it', async () => {
    const feed = new LobbyFeed(new TestBus(), writer.reads, writer.feedChecks, (m) => logs.push(m), {
      maxQueued: 2,
      checkIntervalMs: 3_600_000,
    });
    const slow = feed.subscribe();
    const reader = feed.subscribe();
    const read: string[] = [];
    const reading = (async () => {
      for await (const item of reader) read.push(item.gameId);
    })();
    await feed.check();
    const [ana, ben, cleo] = players as [Player, Player, Player];
    const games = [];
    for (const host of [ana, ben, cleo]) games.push((await silentCreate(host)).gameId);
    // The three games come in one check: two fit the slow subscriber's inbox, the third does not.
    await feed.check();
    for (let t = 0; read.length < 3 && t < 100; t++) await sleep(10);

    expect(read.sort()).toEqual([...games].sort());
    await expect(slow.next()).rejects.toThrow('the subscriber is too slow: lobby changes were not read');
    await expect(slow.next()).resolves.toEqual({ value: undefined, done: true });
    expect(feed.subscribers).toBe(1);
    feed.close();
    await reading;
    expect(feed.subscribers).toBe(0);
  });
});
