// Table chat across two API processes on one PostgreSQL: messages sent on either reach subscribers on both,
// replayed then live, each exactly once and in seq order; a resumed subscription continues where it left off,
// a mute made on one process applies to the muter's live stream on the other, and a kick made on one ends the
// kicked player's stream on the other before any later message.
import { gql, lobbyGame, registerPlayer, type Player } from '../support/graphql-client';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep } from '../support/timing';
import { connect, errorCodes, range, type WsConnection } from '../support/ws-client';
import { chatOf, mute, sent, subscribeChat, untilChatSeq, type MessageData } from './chat-support';

let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
// The same two processes' chat over Redis pub/sub instead of LISTEN/NOTIFY.
let redisA: ServerProcess | undefined;
let redisB: ServerProcess | undefined;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sockets: WsConnection[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const url = database.url;
  [a, b, redisA, redisB] = await Promise.all([
    spawnServer({ databaseUrl: url }),
    spawnServer({ databaseUrl: url }),
    spawnServer({ databaseUrl: url, redisUrl: REDIS_URL }),
    spawnServer({ databaseUrl: url, redisUrl: REDIS_URL }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await stopAll([a, b, redisA, redisB]);
  await database?.drop();
});

function socket(wsUrl: string, player?: Player): WsConnection {
  const conn = connect(wsUrl, player?.token);
  sockets.push(conn);
  return conn;
}

const seqs = (items: readonly MessageData[]) => items.map((m) => m.seq);
const publicPart = (m: MessageData) => ({
  seq: m.seq,
  text: m.text,
  emote: m.emote,
  at: m.at,
  author: m.author.id,
});

// Server processes keep people's names unique, and both scenarios share one database.
let scenarios = 0;

async function scenario(a: ServerProcess, b: ServerProcess): Promise<void> {
  const run = ++scenarios;
  const [ann, bob, cy, dan, eve] = await Promise.all(
    ['Ann', 'Bob', 'Cy', 'Dan', 'Eve'].map((n) => registerPlayer(a.url, `${n} ${run}`)),
  );
  const gameId = (await lobbyGame(a.url, [ann!, bob!], { preset: 'PERUDO' })).id;
  // Three messages before anyone follows.
  await sent(a.url, { gameId, text: 'one' }, ann!);
  await sent(b.url, { gameId, emote: 'WOW' }, bob!);
  await sent(a.url, { gameId, text: 'three' }, cy!);

  const fromStart = [
    subscribeChat(socket(b.wsUrl, ann), gameId, 0),
    subscribeChat(socket(b.wsUrl, bob), gameId, 0),
    subscribeChat(socket(b.wsUrl), gameId, 0),
    subscribeChat(socket(a.wsUrl, cy), gameId, 0),
  ];
  const resumed = subscribeChat(socket(b.wsUrl, dan), gameId, 2);
  const liveOnly = subscribeChat(socket(b.wsUrl, eve), gameId);
  await Promise.all([...fromStart, resumed].map((s) => untilChatSeq(s, 3)));
  await sleep(500); // the live-only subscription has started by now

  // A burst from three players at once, each alternating between the processes: 12 more messages.
  await Promise.all(
    [ann!, bob!, cy!].map(async (p, i) => {
      for (let k = 0; k < 4; k++) {
        await sent(k % 2 === 0 ? a.url : b.url, { gameId, text: `${p.name} ${k}` }, p);
        await sleep(5 * i);
      }
    }),
  );
  const n = 15;
  await Promise.all([...fromStart, resumed, liveOnly].map((s) => untilChatSeq(s, n)));
  await sleep(300); // anything duplicated or late would arrive by now

  for (const s of fromStart) {
    expect(s.errors).toEqual([]);
    expect(seqs(s.items)).toEqual(range(1, n));
  }
  expect(seqs(resumed.items)).toEqual(range(3, n));
  expect(seqs(liveOnly.items)).toEqual(range(4, n));
  // Every subscriber saw the same messages as the chat reads afterwards, on either process.
  const stored = (await chatOf(a.url, gameId)).map(publicPart);
  expect(stored.map((m) => m.seq)).toEqual(range(1, n));
  for (const s of fromStart) expect(s.items.map(publicPart)).toEqual(stored);
  expect((await chatOf(b.url, gameId)).map(publicPart)).toEqual(stored);

  // A dropped socket resumes with the last seq it saw.
  const seen = liveOnly.items[liveOnly.items.length - 1]!.seq;
  const again = subscribeChat(socket(b.wsUrl, eve), gameId, seen - 5);
  await untilChatSeq(again, seen);
  expect(seqs(again.items)).toEqual(range(seen - 4, seen));

  // Bob mutes Dan on A; Dan's later message reaches everyone on B but Bob, whose stream goes on.
  expect((await mute(a.url, bob!, dan!.id, true)).body.data!.mutePlayer.muted).toBe(true);
  await sent(a.url, { gameId, text: 'from dan' }, dan!);
  await sent(a.url, { gameId, text: 'from eve' }, eve!);
  const bobs = fromStart[1]!;
  await Promise.all([...fromStart, again].map((s) => untilChatSeq(s, n + 2)));
  await sleep(300);
  expect(seqs(bobs.items)).toEqual([...range(1, n), n + 2]);
  expect(seqs(fromStart[0]!.items)).toEqual(range(1, n + 2));
  expect(seqs(again.items)).toEqual(range(seen - 4, n + 2));
  // And on replay.
  const replay = subscribeChat(socket(b.wsUrl, bob), gameId, n - 1);
  await untilChatSeq(replay, n + 2);
  expect(seqs(replay.items)).toEqual([n, n + 2]);
}

it('replays then delivers live every message sent on either process, once and in order, to subscribers on both', async () => {
  await scenario(a!, b!);
}, 60_000);

it('does the same with the change bus on Redis', async () => {
  await scenario(redisA!, redisB!);
}, 60_000);

it("ends a kicked player's gameChat on the other process, before any message sent after the kick", async () => {
  const [ann, bob, cy] = await Promise.all(
    ['Ann', 'Bob', 'Cy'].map((n) => registerPlayer(a!.url, `${n} kicked`)),
  );
  const gameId = (await lobbyGame(a!.url, [ann!, bob!, cy!], { preset: 'PERUDO', allowSpectators: false }))
    .id;
  await sent(a!.url, { gameId, text: 'welcome' }, ann!);
  const bobs = subscribeChat(socket(b!.wsUrl, bob), gameId, 0);
  const cys = subscribeChat(socket(b!.wsUrl, cy), gameId, 0);
  await Promise.all([bobs, cys].map((s) => untilChatSeq(s, 1)));
  // The kick and the messages right after it, on process A: B hears of them by notices in any order.
  const kick = await gql<{ kickPlayer: { userErrors: unknown[] } }>(
    a!.url,
    `mutation($input: SeatInput!) { kickPlayer(input: $input) { userErrors { code } } }`,
    { input: { gameId, position: 2 } },
    ann!.token,
  );
  expect(kick.body.data!.kickPlayer.userErrors).toEqual([]);
  await sent(a!.url, { gameId, text: 'after the kick' }, ann!);
  await sent(a!.url, { gameId, emote: 'WOW' }, bob!);
  await cys.ended();
  await untilChatSeq(bobs, 3);
  await sleep(300);
  expect(errorCodes(cys.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
  expect(cys.items.map((m) => m.seq)).toEqual([1]);
  expect(seqs(bobs.items)).toEqual([1, 2, 3]);
  // What a new subscription gets on either process.
  for (const p of [a!, b!]) {
    const again = subscribeChat(socket(p.wsUrl, cy), gameId, 0);
    await again.ended();
    expect([errorCodes(again.errors), again.items]).toEqual([['SPECTATORS_NOT_ALLOWED'], []]);
  }
}, 60_000);

it('shuts every process down cleanly on SIGTERM', async () => {
  await Promise.all(sockets.splice(0).map((s) => s.dispose()));
  const codes = await Promise.all([a!, b!, redisA!, redisB!].map((p) => p.stop()));
  expect(codes).toEqual([0, 0, 0, 0]);
});
