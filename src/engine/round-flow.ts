// How rounds end and the game goes on: resolving calls, eliminations, voided rounds, the next round or the
// end of the game, and the turn timeout.
import { done, fail, notYourTurn, type MoveContext } from './action-support';
import { countFor } from './bidding';
import { checkBid, checkExact } from './bid-checks';
import type { ActionResult, TurnMove } from './commands';
import { defaultMove } from './default-move';
import type { DiceSource } from './dice-source';
import {
  activeCount,
  activeSeats,
  currentRound,
  noHumanInPlay,
  tableOptions,
  lastBid,
  nextActiveSeat,
  selfOrNextActive,
  MAX_ROUNDS,
  type BidState,
  type GameState,
  type PlayerId,
  type RoundOutcome,
  type RoundState,
} from './state';
import { Transition } from './transition';
import { violation } from './violations';

export function startRound(
  t: Transition,
  starter: number,
  palificoSeat: number | null,
  dice: DiceSource,
): void {
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
 * Takes `seat` out of a game in progress mid-round, as it left or forfeited: the open round, if any, is
 * voided (nobody loses a die), then the game ends if one player is left, else a new round starts.
 */
export function eliminateMidRound(
  t: Transition,
  round: RoundState | null,
  seat: number,
  playerId: PlayerId,
  dice: DiceSource,
): void {
  if (round) t.emit({ type: 'ROUND_ENDED', number: t.state.rounds.length, outcome: null });
  t.emit({ type: 'PLAYER_ELIMINATED', seat, playerId });
  if (!finishIfWon(t)) restartVoidedRound(t, round, seat, dice);
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

/**
 * Ends the game when one player is left, or when no person is left in play (the bots still in play then
 * take the first places, most dice first, ties by seat order); returns whether it did.
 */
function finishIfWon(t: Transition): boolean {
  const state = t.state;
  if (activeCount(state) === 1) {
    t.emit({ type: 'GAME_FINISHED', winner: state.seats.findIndex((s) => s.diceCount > 0) });
    return true;
  }
  if (!noHumanInPlay(state)) return false;
  // A stable sort keeps equal dice in seat order.
  const standings = activeSeats(state).sort((a, b) => state.seats[b]!.diceCount - state.seats[a]!.diceCount);
  t.emit({ type: 'GAME_FINISHED', winner: standings[0]!, noHumanLeft: true, standings });
  return true;
}

/** `seat` calls dudo on `last`: the round ends, and the bidder loses a die if the bid fails, else the caller. */
export function challenge(
  t: Transition,
  round: RoundState,
  seat: number,
  last: BidState,
  by: { readonly timedOut: boolean; readonly byBot: boolean },
  dice: DiceSource,
): void {
  const state = t.state;
  t.emit({ type: 'DUDO_CALLED', seat, timedOut: by.timedOut, byBot: by.byBot });
  const actualCount = countFor(round.dice, last.face, acesWild(state, round));
  const loser = actualCount < last.quantity ? last.seat : seat;
  const outcome: RoundOutcome = {
    kind: 'DUDO',
    caller: seat,
    bid: last,
    actualCount,
    loser,
    gainer: null,
    byBot: by.byBot,
  };
  endRound(t, outcome, dice);
}

/**
 * `seat` calls exact on `last`: the round ends. A wrong call costs the caller a die; a right one gains the
 * caller a die below the most allowed, and under JINTO costs the bidder one.
 */
export function callExact(
  t: Transition,
  round: RoundState,
  seat: number,
  last: BidState,
  byBot: boolean,
  dice: DiceSource,
): void {
  const state = t.state;
  const rules = state.rules;
  t.emit({ type: 'EXACT_CALLED', seat, byBot });
  const actualCount = countFor(round.dice, last.face, acesWild(state, round));
  const right = actualCount === last.quantity;
  const belowMax = rules.maxDice === null || state.seats[seat]!.diceCount < rules.maxDice;
  let loser: number | null = seat;
  let gainer: number | null = null;
  if (right) {
    loser = rules.exact === 'JINTO' ? last.seat : null;
    gainer = belowMax ? seat : null;
  }
  endRound(t, { kind: 'EXACT', caller: seat, bid: last, actualCount, loser, gainer, byBot }, dice);
}

/**
 * The turn of `seat` ran out: the server plays it as a NORMAL bot chose (`move`, from that seat's view), or
 * by the default move (`defaultMove`) when none is given or the rules refuse it; marked byBot. A player
 * who let `timeoutsToForfeit` turns in a row run out goes away first (SEAT_AWAY, a step of its own before the
 * move) where the table says so, else forfeits.
 */
export function timeout(
  state: GameState,
  seat: number,
  ctx: MoveContext,
  move: TurnMove | null = null,
): ActionResult {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round) {
    return fail(violation('GAME_NOT_IN_PROGRESS', 'the game is not being played'));
  }
  if (state.turnSeconds === null) return fail(violation('NOT_YOUR_TURN', 'turns of this game are not timed'));
  if (round.turn !== seat) return fail(notYourTurn(round));
  if (state.waitingSince != null)
    return fail(
      violation('NOT_YOUR_TURN', 'the game waits for a person to return: its turns do not run out'),
    );
  const player = state.seats[seat]!;
  const limit = player.timeouts + 1 >= state.timeoutsToForfeit;
  const away = limit && tableOptions(state).awayAfterTimeouts && !player.bot;
  const forfeited = limit && !away;
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'TURN_TIMED_OUT', seat, playerId: player.playerId, forfeited });
  if (forfeited) {
    eliminateMidRound(t, round, seat, player.playerId, ctx.dice);
    return done(t);
  }
  if (away && player.away !== true) {
    t.emit({ type: 'SEAT_AWAY', seat, playerId: player.playerId, reason: 'TIMEOUTS' });
    t.step();
  }
  const chosen = move && legalTurnMove(state, round, seat, move) ? move : fallbackMove(state, seat);
  const last = lastBid(round);
  if (chosen.type === 'DUDO') challenge(t, round, seat, last!, { timedOut: true, byBot: true }, ctx.dice);
  else if (chosen.type === 'EXACT') callExact(t, round, seat, last!, true, ctx.dice);
  else
    t.emit({
      type: 'BID_PLACED',
      seat,
      quantity: chosen.quantity,
      face: chosen.face,
      timedOut: true,
      byBot: true,
    });
  return done(t);
}

/** Whether `move` is legal for `seat` on its turn. */
function legalTurnMove(state: GameState, round: RoundState, seat: number, move: TurnMove): boolean {
  if (move.type === 'BID') return checkBid(state, round, seat, move.quantity, move.face) === null;
  if (move.type === 'DUDO') return lastBid(round) !== null;
  return checkExact(state, round, seat) === null;
}

/** The default move as a turn move (the guards of defaultMove hold: it is `seat`'s turn in play). */
function fallbackMove(state: GameState, seat: number): TurnMove {
  const move = defaultMove(state, seat)!;
  return move.kind === 'DUDO' ? { type: 'DUDO' } : { type: 'BID', quantity: move.quantity, face: move.face };
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
