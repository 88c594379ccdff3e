// Tests of the side writes a move's commit derives from its events and the states around them.
import {
  applyCommand,
  createGame,
  currentRound,
  FILL_BOT_LEVEL,
  PRESETS,
  seededRng,
  type Command,
  type GameState,
} from '../engine';
import { moveRecord, type MoverInput } from './move-record';

const AT = '2026-01-01T00:00:00.000Z';
/** Past the quick-play table's bot fill delay. */
const FILL_AT = '2026-01-01T00:01:00.000Z';
const HOST = '00000000-0000-4000-8000-000000000001';
const GUEST = '00000000-0000-4000-8000-000000000002';
const BOT = '00000000-0000-4000-8000-000000000003';
const FILLER = '00000000-0000-4000-8000-000000000004';

const plain: MoverInput = { seatCap: null, clientSeed: null };

function created(quickPlay = false) {
  // A quick-play table of three: the host and the two bots a fill seats.
  const table = quickPlay ? { quickPlay: { botFillSeconds: 20 }, maxPlayers: 3 } : {};
  const result = createGame({ host: HOST, rules: PRESETS.CLASSIC, ...table } as never, AT);
  if (!result.ok) throw new Error('create');
  return result;
}

/** The record of `command` applied to `before`, as the move service hands it to the store. */
function recordOf(
  before: GameState,
  command: Command,
  mover: MoverInput = plain,
  gameSeed: string | null = null,
  at = AT,
) {
  const result = applyCommand(before, command, { rng: seededRng(3), at });
  if (!result.ok) throw new Error(result.violation.message);
  return {
    after: result.state,
    record: moveRecord({ before, events: result.events, command, mover, gameSeed }),
  };
}

const QUIET = {
  seating: false,
  inTransaction: false,
  seatCap: null,
  newBot: null,
  filledBots: [],
  removedBot: null,
  clientSeeds: [],
};

it('a create seats its host: held to the cap, with their seed', () => {
  const { events } = created();
  const mover = { seatCap: 3, clientSeed: 'host seed' };
  expect(moveRecord({ before: null, events, command: null, mover, gameSeed: null })).toEqual({
    ...QUIET,
    seating: true,
    inTransaction: true,
    seatCap: { playerId: HOST, max: 3 },
    clientSeeds: [{ playerId: HOST, seed: 'host seed' }],
  });
});

it('a join seats a person, a bot added by name is a new player, a bot carried over is not', () => {
  const lobby = created().state;
  const join = recordOf(lobby, { type: 'JOIN', playerId: GUEST }, { seatCap: 2, clientSeed: null });
  expect(join.record).toEqual({
    ...QUIET,
    seating: true,
    inTransaction: true,
    seatCap: { playerId: GUEST, max: 2 },
    clientSeeds: [{ playerId: GUEST, seed: null }],
  });
  const addBot: Command = { type: 'ADD_BOT', playerId: HOST, botId: BOT, level: 'HARD' };
  const added = recordOf(lobby, addBot, { seatCap: 5, clientSeed: 'ignored', botName: 'Robo' });
  expect(added.record).toEqual({
    ...QUIET,
    seating: true,
    inTransaction: true,
    newBot: { id: BOT, name: 'Robo', level: 'HARD' },
    clientSeeds: [{ playerId: BOT, seed: null }],
  });
  expect(recordOf(lobby, addBot).record).toEqual({
    ...QUIET,
    seating: true,
    inTransaction: true,
    clientSeeds: [{ playerId: BOT, seed: null }],
  });
  const removed = recordOf(added.after, { type: 'REMOVE_BOT', playerId: HOST, seat: 1 });
  expect(removed.record).toEqual({ ...QUIET, seating: true, inTransaction: true, removedBot: BOT });
});

it('a fill seats new bots with the table’s default names', () => {
  const lobby = created(true).state;
  const { record } = recordOf(lobby, { type: 'FILL_TABLE', bots: [BOT, FILLER] }, plain, null, FILL_AT);
  expect(record.filledBots).toEqual([
    { id: BOT, name: null, level: FILL_BOT_LEVEL },
    { id: FILLER, name: null, level: FILL_BOT_LEVEL },
  ]);
  expect(record.clientSeeds).toEqual([
    { playerId: BOT, seed: null },
    { playerId: FILLER, seed: null },
  ]);
  expect(record.newBot).toBeNull();
});

it('a start fixing the game seed is a transaction; a bid is one statement with nothing beside it', () => {
  const joined = recordOf(created().state, { type: 'JOIN', playerId: GUEST }).after;
  const start = recordOf(joined, { type: 'START', playerId: HOST }, plain, 'seed');
  expect(start.record).toEqual({ ...QUIET, inTransaction: true });
  const opener = start.after.seats[currentRound(start.after)!.turn!]!.playerId;
  const bid = recordOf(start.after, { type: 'BID', playerId: opener, quantity: 1, face: 2 });
  expect(bid.record).toEqual(QUIET);
});
