// Tests of the table's own commands: invite codes, kicks, host transfers, rematch links and quick play.
import { applyCommand } from './actions';
import { createGame, inviteCodeMatches, type NewGame } from './lobby.actions';
import { seededRng } from './random';
import { PRESETS } from './rules';
import { serverMoveDue } from './server-moves';
import { tableLinks } from './state';
import { tableMoveDue } from './table.actions';
import { AT, pid, Table, types } from './testing/builders';
import { epochMillis } from './timestamps';

function table(input: Partial<NewGame>, players = 1): Table {
  const created = createGame({ host: pid(0), rules: PRESETS.PERUDO, ...input }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  const t = new Table(created.state, seededRng(5), created.events);
  for (let i = 1; i < players; i++) t.act({ type: 'JOIN', playerId: pid(i), invited: true });
  return t;
}

const START = epochMillis(AT);
const LATER = '2030-01-01T00:01:00.000Z';

describe('private games', () => {
  const privateGame = () => table({ table: { visibility: 'PRIVATE' }, inviteCode: 'ABCD2345XY' });

  it('joinGame needs the code, in any case; a wrong and a missing one get the same refusal', () => {
    const t = privateGame();
    const refusal = {
      code: 'INVITE_REQUIRED',
      message: 'this game is private: joining it needs its invite code',
      field: ['inviteCode'],
    };
    expect(t.refuse({ type: 'JOIN', playerId: 'p1' })).toEqual(refusal);
    expect(t.refuse({ type: 'JOIN', playerId: 'p1', inviteCode: 'ABCD2345XZ' })).toEqual(refusal);
    expect(t.refuse({ type: 'JOIN', playerId: 'p1', inviteCode: 'ABCD2345X' })).toEqual(refusal);
    expect(types(t.act({ type: 'JOIN', playerId: 'p1', inviteCode: 'abcd2345xy' }))).toEqual([
      'PLAYER_JOINED',
    ]);
    // Other refusals come only with a valid code.
    expect(t.refuse({ type: 'JOIN', playerId: 'p1' }).code).toBe('INVITE_REQUIRED');
    expect(t.refuse({ type: 'JOIN', playerId: 'p1', inviteCode: 'ABCD2345XY' }).code).toBe('ALREADY_JOINED');
  });

  it('inviteCodeMatches ignores case and surrounding blanks only', () => {
    expect(inviteCodeMatches('ABCD2345XY', ' abcd2345xy ')).toBe(true);
    expect(inviteCodeMatches('ABCD2345XY', 'ABCD2345XYZ')).toBe(false);
    expect(inviteCodeMatches('ABCD2345XY', '')).toBe(false);
    expect(inviteCodeMatches('ABCD2345XY', null)).toBe(false);
  });
});

describe('host controls', () => {
  it('kickPlayer frees the seat, later seats move up, and the kicked player cannot come back', () => {
    const t = table({}, 4);
    const events = t.act({ type: 'KICK', playerId: 'p0', seat: 1 });
    expect(events).toEqual([{ type: 'PLAYER_KICKED', seat: 1, playerId: 'p1', seq: 6, version: 5, at: AT }]);
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p2', 'p3']);
    expect(tableLinks(t.state).kicked).toEqual(['p1']);
    expect(t.refuse({ type: 'JOIN', playerId: 'p1' })).toEqual({
      code: 'KICKED',
      message: 'the host removed you from this game: you cannot join it again',
    });
  });

  it('refusals come in order: lobby, host, seat exists, own seat, bot (transfer only)', () => {
    const t = table({}, 3);
    t.act({ type: 'ADD_BOT', playerId: 'p0', botId: 'bot', level: 'EASY' });
    expect(t.refuse({ type: 'KICK', playerId: 'p1', seat: 9 }).code).toBe('NOT_HOST');
    expect(t.refuse({ type: 'KICK', playerId: 'p0', seat: 4 })).toEqual({
      code: 'NOT_IN_GAME',
      message: 'there is no seat 4: seats are 0 to 3',
      field: ['position'],
    });
    expect(t.refuse({ type: 'KICK', playerId: 'p0', seat: 0 }).code).toBe('INVALID_SEAT');
    expect(t.refuse({ type: 'TRANSFER_HOST', playerId: 'p0', seat: 0 }).code).toBe('INVALID_SEAT');
    expect(t.refuse({ type: 'TRANSFER_HOST', playerId: 'p0', seat: 3 })).toEqual({
      code: 'INVALID_SEAT',
      message: "seat 3 is a bot's: bots cannot host",
      field: ['position'],
    });
    expect(types(t.act({ type: 'KICK', playerId: 'p0', seat: 3 }))).toEqual(['PLAYER_KICKED']);
    expect(t.act({ type: 'TRANSFER_HOST', playerId: 'p0', seat: 2 })).toEqual([
      { type: 'HOST_CHANGED', playerId: 'p2', seq: 7, version: 6, at: AT },
    ]);
    expect(t.state.host).toBe('p2');
    expect(t.refuse({ type: 'KICK', playerId: 'p0', seat: 1 }).code).toBe('NOT_HOST');
    t.act({ type: 'START', playerId: 'p2' });
    expect(t.refuse({ type: 'KICK', playerId: 'p2', seat: 9 }).code).toBe('GAME_NOT_IN_LOBBY');
  });

  it('a host leaving the lobby hands it on in a step of its own: PLAYER_LEFT, then HOST_CHANGED', () => {
    const t = table({}, 3);
    const events = t.act({ type: 'LEAVE', playerId: 'p0' });
    expect(events.map((e) => [e.type, e.version])).toEqual([
      ['PLAYER_LEFT', 4],
      ['HOST_CHANGED', 5],
    ]);
    expect(events[1]).toMatchObject({ playerId: 'p1' });
    expect(t.state).toMatchObject({ host: 'p1', version: 5 });
  });
});

describe('rematch links', () => {
  it('only a seated person of a finished game links a rematch, once', () => {
    const t = table({}, 2);
    expect(t.refuse({ type: 'LINK_REMATCH', playerId: 'p9', rematch: 'g2' }).code).toBe('NOT_SEATED');
    expect(t.refuse({ type: 'LINK_REMATCH', playerId: 'p1', rematch: 'g2' }).code).toBe('GAME_NOT_FINISHED');
    t.act({ type: 'START', playerId: 'p0' });
    t.act({ type: 'LEAVE', playerId: 'p1' });
    expect(t.state.status).toBe('FINISHED');
    expect(types(t.act({ type: 'LINK_REMATCH', playerId: 'p1', rematch: 'g2' }))).toEqual([
      'REMATCH_CREATED',
    ]);
    expect(tableLinks(t.state).rematch).toBe('g2');
    expect(t.refuse({ type: 'LINK_REMATCH', playerId: 'p0', rematch: 'g3' }).code).toBe('GAME_NOT_IN_LOBBY');
  });
});

describe('quick play', () => {
  it('bots fill the free seats botFillSeconds after creation, one step each; then the full table starts', () => {
    const t = table({ quickPlay: { botFillSeconds: 20 }, maxPlayers: 4 }, 2);
    expect(tableMoveDue(t.state)).toBe(START + 20_000);
    expect(serverMoveDue(t.state, 1000)).toBe(START + 20_000);
    // Not yet due at AT.
    expect(t.refuse({ type: 'FILL_TABLE', bots: ['b1', 'b2'] }).code).toBe('GAME_NOT_IN_LOBBY');
    const filled = applyCommand(
      t.state,
      { type: 'FILL_TABLE', bots: ['b1', 'b2', 'b3'] },
      { rng: t.rng, at: LATER },
    );
    if (!filled.ok) throw new Error(filled.violation.message);
    expect(filled.events.map((e) => [e.type, e.version, 'playerId' in e ? e.playerId : null])).toEqual([
      ['PLAYER_JOINED', 3, 'b1'],
      ['PLAYER_JOINED', 4, 'b2'],
    ]);
    expect(filled.state.seats.map((s) => s.bot ?? null)).toEqual([null, null, 'NORMAL', 'NORMAL']);
    expect(filled.state.status).toBe('LOBBY');
    // Full: due at once, and the next fill starts it.
    expect(tableMoveDue(filled.state)).toBe(START);
    const started = applyCommand(filled.state, { type: 'FILL_TABLE', bots: [] }, { rng: t.rng, at: LATER });
    expect(started.ok && started.events.map((e) => [e.type, e.version])).toEqual([
      ['GAME_STARTED', 5],
      ['ROUND_STARTED', 5],
    ]);
  });

  it('a lobby left with bots only is not filled', () => {
    const t = table({ quickPlay: { botFillSeconds: 0 }, maxPlayers: 4 }, 2);
    t.act({ type: 'ADD_BOT', playerId: 'p0', botId: 'b0', level: 'EASY' });
    t.act({ type: 'LEAVE', playerId: 'p1' });
    expect(tableMoveDue(t.state)).toBe(START);
    t.act({ type: 'LEAVE', playerId: 'p0' });
    expect(t.state.status).toBe('CANCELLED');
    expect(tableMoveDue(t.state)).toBeNull();
  });

  it('a full quick-play table is due at once and starts', () => {
    const t = table({ quickPlay: { botFillSeconds: 300 }, maxPlayers: 2 }, 2);
    expect(tableMoveDue(t.state)).toBe(START);
    const events = t.act({ type: 'FILL_TABLE', bots: [] });
    expect(types(events).slice(0, 2)).toEqual(['GAME_STARTED', 'ROUND_STARTED']);
    expect(t.state.status).toBe('IN_PROGRESS');
    expect(tableMoveDue(t.state)).toBeNull();
  });

  it('a table not made by quick play is never due in its lobby', () => {
    const t = table({}, 2);
    expect(tableMoveDue(t.state)).toBeNull();
    expect(serverMoveDue(t.state, 1000)).toBeNull();
  });
});
