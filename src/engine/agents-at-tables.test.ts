// Tests of tables that refuse agents: the JOIN of an agent, the host of a new table, and older states.
import { AGENTS_NOT_ALLOWED_MESSAGE, createGame, type NewGame } from './lobby.actions';
import { seededRng } from './random';
import { PRESETS } from './rules';
import { DEFAULT_TABLE_OPTIONS, tableOptions, type GameState, type TableOptions } from './state';
import { AT, pid, Table, types } from './testing/builders';

function table(input: Partial<NewGame>): Table {
  const created = createGame({ host: pid(0), rules: PRESETS.PERUDO, ...input }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  return new Table(created.state, seededRng(5), created.events);
}

describe('a table with allowAgents false', () => {
  it("refuses an agent's JOIN, saying where an agent may play, and seats a person", () => {
    const t = table({ table: { allowAgents: false } });
    expect(t.refuse({ type: 'JOIN', playerId: pid(1), agent: true })).toEqual({
      code: 'AGENTS_NOT_ALLOWED',
      message: AGENTS_NOT_ALLOWED_MESSAGE,
    });
    expect(AGENTS_NOT_ALLOWED_MESSAGE).toBe(
      'this table does not seat agents (allowAgents is false): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)',
    );
    expect(t.state.seats.map((s) => s.playerId)).toEqual([pid(0)]);
    expect(types(t.act({ type: 'JOIN', playerId: pid(2), agent: false }))).toEqual(['PLAYER_JOINED']);
    expect(types(t.act({ type: 'JOIN', playerId: pid(3) }))).toEqual(['PLAYER_JOINED']);
  });

  it('refuses an invited agent too (a rematch or a challenge seats through JOIN)', () => {
    const t = table({ table: { allowAgents: false } });
    expect(t.refuse({ type: 'JOIN', playerId: pid(1), invited: true, agent: true }).code).toBe(
      'AGENTS_NOT_ALLOWED',
    );
  });

  it('is not created for an agent host', () => {
    const refused = createGame(
      { host: pid(0), rules: PRESETS.PERUDO, table: { allowAgents: false }, hostAgent: true },
      AT,
    );
    expect(refused).toEqual({
      ok: false,
      violation: {
        code: 'AGENTS_NOT_ALLOWED',
        message: 'an agent cannot host a table that refuses agents: create it with allowAgents true',
        field: ['allowAgents'],
      },
    });
    const hosted = createGame(
      { host: pid(0), rules: PRESETS.PERUDO, table: { allowAgents: true }, hostAgent: true },
      AT,
    );
    expect(hosted.ok && tableOptions(hosted.state).allowAgents).toBe(true);
  });
});

describe('a table with allowAgents true', () => {
  it("seats an agent's JOIN", () => {
    const t = table({ table: { allowAgents: true, rated: true } });
    expect(types(t.act({ type: 'JOIN', playerId: pid(1), agent: true }))).toEqual(['PLAYER_JOINED']);
    expect(tableOptions(t.state)).toEqual({ ...DEFAULT_TABLE_OPTIONS, allowAgents: true });
  });

  it('is what a state stored before the option reads as', () => {
    const t = table({ table: { rated: false } });
    const older: { -readonly [K in keyof TableOptions]?: TableOptions[K] } = { ...tableOptions(t.state) };
    delete older.allowAgents;
    const stored = { ...t.state, table: older } as unknown as GameState;
    expect(tableOptions(stored)).toEqual({ ...DEFAULT_TABLE_OPTIONS, rated: false, allowAgents: true });
    const old = new Table(stored, seededRng(5), []);
    expect(types(old.act({ type: 'JOIN', playerId: pid(1), agent: true }))).toEqual(['PLAYER_JOINED']);
  });
});
