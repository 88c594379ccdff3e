import { currentRound, legalActions, PRESETS, replay, type Command, type GameState } from '../../src/engine';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { createMoveService } from '../../src/moves';
import { EventLog, LOG_SNAPSHOT_EVERY } from '../../src/store/event-log';
import { createGameStore } from '../../src/store/game-store';
import { PlayerRepository } from '../../src/store/player.repository';
import { applied, nextBid } from '../support/store-moves';
import { sql } from '../support/sql';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Two repositories on one database stand for two API processes. Each keeps the last state it saw of a
 * game; a move decided on a stale one fails its version guard and is decided again on a reload, which
 * costs round trips. `cacheNewerState` (fed by the realtime feeds) keeps the cache current instead.
 */

let db: TestDatabase;
let a: DatabaseClients;
let b: DatabaseClients;

beforeAll(async () => {
  db = await createTestDatabase();
  a = createDatabaseClients(db.url);
  b = createDatabaseClients(db.url);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

const options = { operation: 'move', requestHash: '' };

/** Runs `work` and returns how many statements it sent through the pool of `clients`. */
async function statements<T>(clients: DatabaseClients, work: () => Promise<T>): Promise<[T, number]> {
  const spy = jest.spyOn(clients.pool, 'query');
  try {
    const result = await work();
    return [result, spy.mock.calls.length];
  } finally {
    spy.mockRestore();
  }
}

it('decides a move on a state offered from the log in one statement, and on a stale one after a reload', async () => {
  const players = new PlayerRepository(a.prisma);
  const host = (await players.register('Host')).player.id;
  const guest = (await players.register('Guest')).player.id;
  const storeA = createGameStore(a);
  const storeB = createGameStore(b);
  const repoA = createMoveService(storeA);
  const repoB = createMoveService(storeB);

  const created = await repoA.create(
    { host, rules: PRESETS.CLASSIC },
    { operation: 'createGame', requestHash: '' },
  );
  if (created.kind !== 'applied') throw new Error('create');
  const gameId = created.gameId;
  applied(await repoB.act(gameId, { type: 'JOIN', playerId: guest }, options));
  let state = applied(await repoB.act(gameId, { type: 'START', playerId: host }, options));

  // A saw only the creation: on its stale lobby the bid is refused, and a refusal is only given on a
  // reloaded state, so the move costs a reload and the write.
  const [afterA, staleCost] = await statements(a, () => repoA.act(gameId, nextBid(state), options));
  state = applied(afterA);
  expect(state.version).toBe(4);
  expect(staleCost).toBe(2);

  // B is now one move behind; A's state, as a feed would read it from the log, is offered to it.
  storeB.cache.cacheNewerState(gameId, state);
  // An older state offered later (a slow read) is ignored.
  storeB.cache.cacheNewerState(gameId, { ...state, version: 2 });
  const [afterB, freshCost] = await statements(b, () => repoB.act(gameId, nextBid(state), options));
  expect(applied(afterB).version).toBe(5);
  expect(freshCost).toBe(1);
});

it('replays an idempotent retry as the game was, from the cache, the snapshot or the log', async () => {
  const players = new PlayerRepository(a.prisma);
  const host = (await players.register('Replay host')).player.id;
  const guest = (await players.register('Replay guest')).player.id;
  const repo = createMoveService(createGameStore(a));
  const other = createMoveService(createGameStore(b)); // another process: its cache never saw these moves
  const created = await repo.create({ host, rules: PRESETS.PUB }, { operation: 'c', requestHash: '' });
  if (created.kind !== 'applied') throw new Error('create');
  const gameId = created.gameId;
  applied(await repo.act(gameId, { type: 'JOIN', playerId: guest }, options));
  let state = applied(await repo.act(gameId, { type: 'START', playerId: host }, options));
  const keyed = (key: string) => ({ operation: 'move', requestHash: key, idempotencyKey: key });

  // Keyed moves at versions 4 (older than the snapshot at 16) and 18 (after it), and one at the end.
  const first: Record<string, GameState> = {};
  const sent: Record<string, Command> = {};
  while (state.version < 24 && state.status === 'IN_PROGRESS') {
    const seat = currentRound(state)!.turn!;
    const command: Command = legalActions(state, seat).canBid
      ? nextBid(state)
      : { type: 'DUDO', playerId: state.seats[seat]!.playerId };
    const key = `bid ${state.version + 1}`;
    state = applied(await repo.act(gameId, command, keyed(key)));
    first[key] = state;
    sent[key] = command;
  }
  expect(state.version).toBe(24);
  for (const key of ['bid 4', 'bid 18', 'bid 24']) {
    for (const r of [repo, other]) {
      const again = await r.act(gameId, sent[key]!, keyed(key));
      expect(again).toEqual({ kind: 'applied', gameId, state: first[key], events: [] });
    }
  }
});

it('decides a start again when another process seated the lobby differently since its cached state', async () => {
  const players = new PlayerRepository(a.prisma);
  const [host, stayer, leaver] = await Promise.all(
    ['Start host', 'Start stayer', 'Start leaver'].map(async (n) => (await players.register(n)).player.id),
  );
  const repoA = createMoveService(createGameStore(a));
  const repoB = createMoveService(createGameStore(b));
  const created = await repoA.create(
    { host: host!, rules: PRESETS.CLASSIC },
    { ...options, operation: 'createGame' },
  );
  if (created.kind !== 'applied') throw new Error('create');
  const gameId = created.gameId;
  applied(await repoA.act(gameId, { type: 'JOIN', playerId: stayer! }, options));
  applied(await repoA.act(gameId, { type: 'JOIN', playerId: leaver! }, options));

  // B removes the leaver (and their client seed); A still holds the lobby with three seats.
  applied(await repoB.act(gameId, { type: 'LEAVE', playerId: leaver! }, options));
  const started = applied(await repoA.act(gameId, { type: 'START', playerId: host! }, options));

  expect(started.status).toBe('IN_PROGRESS');
  expect(started.seats.map((s) => s.playerId)).toEqual([host, stayer]);
  expect(started.version).toBe(5);
});

it('plays a safe move for a bot whose strategy answers with a move the rules refuse, so the game goes on', async () => {
  const players = new PlayerRepository(a.prisma);
  const host = (await players.register('Broken bot host')).player.id;
  const repo = createMoveService(createGameStore(a));
  const created = await repo.create(
    { host, rules: PRESETS.LIARS_DICE },
    { ...options, operation: 'createGame' },
  );
  if (created.kind !== 'applied') throw new Error('create');
  const gameId = created.gameId;
  const added = applied(await repo.addBot(gameId, host, { name: null, level: 'HARD' }, options));
  const bot = added.seats[1]!.playerId;
  let state = applied(await repo.act(gameId, { type: 'START', playerId: host }, options));
  // LIARS_DICE starts at seat 0: the person opens, and it is the bot's turn.
  state = applied(await repo.act(gameId, { type: 'BID', playerId: host, quantity: 1, face: 3 }, options));
  const illegal = (): Command => ({ type: 'BID', playerId: bot, quantity: 1, face: 3 });
  const result = await repo.serverMove(gameId, state.version, illegal);
  const after = applied(result);
  expect(after.version).toBe(state.version + 1);
  // It called dudo on the standing bid instead.
  expect(result.kind === 'applied' && result.events[0]).toMatchObject({
    type: 'DUDO_CALLED',
    seat: 1,
    timedOut: false,
  });
});

it('stores the state at each LOG_SNAPSHOT_EVERY events once the move that reached it is committed', async () => {
  const players = new PlayerRepository(a.prisma);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await players.register(`Snapshot ${i}`)).player.id);
  const store = createGameStore(a);
  const service = createMoveService(store);
  const created = await service.create(
    { host: ids[0]!, rules: PRESETS.CLASSIC },
    { operation: 'createGame', requestHash: '' },
  );
  if (created.kind !== 'applied') throw new Error('create');
  const gameId = created.gameId;
  for (const id of ids.slice(1)) applied(await service.act(gameId, { type: 'JOIN', playerId: id }, options));
  let state = applied(await service.act(gameId, { type: 'START', playerId: ids[0]! }, options));
  while (state.seq < LOG_SNAPSHOT_EVERY + 3) {
    const seat = currentRound(state)!.turn!;
    const command: Command =
      legalActions(state, seat).minBids.length > 0
        ? nextBid(state)
        : { type: 'DUDO', playerId: state.seats[seat]!.playerId };
    state = applied(await service.act(gameId, command, options));
  }
  // Stored after the commit, off the move's path.
  const stored = async () =>
    sql<{ seq: number; state: unknown }>(db.url, 'SELECT seq, state FROM game_snapshots WHERE game_id = $1', [
      gameId,
    ]);
  for (let i = 0; i < 100 && (await stored()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  const rows = await stored();
  expect(rows.map((r) => r.seq)).toEqual([LOG_SNAPSHOT_EVERY]);
  const log = await new EventLog(a.pool).events(gameId, { afterSeq: 0, limit: LOG_SNAPSHOT_EVERY });
  expect(rows[0]!.state).toEqual(JSON.parse(JSON.stringify(replay(log))));
});
