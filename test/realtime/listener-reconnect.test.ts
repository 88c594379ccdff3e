import { Client } from 'pg';
import { startApp, type App } from '../../src/app';
import { GameFeeds } from '../../src/realtime/game-feed';
import { LISTENER_APPLICATION_NAME, PgChangeBus } from '../../src/realtime/pg-change-bus';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  acceptedMutation,
  lobbyGame,
  playView,
  type PlayView,
  registerPlayer,
} from '../support/graphql-client';
import { type Endpoint, playOneMove, playToEnd } from '../support/realtime-harness';
import { sleep } from '../support/timing';
import {
  connect,
  eventFacts,
  range,
  seqsOf,
  subscribeEvents,
  untilSeq,
  type WsConnection,
} from '../support/ws-client';

// Two API instances on one database: moves are made on A, subscribers follow on B, which learns of A's moves
// from its LISTEN connection and, as a fallback, from its periodic check of the log. The LISTEN connection is
// killed mid-game.
let database: TestDatabase | undefined;
const apps: App[] = [];
const logs: unknown[] = [];
const connections: WsConnection[] = [];

function endpoint(app: App): Endpoint {
  return { url: app.url, wsUrl: app.url.replace(/^http/, 'ws') };
}

async function sql<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function listenerPids(): Promise<number[]> {
  return sql<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = $2 ORDER BY pid',
    [LISTENER_APPLICATION_NAME, database!.name],
  ).then((rows) => rows.map((r) => r.pid));
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    apps.push(
      await startApp({ databaseUrl: database.url, port: 0, host: '127.0.0.1', log: (m) => logs.push(m) }),
    );
  }
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.dispose()));
  await Promise.all(apps.map((app) => app.stop()));
  await database?.drop();
});

/** Kills the instances' LISTEN connections and holds their reconnection until `release()`. */
async function killListeners(): Promise<{
  release(listeners?: number): Promise<number[]>;
  oldPids: number[];
}> {
  const proto = PgChangeBus.prototype as unknown as { connect(): Promise<void> };
  const original = proto.connect;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let attempts = 0;
  const spy = jest.spyOn(proto, 'connect').mockImplementation(async function (this: PgChangeBus) {
    attempts++;
    await gate;
    return original.call(this);
  });
  const oldPids = await listenerPids();
  expect(oldPids).toHaveLength(2);
  const killed = await sql<{ ok: boolean }>(
    'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
    [LISTENER_APPLICATION_NAME, database!.name],
  );
  expect(killed).toEqual([{ ok: true }, { ok: true }]);
  for (let t = 0; attempts < 2 && t < 100; t++) await sleep(50);
  expect(attempts).toBe(2);
  releases.push(open);
  return {
    oldPids,
    /** Lets the reconnections through; resolves with the listeners' pids once there are `listeners`. */
    async release(listeners = 2) {
      open();
      spy.mockRestore();
      let pids: number[] = [];
      for (let t = 0; t < 100; t++) {
        pids = await listenerPids();
        if (pids.length === listeners) break;
        await sleep(50);
      }
      return pids;
    },
  };
}

/**
 * Stops the feeds' periodic check of the log until the returned function is called, so that events reach B
 * only through its change bus.
 */
function holdLogChecks(): () => void {
  const spy = jest.spyOn(GameFeeds.prototype, 'checkFollowed').mockResolvedValue(undefined);
  return () => spy.mockRestore();
}

const releases: (() => void)[] = [];
afterEach(() => {
  for (const open of releases) open();
  jest.restoreAllMocks();
});

it('loses no event and repeats none when the LISTEN connection is killed mid-game', async () => {
  const [a, b] = apps.map(endpoint) as [Endpoint, Endpoint];
  const players = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(a.url, n)));
  const lobby = await lobbyGame(a.url, players, { preset: 'PERUDO' });
  const open = (token?: string): WsConnection => {
    const c = connect(b.wsUrl, token);
    connections.push(c);
    return c;
  };
  const subs = [...players.map((p) => open(p.token)), open()].map((c) => subscribeEvents(c, lobby.id, 0));
  const delivered = async (seq: number): Promise<void> => {
    await Promise.all(subs.map((s) => untilSeq(s, seq)));
    for (const s of subs) expect(s.items[s.items.length - 1]!.seq).toBe(seq);
  };
  const play = async (moves: number): Promise<void> => {
    for (let i = 0; i < moves; i++) game = await playOneMove(a.url, game, players);
  };
  await delivered(lobby.lastEventSeq);
  let game: PlayView = await acceptedMutation(a.url, 'startGame', players[0]!, { gameId: lobby.id });
  await play(5);
  await delivered(game.lastEventSeq);

  // 1. Moves made while B cannot hear of them reach B's subscribers once it has reconnected. Meanwhile B's
  // check of the log may deliver some or all of them: whatever has arrived is the log's start, in order,
  // with no gap and no repeat.
  const first = await killListeners();
  const before1 = game.lastEventSeq;
  await play(4);
  await sleep(300);
  for (const s of subs) {
    const seqs = seqsOf(s.items);
    expect(seqs).toEqual(range(1, seqs.length));
    expect(seqs.length).toBeGreaterThanOrEqual(before1);
    expect(seqs.length).toBeLessThanOrEqual(game.lastEventSeq);
  }
  const newPids = await first.release();
  expect(newPids).toHaveLength(2);
  expect(newPids.filter((pid) => first.oldPids.includes(pid))).toEqual([]);
  await delivered(game.lastEventSeq);
  for (const s of subs) expect(seqsOf(s.items)).toEqual(range(1, game.lastEventSeq));
  // The new LISTEN connection delivers: with the log check held, moves can reach B through it alone.
  const resumeLogChecks = holdLogChecks();
  await play(2);
  await delivered(game.lastEventSeq);
  resumeLogChecks();

  // 2. A client resuming on B while B lags: the log, not B's stale view, decides what afterSeq may be.
  const second = await killListeners();
  const before2 = game.lastEventSeq;
  await play(3);
  const during = game.lastEventSeq;
  const fromNow = subscribeEvents(open(), lobby.id, during);
  await sleep(300);
  expect(fromNow.errors).toEqual([]);
  expect(fromNow.items).toEqual([]);
  const fromLog = subscribeEvents(open(players[1]!.token), lobby.id, before2);
  await untilSeq(fromLog, during);
  expect(seqsOf(fromLog.items)).toEqual(range(before2 + 1, during));
  expect(await second.release()).toHaveLength(2);
  await delivered(during);

  const final = await playToEnd(a.url, lobby.id, players, (g) => delivered(g.lastEventSeq));
  const n = final.lastEventSeq;
  await delivered(n);
  await untilSeq(fromNow, n);
  await untilSeq(fromLog, n);
  await sleep(200);
  for (const s of subs) {
    expect(s.errors).toEqual([]);
    expect(seqsOf(s.items)).toEqual(range(1, n));
  }
  expect(seqsOf(fromLog.items)).toEqual(range(before2 + 1, n));
  expect(seqsOf(fromNow.items)).toEqual(range(during + 1, n));
  // The late subscribers saw exactly what the others saw, as that viewer.
  expect(fromLog.items.map(eventFacts)).toEqual(subs[1]!.items.slice(before2).map(eventFacts));
  expect(fromNow.items.map(eventFacts)).toEqual(subs[3]!.items.slice(during).map(eventFacts));
  expect((await playView(a.url, lobby.id)).status).toBe('FINISHED');
  expect(logs.filter((m) => String(m).startsWith('change listener lost its connection'))).toHaveLength(4);
});

it('leaves no LISTEN connection behind when the instance stops while reconnecting', async () => {
  const down = await killListeners();
  const b = apps.pop()!;
  await b.stop();
  const pids = await down.release(1);
  await sleep(300);
  expect(pids).toHaveLength(1);
  expect(await listenerPids()).toEqual(pids);
});
