import { type App } from '../../src/app';
import { gameGlobalId } from '../../src/graphql/ids';
import { GameFeeds } from '../../src/realtime/game-feed';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  acceptedMutation,
  lobbyGame,
  type Player,
  type PlayView,
  registerPlayer,
} from '../support/graphql-client';
import { playOneMove, playToEnd } from '../support/realtime-harness';
import { sleep } from '../support/timing';
import {
  connect,
  errorCodes,
  type EventData,
  range,
  seqsOf,
  subscribeEvents,
  type Subscription,
  untilSeq,
  type WsConnection,
} from '../support/ws-client';

let database: TestDatabase | undefined;
let app: App | undefined;
let url = '';
let wsUrl = '';
const connections: WsConnection[] = [];
let players: Player[] = [];
let game: PlayView;

function open(token?: string | null, authorization?: string): WsConnection {
  const c = connect(wsUrl, token, authorization);
  connections.push(c);
  return c;
}

/** Resolves once the server has set up the next `count` gameEvents streams (so later moves reach them). */
function streamsReady(count: number): Promise<void> {
  const started: Promise<unknown>[] = [];
  const original = GameFeeds.prototype.subscribe;
  const spy = jest.spyOn(GameFeeds.prototype, 'subscribe').mockImplementation(function (
    this: GameFeeds,
    ...args
  ) {
    const p = original.apply(this, args);
    started.push(p.catch(() => undefined));
    if (started.length === count) spy.mockRestore();
    return p;
  });
  return (async () => {
    for (let t = 0; started.length < count && t < 200; t++) await sleep(25);
    if (started.length < count) throw new Error(`only ${started.length} of ${count} subscriptions arrived`);
    await Promise.all(started);
  })();
}

async function move(times = 1): Promise<void> {
  for (let i = 0; i < times; i++) game = await playOneMove(url, game, players);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  url = app.url;
  wsUrl = url.replace(/^http/, 'ws');
  players = await Promise.all(['Ana', 'Ben'].map((n) => registerPlayer(url, n)));
  const lobby = await lobbyGame(url, players, { preset: 'PERUDO' });
  game = await acceptedMutation(url, 'startGame', players[0]!, { gameId: lobby.id });
});

afterAll(async () => {
  jest.restoreAllMocks();
  await Promise.all(connections.map((c) => c.dispose()));
  await app?.stop();
  await database?.drop();
});

describe('afterSeq', () => {
  it('resumes exactly after the last seen event when a subscriber reconnects', async () => {
    const first = open(players[0]!.token);
    const sub = subscribeEvents(first, game.id, 0);
    await untilSeq(sub, game.lastEventSeq);
    await move(4);
    await untilSeq(sub, game.lastEventSeq);
    const seen = sub.items.map((e) => e.seq);
    const last = seen[seen.length - 1]!;
    expect(seen).toEqual(range(1, game.lastEventSeq));
    await first.dispose();

    await move(3); // while disconnected
    const resumed = subscribeEvents(open(players[0]!.token), game.id, last);
    await untilSeq(resumed, game.lastEventSeq);
    expect(seqsOf(resumed.items)).toEqual(range(last + 1, game.lastEventSeq));
    await move(2); // live again
    await untilSeq(resumed, game.lastEventSeq);
    await sleep(100);
    const all = [...sub.items, ...resumed.items];
    expect(seqsOf(all)).toEqual(range(1, game.lastEventSeq));
    expect(resumed.errors).toEqual([]);

    // What the reconnected subscriber got equals the log as that player reads it from the start: the same
    // events, each replayed one showing the game as it is now (a replay never takes a client's game back).
    const replay = subscribeEvents(open(players[0]!.token), game.id, 0);
    await untilSeq(replay, game.lastEventSeq);
    const told = ({ seq, type, at, player, bid, outcome }: EventData) => ({
      seq,
      type,
      at,
      player,
      bid,
      outcome,
    });
    expect(replay.items.map(told)).toEqual(all.map(told));
    // legalActions aside: a replayed event's game offers no move (none can be made between a move's events).
    const state = ({ legalActions: _, ...rest }: (typeof all)[number]['game']) => rest;
    expect(replay.items.map((e) => state(e.game))).toEqual(replay.items.map(() => state(all.at(-1)!.game)));
  });

  it('gives only new events when afterSeq is omitted, and when it is the last seq', async () => {
    const ready = streamsReady(2);
    const omitted = subscribeEvents(open(players[1]!.token), game.id);
    const atLast = subscribeEvents(open(), game.id, game.lastEventSeq);
    await ready;
    await sleep(100);
    expect(omitted.items).toEqual([]);
    expect(atLast.items).toEqual([]);
    const before = game.lastEventSeq;
    await move(2);
    await untilSeq(omitted, game.lastEventSeq);
    await untilSeq(atLast, game.lastEventSeq);
    expect(seqsOf(omitted.items)).toEqual(range(before + 1, game.lastEventSeq));
    expect(seqsOf(atLast.items)).toEqual(range(before + 1, game.lastEventSeq));
  });

  it.each([
    ['beyond the last event', (last: number) => last + 1],
    ['far beyond the last event', () => 2_000_000_000],
    ['negative', () => -1],
  ])('refuses an afterSeq %s with BAD_USER_INPUT', async (_label, afterSeq) => {
    const sub = subscribeEvents(open(), game.id, afterSeq(game.lastEventSeq));
    await sub.ended();
    expect(errorCodes(sub.errors)).toEqual(['BAD_USER_INPUT']);
    expect(sub.items).toEqual([]);
  });
});

describe('gameId', () => {
  it('answers NOT_FOUND for a game that does not exist, and for the ID of something else', async () => {
    const unknown = subscribeEvents(open(), gameGlobalId('00000000-0000-4000-8000-000000000000'), 0);
    const player = subscribeEvents(open(), players[0]!.id, 0);
    await Promise.all([unknown.ended(), player.ended()]);
    expect(errorCodes(unknown.errors)).toEqual(['NOT_FOUND']);
    expect(errorCodes(player.errors)).toEqual(['NOT_FOUND']);
  });

  it('answers BAD_USER_INPUT for a malformed ID', async () => {
    const subs = ['nope!', '', 'R2FtZTpub3QtYS11dWlk'].map((id) => subscribeEvents(open(), id, 0));
    await Promise.all(subs.map((s) => s.ended()));
    for (const s of subs) expect(errorCodes(s.errors)).toEqual(['BAD_USER_INPUT']);
  });
});

describe('identity', () => {
  it.each([
    ['a malformed token', 'Bearer not a token!'],
    ['an unknown token', `Bearer ${'A'.repeat(43)}`],
    ['a header without Bearer', 'Basic dXNlcjpwYXNz'],
  ])('closes the socket with 4403 on %s', async (_label, authorization) => {
    const conn = open(null, authorization);
    const closed = conn.nextClose();
    const sub = subscribeEvents(conn, game.id, 0);
    expect((await closed).code).toBe(4403);
    await sub.ended();
    expect(sub.items).toEqual([]);
    expect((sub.errors[0] as { code?: number }).code).toBe(4403);
  });

  it('lets a client without a token follow as a spectator', async () => {
    const sub: Subscription = subscribeEvents(open(), game.id, 0);
    await untilSeq(sub, game.lastEventSeq);
    expect(seqsOf(sub.items)).toEqual(range(1, game.lastEventSeq));
    for (const e of sub.items) {
      expect(e.game.viewerSeat).toBeNull();
      expect(e.game.legalActions).toBeNull();
      expect(e.game.seats.map((s) => s.dice)).toEqual(e.game.seats.map(() => null));
    }
    const before = game.lastEventSeq;
    await move();
    await untilSeq(sub, game.lastEventSeq);
    expect(seqsOf(sub.items.slice(before))).toEqual(range(before + 1, game.lastEventSeq));
  });

  it('finishes the game with every stream still exact', async () => {
    const sub = subscribeEvents(open(players[1]!.token), game.id, 0);
    const final = await playToEnd(url, game.id, players);
    await untilSeq(sub, final.lastEventSeq);
    await sleep(100);
    expect(seqsOf(sub.items)).toEqual(range(1, final.lastEventSeq));
    expect(sub.items[sub.items.length - 1]!.type).toBe('GAME_FINISHED');
  });
});
