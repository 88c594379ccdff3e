// Who may see a game, as one rule over every situation: the engine's listedTo against the listings' SQL
// (listedToSql) on games stored in PostgreSQL, and keptOutOf for the game and its chat, all against one table.
import { keptOutOf, listedTo, PRESETS, type GameState, type TableOptions } from '../../src/engine';
import { createDatabaseClients, type DatabaseClients } from '../../src/database/prisma';
import { createMoveService, type MoveService } from '../../src/moves';
import { listedToSql } from '../../src/store/game-reads.repository';
import { createGameStore } from '../../src/store/game-store';
import { PlayerRepository } from '../../src/store/player.repository';
import { applied } from '../support/store-moves';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

type Phase = 'lobby' | 'started' | 'finished';
type Viewer = 'seated' | 'unseated' | 'anonymous';
/** One answer per viewer: seated, unseated, anonymous. */
type PerViewer = readonly [boolean, boolean, boolean];

interface Situation {
  readonly visibility: TableOptions['visibility'];
  readonly allowSpectators: boolean;
  readonly phase: Phase;
  readonly listed: PerViewer;
  readonly gameKeptOut: PerViewer;
  readonly chatKeptOut: PerViewer;
}

const VIEWERS: readonly Viewer[] = ['seated', 'unseated', 'anonymous'];
const Y = true;
const N = false;

// prettier-ignore
const SITUATIONS: readonly Situation[] = [
  { visibility: 'PUBLIC', allowSpectators: Y, phase: 'lobby', listed: [Y, Y, Y], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PUBLIC', allowSpectators: Y, phase: 'started', listed: [Y, Y, Y], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PUBLIC', allowSpectators: Y, phase: 'finished', listed: [Y, Y, Y], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PUBLIC', allowSpectators: N, phase: 'lobby', listed: [Y, Y, Y], gameKeptOut: [N, N, N], chatKeptOut: [N, Y, Y] },
  { visibility: 'PUBLIC', allowSpectators: N, phase: 'started', listed: [Y, N, N], gameKeptOut: [N, Y, Y], chatKeptOut: [N, Y, Y] },
  { visibility: 'PUBLIC', allowSpectators: N, phase: 'finished', listed: [Y, N, N], gameKeptOut: [N, Y, Y], chatKeptOut: [N, Y, Y] },
  { visibility: 'PRIVATE', allowSpectators: Y, phase: 'lobby', listed: [Y, N, N], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PRIVATE', allowSpectators: Y, phase: 'started', listed: [Y, N, N], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PRIVATE', allowSpectators: Y, phase: 'finished', listed: [Y, N, N], gameKeptOut: [N, N, N], chatKeptOut: [N, N, N] },
  { visibility: 'PRIVATE', allowSpectators: N, phase: 'lobby', listed: [Y, N, N], gameKeptOut: [N, N, N], chatKeptOut: [N, Y, Y] },
  { visibility: 'PRIVATE', allowSpectators: N, phase: 'started', listed: [Y, N, N], gameKeptOut: [N, Y, Y], chatKeptOut: [N, Y, Y] },
  { visibility: 'PRIVATE', allowSpectators: N, phase: 'finished', listed: [Y, N, N], gameKeptOut: [N, Y, Y], chatKeptOut: [N, Y, Y] },
];

const OPTIONS = { operation: 'test', requestHash: '' };

let db: TestDatabase;
let clients: DatabaseClients;
let moves: MoveService;
let host: string;
let guest: string;
let outsider: string;

beforeAll(async () => {
  db = await createTestDatabase();
  clients = createDatabaseClients(db.url);
  moves = createMoveService(createGameStore(clients));
  const players = new PlayerRepository(clients.prisma);
  [host, guest, outsider] = await Promise.all(
    ['Host', 'Guest', 'Outsider'].map(async (name) => (await players.register(name)).player.id),
  );
});

afterAll(async () => {
  await clients.close();
  await db.drop();
});

/** A two-player game of the situation, stored: the guest leaves a started game, which finishes it. */
async function stored(situation: Situation): Promise<{ gameId: string; state: GameState }> {
  const table = { visibility: situation.visibility, allowSpectators: situation.allowSpectators };
  const created = await moves.create({ host, rules: PRESETS.PERUDO, table }, OPTIONS);
  if (created.kind !== 'applied') throw new Error(`not created: ${JSON.stringify(created)}`);
  const { gameId } = created;
  let state = applied(await moves.act(gameId, { type: 'JOIN', playerId: guest, invited: true }, OPTIONS));
  if (situation.phase !== 'lobby')
    state = applied(await moves.act(gameId, { type: 'START', playerId: host }, OPTIONS));
  if (situation.phase === 'finished')
    state = applied(await moves.act(gameId, { type: 'LEAVE', playerId: guest }, OPTIONS));
  return { gameId, state };
}

function viewerId(viewer: Viewer): string | null {
  return viewer === 'seated' ? host : viewer === 'unseated' ? outsider : null;
}

/** Whether the listings' SQL condition lists the stored game to the viewer. */
async function listedBySql(gameId: string, viewer: string | null): Promise<boolean> {
  const { rows } = await clients.pool.query(
    `SELECT 1 FROM games g WHERE g.id = $1::uuid AND ${listedToSql('$2::uuid')}`,
    [gameId, viewer],
  );
  return rows.length === 1;
}

describe.each(SITUATIONS)('a $visibility game, allowSpectators $allowSpectators, $phase', (situation) => {
  let game: { gameId: string; state: GameState };

  beforeAll(async () => {
    game = await stored(situation);
    expect(game.state.status).toBe(
      { lobby: 'LOBBY', started: 'IN_PROGRESS', finished: 'FINISHED' }[situation.phase],
    );
  });

  test.each(VIEWERS.map((viewer, i) => [viewer, i] as const))('to the %s viewer', async (viewer, i) => {
    const id = viewerId(viewer);
    const seen = {
      listed: listedTo(game.state, id),
      listedBySql: await listedBySql(game.gameId, id),
      gameKeptOut: keptOutOf(game.state, id, 'game'),
      chatKeptOut: keptOutOf(game.state, id, 'chat'),
    };
    expect(seen).toEqual({
      listed: situation.listed[i],
      listedBySql: situation.listed[i],
      gameKeptOut: situation.gameKeptOut[i],
      chatKeptOut: situation.chatKeptOut[i],
    });
  });
});
