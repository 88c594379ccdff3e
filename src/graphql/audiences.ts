// Which viewers of a game event see the same result of a gameEvents document: its audiences.
import { Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import { isMidAction, seatOf, viewFor, type Viewer } from '../engine';
import type { FeedItem } from '../realtime/game-feed';

/**
 * What a field's value depends on besides the event: `seat`, who the viewer is at the table (their own dice
 * and the odds computed from them, their seat, a private table's invite code); `actions`, what the viewer may
 * do now (their legal actions, without the odds).
 */
export type ViewerDependency = 'seat' | 'actions';

/**
 * The fields a gameEvents document may select and still be executed once per audience, each with what it
 * depends on of the viewer (null: nothing; every viewer who may receive the event sees the same value).
 * A document selecting any other field runs once per viewer, as before. Each field listed here is built
 * from the viewer's view (engine `viewFor`) or read through loaders that do not depend on the viewer; a
 * test (`test/realtime/audiences.test.ts`) fails when one of their resolvers reads the viewer, and a
 * differential property test compares every shared frame with graphql-js executed for each viewer.
 */
export const AUDIENCE_FIELDS: Readonly<Record<string, Readonly<Record<string, ViewerDependency | null>>>> = {
  Subscription: { gameEvents: null },
  GameEvent: {
    seq: null,
    type: null,
    at: null,
    game: null,
    round: null,
    bid: null,
    outcome: null,
    seat: null,
    player: null,
  },
  Game: {
    id: null,
    name: null,
    status: null,
    rules: null,
    version: null,
    lastEventSeq: null,
    maxPlayers: null,
    seats: null,
    turn: null,
    currentRound: null,
    rollOff: null,
    host: null,
    winner: null,
    createdAt: null,
    startedAt: null,
    finishedAt: null,
    turnSeconds: null,
    timeoutsToForfeit: null,
    turnDeadline: null,
    waitingSince: null,
    visibility: null,
    rated: null,
    allowSpectators: null,
    allowAgents: null,
    chatEnabled: null,
    awayAfterTimeouts: null,
    disconnectSeconds: null,
    spectatorCount: null,
    legalActions: 'actions',
    viewerSeat: 'seat',
    inviteCode: 'seat',
    odds: 'seat',
  },
  Seat: {
    id: null,
    position: null,
    player: null,
    diceCount: null,
    eliminated: null,
    left: null,
    hasBeenPalifico: null,
    consecutiveTimeouts: null,
    away: null,
    connected: null,
    dice: 'seat',
  },
  Round: {
    id: null,
    number: null,
    palifico: null,
    palificoSeat: null,
    starter: null,
    bids: null,
    turn: null,
    ended: null,
    voided: null,
    outcome: null,
    reveal: null,
    startedAt: null,
    endedAt: null,
    serverKey: null,
  },
  Bid: { seq: null, seat: null, quantity: null, face: null, timedOut: null, byBot: null, at: null },
  RoundOutcome: {
    kind: null,
    caller: null,
    bid: null,
    actualCount: null,
    loser: null,
    gainer: null,
    byBot: null,
  },
  RevealedHand: { seat: null, dice: null },
  RollOffThrow: { attempt: null, seat: null, value: null },
  RuleSet: Object.fromEntries(
    [
      'preset',
      'startingDice',
      'minPlayers',
      'maxPlayers',
      'wildAces',
      'openingAces',
      'raise',
      'exact',
      'exactCaller',
      'exactInPalifico',
      'exactMinPlayers',
      'exactRequiresBelowMax',
      'palifico',
      'palificoMinPlayers',
      'palificoVeteransMayChangeFace',
      'nextStarter',
      'firstStarter',
      'maxDice',
    ].map((f) => [f, null]),
  ),
  LegalActions: { canBid: null, canDudo: null, canExact: null, minBids: null, standingBidOdds: 'seat' },
  BidOption: { face: null, minQuantity: null, probability: 'seat' },
  BidOdds: { atLeast: null, exactly: null },
  Player: {
    id: null,
    name: null,
    isBot: null,
    botLevel: null,
    createdAt: null,
    isAgent: null,
    retired: null,
    isArenaReference: null,
  },
};

/** What a document's result depends on of its viewer. */
export interface Dependencies {
  readonly seat: boolean;
  readonly actions: boolean;
}

/**
 * The viewer dependencies of a gameEvents document, or null when it selects a field outside
 * AUDIENCE_FIELDS (or is not a gameEvents subscription): it then runs once per viewer. Every field of the
 * document counts, whatever its directives and whichever operation runs: an over-estimate only costs speed.
 */
export function documentDependencies(schema: GraphQLSchema, document: DocumentNode): Dependencies | null {
  const typeInfo = new TypeInfo(schema);
  let shareable = true;
  let seat = false;
  let actions = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation !== 'subscription') shareable = false;
      },
      Field(node) {
        if (node.name.value === '__typename') return;
        const parent = typeInfo.getParentType()?.name;
        const fields = parent === undefined ? undefined : AUDIENCE_FIELDS[parent];
        if (!fields || !Object.hasOwn(fields, node.name.value)) {
          shareable = false;
          return;
        }
        const dependency = fields[node.name.value];
        if (dependency === 'seat') seat = true;
        if (dependency === 'actions') actions = true;
      },
    }),
  );
  if (!shareable) return null;
  // One root field: gameEvents (a document with another root field never gets here: it selects a field
  // outside the list).
  const roots = document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : [],
  );
  if (roots.some((r) => r.kind !== Kind.FIELD)) return null;
  return { seat, actions };
}

/** A game feed's item (what gameEvents hands each execution). */
function isFeedItem(payload: unknown): payload is FeedItem {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'event' in payload &&
    'state' in payload &&
    'gameId' in payload
  );
}

/**
 * The audience of `viewer` for `payload` under a document's dependencies: viewers with the same audience
 * get the same result. Viewers without a seat in the game (spectators, players who never sat or were
 * removed) share one; a seated viewer shares with everyone when the document depends on nothing of the
 * viewer, with the seated viewers who may do the same when it depends only on the legal actions, and with
 * nobody when it shows their seat. Null when the payload is not a game event.
 */
export function audienceOf(payload: unknown, viewer: Viewer, dependencies: Dependencies): string | null {
  if (!isFeedItem(payload)) return null;
  if (!dependencies.seat && !dependencies.actions) return 'everyone';
  const shown = payload.shown ?? payload.state;
  const seated =
    viewer !== null && (seatOf(shown, viewer.playerId) >= 0 || seatOf(payload.state, viewer.playerId) >= 0);
  if (!seated) return 'unseated';
  if (dependencies.seat) return null;
  // As game-event.mapper builds it: between the events of one move nobody may act.
  const actions = viewFor(shown, viewer, !isMidAction(payload.event)).legalActions;
  return `actions:${JSON.stringify(actions)}`;
}
