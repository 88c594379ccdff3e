// The engine's commands: validating a command against a game state and deciding its events.
import {
  biddingContext,
  countFor,
  describeBid,
  describeLegalBids,
  minimumBids,
  minQuantity,
  type BiddingContext,
} from './bidding';
import { defaultMove } from './default-move';
import { rngDiceSource, type DiceSource } from './dice-source';
import type { Rng } from './random';
import type { RuleSet } from './rules';
import {
  activeCount,
  currentRound,
  lastBid,
  nextActiveSeat,
  seatOf,
  selfOrNextActive,
  totalDice,
  DEFAULT_TIMEOUTS_TO_FORFEIT,
  MAX_ROUNDS,
  type BidState,
  type BotLevel,
  type GameState,
  type PlayerId,
  type RollOffThrow,
  type RoundOutcome,
  type RoundState,
} from './state';
import { Transition } from './transition';
import type { GameEvent } from './events';
import { violation, type Violation } from './violations';

/**
 * What an action needs from outside the engine: its dice (a fair-dice source in real games, or an Rng the
 * engine draws from in call order, for tests and benchmarks) and the time to record.
 */
export type ActionContext = {
  /** ISO-8601 timestamp recorded on the events. */
  readonly at: string;
} & ({ readonly dice: DiceSource } | { readonly rng: Rng });

function diceOf(ctx: ActionContext): DiceSource {
  return 'dice' in ctx ? ctx.dice : rngDiceSource(ctx.rng);
}

export type ActionResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly violation: Violation };

export type Command =
  | { readonly type: 'JOIN'; readonly playerId: PlayerId }
  /** The host seats a bot: a new player, `botId`, whose moves the server makes. */
  | {
      readonly type: 'ADD_BOT';
      readonly playerId: PlayerId;
      readonly botId: PlayerId;
      readonly level: BotLevel;
    }
  /** The host frees the seat of a bot in the lobby. */
  | { readonly type: 'REMOVE_BOT'; readonly playerId: PlayerId; readonly seat: number }
  | { readonly type: 'LEAVE'; readonly playerId: PlayerId }
  | { readonly type: 'START'; readonly playerId: PlayerId }
  | { readonly type: 'BID'; readonly playerId: PlayerId; readonly quantity: number; readonly face: number }
  | { readonly type: 'DUDO'; readonly playerId: PlayerId }
  | { readonly type: 'EXACT'; readonly playerId: PlayerId }
  /** Issued by the server when the turn of `seat` ran out (timed turns only). */
  | { readonly type: 'TIMEOUT'; readonly seat: number }
  /** Issued by the server when a game stayed in its lobby, unchanged, for longer than the server allows. */
  | { readonly type: 'EXPIRE_LOBBY' };

/** Bounds of the turn timer options. */
export const TURN_SECONDS = { min: 5, max: 86_400 } as const;
export const TIMEOUTS_TO_FORFEIT = { min: 1, max: 100 } as const;
/** The longest name a game may have, in characters (code points). */
export const GAME_NAME_MAX_LENGTH = 80;

export interface NewGame {
  readonly host: PlayerId;
  readonly rules: RuleSet;
  /** Seats at the table; defaults to the rules' maximum. */
  readonly maxPlayers?: number | null;
  readonly name?: string | null;
  /** Seconds each turn may last before the server plays for the player; null or absent: untimed. */
  readonly turnSeconds?: number | null;
  /** Turns in a row a player may let run out before forfeiting (default 3). */
  readonly timeoutsToForfeit?: number | null;
}

interface MoveContext {
  readonly at: string;
  readonly dice: DiceSource;
}

function fail(v: Violation): ActionResult {
  return { ok: false, violation: v };
}

function done(t: Transition): ActionResult {
  return { ok: true, state: t.state, events: t.events };
}

/** Creates a game in the lobby with its host in seat 0. */
export function createGame(input: NewGame, at: string): ActionResult {
  const { rules } = input;
  const maxPlayers = input.maxPlayers ?? rules.maxPlayers;
  if (!Number.isInteger(maxPlayers) || maxPlayers < rules.minPlayers || maxPlayers > rules.maxPlayers) {
    return fail(
      violation(
        'INVALID_RULES',
        `maxPlayers must be an integer from ${rules.minPlayers} to ${rules.maxPlayers} for these rules`,
        ['maxPlayers'],
      ),
    );
  }
  const turnSeconds = input.turnSeconds ?? null;
  if (turnSeconds !== null && !inRange(turnSeconds, TURN_SECONDS)) {
    return fail(
      violation(
        'INVALID_RULES',
        `turnSeconds must be an integer from ${TURN_SECONDS.min} to ${TURN_SECONDS.max}, or null for untimed turns`,
        ['turnSeconds'],
      ),
    );
  }
  const timeoutsToForfeit = input.timeoutsToForfeit ?? DEFAULT_TIMEOUTS_TO_FORFEIT;
  if (!inRange(timeoutsToForfeit, TIMEOUTS_TO_FORFEIT)) {
    return fail(
      violation(
        'INVALID_RULES',
        `timeoutsToForfeit must be an integer from ${TIMEOUTS_TO_FORFEIT.min} to ${TIMEOUTS_TO_FORFEIT.max}`,
        ['timeoutsToForfeit'],
      ),
    );
  }
  const name = input.name ?? null;
  if (name !== null && [...name].length > GAME_NAME_MAX_LENGTH) {
    return fail(
      violation('INVALID_RULES', `name must be at most ${GAME_NAME_MAX_LENGTH} characters`, ['name']),
    );
  }
  const t = new Transition(null, at);
  t.emit({
    type: 'GAME_CREATED',
    rules,
    name,
    maxPlayers,
    host: input.host,
    turnSeconds,
    timeoutsToForfeit,
  });
  t.emit({ type: 'PLAYER_JOINED', seat: 0, playerId: input.host });
  return done(t);
}

/** Validates and applies one command; the input state is never mutated. */
export function applyCommand(state: GameState, command: Command, context: ActionContext): ActionResult {
  const ctx: MoveContext = { at: context.at, dice: diceOf(context) };
  switch (command.type) {
    case 'JOIN':
      return join(state, command.playerId, ctx);
    case 'ADD_BOT':
      return addBot(state, command, ctx);
    case 'REMOVE_BOT':
      return removeBot(state, command.playerId, command.seat, ctx);
    case 'LEAVE':
      return leave(state, command.playerId, ctx);
    case 'START':
      return start(state, command.playerId, ctx);
    case 'BID':
      return bid(state, command.playerId, command.quantity, command.face, ctx);
    case 'DUDO':
      return dudo(state, command.playerId, ctx);
    case 'EXACT':
      return exact(state, command.playerId, ctx);
    case 'TIMEOUT':
      return timeout(state, command.seat, ctx);
    case 'EXPIRE_LOBBY':
      return expireLobby(state, ctx);
  }
}

function expireLobby(state: GameState, ctx: MoveContext): ActionResult {
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'only a game still in its lobby expires'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'GAME_CANCELLED' });
  return done(t);
}

function join(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'players can join only while the game is in its lobby'));
  if (seatOf(state, playerId) >= 0)
    return fail(violation('ALREADY_JOINED', 'you already have a seat in this game'));
  if (state.seats.length >= state.maxPlayers) {
    return fail(violation('GAME_FULL', `the game is full: all ${state.maxPlayers} seats are taken`));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_JOINED', seat: state.seats.length, playerId });
  return done(t);
}

/** The host's lobby changes: refused outside the lobby, for anyone but the host. */
function hostInLobby(state: GameState, playerId: PlayerId, what: string): Violation | null {
  if (state.status !== 'LOBBY')
    return violation('GAME_NOT_IN_LOBBY', `${what} only while the game is in its lobby`);
  if (state.host !== playerId) return violation('NOT_HOST', `only the host can ${what}`);
  return null;
}

function addBot(
  state: GameState,
  command: Extract<Command, { type: 'ADD_BOT' }>,
  ctx: MoveContext,
): ActionResult {
  const refused = hostInLobby(state, command.playerId, 'add a bot');
  if (refused) return fail(refused);
  if (seatOf(state, command.botId) >= 0)
    return fail(violation('ALREADY_JOINED', 'that bot already has a seat in this game'));
  if (state.seats.length >= state.maxPlayers) {
    return fail(violation('GAME_FULL', `the game is full: all ${state.maxPlayers} seats are taken`));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_JOINED', seat: state.seats.length, playerId: command.botId, bot: command.level });
  return done(t);
}

function removeBot(state: GameState, playerId: PlayerId, seat: number, ctx: MoveContext): ActionResult {
  const refused = hostInLobby(state, playerId, 'remove a bot');
  if (refused) return fail(refused);
  const bots = state.seats.flatMap((s, i) => (s.bot ? [i] : []));
  if (!Number.isInteger(seat) || !state.seats[seat]?.bot) {
    const where =
      seat >= 0 && seat < state.seats.length ? `seat ${seat} is a person's` : `there is no seat ${seat}`;
    const which = bots.length > 0 ? `bots sit at ${bots.join(', ')}` : 'no bot is seated';
    return fail(violation('NOT_A_BOT', `${where}: ${which}`, ['position']));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_LEFT', seat, playerId: state.seats[seat]!.playerId, phase: 'LOBBY', newHost: null });
  return done(t);
}

function leave(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const seat = seatOf(state, playerId);
  if (state.status === 'LOBBY') {
    if (seat < 0) return fail(violation('NOT_IN_GAME', 'you have no seat in this game'));
    const t = new Transition(state, ctx.at);
    // The host's part passes to the next person in seat order; bots cannot host, and a lobby of bots alone
    // is cancelled.
    const n = state.seats.length;
    const people = state.seats.filter((s, i) => i !== seat && !s.bot).length;
    let newHost: PlayerId | null = null;
    if (state.host === playerId && people > 0) {
      for (let step = 1; newHost === null; step++) {
        const s = state.seats[(seat + step) % n]!;
        if (!s.bot) newHost = s.playerId;
      }
    }
    t.emit({ type: 'PLAYER_LEFT', seat, playerId, phase: 'LOBBY', newHost });
    if (people === 0) t.emit({ type: 'GAME_CANCELLED' });
    return done(t);
  }
  if (state.status !== 'IN_PROGRESS') return fail(violation('GAME_NOT_IN_PROGRESS', 'the game is over'));
  if (seat < 0) return fail(violation('NOT_IN_GAME', 'you have no seat in this game'));
  if (state.seats[seat]!.diceCount === 0)
    return fail(violation('NOT_IN_GAME', 'you are already out of this game'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_LEFT', seat, playerId, phase: 'IN_PROGRESS', newHost: null });
  const round = currentRound(state);
  if (round) t.emit({ type: 'ROUND_ENDED', number: state.rounds.length, outcome: null });
  t.emit({ type: 'PLAYER_ELIMINATED', seat, playerId });
  if (!finishIfWon(t)) restartVoidedRound(t, round, seat, ctx.dice);
  return done(t);
}

function start(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'the game has already started or ended'));
  if (state.host !== playerId) return fail(violation('NOT_HOST', 'only the host can start the game'));
  const needed = Math.max(2, state.rules.minPlayers);
  if (state.seats.length < needed) {
    return fail(
      violation('NOT_ENOUGH_PLAYERS', `at least ${needed} players are needed; ${state.seats.length} seated`),
    );
  }
  const t = new Transition(state, ctx.at);
  const { rollOff, starter } = chooseFirstStarter(state, ctx.dice);
  t.emit({ type: 'GAME_STARTED', rollOff, starter });
  startRound(t, starter, null, ctx.dice);
  return done(t);
}

function chooseFirstStarter(
  state: GameState,
  dice: DiceSource,
): { rollOff: RollOffThrow[]; starter: number } {
  const n = state.seats.length;
  switch (state.rules.firstStarter) {
    case 'SEAT_ORDER':
      return { rollOff: [], starter: 0 };
    case 'RANDOM':
      return { rollOff: [], starter: dice.firstStarter(n) };
    case 'ROLL_OFF': {
      const rollOff: RollOffThrow[] = [];
      let contenders = state.seats.map((_, i) => i);
      for (let attempt = 1; ; attempt++) {
        const throws = contenders.map((seat) => ({ attempt, seat, value: dice.rollOff(attempt, seat) }));
        rollOff.push(...throws);
        const best = Math.max(...throws.map((x) => x.value));
        contenders = throws.filter((x) => x.value === best).map((x) => x.seat);
        if (contenders.length === 1) return { rollOff, starter: contenders[0]! };
      }
    }
  }
}

function startRound(t: Transition, starter: number, palificoSeat: number | null, dice: DiceSource): void {
  const state = t.state;
  if (state.rounds.length >= MAX_ROUNDS) {
    // Most dice first; a stable sort keeps ties in turn order from the starter.
    const n = state.seats.length;
    const standings = Array.from({ length: n }, (_, i) => (starter + i) % n)
      .filter((seat) => state.seats[seat]!.diceCount > 0)
      .sort((a, b) => state.seats[b]!.diceCount - state.seats[a]!.diceCount);
    t.emit({ type: 'GAME_FINISHED', winner: standings[0]!, roundLimit: true, standings });
    return;
  }
  const number = state.rounds.length + 1;
  const hands = state.seats.map((s, seat) => (s.diceCount > 0 ? dice.hand(number, seat, s.diceCount) : []));
  t.emit({ type: 'ROUND_STARTED', number, starter, palificoSeat, dice: hands });
}

/**
 * Starts the round that replaces one voided because `outSeat` left or forfeited. A voided palifico
 * round is owed to its palifico player, who did nothing to lose it: it is played again for them while
 * enough players remain. Otherwise the next player left of `outSeat` starts a normal round.
 */
function restartVoidedRound(
  t: Transition,
  voided: RoundState | null,
  outSeat: number,
  dice: DiceSource,
): void {
  const state = t.state;
  const owed = voided?.palificoSeat ?? null;
  if (
    owed !== null &&
    owed !== outSeat &&
    state.seats[owed]!.diceCount > 0 &&
    activeCount(state) >= state.rules.palificoMinPlayers
  ) {
    startRound(t, owed, owed, dice);
    return;
  }
  startRound(t, nextActiveSeat(state, outSeat)!, null, dice);
}

/** Ends the game when one player is left; returns whether it did. */
function finishIfWon(t: Transition): boolean {
  if (activeCount(t.state) !== 1) return false;
  t.emit({ type: 'GAME_FINISHED', winner: t.state.seats.findIndex((s) => s.diceCount > 0) });
  return true;
}

/** The open round and the acting seat, or why the player cannot act in it. */
function playing(state: GameState, playerId: PlayerId): { round: RoundState; seat: number } | Violation {
  if (state.status !== 'IN_PROGRESS') {
    return violation(
      'GAME_NOT_IN_PROGRESS',
      state.status === 'LOBBY' ? 'the game has not started' : 'the game is over',
    );
  }
  const seat = seatOf(state, playerId);
  if (seat < 0) return violation('NOT_IN_GAME', 'you have no seat in this game');
  if (state.seats[seat]!.diceCount === 0) return violation('NOT_IN_GAME', 'you are out of this game');
  return { round: currentRound(state)!, seat };
}

function notYourTurn(round: RoundState): Violation {
  return violation('NOT_YOUR_TURN', `it is seat ${round.turn}'s turn`);
}

/** Why `seat` may not bid `quantity` x `face` now, or null when the bid is legal. */
export function checkBid(
  state: GameState,
  round: RoundState,
  seat: number,
  quantity: number,
  face: number,
): Violation | null {
  const ctx = biddingContext(state, round, seat);
  const total = totalDice(state);
  if (!Number.isInteger(face) || face < 1 || face > 6) {
    return violation('INVALID_BID', 'the face must be a whole number from 1 (aces) to 6', ['face']);
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > total) {
    return violation(
      'INVALID_BID',
      `the quantity must be a whole number from 1 to ${total}, the dice in play`,
      ['quantity'],
    );
  }
  const min = minQuantity(ctx, face);
  if (min !== null && quantity >= min) return null;
  return rejectBid(ctx, total, min);
}

function rejectBid(ctx: BiddingContext, total: number, min: number | null): Violation {
  const legal = describeLegalBids(ctx, total);
  const prev = ctx.previous;
  if (!prev) {
    return violation(
      'OPENING_ACES_NOT_ALLOWED',
      `the first bid of a normal round may not be on aces; ${legal}`,
      ['face'],
    );
  }
  const after = `a bid after ${describeBid(prev.quantity, prev.face)}`;
  const none = `no bid is higher than ${describeBid(prev.quantity, prev.face)} with ${total} dice in play: call dudo`;
  if (min === null && ctx.palifico) {
    const bids = minimumBids(ctx, total);
    const face = prev.face === 1 ? 'aces' : String(prev.face);
    const smallest = bids.map((b) => describeBid(b.minQuantity, b.face)).join(', ');
    const atLeast = `${after} must be at least ${bids.length === 1 ? smallest : `one of ${smallest}`}`;
    // A veteran may change the face, upward only: a lower face is a bid too low, not a locked face.
    if (ctx.mayChangeFace) {
      const rule = `in a palifico round you may keep the face ${face} or raise it, never lower it`;
      return violation('BID_NOT_HIGHER', bids.length === 0 ? `${rule}, and ${none}` : `${rule}: ${atLeast}`, [
        'face',
      ]);
    }
    const rule = `in a palifico round the face stays ${face}`;
    return violation('FACE_LOCKED', bids.length === 0 ? `${rule}, and ${none}` : `${rule}: ${atLeast}`, [
      'face',
    ]);
  }
  return violation(
    'BID_NOT_HIGHER',
    minimumBids(ctx, total).length === 0 ? none : `${after} must be higher: ${legal}`,
    min === null ? ['face'] : ['quantity'],
  );
}

function bid(
  state: GameState,
  playerId: PlayerId,
  quantity: number,
  face: number,
  ctx: MoveContext,
): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  if (p.round.turn !== p.seat) return fail(notYourTurn(p.round));
  const v = checkBid(state, p.round, p.seat, quantity, face);
  if (v) return fail(v);
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'BID_PLACED', seat: p.seat, quantity, face, timedOut: false });
  return done(t);
}

function dudo(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  if (p.round.turn !== p.seat) return fail(notYourTurn(p.round));
  const last = lastBid(p.round);
  if (!last)
    return fail(violation('NO_BID_TO_CHALLENGE', 'there is no bid to challenge yet: open the bidding'));
  const t = new Transition(state, ctx.at);
  challenge(t, p.round, p.seat, last, false, ctx.dice);
  return done(t);
}

function challenge(
  t: Transition,
  round: RoundState,
  seat: number,
  last: BidState,
  timedOut: boolean,
  dice: DiceSource,
): void {
  const state = t.state;
  t.emit({ type: 'DUDO_CALLED', seat, timedOut });
  const actualCount = countFor(round.dice, last.face, acesWild(state, round));
  const loser = actualCount < last.quantity ? last.seat : seat;
  endRound(t, { kind: 'DUDO', caller: seat, bid: last, actualCount, loser, gainer: null }, dice);
}

/**
 * The turn of `seat` ran out: the server makes its default move (`defaultMove`: dudo if there is a bid,
 * else the smallest opening bid). A player who let `timeoutsToForfeit` turns in a row run out forfeits instead.
 */
function timeout(state: GameState, seat: number, ctx: MoveContext): ActionResult {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round) {
    return fail(violation('GAME_NOT_IN_PROGRESS', 'the game is not being played'));
  }
  if (state.turnSeconds === null) return fail(violation('NOT_YOUR_TURN', 'turns of this game are not timed'));
  if (round.turn !== seat) return fail(notYourTurn(round));
  const player = state.seats[seat]!;
  const forfeited = player.timeouts + 1 >= state.timeoutsToForfeit;
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'TURN_TIMED_OUT', seat, playerId: player.playerId, forfeited });
  if (forfeited) {
    t.emit({ type: 'ROUND_ENDED', number: state.rounds.length, outcome: null });
    t.emit({ type: 'PLAYER_ELIMINATED', seat, playerId: player.playerId });
    if (!finishIfWon(t)) restartVoidedRound(t, round, seat, ctx.dice);
    return done(t);
  }
  // The guards above are defaultMove's own: the game is in progress and it is `seat`'s turn.
  const move = defaultMove(state, seat)!;
  if (move.kind === 'DUDO') challenge(t, round, seat, lastBid(round)!, true, ctx.dice);
  else t.emit({ type: 'BID_PLACED', seat, quantity: move.quantity, face: move.face, timedOut: true });
  return done(t);
}

function inRange(n: number, range: { readonly min: number; readonly max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}

/** Why `seat` may not call exact now, or null when it may. */
export function checkExact(state: GameState, round: RoundState, seat: number): Violation | null {
  const rules = state.rules;
  if (rules.exact === 'NONE') return violation('EXACT_NOT_ALLOWED', 'these rules have no exact call');
  const last = lastBid(round);
  if (!last) return violation('NO_BID_TO_CHALLENGE', 'there is no bid to call exact on yet');
  if (round.palificoSeat !== null && !rules.exactInPalifico) {
    return violation('EXACT_NOT_ALLOWED', 'exact calls are not allowed in a palifico round');
  }
  const players = activeCount(state);
  if (players < rules.exactMinPlayers) {
    return violation(
      'EXACT_NOT_ALLOWED',
      `exact calls need at least ${rules.exactMinPlayers} players in the game; ${players} remain`,
    );
  }
  if (rules.exactCaller === 'NEXT_ONLY') {
    if (round.turn !== seat) return notYourTurn(round);
  } else {
    if (last.seat === seat)
      return violation('EXACT_NOT_ALLOWED', 'you made the last bid: another player may call exact on it');
    if (round.turn === seat) {
      return violation(
        'EXACT_NOT_ALLOWED',
        'the player whose turn it is may not call exact: bid or call dudo',
      );
    }
  }
  const dice = state.seats[seat]!.diceCount;
  if (rules.exactRequiresBelowMax && rules.maxDice !== null && dice >= rules.maxDice) {
    return violation(
      'EXACT_NOT_ALLOWED',
      `you already hold the most dice allowed (${rules.maxDice}), so you may not call exact`,
    );
  }
  return null;
}

function exact(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  const v = checkExact(state, p.round, p.seat);
  if (v) return fail(v);
  const last = lastBid(p.round)!;
  const rules = state.rules;
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'EXACT_CALLED', seat: p.seat });
  const actualCount = countFor(p.round.dice, last.face, acesWild(state, p.round));
  const right = actualCount === last.quantity;
  const belowMax = rules.maxDice === null || state.seats[p.seat]!.diceCount < rules.maxDice;
  let loser: number | null = p.seat;
  let gainer: number | null = null;
  if (right) {
    loser = rules.exact === 'JINTO' ? last.seat : null;
    gainer = belowMax ? p.seat : null;
  }
  endRound(t, { kind: 'EXACT', caller: p.seat, bid: last, actualCount, loser, gainer }, ctx.dice);
  return done(t);
}

function acesWild(state: GameState, round: RoundState): boolean {
  return state.rules.wildAces && round.palificoSeat === null;
}

function endRound(t: Transition, outcome: RoundOutcome, dice: DiceSource): void {
  const before = t.state;
  t.emit({ type: 'ROUND_ENDED', number: before.rounds.length, outcome });
  const loser = outcome.loser;
  if (loser !== null && t.state.seats[loser]!.diceCount === 0) {
    t.emit({ type: 'PLAYER_ELIMINATED', seat: loser, playerId: t.state.seats[loser]!.playerId });
  }
  if (finishIfWon(t)) return;
  const state = t.state;
  const palifico = loser !== null && becomesPalifico(state, loser) ? loser : null;
  startRound(t, palifico ?? selfOrNextActive(state, nextStarterBase(state, outcome))!, palifico, dice);
}

/** Whether the loss that just took `seat` to one die makes the next round a palifico round. */
function becomesPalifico(state: GameState, seat: number): boolean {
  const rules = state.rules;
  const s = state.seats[seat]!;
  if (s.diceCount !== 1 || rules.palifico === 'NONE') return false;
  if (rules.palifico === 'ONCE_PER_GAME' && s.hasBeenPalifico) return false;
  return activeCount(state) >= rules.palificoMinPlayers;
}

/** The seat the next round starts from, before skipping eliminated players. */
function nextStarterBase(state: GameState, outcome: RoundOutcome): number {
  if (state.rules.nextStarter === 'LOSER') return outcome.loser ?? outcome.gainer ?? outcome.caller;
  if (outcome.kind === 'DUDO') return outcome.loser === outcome.caller ? outcome.bid.seat : outcome.caller;
  return outcome.actualCount === outcome.bid.quantity ? outcome.caller : outcome.bid.seat;
}
