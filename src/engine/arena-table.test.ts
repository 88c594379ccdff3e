// Tests of arena tables in the engine: the arena link, its key, and the fill with named reference bots.
import { applyCommand } from './actions';
import { createGame, type NewGame } from './lobby.actions';
import { seededRng } from './random';
import { PRESETS } from './rules';
import { arenaKey, isArena, quickPlayKey, tableLinks } from './state';
import { botsToFill, tableMoveDue } from './table.actions';
import { AT, pid, Table } from './testing/builders';
import { epochMillis } from './timestamps';

function table(input: Partial<NewGame>, players = 1): Table {
  const created = createGame({ host: pid(0), rules: PRESETS.PERUDO, ...input }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  const t = new Table(created.state, seededRng(5), created.events);
  for (let i = 1; i < players; i++) t.act({ type: 'JOIN', playerId: pid(i), invited: true, agent: true });
  return t;
}

const START = epochMillis(AT);
const LATER = '2030-01-01T00:01:00.000Z';
const arena = (fillSeconds: number, maxPlayers: number): Partial<NewGame> => ({
  arena: { fillSeconds },
  maxPlayers,
  turnSeconds: 5,
});

it('an arena table has its key and link; other tables have none (absent in older states)', () => {
  const t = table(arena(10, 3));
  expect([isArena(t.state), arenaKey(t.state), quickPlayKey(t.state)]).toEqual([true, 'PERUDO:3:5', null]);
  expect(tableLinks(t.state).arena).toEqual({ fillSeconds: 10 });
  const plain = table({});
  expect([isArena(plain.state), arenaKey(plain.state), 'arena' in tableLinks(plain.state)]).toEqual([
    false,
    null,
    false,
  ]);
});

it('fillSeconds after creation the named reference bots take the free seats with their levels, then it starts', () => {
  const t = table(arena(10, 4));
  expect(tableMoveDue(t.state)).toBe(START + 10_000);
  expect(botsToFill(t.state)).toBe(3);
  const fill = { type: 'FILL_TABLE', bots: ['r1', 'r2', 'r3'], levels: ['NORMAL', 'EASY', 'HARD'] } as const;
  expect(t.refuse(fill).code).toBe('GAME_NOT_IN_LOBBY');
  const filled = applyCommand(t.state, fill, { rng: t.rng, at: LATER });
  if (!filled.ok) throw new Error(filled.violation.message);
  expect(filled.state.seats.map((s) => [s.playerId, s.bot ?? null])).toEqual([
    ['p0', null],
    ['r1', 'NORMAL'],
    ['r2', 'EASY'],
    ['r3', 'HARD'],
  ]);
  expect(tableMoveDue(filled.state)).toBe(START);
  const started = applyCommand(filled.state, { type: 'FILL_TABLE', bots: [] }, { rng: t.rng, at: LATER });
  expect(started.ok && started.state.status).toBe('IN_PROGRESS');
});

it('an arena fill takes one bot of each level at most, never one already seated', () => {
  const t = table(arena(0, 3));
  const twice = { type: 'FILL_TABLE', bots: ['r1', 'r2'], levels: ['EASY', 'EASY'] } as const;
  expect(() => applyCommand(t.state, twice, { rng: t.rng, at: LATER })).toThrow(
    'an arena table is filled with reference bots of distinct levels not seated there',
  );
  const seated = { type: 'FILL_TABLE', bots: ['p0', 'r2'], levels: ['EASY', 'HARD'] } as const;
  expect(() => applyCommand(t.state, seated, { rng: t.rng, at: LATER })).toThrow(
    'an arena table is filled with reference bots of distinct levels not seated there',
  );
});

it('a full arena table is due at once and starts by itself', () => {
  const t = table(arena(300, 2), 2);
  expect(tableMoveDue(t.state)).toBe(START);
  t.act({ type: 'FILL_TABLE', bots: [] });
  expect(t.state.status).toBe('IN_PROGRESS');
});

it('an arena table refuses a person, and its host adds no bot of its own', () => {
  const t = table(arena(10, 4), 2);
  expect(t.refuse({ type: 'JOIN', playerId: pid(2) })).toEqual({
    code: 'NOT_AN_AGENT',
    message:
      'arena tables seat agents only (and the reference bots the arena fills them with): a person plays at other tables (createGame, quickPlay)',
  });
  expect(t.refuse({ type: 'ADD_BOT', playerId: pid(0), botId: 'b1', level: 'HARD' })).toEqual({
    code: 'INVALID_SEAT',
    message: 'an arena table seats only the reference bots the arena fills it with',
  });
  t.act({ type: 'JOIN', playerId: pid(2), agent: true });
  expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p1', 'p2']);
});

it('an agent seated at an arena table asks for a reference bot: one of each level, in the lobby, with a free seat', () => {
  const t = table(arena(10, 3), 1);
  const seat = (level: 'EASY' | 'NORMAL' | 'HARD', playerId = pid(0), botId = `ref-${level}`) =>
    ({ type: 'SEAT_REFERENCE_BOT', playerId, botId, level }) as const;
  expect(t.refuse(seat('HARD', pid(5)))).toEqual({
    code: 'NOT_SEATED',
    message: 'only an agent seated at this table can ask for a reference bot at it',
  });
  t.act(seat('HARD'));
  expect(t.state.seats.map((s) => [s.playerId, s.bot ?? null])).toEqual([
    ['p0', null],
    ['ref-HARD', 'HARD'],
  ]);
  expect(t.refuse(seat('HARD'))).toEqual({
    code: 'ALREADY_JOINED',
    message: 'the HARD reference bot already has a seat at this table',
    field: ['referenceBot'],
  });
  // The fill seats only the levels not there yet.
  expect(botsToFill(t.state)).toBe(1);
  const again = { type: 'FILL_TABLE', bots: ['ref-HARD-2'], levels: ['HARD'] } as const;
  expect(() => applyCommand(t.state, again, { rng: t.rng, at: LATER })).toThrow(
    'an arena table is filled with reference bots of distinct levels not seated there',
  );
  t.act(seat('EASY'));
  expect(t.refuse(seat('NORMAL'))).toEqual({
    code: 'GAME_FULL',
    message: 'the table is full: all 3 seats are taken',
  });
  t.act({ type: 'FILL_TABLE', bots: [] });
  expect(t.state.status).toBe('IN_PROGRESS');
  expect(t.refuse(seat('NORMAL')).code).toBe('GAME_NOT_IN_LOBBY');
  const plain = table({ maxPlayers: 3 });
  expect(plain.refuse(seat('NORMAL')).code).toBe('INVALID_SEAT');
});

it('an arena table created with the reference bot its agent asked for seats both in one change', () => {
  const created = createGame(
    {
      host: pid(0),
      rules: PRESETS.PERUDO,
      ...arena(10, 2),
      referenceBot: { playerId: 'ref-E', level: 'EASY' },
    },
    AT,
  );
  if (!created.ok) throw new Error(created.violation.message);
  expect(created.state.seats.map((s) => [s.playerId, s.bot ?? null])).toEqual([
    ['p0', null],
    ['ref-E', 'EASY'],
  ]);
  expect([created.state.version, tableMoveDue(created.state)]).toEqual([1, START]);
  expect(() =>
    createGame(
      { host: pid(0), rules: PRESETS.PERUDO, referenceBot: { playerId: 'ref-E', level: 'EASY' } },
      AT,
    ),
  ).toThrow('only an arena table is created with a reference bot, another player than its host');
});
