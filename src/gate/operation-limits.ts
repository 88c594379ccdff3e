// The check of one operation against its bounds (depth, aliases, directives, size, mutations, cost) and its errors.
import { GraphQLError, Kind, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { OPERATION_LIMITS } from '../graphql/operation-costs';
import { COUNT_CAP, shapeOf } from './operation-shape';

/**
 * Selections of the operation with its fragments expanded at each spread: the cost estimate visits them
 * all, and would refuse 10,000 or more itself, with a message and code of its own.
 */
export const MAX_EXPANDED_SELECTIONS = 9_999;

/** A count as measured: one that reached the cap was not counted to its end. */
function atLeast(n: number): string {
  return n >= COUNT_CAP ? `at least ${n}` : String(n);
}

function limitError(message: string, limit: string, value: number, max: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, value, max, http: { status: 400 } },
  });
}

// Documents found within every limit, by operation name: Apollo and graphql-ws hand the same parsed
// document to each request that sends the same text, so a move is measured once, not on every request.
const withinLimits = new WeakMap<DocumentNode, Set<string>>();

/**
 * Whether a variable sets a page size (`first`) or a directive's argument (`@include(if: $x)` prunes a
 * subtree from the cost): the cost then depends on each request's variables.
 */
function costDependsOnVariables(document: DocumentNode): boolean {
  let depends = false;
  visit(document, {
    Argument(node) {
      if (node.name.value === 'first' && node.value.kind === Kind.VARIABLE) depends = true;
    },
    Directive(node) {
      if (node.arguments?.some((a) => a.value.kind !== Kind.BOOLEAN)) depends = true;
    },
  });
  return depends;
}

/** How many mutations the operation runs (its root fields, fragments included); 0 for a query. */
export function mutationFieldCount(document: DocumentNode, operationName: string | null | undefined): number {
  return shapeOf(document).mutations(operationName);
}

/** The errors of an operation that is over a limit (empty when it is within all of them). */
export function checkOperationLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null | undefined,
): GraphQLError[] {
  const name = operationName ?? '';
  if (withinLimits.get(document)?.has(name)) return [];
  const errors = measureOperation(schema, document, variables, operationName);
  if (errors.length === 0 && !costDependsOnVariables(document)) {
    let names = withinLimits.get(document);
    if (!names) withinLimits.set(document, (names = new Set()));
    names.add(name);
  }
  return errors;
}

function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null | undefined,
): GraphQLError[] {
  const L = OPERATION_LIMITS;
  const shape = shapeOf(document);
  const { depth, introspectionDepth, aliases, directives } = shape.whole();
  if (depth > L.maxDepth) {
    return [
      limitError(
        `the query is ${depth} levels deep; at most ${L.maxDepth} are allowed`,
        'depth',
        depth,
        L.maxDepth,
      ),
    ];
  }
  if (introspectionDepth > L.maxIntrospectionDepth) {
    return [
      limitError(
        `the introspection query is ${introspectionDepth} levels deep; at most ${L.maxIntrospectionDepth} are allowed`,
        'introspectionDepth',
        introspectionDepth,
        L.maxIntrospectionDepth,
      ),
    ];
  }
  if (aliases > L.maxAliases) {
    return [
      limitError(
        `the query has ${atLeast(aliases)} aliases; at most ${L.maxAliases} are allowed`,
        'aliases',
        aliases,
        L.maxAliases,
      ),
    ];
  }
  if (directives > L.maxDirectives) {
    return [
      limitError(
        `the query has ${atLeast(directives)} directives; at most ${L.maxDirectives} are allowed`,
        'directives',
        directives,
        L.maxDirectives,
      ),
    ];
  }
  const mutations = mutationFieldCount(document, operationName);
  if (mutations > L.maxMutationFields) {
    return [
      limitError(
        `the operation runs ${mutations} mutations; at most ${L.maxMutationFields} are allowed`,
        'mutations',
        mutations,
        L.maxMutationFields,
      ),
    ];
  }
  // The cost estimate expands every fragment spread on every path: bounded here, before it runs, by the
  // expanded size measured with each fragment counted once.
  const nodes = shape.nodes(operationName);
  if (nodes > MAX_EXPANDED_SELECTIONS) {
    return [
      limitError(
        `the query expands to ${atLeast(nodes)} selections; at most ${MAX_EXPANDED_SELECTIONS} are allowed`,
        'nodes',
        nodes,
        MAX_EXPANDED_SELECTIONS,
      ),
    ];
  }
  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      ...(operationName ? { operationName } : {}),
      // Never its refusal: the bound above is below its own.
      maxQueryNodes: MAX_EXPANDED_SELECTIONS + 1,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch (error) {
    // Computing the cost coerces the variables first: values that do not fit their types are the client's
    // mistake, refused as execution would refuse them (400 BAD_USER_INPUT), not a server failure.
    if (error instanceof GraphQLError) {
      return [
        new GraphQLError(error.message, {
          nodes: error.nodes,
          originalError: error,
          extensions: { ...error.extensions, code: 'BAD_USER_INPUT', http: { status: 400 } },
        }),
      ];
    }
    return [limitError(String(error), 'cost', NaN, L.maxCost)];
  }
  if (cost > L.maxCost) {
    return [
      limitError(
        `the query would cost ${cost}; at most ${L.maxCost} is allowed (ask for smaller pages or fewer fields)`,
        'cost',
        cost,
        L.maxCost,
      ),
    ];
  }
  return [];
}
