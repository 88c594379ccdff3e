// Maps an engine game view to the GraphQL Game type, with rounds, seats, legal actions and odds.
import {
  lastRevealedKey,
  type BidState,
  type GameView,
  type RoundOutcome as EngineOutcome,
  type RoundView,
} from '../../engine';
import { gameGlobalId, roundGlobalId, seatGlobalId } from '../ids';
import { Bid } from '../types/bid.type';
import { Game, RollOffThrow } from '../types/game.type';
import { RevealedHand, Round, RoundOutcome } from '../types/round.type';
import { Seat } from '../types/seat.type';
import { BidOption, LegalActions } from '../types/legal-actions.type';
import type { GameVisibility } from '../types/enums';
import { toCallKind, toGameStatus } from './enum.mapper';
import { toRuleSet } from './rule-set.mapper';

/**
 * Builds the GraphQL objects of a game from the viewer's view (engine `viewFor`), never from raw state, so
 * no resolver can reach dice the viewer may not see.
 */
export function toGame(gameId: string, view: GameView): Game {
  const seats = view.seats.map((s) =>
    Object.assign(new Seat(), {
      id: seatGlobalId(gameId, s.playerId),
      gameId,
      isBot: s.bot !== null,
      position: s.position,
      playerId: s.playerId,
      diceCount: s.diceCount,
      eliminated: s.eliminated,
      left: s.left,
      hasBeenPalifico: s.hasBeenPalifico,
      consecutiveTimeouts: s.timeouts,
      away: s.away,
      dice: s.dice ? [...s.dice] : null,
    }),
  );
  const seat = (i: number): Seat => seats[i]!;
  const seatOrNull = (i: number | null): Seat | null => (i === null ? null : seats[i]!);
  const bid = (b: BidState): Bid =>
    Object.assign(new Bid(), {
      seq: b.seq,
      seat: seat(b.seat),
      quantity: b.quantity,
      face: b.face,
      timedOut: b.timedOut,
      // Bids stored before byBot existed: a timed-out turn's or a bot player's were the server's.
      byBot: b.byBot ?? (b.timedOut || view.seats[b.seat]!.bot !== null),
      at: new Date(b.at),
    });
  const outcome = (o: EngineOutcome): RoundOutcome =>
    Object.assign(new RoundOutcome(), {
      kind: toCallKind(o.kind),
      caller: seat(o.caller),
      bid: bid(o.bid),
      actualCount: o.actualCount,
      loser: seatOrNull(o.loser),
      gainer: seatOrNull(o.gainer),
      byBot: o.byBot ?? view.seats[o.caller]!.bot !== null,
    });
  const revealUpTo = lastRevealedKey(view);
  const round = (r: RoundView): Round =>
    Object.assign(new Round(), {
      id: roundGlobalId(gameId, r.number),
      number: r.number,
      palifico: r.palificoSeat !== null,
      palificoSeat: seatOrNull(r.palificoSeat),
      starter: seat(r.starter),
      bids: r.bids.map(bid),
      turn: seatOrNull(r.turn),
      ended: r.ended,
      voided: r.voided,
      outcome: r.outcome ? outcome(r.outcome) : null,
      reveal: r.reveal
        ? r.reveal.map((h) => Object.assign(new RevealedHand(), { seat: seat(h.seat), dice: [...h.dice] }))
        : null,
      startedAt: new Date(r.startedAt),
      endedAt: r.endedAt ? new Date(r.endedAt) : null,
      gameId,
      revealUpTo,
    });
  // A long game has many rounds and most requests (and every live event) read one or none of them.
  const mapped: (Round | undefined)[] = [];
  const roundAt = (index: number): Round | null => {
    const r = view.rounds[index];
    if (!r) return null;
    return (mapped[index] ??= round(r));
  };
  const game = Object.assign(new Game(), {
    id: gameGlobalId(gameId),
    gameId,
    view,
    name: view.name,
    status: toGameStatus(view.status),
    rules: toRuleSet(view.rules),
    version: view.version,
    lastEventSeq: view.seq,
    maxPlayers: view.maxPlayers,
    seats,
    turn: seatOrNull(view.turn),
    roundAt,
    rollOff: view.rollOff.map((t) =>
      Object.assign(new RollOffThrow(), { attempt: t.attempt, seat: seat(t.seat), value: t.value }),
    ),
    legalActions: view.legalActions
      ? Object.assign(new LegalActions(), {
          ...view.legalActions,
          view,
          minBids: view.legalActions.minBids.map((b) => Object.assign(new BidOption(), b, { view })),
        })
      : null,
    viewerSeat: seatOrNull(view.viewerSeat),
    createdAt: new Date(view.createdAt),
    startedAt: view.startedAt ? new Date(view.startedAt) : null,
    finishedAt: view.finishedAt ? new Date(view.finishedAt) : null,
    turnSeconds: view.turnSeconds,
    timeoutsToForfeit: view.timeoutsToForfeit,
    turnDeadline: view.turnDeadline === null ? null : new Date(view.turnDeadline),
    waitingSince: view.waitingSince === null ? null : new Date(view.waitingSince),
    visibility: view.table.visibility as GameVisibility,
    rated: view.table.rated,
    allowSpectators: view.table.allowSpectators,
    allowAgents: view.table.allowAgents,
    chatEnabled: view.table.chat,
    inviteCode: view.inviteCode,
    awayAfterTimeouts: view.table.awayAfterTimeouts,
    disconnectSeconds: view.table.disconnectSeconds,
  });
  // Mapped when read: a round holds all its bids, and most documents (every event of a replay) select none.
  Object.defineProperty(game, 'currentRound', {
    get: () => (view.currentRound ? roundAt(view.rounds.length - 1) : null),
    enumerable: true,
    configurable: true,
  });
  return game;
}
