// The move service's turns of people the server may take over, on PostgreSQL with a fixed clock and a fake
// presence: a timed-out turn played as the stand-in chose, and disconnectSeconds counted from the later of
// the turn's start and the last disconnection, with the deadline stored for the next look.
import { epochMillis, PRESETS, turnStartedAt, type GameState } from '../../src/engine';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { createMoveService, type ConnectionState, type MoveService } from '../../src/moves';
import { createGameStore } from '../../src/store/game-store';
import { PlayerRepository } from '../../src/store/player.repository';
import { applied } from '../support/store-moves';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let clients: DatabaseClients;
let now = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  clients = createDatabaseClients(db.url);
});

afterAll(async () => {
  await clients.close();
  await db.drop();
});

const options = { operation: 'move', requestHash: '' };
const noBots = () => null;

async function twoPlayerGame(
  moves: MoveService,
  table: { disconnectSeconds?: number | null },
  turnSeconds: number | null = null,
): Promise<{ gameId: string; state: GameState }> {
  const players = new PlayerRepository(clients.prisma);
  const host = (await players.register(`Host ${Math.random()}`)).player.id;
  const guest = (await players.register(`Guest ${Math.random()}`)).player.id;
  const rules = { ...PRESETS.CLASSIC, firstStarter: 'SEAT_ORDER' as const };
  const created = await moves.create(
    { host, rules, table, turnSeconds },
    { ...options, operation: 'createGame' },
  );
  if (created.kind !== 'applied') throw new Error('create');
  applied(await moves.act(created.gameId, { type: 'JOIN', playerId: guest }, options));
  const state = applied(await moves.act(created.gameId, { type: 'START', playerId: host }, options));
  return { gameId: created.gameId, state };
}

async function storedDeadline(gameId: string): Promise<number | null> {
  const { rows } = await clients.pool.query<{ turn_deadline: Date | null }>(
    'SELECT turn_deadline FROM games WHERE id = $1',
    [gameId],
  );
  return rows[0]!.turn_deadline?.getTime() ?? null;
}

function presence(state: ConnectionState) {
  return { connectionState: async () => state };
}

it('a disconnectSeconds game: a connected player is looked at again 5 s later, a disconnected one when due', async () => {
  const moves = createMoveService(createGameStore(clients), { now: () => new Date(now) });
  now = Date.now();
  const { gameId, state } = await twoPlayerGame(moves, { disconnectSeconds: 30 });
  const started = epochMillis(turnStartedAt(state)!);
  expect(await storedDeadline(gameId)).toBe(started + 30_000);

  now = started + 31_000;
  const connected = await moves.serverMove(gameId, state.version, noBots, {
    presence: presence({ connected: true }),
  });
  expect(connected).toEqual({ kind: 'not_found' });
  expect(await storedDeadline(gameId)).toBe(now + 5_000);

  // Disconnected 10 s into the turn: due 30 s after that, later than now.
  const since = new Date(started + 10_000);
  await moves.serverMove(gameId, state.version, noBots, { presence: presence({ connected: false, since }) });
  expect(await storedDeadline(gameId)).toBe(started + 40_000);

  // Never connected: counted from the turn's start, so due now: the seat goes away.
  const away = await moves.serverMove(gameId, state.version, noBots, {
    presence: presence({ connected: false, since: null }),
  });
  expect(away.kind === 'applied' && away.events.map((e) => e.type)).toEqual(['SEAT_AWAY']);
  expect(applied(away).seats[0]!.away).toBe(true);
  // From now on a bot plays the seat, a think time after the turn began.
  expect(await storedDeadline(gameId)).toBe(started + 1_000);
});

it('without a presence reader nobody is taken over for being disconnected', async () => {
  const moves = createMoveService(createGameStore(clients), { now: () => new Date(now) });
  now = Date.now();
  const { gameId, state } = await twoPlayerGame(moves, { disconnectSeconds: 30 });
  now = epochMillis(turnStartedAt(state)!) + 60_000;
  expect(await moves.serverMove(gameId, state.version, noBots)).toEqual({ kind: 'not_found' });
  expect(await storedDeadline(gameId)).toBeNull();
});

it('a timed-out turn is played as the stand-in chose, marked byBot; a refused choice gives the default move', async () => {
  const moves = createMoveService(createGameStore(clients), { now: () => new Date(now) });
  now = Date.now();
  const { gameId, state } = await twoPlayerGame(moves, {}, 30);
  now = epochMillis(turnStartedAt(state)!) + 30_000;
  const chosen = await moves.serverMove(gameId, state.version, noBots, {
    decide: () => ({ type: 'BID', quantity: 3, face: 5 }),
  });
  expect(chosen.kind === 'applied' && chosen.events.map((e) => e.type)).toEqual([
    'TURN_TIMED_OUT',
    'BID_PLACED',
  ]);
  expect(chosen.kind === 'applied' && chosen.events[1]).toMatchObject({
    quantity: 3,
    face: 5,
    timedOut: true,
    byBot: true,
  });
  const next = applied(chosen);
  now = epochMillis(turnStartedAt(next)!) + 30_000;
  // 1 x 2 is lower than 3 x 5: refused, so the default move (dudo on the standing bid) is made.
  const refused = await moves.serverMove(gameId, next.version, noBots, {
    decide: () => ({ type: 'BID', quantity: 1, face: 2 }),
  });
  expect(refused.kind === 'applied' && refused.events[1]).toMatchObject({
    type: 'DUDO_CALLED',
    timedOut: true,
    byBot: true,
  });
  const { rows } = await clients.pool.query<{ by_bot: boolean }>(
    'SELECT by_bot FROM rounds WHERE game_id = $1 AND number = 1',
    [gameId],
  );
  expect(rows).toEqual([{ by_bot: true }]);
});
