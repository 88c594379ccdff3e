// playerEvents across two API processes: what concerns the viewer in any game, each sent once per
// subscription, whichever process made the move; authenticated players only.
import {
  acceptedMutation,
  dataOf,
  gql,
  playView,
  registerPlayer,
  type Player,
} from '../support/graphql-client';
import { type ServerProcess, spawnServer, startServer, stopAll } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep } from '../support/timing';
import { connect, Subscription, wsUrlOf, type WsConnection } from '../support/ws-client';

let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const open: WsConnection[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url }),
    spawnServer({ databaseUrl: database.url }),
  ]);
}, 60_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.dispose()));
});

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

interface PlayerEventData {
  type: string;
  at: string;
  game: { id: string; status: string; rematch: { id: string } | null; turn: { position: number } | null };
}

const PLAYER_EVENTS = `subscription { playerEvents { type at game { id status rematch { id } turn { position } } } }`;

function ws(url: string, player?: Player | null): WsConnection {
  const c = connect(wsUrlOf(url), player?.token ?? null);
  open.push(c);
  return c;
}

function playerEvents(url: string, player: Player | null): Subscription<PlayerEventData> {
  return new Subscription<PlayerEventData>(ws(url, player).client, PLAYER_EVENTS, {}, 'playerEvents');
}

let registered = 0;
async function players(...names: string[]): Promise<Player[]> {
  registered++;
  return Promise.all(names.map((n) => registerPlayer(a!.url, `${n} ${registered}`)));
}

/** Lets new subscriptions reach their feeds before the moves they are to see. */
const settle = () => sleep(500);

const typesOf = (s: Subscription<PlayerEventData>) => s.items.map((i) => i.type);

test('playerEvents without a token ends with UNAUTHENTICATED', async () => {
  const anonymous = playerEvents(a!.url, null);
  await anonymous.ended(5_000);
  expect(anonymous.items).toEqual([]);
  expect(anonymous.errors.map((e) => (e as { extensions?: { code?: string } }).extensions?.code)).toEqual([
    'UNAUTHENTICATED',
  ]);
});

test('KICKED, GAME_STARTED, YOUR_TURN, GAME_FINISHED and REMATCH_CREATED reach the right players once, across processes', async () => {
  const [ann, bob, cara] = await players('Ann', 'Bob', 'Cara');
  const annEvents = playerEvents(a!.url, ann!);
  const bobEvents = playerEvents(b!.url, bob!);
  const caraEvents = playerEvents(a!.url, cara!);
  await settle();

  const created = await acceptedMutation(b!.url, 'createGame', ann!, { preset: 'PERUDO' });
  const gameId = created.id;
  await acceptedMutation(a!.url, 'joinGame', bob!, { gameId });
  await acceptedMutation(b!.url, 'joinGame', cara!, { gameId });
  const kicked = await gql<{ kickPlayer: { userErrors: { code: string }[] } }>(
    b!.url,
    'mutation($g: ID!) { kickPlayer(input: { gameId: $g, position: 2 }) { userErrors { code } } }',
    { g: gameId },
    ann!.token,
  );
  expect(dataOf(kicked).kickPlayer.userErrors).toEqual([]);
  await caraEvents.until((s) => s.items.length === 1, 5_000, 'KICKED');
  expect(caraEvents.items.map((i) => [i.type, i.game.id, i.game.status])).toEqual([
    ['KICKED', gameId, 'LOBBY'],
  ]);

  const started = await acceptedMutation(a!.url, 'startGame', ann!, { gameId });
  const starter = started.turn!.position === 0 ? ann! : bob!;
  const other = starter === ann ? bob! : ann!;
  const starterEvents = starter === ann ? annEvents : bobEvents;
  const otherEvents = starter === ann ? bobEvents : annEvents;
  await starterEvents.until((s) => s.items.length === 2, 5_000, 'GAME_STARTED and YOUR_TURN');
  expect(typesOf(starterEvents)).toEqual(['GAME_STARTED', 'YOUR_TURN']);
  expect(starterEvents.items[1]!.game.turn).toEqual({ position: started.turn!.position });
  await otherEvents.until((s) => s.items.length === 1, 5_000, 'GAME_STARTED');
  // Ann follows no game: her playerEvents alone make her seat connected.
  const seats = dataOf(
    await gql<{ game: { seats: { connected: boolean }[] } }>(
      b!.url,
      'query($id: ID!) { game(id: $id) { seats { connected } } }',
      { id: gameId },
    ),
  ).game.seats;
  expect(seats.map((s) => s.connected)).toEqual([true, true]);

  // The starter bids on the other process: the next player's turn begins.
  const view = await playView(b!.url, gameId, starter);
  const bid = view.legalActions!.minBids[0]!;
  await acceptedMutation(b!.url, 'placeBid', starter, { gameId, quantity: bid.minQuantity, face: bid.face });
  await otherEvents.until((s) => s.items.length === 2, 5_000, 'YOUR_TURN');
  expect(typesOf(otherEvents)).toEqual(['GAME_STARTED', 'YOUR_TURN']);

  // Bob leaves: one player is left, the game is over.
  await acceptedMutation(a!.url, 'leaveGame', bob!, { gameId });
  await annEvents.until((s) => s.items.length === 3, 5_000, 'GAME_FINISHED');
  await bobEvents.until((s) => s.items.length === 3, 5_000, 'GAME_FINISHED');
  expect(annEvents.items[2]!.type).toBe('GAME_FINISHED');
  expect(bobEvents.items[2]!.type).toBe('GAME_FINISHED');
  expect(annEvents.items[2]!.game.status).toBe('FINISHED');

  // Ann asks for a rematch: Bob hears of it, Ann (the caller) does not.
  const rematch = await gql<{ rematch: { game: { id: string }; userErrors: { code: string }[] } }>(
    b!.url,
    'mutation($g: ID!) { rematch(input: { gameId: $g }) { game { id } userErrors { code } } }',
    { g: gameId },
    ann!.token,
  );
  const rematchId = dataOf(rematch).rematch.game.id;
  await bobEvents.until((s) => s.items.length === 4, 5_000, 'REMATCH_CREATED');
  expect(bobEvents.items[3]!.type).toBe('REMATCH_CREATED');
  expect(bobEvents.items[3]!.game).toEqual({
    id: gameId,
    status: 'FINISHED',
    rematch: { id: rematchId },
    turn: null,
  });
  // Nothing more, and nothing twice.
  await sleep(1_000);
  expect(typesOf(starterEvents)).toEqual(
    starter === ann
      ? ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED']
      : ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED', 'REMATCH_CREATED'],
  );
  expect(typesOf(otherEvents)).toEqual(
    other === ann
      ? ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED']
      : ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED', 'REMATCH_CREATED'],
  );
  expect(typesOf(caraEvents)).toEqual(['KICKED']);
  expect([...annEvents.items, ...bobEvents.items].every((i) => i.game.id === gameId)).toBe(true);
}, 30_000);

test('SEAT_AWAY reaches the player whose turns ran out, and gamePresence on the other process shows the seat away', async () => {
  const [ann, bob] = await players('Ann', 'Bob');
  const created = await acceptedMutation(a!.url, 'createGame', ann!, {
    preset: 'PERUDO',
    turnSeconds: 5,
    timeoutsToForfeit: 1,
  });
  const gameId = created.id;
  await acceptedMutation(b!.url, 'joinGame', bob!, { gameId });
  const annEvents = playerEvents(a!.url, ann!);
  const bobEvents = playerEvents(b!.url, bob!);
  const presence = new Subscription<{ seat: { position: number }; connected: boolean; away: boolean }>(
    ws(b!.url).client,
    'subscription($g: ID!) { gamePresence(gameId: $g) { seat { position } connected away } }',
    { g: gameId },
    'gamePresence',
  );
  await settle();
  const started = await acceptedMutation(a!.url, 'startGame', ann!, { gameId });
  const position = started.turn!.position;
  const sleeper = position === 0 ? annEvents : bobEvents;
  await sleeper.until((s) => s.items.length >= 3, 15_000, 'SEAT_AWAY');
  expect(typesOf(sleeper).slice(0, 3)).toEqual(['GAME_STARTED', 'YOUR_TURN', 'SEAT_AWAY']);
  await presence.until((s) => s.items.some((i) => i.away), 5_000, 'the seat away');
  expect(presence.items.find((i) => i.away)).toEqual({ seat: { position }, connected: true, away: true });
}, 40_000);

test('NUDGED reaches the nudged player on the other server, once', async () => {
  // Two servers in this process on the test's clock (a nudge needs a turn 2 minutes old).
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const [x, y] = await Promise.all([
    startServer(database!.url, { clock }),
    startServer(database!.url, { clock }),
  ]);
  try {
    const [ann, bob] = await players('Ann', 'Bob');
    const created = await acceptedMutation(x.url, 'createGame', ann!, { preset: 'PERUDO' });
    const gameId = created.id;
    await acceptedMutation(y.url, 'joinGame', bob!, { gameId });
    const started = await acceptedMutation(x.url, 'startGame', ann!, { gameId });
    const [onTurn, nudger] = started.turn!.position === 0 ? [ann!, bob!] : [bob!, ann!];
    const nudged = playerEvents(y.url, onTurn);
    const nudgerEvents = playerEvents(x.url, nudger);
    await settle();
    offsetMs = 3 * 60_000;
    const reply = await gql<{ nudge: { userErrors: { code: string }[] } }>(
      x.url,
      'mutation($g: ID!) { nudge(input: { gameId: $g }) { userErrors { code } } }',
      { g: gameId },
      nudger.token,
    );
    expect(dataOf(reply).nudge.userErrors).toEqual([]);
    await nudged.until((s) => s.items.length === 1, 5_000, 'NUDGED');
    await sleep(500);
    expect(nudged.items.map((i) => [i.type, i.game.id])).toEqual([['NUDGED', gameId]]);
    expect(nudgerEvents.items).toEqual([]);
  } finally {
    await Promise.all(open.splice(0).map((c) => c.dispose()));
    await Promise.all([x.stop(), y.stop()]);
  }
}, 30_000);
