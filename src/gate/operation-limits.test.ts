// Tests of the measures of a document and of the limits on one operation.
import { getIntrospectionQuery, parse, type GraphQLError, type GraphQLSchema } from 'graphql';
import { OPERATION_LIMITS } from '../graphql/operation-costs';
import { createSchema } from '../graphql/schema';
import { checkOperationLimits, MAX_EXPANDED_SELECTIONS, mutationFieldCount } from './operation-limits';
import { COUNT_CAP, shapeOf } from './operation-shape';

let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await createSchema();
});

const PAGE = `query Q { games(first: 5) { nodes { ...G a: id } } viewer { ...P } }
  fragment G on Game { id name seats { position player { ...P } } b: status @include(if: true) host { ...P } }
  fragment P on Player { id name c: id games(first: 3) { nodes { id } } }`;
const SPREAD_TWICE = `{ games(first: 2) { nodes { ...G ...G x: id @skip(if: false) } } }
  fragment G on Game { a: id b: name rounds(first: 4) { nodes { ...R } } }
  fragment R on Round { n: number bids { q: quantity } }`;
const MUTATIONS = `mutation M { ...X b: joinGame(input: { gameId: "g" }) { clientMutationId } __typename }
  fragment X on Mutation {
    a: leaveGame(input: { gameId: "g" }) { clientMutationId }
    ... on Mutation { startGame(input: { gameId: "g" }) { clientMutationId } }
  }`;

/** Fragments that each spread the one before twice: `levels` levels expand F0 2^levels times. */
function fragmentBomb(levels: number, inner = 'id'): string {
  const fragments = Array.from(
    { length: levels },
    (_, i) => `fragment F${i + 1} on Game { ...F${i} ...F${i} }`,
  ).join(' ');
  return `query { games(first: 1) { nodes { ...F${levels} } } } fragment F0 on Game { ${inner} } ${fragments}`;
}

function refusal(errors: GraphQLError[]): unknown[] {
  expect(errors).toHaveLength(1);
  const { code, limit, value, max } = errors[0]!.extensions;
  return [code, limit, value, max];
}

describe('the measures of a document', () => {
  test('count fragments at each use, as a walk of every path would', () => {
    const page = shapeOf(parse(PAGE));
    expect(page.whole()).toEqual({ depth: 7, introspectionDepth: 0, aliases: 5, directives: 1 });
    expect(page.nodes(undefined)).toBe(33);
    const twice = shapeOf(parse(SPREAD_TWICE));
    expect(twice.whole()).toEqual({ depth: 6, introspectionDepth: 0, aliases: 9, directives: 1 });
    expect(twice.nodes(undefined)).toBe(21);
    const introspection = shapeOf(parse(getIntrospectionQuery()));
    expect(introspection.whole()).toEqual({ depth: 1, introspectionDepth: 15, aliases: 0, directives: 0 });
    expect(introspection.nodes(undefined)).toBe(230);
  });

  test('count the mutations of the operation run, fragments included and __typename not', () => {
    const document = parse(MUTATIONS);
    expect(mutationFieldCount(document, 'M')).toBe(3);
    expect(mutationFieldCount(parse(PAGE), 'Q')).toBe(0);
  });

  test('count an operation directive and only the named operation for its size', () => {
    const shape = shapeOf(
      parse(
        `query A { viewer { id } } query B($n: Int) @include(if: true) { games(first: $n) { nodes { ... on Game { id } } } }`,
      ),
    );
    expect(shape.whole()).toEqual({ depth: 3, introspectionDepth: 0, aliases: 0, directives: 1 });
    expect([shape.nodes('A'), shape.nodes('B'), shape.nodes(undefined)]).toEqual([2, 4, 6]);
  });

  test('stop at a cap instead of computing an exponential count', () => {
    const shape = shapeOf(parse(fragmentBomb(40, 'a: id @include(if: true)')));
    expect(shape.whole()).toEqual({
      depth: 3,
      introspectionDepth: 0,
      aliases: COUNT_CAP,
      directives: COUNT_CAP,
    });
    expect(shape.nodes(undefined)).toBe(COUNT_CAP);
  });
});

describe('checkOperationLimits', () => {
  test('lets ordinary documents with fragments through', () => {
    for (const [text, name] of [
      [PAGE, 'Q'],
      [SPREAD_TWICE, undefined],
      [MUTATIONS, 'M'],
      [getIntrospectionQuery(), undefined],
    ] as const) {
      expect(checkOperationLimits(schema, parse(text), undefined, name)).toEqual([]);
    }
  });

  test('prices a fragment at each of its spreads', () => {
    const document = parse(`{ games(first: 100) { nodes { ...G ...G } } }
      fragment G on Game { id rounds(first: 100) { nodes { id number } } }`);
    // games: 1 + 100 × nodes; nodes: 1 + 2 × G; G: id 1 + rounds (1 + 100 × (nodes: 1 + 2)).
    expect(refusal(checkOperationLimits(schema, document, undefined, undefined))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
      'cost',
      60_501,
      OPERATION_LIMITS.maxCost,
    ]);
  });

  test.each([22, 40])('refuses a %i-level fragment bomb by its size, in a few milliseconds', (levels) => {
    const document = parse(fragmentBomb(levels));
    const started = performance.now();
    const errors = checkOperationLimits(schema, document, undefined, undefined);
    const elapsed = performance.now() - started;
    expect(refusal(errors)).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
      'nodes',
      Math.min(COUNT_CAP, 3 * 2 ** levels + 1),
      MAX_EXPANDED_SELECTIONS,
    ]);
    expect(elapsed).toBeLessThan(20);
  });

  test('refuses a bomb of aliases by their count, capped', () => {
    const errors = checkOperationLimits(schema, parse(fragmentBomb(40, 'a: id')), undefined, undefined);
    expect(refusal(errors)).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
      'aliases',
      COUNT_CAP,
      OPERATION_LIMITS.maxAliases,
    ]);
  });
});
