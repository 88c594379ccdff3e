// The rules engine's reducer: applies one event to a game state.
import type { GameEvent } from './events';
import type { GameState, RoundState, SeatState } from './state';
import { DEFAULT_TABLE_OPTIONS, DEFAULT_TIMEOUTS_TO_FORFEIT, nextActiveSeat, tableLinks } from './state';

// The copies below list every field instead of using object spread: V8 builds such literals an order of
// magnitude faster, and the reducer runs for every event of every game. The field order is that of the
// interfaces in state.ts.

function pick<T>(patch: T | undefined, current: T): T {
  return patch === undefined ? current : patch;
}

function copyGame(s: GameState, p: Partial<GameState>): GameState {
  return {
    rules: pick(p.rules, s.rules),
    name: pick(p.name, s.name),
    maxPlayers: pick(p.maxPlayers, s.maxPlayers),
    status: pick(p.status, s.status),
    version: pick(p.version, s.version),
    seq: pick(p.seq, s.seq),
    host: pick(p.host, s.host),
    seats: pick(p.seats, s.seats),
    rollOff: pick(p.rollOff, s.rollOff),
    rounds: pick(p.rounds, s.rounds),
    winner: pick(p.winner, s.winner),
    createdAt: pick(p.createdAt, s.createdAt),
    startedAt: pick(p.startedAt, s.startedAt),
    finishedAt: pick(p.finishedAt, s.finishedAt),
    turnSeconds: pick(p.turnSeconds, s.turnSeconds),
    timeoutsToForfeit: pick(p.timeoutsToForfeit, s.timeoutsToForfeit),
    table: pick(p.table, s.table),
    links: pick(p.links, s.links),
    nudge: pick(p.nudge, s.nudge),
    waitingSince: pick(p.waitingSince, s.waitingSince),
    resumedAt: pick(p.resumedAt, s.resumedAt),
    unrated: pick(p.unrated, s.unrated),
  };
}

function copySeat(s: SeatState, p: Partial<SeatState>): SeatState {
  const diceCount = pick(p.diceCount, s.diceCount);
  // A seat that leaves play stops being away, silently.
  const away = pick(p.away, s.away) === true && diceCount > 0;
  return {
    playerId: pick(p.playerId, s.playerId),
    diceCount,
    hasBeenPalifico: pick(p.hasBeenPalifico, s.hasBeenPalifico),
    left: pick(p.left, s.left),
    timeouts: pick(p.timeouts, s.timeouts),
    // Absent for people (and seats not away), so stored snapshots keep the shape they always had.
    ...(s.bot ? { bot: s.bot } : {}),
    ...(away ? { away: true } : {}),
  };
}

/** Whether a move event was the server's for the seat (older logs: a timed-out turn or a bot's seat). */
function madeByBot(s: GameState, seat: number, byBot: boolean | undefined, timedOut: boolean): boolean {
  return byBot ?? (timedOut || s.seats[seat]!.bot !== undefined);
}

function copyRound(r: RoundState, p: Partial<RoundState>): RoundState {
  return {
    number: pick(p.number, r.number),
    starter: pick(p.starter, r.starter),
    palificoSeat: pick(p.palificoSeat, r.palificoSeat),
    dice: pick(p.dice, r.dice),
    bids: pick(p.bids, r.bids),
    turn: pick(p.turn, r.turn),
    ended: pick(p.ended, r.ended),
    voided: pick(p.voided, r.voided),
    outcome: pick(p.outcome, r.outcome),
    startedAt: pick(p.startedAt, r.startedAt),
    endedAt: pick(p.endedAt, r.endedAt),
  };
}

/** A player who acts is no longer counted as away. */
function resetTimeouts(seats: readonly SeatState[], index: number): readonly SeatState[] {
  return seats[index]!.timeouts === 0 ? seats : updateSeat(seats, index, { timeouts: 0 });
}

function updateSeat(seats: readonly SeatState[], index: number, patch: Partial<SeatState>): SeatState[] {
  const next = seats.slice();
  next[index] = copySeat(seats[index]!, patch);
  return next;
}

function updateCurrentRound(state: GameState, patch: Partial<RoundState>): RoundState[] {
  const rounds = state.rounds.slice();
  const last = rounds.length - 1;
  rounds[last] = copyRound(rounds[last]!, patch);
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
      turnSeconds: event.turnSeconds ?? null,
      timeoutsToForfeit: event.timeoutsToForfeit ?? DEFAULT_TIMEOUTS_TO_FORFEIT,
      table: event.table ?? DEFAULT_TABLE_OPTIONS,
      links: {
        inviteCode: event.inviteCode ?? null,
        quickPlay: event.quickPlay ?? null,
        ...(event.arena && { arena: event.arena }),
        previousGame: event.previousGame ?? null,
        rematch: null,
        kicked: [],
      },
    };
  }
  if (!state) throw new Error(`event ${event.type} before GAME_CREATED`);
  const s = state;
  const version = event.version;
  const seq = event.seq;
  switch (event.type) {
    case 'PLAYER_JOINED':
      return copyGame(s, {
        version,
        seq,
        seats: [
          ...s.seats,
          {
            playerId: event.playerId,
            diceCount: 0,
            hasBeenPalifico: false,
            left: false,
            timeouts: 0,
            ...(event.bot ? { bot: event.bot } : {}),
          },
        ],
      });
    case 'PLAYER_LEFT':
      if (event.phase === 'LOBBY') {
        return copyGame(s, {
          version,
          seq,
          host: event.newHost ?? s.host,
          seats: s.seats.filter((_, i) => i !== event.seat),
        });
      }
      return copyGame(s, {
        version,
        seq,
        seats: updateSeat(s.seats, event.seat, { diceCount: 0, left: true }),
      });
    case 'GAME_CANCELLED':
      return copyGame(s, { version, seq, status: 'CANCELLED', finishedAt: event.at });
    case 'PLAYER_KICKED': {
      const links = tableLinks(s);
      return copyGame(s, {
        version,
        seq,
        seats: s.seats.filter((_, i) => i !== event.seat),
        links: { ...links, kicked: [...links.kicked, event.playerId] },
      });
    }
    case 'HOST_CHANGED':
      return copyGame(s, { version, seq, host: event.playerId });
    case 'REMATCH_CREATED':
      return copyGame(s, { version, seq, links: { ...tableLinks(s), rematch: event.rematch } });
    case 'GAME_STARTED':
      return copyGame(s, {
        version,
        seq,
        status: 'IN_PROGRESS',
        startedAt: event.at,
        rollOff: event.rollOff,
        seats: s.seats.map((seat) => copySeat(seat, { diceCount: s.rules.startingDice })),
      });
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
      return copyGame(s, { version, seq, seats, rounds: [...s.rounds, round] });
    }
    case 'BID_PLACED': {
      const round = s.rounds[s.rounds.length - 1]!;
      const byBot = madeByBot(s, event.seat, event.byBot, event.timedOut === true);
      const bid = {
        seq: event.seq,
        seat: event.seat,
        quantity: event.quantity,
        face: event.face,
        at: event.at,
        timedOut: event.timedOut === true,
        byBot,
      };
      return copyGame(s, {
        version,
        seq,
        seats: byBot ? s.seats : resetTimeouts(s.seats, event.seat),
        rounds: updateCurrentRound(s, { bids: [...round.bids, bid], turn: nextActiveSeat(s, event.seat) }),
      });
    }
    case 'DUDO_CALLED':
      // The call is resolved by the ROUND_ENDED that follows it in the same action.
      return copyGame(s, {
        version,
        seq,
        seats: madeByBot(s, event.seat, event.byBot, event.timedOut)
          ? s.seats
          : resetTimeouts(s.seats, event.seat),
      });
    case 'EXACT_CALLED':
      return copyGame(s, {
        version,
        seq,
        seats: madeByBot(s, event.seat, event.byBot, false) ? s.seats : resetTimeouts(s.seats, event.seat),
      });
    case 'SEAT_AWAY':
      return copyGame(s, { version, seq, seats: updateSeat(s.seats, event.seat, { away: true }) });
    case 'SEAT_RETURNED':
      return copyGame(s, {
        version,
        seq,
        seats: updateSeat(s.seats, event.seat, { away: false, timeouts: 0 }),
      });
    case 'PLAYER_NUDGED': {
      const round = s.rounds[s.rounds.length - 1]!;
      return copyGame(s, {
        version,
        seq,
        nudge: { round: round.number, bids: round.bids.length, deadline: event.deadline },
      });
    }
    case 'TURN_TIMED_OUT': {
      const seat = s.seats[event.seat]!;
      return copyGame(s, {
        version,
        seq,
        seats: updateSeat(s.seats, event.seat, {
          timeouts: seat.timeouts + 1,
          ...(event.forfeited ? { diceCount: 0 } : {}),
        }),
      });
    }
    case 'ROUND_ENDED': {
      let seats = s.seats;
      const outcome = event.outcome;
      if (outcome?.loser != null) {
        seats = updateSeat(seats, outcome.loser, { diceCount: seats[outcome.loser]!.diceCount - 1 });
      }
      if (outcome?.gainer != null) {
        seats = updateSeat(seats, outcome.gainer, { diceCount: seats[outcome.gainer]!.diceCount + 1 });
      }
      return copyGame(s, {
        version,
        seq,
        seats,
        rounds: updateCurrentRound(s, {
          ended: true,
          turn: null,
          voided: outcome === null,
          outcome,
          endedAt: event.at,
        }),
      });
    }
    case 'PLAYER_ELIMINATED':
      return copyGame(s, { version, seq });
    case 'GAME_WAITING':
      return copyGame(s, { version, seq, waitingSince: event.at });
    case 'GAME_RESUMED':
      // Fresh clocks: the open turn counts from now, and a nudge of it before the wait is spent.
      return copyGame(s, { version, seq, waitingSince: null, resumedAt: event.at, nudge: null });
    case 'GAME_FINISHED':
      return copyGame(s, {
        version,
        seq,
        status: 'FINISHED',
        winner: event.winner,
        finishedAt: event.at,
        ...(s.waitingSince != null && { waitingSince: null }),
        // A game nobody played to its end changes no rating.
        ...(event.allAway === true && { unrated: true }),
      });
  }
}
