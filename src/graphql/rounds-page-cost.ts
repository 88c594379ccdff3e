// What an operation reads beyond its estimate (rounds' bids, stats' history, chat's bytes), charged while it runs.
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type GraphQLResolveInfo,
  type SelectionNode,
} from 'graphql';
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import { DATABASE_READ_COST, OPERATION_LIMITS } from './operation-costs';

/**
 * Bids a round is assumed to hold when an operation is priced before it runs. A round may hold hundreds
 * (every raise the rules allow); a page of such rounds is priced again, by its real bids, as it is read.
 */
export const ESTIMATED_BIDS_PER_ROUND = 10;

// What the pages of rounds of one execution cost beyond their estimate. A subscription runs once per event,
// each with its own root value (the event); a query or mutation has its own coerced variables.
const charged = new WeakMap<object, number>();

function executionKey(info: GraphQLResolveInfo): object {
  const root: unknown = info.rootValue;
  return typeof root === 'object' && root !== null ? root : info.variableValues;
}

/** Prices `Game.rounds` at the page's real length and `Round.bids` at the page's mean bids per round. */
function realLengths(rounds: number, bidsPerRound: number): ComplexityEstimator {
  return ({ type, field, childComplexity }) => {
    if (type.name === 'Game' && field.name === 'rounds') return 1 + rounds * childComplexity;
    if (type.name === 'Round' && field.name === 'bids') return 1 + bidsPerRound * childComplexity;
    return undefined;
  };
}

/** An operation that selects only the `rounds` field being resolved (with the operation's fragments). */
function roundsOnly(info: GraphQLResolveInfo): DocumentNode {
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: OperationTypeNode.QUERY,
        variableDefinitions: info.operation.variableDefinitions ?? [],
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: [
            {
              kind: Kind.FIELD,
              name: { kind: Kind.NAME, value: 'game' },
              arguments: [
                {
                  kind: Kind.ARGUMENT,
                  name: { kind: Kind.NAME, value: 'id' },
                  value: { kind: Kind.STRING, value: '' },
                },
              ],
              selectionSet: { kind: Kind.SELECTION_SET, selections: info.fieldNodes },
            },
          ],
        },
      },
      ...Object.values(info.fragments),
    ],
  };
}

/**
 * Charges a page of `rounds` rounds holding `bids` bids in all, when they hold more bids than the estimate
 * assumed: the page is priced again with its real lengths, and the operation is refused once what its pages
 * cost goes over the cost limit. Pages within the estimate cost nothing more: they were priced up front.
 */
export function chargeRoundsPage(info: GraphQLResolveInfo, rounds: number, bids: number): void {
  if (bids <= rounds * ESTIMATED_BIDS_PER_ROUND) return;
  const cost = getComplexity({
    schema: info.schema,
    query: roundsOnly(info),
    variables: info.variableValues,
    estimators: [
      realLengths(rounds, Math.ceil(bids / rounds)),
      fieldExtensionsEstimator(),
      simpleEstimator({ defaultComplexity: 1 }),
    ],
  });
  charge(
    info,
    cost,
    'the rounds read',
    'by their real number of bids',
    'ask for smaller pages or fewer fields',
  );
}

/** What one item of a list costs by the selection under it: 1 for each field selected, fragments expanded. */
function selectionCost(info: GraphQLResolveInfo): number {
  const seen = new Set<string>();
  const walk = (selections: readonly SelectionNode[]): number => {
    let cost = 0;
    for (const s of selections) {
      if (s.kind === Kind.FIELD) cost += 1 + (s.selectionSet ? walk(s.selectionSet.selections) : 0);
      else if (s.kind === Kind.INLINE_FRAGMENT) cost += walk(s.selectionSet.selections);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = info.fragments[s.name.value];
        if (fragment) cost += walk(fragment.selectionSet.selections);
      }
    }
    return cost;
  };
  let cost = 0;
  for (const node of info.fieldNodes) if (node.selectionSet) cost += walk(node.selectionSet.selections);
  return cost;
}

/** Whether a round was read through a page of `Game.rounds`, which has charged its real bids already. */
function readThroughRoundsPage(info: GraphQLResolveInfo): boolean {
  const parent = info.path.prev;
  if (parent?.typename === 'RoundEdge') return true;
  return parent?.prev?.typename === 'RoundConnection';
}

/**
 * Charges the bids of a round read outside a page of rounds (`currentRound`, an event's `round`, the games of
 * events...) by their real number, beyond the estimate the operation was priced with up front, to the same
 * total as the pages of rounds: aliases and lists of events that reach many long rounds are refused once
 * what they really return goes over the cost limit, instead of being priced as 10 bids each.
 */
export function chargeRoundBids(info: GraphQLResolveInfo, bids: number): void {
  if (bids <= ESTIMATED_BIDS_PER_ROUND || readThroughRoundsPage(info)) return;
  const cost = (bids - ESTIMATED_BIDS_PER_ROUND) * (1 + selectionCost(info));
  charge(info, cost, 'the bids read', 'by their real number', 'ask for fewer rounds, events or fields');
}

/**
 * Charges a `Player.stats` read by the history it counted (its games, rounds and bids placed), beyond the
 * database read the operation was priced with up front, to the same total as the pages of rounds: many
 * aliases of long-history players' stats are refused once what they read goes over the cost limit, instead
 * of being priced at a flat database read each.
 */
export function chargeStatsHistory(info: GraphQLResolveInfo, historyRows: number): void {
  const cost = historyRows - DATABASE_READ_COST;
  if (cost <= 0) return;
  // The first charge of an operation is let through, so that a player with a long history can still read
  // their own stats; it is repeats (aliases, many seats) that multiply the work.
  charge(
    info,
    cost,
    'the stats read',
    "by the players' games, rounds and bids",
    "ask for fewer players' stats",
    {
      firstAlwaysPasses: true,
    },
  );
}

/**
 * Charges a read of games players shared (`headToHead`, `games(playerIds:)`) by the rows it went through
 * (seats, games and rounds), beyond the database read it was priced with, as `Player.stats` is: the first
 * charge of an operation passes, repeats are refused once they go over the cost limit.
 */
export function chargeSharedHistory(info: GraphQLResolveInfo, rowsRead: number): void {
  const cost = rowsRead - DATABASE_READ_COST;
  if (cost <= 0) return;
  charge(info, cost, 'the shared games read', 'by the seats, games and rounds read', 'ask for fewer pairs', {
    firstAlwaysPasses: true,
  });
}

/** UTF-8 bytes of text one unit of cost pays for when chat is read. */
export const CHAT_BYTES_PER_COST = 100;

/** What reading one chat message costs: 1 per started CHAT_BYTES_PER_COST bytes of its text, an emote 1. */
export function chatMessageCost(text: string | null): number {
  return text === null ? 1 : Math.max(1, Math.ceil(Buffer.byteLength(text, 'utf8') / CHAT_BYTES_PER_COST));
}

/**
 * Charges chat messages read (a page of `Game.chat`, a `node`) by the bytes of their texts, to the same total
 * as the pages of rounds: aliases of large pages of long messages are refused once what they return goes
 * over the cost limit (at most about 2.5 MB of chat an operation), instead of being priced by count.
 */
export function chargeChatRead(
  info: GraphQLResolveInfo,
  messages: readonly { readonly text: string | null }[],
): void {
  let cost = 0;
  for (const m of messages) cost += chatMessageCost(m.text);
  if (cost === 0) return;
  charge(
    info,
    cost,
    'the chat read',
    `by its texts (1 per started ${CHAT_BYTES_PER_COST} UTF-8 bytes, an emote 1)`,
    'ask for smaller pages of chat',
  );
}

/**
 * Adds `cost` to what the operation has been charged while it runs, and refuses it (a cost-limit error saying
 * what was read, how it was counted and what would pass) once the total goes over the cost limit.
 */
function charge(
  info: GraphQLResolveInfo,
  cost: number,
  read: string,
  counted: string,
  hint: string,
  { firstAlwaysPasses = false } = {},
): void {
  const key = executionKey(info);
  const before = charged.get(key) ?? 0;
  const total = before + cost;
  charged.set(key, total);
  const max = OPERATION_LIMITS.maxCost;
  if (total <= max || (firstAlwaysPasses && before === 0)) return;
  throw new GraphQLError(`${read} would cost ${total} ${counted}; at most ${max} is allowed (${hint})`, {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', value: total, max },
  });
}
