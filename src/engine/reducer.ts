import type { GameEvent } from './events';
import type { GameState, RoundState, SeatState } from './state';
import { nextActiveSeat } from './state';

function updateSeat(seats: readonly SeatState[], index: number, patch: Partial<SeatState>): SeatState[] {
  const next = seats.slice();
  next[index] = { ...seats[index]!, ...patch };
  return next;
}

function updateCurrentRound(state: GameState, patch: Partial<RoundState>): RoundState[] {
  const rounds = state.rounds.slice();
  const last = rounds.length - 1;
  rounds[last] = { ...rounds[last]!, ...patch };
  return rounds;
}

/**
 * Applies one event to a state, returning a new state (the input is never mutated). Actions validate and
 * decide; this function only records, so replaying a game's log rebuilds exactly the same state.
 */
export function applyEvent(state: GameState | null, event: GameEvent): GameState {
  if (event.type === 'GAME_CREATED') {
    return {
      rules: event.rules,
      name: event.name,
      maxPlayers: event.maxPlayers,
      status: 'LOBBY',
      version: event.version,
      seq: event.seq,
      host: event.host,
      seats: [],
      rollOff: [],
      rounds: [],
      winner: null,
      createdAt: event.at,
      startedAt: null,
      finishedAt: null,
    };
  }
  if (!state) throw new Error(`event ${event.type} before GAME_CREATED`);
  const s: GameState = { ...state, version: event.version, seq: event.seq };
  switch (event.type) {
    case 'PLAYER_JOINED':
      return {
        ...s,
        seats: [...s.seats, { playerId: event.playerId, diceCount: 0, hasBeenPalifico: false, left: false }],
      };
    case 'PLAYER_LEFT':
      if (event.phase === 'LOBBY') {
        return {
          ...s,
          seats: s.seats.filter((_, i) => i !== event.seat),
          host: event.newHost ?? s.host,
        };
      }
      return { ...s, seats: updateSeat(s.seats, event.seat, { diceCount: 0, left: true }) };
    case 'GAME_CANCELLED':
      return { ...s, status: 'CANCELLED', finishedAt: event.at };
    case 'GAME_STARTED':
      return {
        ...s,
        status: 'IN_PROGRESS',
        startedAt: event.at,
        rollOff: event.rollOff,
        seats: s.seats.map((seat) => ({ ...seat, diceCount: s.rules.startingDice })),
      };
    case 'ROUND_STARTED': {
      const round: RoundState = {
        number: event.number,
        starter: event.starter,
        palificoSeat: event.palificoSeat,
        dice: event.dice,
        bids: [],
        turn: event.starter,
        ended: false,
        voided: false,
        outcome: null,
        startedAt: event.at,
        endedAt: null,
      };
      const seats =
        event.palificoSeat === null
          ? s.seats
          : updateSeat(s.seats, event.palificoSeat, { hasBeenPalifico: true });
      return { ...s, seats, rounds: [...s.rounds, round] };
    }
    case 'BID_PLACED': {
      const round = s.rounds[s.rounds.length - 1]!;
      const bid = {
        seq: event.seq,
        seat: event.seat,
        quantity: event.quantity,
        face: event.face,
        at: event.at,
      };
      return {
        ...s,
        rounds: updateCurrentRound(s, { bids: [...round.bids, bid], turn: nextActiveSeat(s, event.seat) }),
      };
    }
    case 'DUDO_CALLED':
    case 'EXACT_CALLED':
      // The call is resolved by the ROUND_ENDED that follows it in the same action.
      return s;
    case 'ROUND_ENDED': {
      let seats = s.seats;
      const outcome = event.outcome;
      if (outcome?.loser != null) {
        seats = updateSeat(seats, outcome.loser, { diceCount: seats[outcome.loser]!.diceCount - 1 });
      }
      if (outcome?.gainer != null) {
        seats = updateSeat(seats, outcome.gainer, { diceCount: seats[outcome.gainer]!.diceCount + 1 });
      }
      return {
        ...s,
        seats,
        rounds: updateCurrentRound(s, {
          ended: true,
          turn: null,
          voided: outcome === null,
          outcome,
          endedAt: event.at,
        }),
      };
    }
    case 'PLAYER_ELIMINATED':
      return s;
    case 'GAME_FINISHED':
      return { ...s, status: 'FINISHED', winner: event.winner, finishedAt: event.at };
  }
}
