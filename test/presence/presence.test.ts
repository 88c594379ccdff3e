// Presence across two API processes on one database: a seat is connected while its player follows the game
// (or their own stream) on either process; a socket that dies or stops answering pings is dropped; a
// flapping socket is coalesced; seats are nodes; chat readers count among spectators.
import { dataOf, errorsOf, gql, lobbyGame, registerPlayer, type Player } from '../support/graphql-client';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep, until } from '../support/timing';
import { connect, RawSocket, Subscription, wsUrlOf, type WsConnection } from '../support/ws-client';

let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const open: WsConnection[] = [];
const raw: RawSocket[] = [];

/** Keep-alive of the test servers (ms): a socket that stops answering pings is dropped within twice this. */
const KEEP_ALIVE_MS = 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { WS_KEEPALIVE_MS: String(KEEP_ALIVE_MS) };
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url, env }),
    spawnServer({ databaseUrl: database.url, env }),
  ]);
}, 60_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.dispose()));
  await Promise.all(raw.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

interface PresenceData {
  seat: { id: string; position: number; connected: boolean; player: { id: string } };
  connected: boolean;
  away: boolean;
  at: string;
}

const GAME_PRESENCE = `subscription($gameId: ID!) {
  gamePresence(gameId: $gameId) { seat { id position connected player { id } } connected away at }
}`;

function ws(url: string, player?: Player | null): WsConnection {
  const c = connect(wsUrlOf(url), player?.token ?? null);
  open.push(c);
  return c;
}

function presenceOf(url: string, gameId: string, viewer?: Player | null): Subscription<PresenceData> {
  return new Subscription<PresenceData>(ws(url, viewer).client, GAME_PRESENCE, { gameId }, 'gamePresence');
}

async function connectedSeats(url: string, gameId: string, viewer?: Player | null): Promise<boolean[]> {
  const r = await gql<{ game: { seats: { connected: boolean }[] } }>(
    url,
    'query($id: ID!) { game(id: $id) { seats { connected } } }',
    { id: gameId },
    viewer?.token,
  );
  return dataOf(r).game.seats.map((s) => s.connected);
}

/** A raw socket of `player` on `url` following the game's events (subscription id "e"). */
async function following(url: string, player: Player, gameId: string): Promise<RawSocket> {
  const s = await RawSocket.connect(url, player.token);
  raw.push(s);
  s.send({
    id: 'e',
    type: 'subscribe',
    payload: { query: 'subscription($g: ID!) { gameEvents(gameId: $g) { seq } }', variables: { g: gameId } },
  });
  return s;
}

let registered = 0;
/** New players (names unique across the file: servers may refuse look-alike names). */
async function players(...names: string[]): Promise<Player[]> {
  registered++;
  return Promise.all(names.map((n) => registerPlayer(a!.url, `${n} ${registered}`)));
}

/** Lets a new subscription reach its feed before the change it is to see (nothing to wait on through the API). */
const settle = () => sleep(500);

test('a player following the game on process A shows as connected to a viewer on process B, then not', async () => {
  const [ann, bob] = await players('Ann', 'Bob');
  const game = await lobbyGame(a!.url, [ann!, bob!]);
  const watch = presenceOf(b!.url, game.id);
  await settle();
  expect(await connectedSeats(b!.url, game.id)).toEqual([false, false]);

  const bobSocket = ws(a!.url, bob);
  const events = new Subscription(
    bobSocket.client,
    'subscription($g: ID!) { gameEvents(gameId: $g) { seq } }',
    { g: game.id },
    'gameEvents',
  );
  await watch.until((s) => s.items.length === 1, 5_000, "Bob's connection");
  const seatId = watch.items[0]!.seat.id;
  expect(watch.items[0]).toEqual({
    seat: { id: seatId, position: 1, connected: true, player: { id: bob!.id } },
    connected: true,
    away: false,
    at: watch.items[0]!.at,
  });
  expect(await connectedSeats(b!.url, game.id)).toEqual([false, true]);

  events.close();
  await watch.until((s) => s.items.length === 2, 5_000, "Bob's disconnection");
  expect(watch.items.map((i) => [i.seat.position, i.connected, i.away])).toEqual([
    [1, true, false],
    [1, false, false],
  ]);
  expect(await connectedSeats(a!.url, game.id)).toEqual([false, false]);
});

test('a socket whose TCP connection is cut (no close frame) shows as disconnected on the other process', async () => {
  const [ann, bob] = await players('Ann', 'Bob');
  const game = await lobbyGame(a!.url, [ann!, bob!]);
  const socket = await following(a!.url, bob!, game.id);
  await until('Bob connected, seen on B', async () => (await connectedSeats(b!.url, game.id))[1], 5_000);
  const watch = presenceOf(b!.url, game.id);
  await settle();
  socket.socket.terminate();
  await watch.until((s) => s.items.length === 1, 5_000, "Bob's disconnection");
  expect(watch.items.map((i) => [i.seat.position, i.connected])).toEqual([[1, false]]);
  expect(await connectedSeats(b!.url, game.id)).toEqual([false, false]);
});

test('a socket that stops answering pings is dropped within the keep-alive window, on every process', async () => {
  const [ann, bob] = await players('Ann', 'Bob');
  const game = await lobbyGame(a!.url, [ann!, bob!]);
  const socket = await following(a!.url, bob!, game.id);
  await until('Bob connected, seen on B', async () => (await connectedSeats(b!.url, game.id))[1], 5_000);
  // The client's end stops reading: pings go unanswered, and no close frame is ever sent.
  (socket.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  const started = Date.now();
  await until('Bob disconnected, seen on B', async () => !(await connectedSeats(b!.url, game.id))[1], 10_000);
  // Dropped after at most two keep-alive periods, then announced (well inside the 60 s of the contract).
  expect(Date.now() - started).toBeLessThan(2 * KEEP_ALIVE_MS + 3_000);
  // The paused end never reads the server's close: drop it here.
  socket.socket.terminate();
  raw.splice(raw.indexOf(socket), 1);
});

test('a connection flapping 50 times in 10 s sends a few coalesced changes, the last matching the seat', async () => {
  const [ann, bob] = await players('Ann', 'Bob');
  const game = await lobbyGame(a!.url, [ann!, bob!]);
  const watch = presenceOf(b!.url, game.id);
  await settle();
  for (let i = 0; i < 50; i++) {
    const s = await following(i % 2 ? a!.url : b!.url, bob!, game.id);
    await sleep(100);
    await s.close();
    raw.splice(raw.indexOf(s), 1);
  }
  await sleep(2_500);
  const bobs = watch.items.filter((i) => i.seat.position === 1);
  // At most one change of the seat a second reaches a subscriber (plus the first).
  expect(bobs.length).toBeGreaterThanOrEqual(2);
  expect(bobs.length).toBeLessThanOrEqual(14);
  expect(bobs[bobs.length - 1]!.connected).toBe(false);
  expect(await connectedSeats(b!.url, game.id)).toEqual([false, false]);
});

test('Seat.id is stable for (game, player) and node(id) reads the seat as the game is read', async () => {
  const [ann, bob, eve] = await players('Ann', 'Bob', 'Eve');
  const created = await gql<{ createGame: { game: { id: string } } }>(
    a!.url,
    'mutation { createGame(input: { preset: PERUDO, allowSpectators: false }) { game { id } } }',
    {},
    ann!.token,
  );
  const gameId = dataOf(created).createGame.game.id;
  await gql(
    a!.url,
    'mutation($g: ID!) { joinGame(input: { gameId: $g }) { game { id } } }',
    { g: gameId },
    bob!.token,
  );
  const seats = async (url: string, viewer: Player) =>
    dataOf(
      await gql<{ game: { seats: { id: string; position: number; player: { id: string } }[] } }>(
        url,
        'query($id: ID!) { game(id: $id) { seats { id position player { id } } } }',
        { id: gameId },
        viewer.token,
      ),
    ).game.seats;
  const before = await seats(a!.url, ann!);
  expect(before.map((s) => s.player.id)).toEqual([ann!.id, bob!.id]);
  expect(await seats(b!.url, bob!)).toEqual(before);
  const node = (url: string, id: string, viewer: Player) =>
    gql<{ node: { __typename: string; id: string; position: number; player: { id: string } } | null }>(
      url,
      'query($id: ID!) { node(id: $id) { __typename id ... on Seat { position connected player { id } } } }',
      { id },
      viewer.token,
    );
  const bobSeat = await node(b!.url, before[1]!.id, eve!);
  expect(dataOf(bobSeat).node).toEqual({
    __typename: 'Seat',
    id: before[1]!.id,
    position: 1,
    connected: false,
    player: { id: bob!.id },
  });
  await gql(
    a!.url,
    'mutation($g: ID!) { startGame(input: { gameId: $g }) { game { id } } }',
    { g: gameId },
    ann!.token,
  );
  // Started, closed to spectators: an outsider gets null with SPECTATORS_NOT_ALLOWED; a seated player the seat.
  const outsider = await node(b!.url, before[1]!.id, eve!);
  expect(outsider.body.data?.node).toBeNull();
  expect(errorsOf(outsider).map((e) => e.extensions?.code)).toEqual(['SPECTATORS_NOT_ALLOWED']);
  expect(dataOf(await node(a!.url, before[1]!.id, ann!)).node!.id).toBe(before[1]!.id);
  const watch = presenceOf(b!.url, gameId, eve);
  await watch.ended(5_000);
  expect(watch.errors.map((e) => (e as { extensions?: { code?: string } }).extensions?.code)).toEqual([
    'SPECTATORS_NOT_ALLOWED',
  ]);
});

test('spectatorCount counts gameChat readers: distinct viewers across processes, seated players left out', async () => {
  const [ann, bob, cara] = await players('Ann', 'Bob', 'Cara');
  const game = await lobbyGame(a!.url, [ann!, bob!]);
  const count = async (url: string) =>
    dataOf(
      await gql<{ game: { spectatorCount: number } }>(
        url,
        'query($id: ID!) { game(id: $id) { spectatorCount } }',
        {
          id: game.id,
        },
      ),
    ).game.spectatorCount;
  const chat = (conn: WsConnection) =>
    new Subscription(
      conn.client,
      'subscription($g: ID!) { gameChat(gameId: $g) { seq } }',
      { g: game.id },
      'gameChat',
    );
  const events = (conn: WsConnection) =>
    new Subscription(
      conn.client,
      'subscription($g: ID!) { gameEvents(gameId: $g) { seq } }',
      { g: game.id },
      'gameEvents',
    );
  // An anonymous socket with chat and events (once), Cara on both processes (once), Bob seated (not counted).
  const anonymous = ws(a!.url);
  chat(anonymous);
  events(anonymous);
  const caraOnB = ws(b!.url, cara);
  chat(caraOnB);
  events(ws(a!.url, cara));
  chat(ws(b!.url, bob));
  await until('two spectators on A', async () => (await count(a!.url)) === 2, 5_000);
  await until('two spectators on B', async () => (await count(b!.url)) === 2, 5_000);
  await anonymous.dispose();
  open.splice(open.indexOf(anonymous), 1);
  await until('one spectator on B', async () => (await count(b!.url)) === 1, 5_000);
});

test('a bot seat is always connected; a person following nothing is not', async () => {
  const [ann] = await players('Ann');
  const game = await lobbyGame(a!.url, [ann!]);
  const added = await gql<{ addBot: { userErrors: { code: string }[] } }>(
    a!.url,
    'mutation($g: ID!) { addBot(input: { gameId: $g, level: EASY }) { userErrors { code } } }',
    { g: game.id },
    ann!.token,
  );
  expect(dataOf(added).addBot.userErrors).toEqual([]);
  expect(await connectedSeats(b!.url, game.id)).toEqual([false, true]);
});
