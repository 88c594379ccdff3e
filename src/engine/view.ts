// What a viewer may see of a game: the view that hides other players' dice, with legal actions.
import { legalActions, NO_ACTIONS, type LegalActions } from './legal-actions';
import type { RuleSet } from './rules';
import {
  currentRound,
  isArena,
  isEliminated,
  seatOf,
  tableLinks,
  tableOptions,
  turnDeadline,
  turnStartedAt,
  waitingSince,
  type BidState,
  type BotLevel,
  type GameState,
  type GameStatus,
  type PlayerId,
  type RollOffThrow,
  type RoundOutcome,
  type RoundState,
  type TableOptions,
} from './state';

/** Who is looking: a player (seated or not) or an anonymous spectator. */
export type Viewer = { readonly playerId: PlayerId } | null;

export interface SeatView {
  readonly position: number;
  readonly playerId: PlayerId;
  readonly diceCount: number;
  readonly eliminated: boolean;
  readonly left: boolean;
  readonly hasBeenPalifico: boolean;
  /** Turns in a row the player let run out. */
  readonly timeouts: number;
  /** The level of the bot the server plays in this seat; null for a person. */
  readonly bot: BotLevel | null;
  /** The server plays this person's seat for now (a NORMAL bot), until they return. */
  readonly away: boolean;
  /** The viewer's own dice in the open round; null for every other seat and outside a round. */
  readonly dice: readonly number[] | null;
}

export interface RevealedHandView {
  readonly seat: number;
  readonly dice: readonly number[];
}

export interface RoundView {
  readonly number: number;
  readonly starter: number;
  readonly palificoSeat: number | null;
  readonly bids: readonly BidState[];
  readonly turn: number | null;
  readonly ended: boolean;
  readonly voided: boolean;
  readonly outcome: RoundOutcome | null;
  /** Everyone's dice once the round has ended; null while it is open. */
  readonly reveal: readonly RevealedHandView[] | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
}

export interface GameView {
  readonly name: string | null;
  readonly status: GameStatus;
  readonly version: number;
  readonly seq: number;
  readonly rules: RuleSet;
  readonly maxPlayers: number;
  readonly host: PlayerId;
  readonly seats: readonly SeatView[];
  readonly turn: number | null;
  readonly rounds: readonly RoundView[];
  readonly currentRound: RoundView | null;
  readonly rollOff: readonly RollOffThrow[];
  readonly winner: number | null;
  /** The viewer's seat, or null for spectators and players without a seat. */
  readonly viewerSeat: number | null;
  /** What the viewer may do now; null unless the viewer has a seat. */
  readonly legalActions: LegalActions | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly turnSeconds: number | null;
  readonly timeoutsToForfeit: number;
  /** When the current turn began. */
  readonly turnStartedAt: string | null;
  /** When the current turn runs out, in epoch milliseconds; null when turns are not timed or outside a turn. */
  readonly turnDeadline: number | null;
  /** Since when the game waits because every person in play is away; null otherwise. */
  readonly waitingSince: string | null;
  readonly table: TableOptions;
  /** A PRIVATE game's invite code, for its seated players only; null for everyone else. */
  readonly inviteCode: string | null;
  /** The id of the game this one is a rematch of, and of its rematch. */
  readonly previousGame: string | null;
  readonly rematch: string | null;
  /** Made by arenaJoin. */
  readonly arena: boolean;
}

// A round's view depends on the round alone (the reveal once it has ended), and states share their
// unchanged rounds, so each round is turned into a view once for every viewer and every later state.
const roundViews = new WeakMap<RoundState, RoundView>();

function roundView(r: RoundState): RoundView {
  let view = roundViews.get(r);
  if (!view) {
    view = {
      number: r.number,
      starter: r.starter,
      palificoSeat: r.palificoSeat,
      bids: r.bids,
      turn: r.turn,
      ended: r.ended,
      voided: r.voided,
      outcome: r.outcome,
      reveal: r.ended
        ? r.dice.flatMap((dice, seat) => (dice.length > 0 ? [{ seat, dice: dice.slice() }] : []))
        : null,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
    };
    roundViews.set(r, view);
  }
  return view;
}

/**
 * The only way to see a game from outside the engine: other players' dice appear only in the reveal of a
 * round that has ended. `settled` false marks a state between two events of one action (see `isMidAction`):
 * nobody may act on it, so its legal actions are empty.
 */
export function viewFor(state: GameState, viewer: Viewer, settled = true): GameView {
  const seatIndex = viewer ? seatOf(state, viewer.playerId) : -1;
  const open = currentRound(state);
  const rounds = state.rounds.map(roundView);
  return {
    name: state.name,
    status: state.status,
    version: state.version,
    seq: state.seq,
    rules: state.rules,
    maxPlayers: state.maxPlayers,
    host: state.host,
    seats: state.seats.map((s, position) => ({
      position,
      playerId: s.playerId,
      diceCount: s.diceCount,
      eliminated: isEliminated(state, s),
      left: s.left,
      hasBeenPalifico: s.hasBeenPalifico,
      timeouts: s.timeouts,
      bot: s.bot ?? null,
      away: s.away === true,
      dice: open && position === seatIndex ? open.dice[position]!.slice() : null,
    })),
    turn: open?.turn ?? null,
    rounds,
    currentRound: open ? rounds[rounds.length - 1]! : null,
    rollOff: state.rollOff,
    winner: state.winner,
    viewerSeat: seatIndex >= 0 ? seatIndex : null,
    legalActions: seatIndex < 0 ? null : settled ? legalActions(state, seatIndex) : NO_ACTIONS,
    createdAt: state.createdAt,
    startedAt: state.startedAt,
    finishedAt: state.finishedAt,
    turnSeconds: state.turnSeconds,
    timeoutsToForfeit: state.timeoutsToForfeit,
    turnStartedAt: turnStartedAt(state),
    turnDeadline: turnDeadline(state),
    waitingSince: waitingSince(state),
    // A game that ended unrated shows so; the table's own option stays for its rematch.
    table: state.unrated === true ? { ...tableOptions(state), rated: false } : tableOptions(state),
    inviteCode: seatIndex >= 0 ? tableLinks(state).inviteCode : null,
    previousGame: tableLinks(state).previousGame,
    rematch: tableLinks(state).rematch,
    arena: isArena(state),
  };
}
