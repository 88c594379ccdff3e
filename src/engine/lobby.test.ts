// Tests of creating a game, its lobby, and bots in the lobby.
import { applyCommand } from './actions';
import { createGame, GAME_NAME_MAX_LENGTH } from './lobby.actions';
import { seededRng } from './random';
import { PRESETS } from './rules';
import { DEFAULT_TABLE_OPTIONS, NO_TABLE_LINKS } from './state';
import { AT, rulesFor, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(23));

describe('creating a game', () => {
  it('the host takes seat 0 in the lobby', () => {
    const result = createGame({ host: 'h', rules: PRESETS.PUB, name: 'Friday' }, AT);
    if (!result.ok) throw new Error('refused');
    expect(result.events).toEqual([
      {
        type: 'GAME_CREATED',
        rules: PRESETS.PUB,
        name: 'Friday',
        maxPlayers: 10,
        host: 'h',
        turnSeconds: null,
        timeoutsToForfeit: 3,
        table: DEFAULT_TABLE_OPTIONS,
        inviteCode: null,
        quickPlay: null,
        previousGame: null,
        seq: 1,
        version: 1,
        at: AT,
      },
      { type: 'PLAYER_JOINED', seat: 0, playerId: 'h', seq: 2, version: 1, at: AT },
    ]);
    expect(result.state).toEqual({
      rules: PRESETS.PUB,
      name: 'Friday',
      maxPlayers: 10,
      status: 'LOBBY',
      version: 1,
      seq: 2,
      host: 'h',
      seats: [{ playerId: 'h', diceCount: 0, hasBeenPalifico: false, left: false, timeouts: 0 }],
      rollOff: [],
      rounds: [],
      winner: null,
      createdAt: AT,
      startedAt: null,
      finishedAt: null,
      turnSeconds: null,
      timeoutsToForfeit: 3,
      table: DEFAULT_TABLE_OPTIONS,
      links: NO_TABLE_LINKS,
    });
  });

  it('maxPlayers defaults to the rules and must fit them', () => {
    const ok = createGame({ host: 'h', rules: PRESETS.LIARS_DICE, maxPlayers: 20 }, AT);
    expect(ok.ok && ok.state.maxPlayers).toBe(20);
    for (const maxPlayers of [1, 11, 2.5]) {
      expect(createGame({ host: 'h', rules: PRESETS.CLASSIC, maxPlayers }, AT)).toEqual({
        ok: false,
        violation: {
          code: 'INVALID_RULES',
          message: 'maxPlayers must be an integer from 2 to 10 for these rules',
          field: ['maxPlayers'],
        },
      });
    }
  });

  it('the name is at most GAME_NAME_MAX_LENGTH (80) characters, counted as code points', () => {
    const longest = '🎲'.repeat(GAME_NAME_MAX_LENGTH);
    const ok = createGame({ host: 'h', rules: PRESETS.PUB, name: longest }, AT);
    expect(ok.ok && ok.state.name).toBe(longest);
    expect(createGame({ host: 'h', rules: PRESETS.PUB, name: `${longest}x` }, AT)).toEqual({
      ok: false,
      violation: { code: 'INVALID_RULES', message: 'name must be at most 80 characters', field: ['name'] },
    });
  });
});

describe('the lobby', () => {
  it('players join in the next free seat', () => {
    const t = Table.lobby('CLASSIC', 1);
    const events = t.act({ type: 'JOIN', playerId: 'p1' });
    expect(events).toEqual([{ type: 'PLAYER_JOINED', seat: 1, playerId: 'p1', seq: 3, version: 2, at: AT }]);
    t.act({ type: 'JOIN', playerId: 'p2' });
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p1', 'p2']);
    expect(t.state.version).toBe(3);
  });

  it('ALREADY_JOINED', () => {
    const t = Table.lobby('CLASSIC', 2);
    expect(t.refuse({ type: 'JOIN', playerId: 'p1' })).toEqual({
      code: 'ALREADY_JOINED',
      message: 'you already have a seat in this game',
    });
    expect(t.refuse({ type: 'JOIN', playerId: 'p0' }).code).toBe('ALREADY_JOINED');
  });

  it('GAME_FULL', () => {
    const created = createGame({ host: 'p0', rules: PRESETS.CLASSIC, maxPlayers: 2 }, AT);
    if (!created.ok) throw new Error('refused');
    const t = new Table(created.state, fallback(), created.events);
    t.act({ type: 'JOIN', playerId: 'p1' });
    expect(t.refuse({ type: 'JOIN', playerId: 'p2' })).toEqual({
      code: 'GAME_FULL',
      message: 'the game is full: all 2 seats are taken',
    });
  });

  it('GAME_FULL at the rules maximum', () => {
    const t = Table.lobby('CLASSIC', 10);
    expect(t.refuse({ type: 'JOIN', playerId: 'p10' }).code).toBe('GAME_FULL');
  });

  it('leaving frees the seat and later seats move up', () => {
    const t = Table.lobby('CLASSIC', 3);
    const events = t.act({ type: 'LEAVE', playerId: 'p1' });
    expect(events).toEqual([
      {
        type: 'PLAYER_LEFT',
        seat: 1,
        playerId: 'p1',
        phase: 'LOBBY',
        newHost: null,
        seq: 5,
        version: 4,
        at: AT,
      },
    ]);
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p2']);
    expect(t.state.host).toBe('p0');
    // the seat is free again
    t.act({ type: 'JOIN', playerId: 'p1' });
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p2', 'p1']);
  });

  it('the host leaving hands the game to the next seat', () => {
    const t = Table.lobby('CLASSIC', 3);
    const events = t.act({ type: 'LEAVE', playerId: 'p0' });
    expect(events[0]).toMatchObject({ type: 'PLAYER_LEFT', seat: 0, phase: 'LOBBY', newHost: 'p1' });
    expect(t.state.host).toBe('p1');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p1', 'p2']);
    expect(t.refuse({ type: 'START', playerId: 'p0' }).code).toBe('NOT_HOST');
    t.act({ type: 'START', playerId: 'p1' });
  });

  it('the host in the last seat hands the game to seat 0', () => {
    const t = Table.lobby('CLASSIC', 2);
    t.act({ type: 'LEAVE', playerId: 'p0' });
    t.act({ type: 'JOIN', playerId: 'p2' });
    t.act({ type: 'LEAVE', playerId: 'p1' });
    expect(t.state.host).toBe('p2');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p2']);
  });

  it('the last player leaving cancels the game', () => {
    const t = Table.lobby('CLASSIC', 1);
    const events = t.act({ type: 'LEAVE', playerId: 'p0' });
    expect(types(events)).toEqual(['PLAYER_LEFT', 'GAME_CANCELLED']);
    expect(events[0]).toMatchObject({ newHost: null });
    expect(t.state).toMatchObject({ status: 'CANCELLED', seats: [], finishedAt: AT });
    expect(t.refuse({ type: 'JOIN', playerId: 'p1' })).toEqual({
      code: 'GAME_NOT_IN_LOBBY',
      message: 'players can join only while the game is in its lobby',
    });
    expect(t.refuse({ type: 'START', playerId: 'p0' }).code).toBe('GAME_NOT_IN_LOBBY');
    expect(t.refuse({ type: 'LEAVE', playerId: 'p0' }).code).toBe('GAME_NOT_IN_PROGRESS');
  });

  it('an expired lobby is cancelled with its players still seated, and nobody may join it', () => {
    const t = Table.lobby('CLASSIC', 3);
    const events = t.act({ type: 'EXPIRE_LOBBY' });
    expect(events).toEqual([{ type: 'GAME_CANCELLED', seq: 5, version: 4, at: AT }]);
    expect(t.state).toMatchObject({ status: 'CANCELLED', finishedAt: AT, host: 'p0' });
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['p0', 'p1', 'p2']);
    expect(t.refuse({ type: 'JOIN', playerId: 'p9' }).code).toBe('GAME_NOT_IN_LOBBY');
    expect(t.refuse({ type: 'EXPIRE_LOBBY' })).toEqual({
      code: 'GAME_NOT_IN_LOBBY',
      message: 'only a game still in its lobby expires',
    });
  });

  it('a started game never expires as a lobby', () => {
    const t = Table.started('CLASSIC', 2);
    expect(t.refuse({ type: 'EXPIRE_LOBBY' }).code).toBe('GAME_NOT_IN_LOBBY');
  });

  it('NOT_IN_GAME for a player without a seat', () => {
    const t = Table.lobby('CLASSIC', 2);
    expect(t.refuse({ type: 'LEAVE', playerId: 'stranger' })).toEqual({
      code: 'NOT_IN_GAME',
      message: 'you have no seat in this game',
    });
  });

  it('NOT_HOST', () => {
    const t = Table.lobby('CLASSIC', 2);
    expect(t.refuse({ type: 'START', playerId: 'p1' })).toEqual({
      code: 'NOT_HOST',
      message: 'only the host can start the game',
    });
    expect(t.refuse({ type: 'START', playerId: 'stranger' }).code).toBe('NOT_HOST');
  });

  it('NOT_ENOUGH_PLAYERS', () => {
    const t = Table.lobby('CLASSIC', 1);
    expect(t.refuse({ type: 'START', playerId: 'p0' })).toEqual({
      code: 'NOT_ENOUGH_PLAYERS',
      message: 'at least 2 players are needed; 1 seated',
    });
    const three = Table.lobby(rulesFor('PUB', { minPlayers: 3 }), 2);
    expect(three.refuse({ type: 'START', playerId: 'p0' }).message).toBe(
      'at least 3 players are needed; 2 seated',
    );
    three.act({ type: 'JOIN', playerId: 'p2' });
    three.act({ type: 'START', playerId: 'p0' });
  });

  it('starting deals the starting dice and rolls the first round', () => {
    const rng = new ScriptedRng([1]).pushHands([1, 2, 3, 4, 5], [6, 5, 4, 3, 2]);
    const t = Table.lobby('CLASSIC', 2, rng);
    const events = t.act({ type: 'START', playerId: 'p0' });
    expect(events).toEqual([
      { type: 'GAME_STARTED', rollOff: [], starter: 1, seq: 4, version: 3, at: AT },
      {
        type: 'ROUND_STARTED',
        number: 1,
        starter: 1,
        palificoSeat: null,
        dice: [
          [1, 2, 3, 4, 5],
          [6, 5, 4, 3, 2],
        ],
        seq: 5,
        version: 3,
        at: AT,
      },
    ]);
    expect(t.state).toMatchObject({ status: 'IN_PROGRESS', startedAt: AT, version: 3, seq: 5 });
    expect(t.counts).toEqual([5, 5]);
    expect(t.round).toMatchObject({ number: 1, starter: 1, turn: 1, bids: [], ended: false });
  });

  it.each([
    ['LIARS_DICE', 3],
    ['PUB', 5],
  ] as const)('%s deals %i dice each', (preset, dice) => {
    const t = Table.started(preset, 4);
    expect(t.counts).toEqual([dice, dice, dice, dice]);
    expect(t.round.dice.map((h) => h.length)).toEqual([dice, dice, dice, dice]);
    for (const hand of t.round.dice) for (const d of hand) expect([1, 2, 3, 4, 5, 6]).toContain(d);
  });

  it('GAME_NOT_IN_LOBBY once started', () => {
    const t = Table.started('CLASSIC', 2);
    expect(t.refuse({ type: 'JOIN', playerId: 'p5' }).code).toBe('GAME_NOT_IN_LOBBY');
    expect(t.refuse({ type: 'START', playerId: 'p0' })).toEqual({
      code: 'GAME_NOT_IN_LOBBY',
      message: 'the game has already started or ended',
    });
  });
});

describe('bots in the lobby', () => {
  const ctx = { at: AT, rng: seededRng(1) };
  function lobby(maxPlayers = 4) {
    const created = createGame({ host: 'h', rules: PRESETS.PERUDO, maxPlayers }, AT);
    if (!created.ok) throw new Error('refused');
    return created.state;
  }

  it('the host seats a bot: a PLAYER_JOINED with its level; the bot keeps its level through the game', () => {
    const r = applyCommand(lobby(), { type: 'ADD_BOT', playerId: 'h', botId: 'b1', level: 'HARD' }, ctx);
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events).toEqual([
      { type: 'PLAYER_JOINED', seat: 1, playerId: 'b1', bot: 'HARD', seq: 3, version: 2, at: AT },
    ]);
    expect(r.state.seats[1]).toEqual({
      playerId: 'b1',
      diceCount: 0,
      hasBeenPalifico: false,
      left: false,
      timeouts: 0,
      bot: 'HARD',
    });
    const started = applyCommand(r.state, { type: 'START', playerId: 'h' }, ctx);
    if (!started.ok) throw new Error(started.violation.message);
    expect(started.state.seats.map((s) => [s.diceCount, s.bot])).toEqual([
      [5, undefined],
      [5, 'HARD'],
    ]);
  });

  it('only the host, only in the lobby, only into a free seat', () => {
    let state = lobby(2);
    const joined = applyCommand(state, { type: 'JOIN', playerId: 'g' }, ctx);
    if (!joined.ok) throw new Error('refused');
    const add = { type: 'ADD_BOT', botId: 'b', level: 'EASY' } as const;
    expect(applyCommand(joined.state, { ...add, playerId: 'g' }, ctx)).toMatchObject({
      ok: false,
      violation: { code: 'NOT_HOST', message: 'only the host can add a bot' },
    });
    expect(applyCommand(joined.state, { ...add, playerId: 'h' }, ctx)).toMatchObject({
      ok: false,
      violation: { code: 'GAME_FULL' },
    });
    const started = applyCommand(joined.state, { type: 'START', playerId: 'h' }, ctx);
    if (!started.ok) throw new Error('refused');
    expect(applyCommand(started.state, { ...add, playerId: 'h' }, ctx)).toMatchObject({
      ok: false,
      violation: { code: 'GAME_NOT_IN_LOBBY', message: 'add a bot only while the game is in its lobby' },
    });
    state = lobby();
    expect(applyCommand(state, { type: 'REMOVE_BOT', playerId: 'h', seat: 0 }, ctx)).toMatchObject({
      ok: false,
      violation: {
        code: 'NOT_A_BOT',
        message: "seat 0 is a person's: no bot is seated",
        field: ['position'],
      },
    });
  });

  it('the host removes a bot: its seat is freed and the later seats move up', () => {
    let state = lobby();
    for (const [id, level] of [
      ['b1', 'EASY'],
      ['b2', 'HARD'],
    ] as const) {
      const r = applyCommand(state, { type: 'ADD_BOT', playerId: 'h', botId: id, level }, ctx);
      if (!r.ok) throw new Error('refused');
      state = r.state;
    }
    expect(applyCommand(state, { type: 'REMOVE_BOT', playerId: 'h', seat: 3 }, ctx)).toMatchObject({
      ok: false,
      violation: { code: 'NOT_A_BOT', message: 'there is no seat 3: bots sit at 1, 2' },
    });
    const r = applyCommand(state, { type: 'REMOVE_BOT', playerId: 'h', seat: 1 }, ctx);
    if (!r.ok) throw new Error(r.violation.message);
    expect(types(r.events)).toEqual(['PLAYER_LEFT']);
    expect(r.state.seats.map((s) => [s.playerId, s.bot])).toEqual([
      ['h', undefined],
      ['b2', 'HARD'],
    ]);
  });

  it('a leaving host hands the lobby to the next person, never to a bot; with only bots left it is cancelled', () => {
    let state = lobby(5);
    for (const command of [
      { type: 'ADD_BOT', playerId: 'h', botId: 'b1', level: 'NORMAL' },
      { type: 'JOIN', playerId: 'g' },
    ] as const) {
      const r = applyCommand(state, command, ctx);
      if (!r.ok) throw new Error('refused');
      state = r.state;
    }
    const left = applyCommand(state, { type: 'LEAVE', playerId: 'h' }, ctx);
    if (!left.ok) throw new Error('refused');
    expect(left.state.host).toBe('g');
    const last = applyCommand(left.state, { type: 'LEAVE', playerId: 'g' }, ctx);
    if (!last.ok) throw new Error('refused');
    expect(types(last.events)).toEqual(['PLAYER_LEFT', 'GAME_CANCELLED']);
    expect(last.state.status).toBe('CANCELLED');
  });
});
