// What an operation may cost and what each field costs: the bounds and prices the schema is declared with
// (the gate checks an operation against them, see gate/operation-limits.ts).

/** Bounds on one operation, the same over HTTP and WebSocket. */
export const OPERATION_LIMITS = {
  /** Lexical tokens in a document (enforced by the parser). */
  maxTokens: 3_000,
  maxDepth: 14,
  /** Depth under __schema / __type: the standard introspection query (graphql-js) nests 15 levels. */
  maxIntrospectionDepth: 20,
  maxAliases: 30,
  maxDirectives: 10,
  /** Estimated cost: 1 a field, lists multiplied by their page size (see `complexity` on list fields). */
  maxCost: 25_000,
  /** Mutations in one operation; each also takes a rate-limit token of its own. */
  maxMutationFields: 10,
} as const;

/** Cost of a list field: its page size (or `fixed`) times what each item selects. */
export function listCost(fixed: number) {
  return ({ args, childComplexity }: { args: Record<string, unknown>; childComplexity: number }): number => {
    const first = typeof args.first === 'number' ? args.first : fixed;
    return 1 + first * childComplexity;
  };
}

/**
 * What a field adds for the database read it makes for each parent: batched per request, but still a
 * round trip (with its share of the pool) where any other field only reads memory.
 */
export const DATABASE_READ_COST = 50;

type FieldCost = (options: { args: Record<string, unknown>; childComplexity: number }) => number;

/** Cost of a field that reads the database for each parent: the read, plus `cost` (default: 1 + its selection). */
export function databaseCost(cost?: FieldCost): FieldCost {
  return (options) => DATABASE_READ_COST + (cost ? cost(options) : 1 + options.childComplexity);
}
