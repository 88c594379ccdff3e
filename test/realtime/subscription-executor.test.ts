import {
  GraphQLError,
  GraphQLInt,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type ExecutionResult,
} from 'graphql';
import { SubscriptionExecutor } from '../../src/ws/subscription-executor';

/**
 * The executor on a schema of its own: a subscription whose events the test pushes, a field that shows
 * who is looking, and a count of executions.
 */

interface Ctx {
  viewer: { id: string } | null;
  source: AsyncIterable<Payload>;
}
interface Payload {
  n: number;
}

let executions = 0;

const Event = new GraphQLObjectType<Payload, Ctx>({
  name: 'Event',
  fields: {
    n: { type: GraphQLInt },
    seenBy: { type: GraphQLString, resolve: (_p, _a, ctx) => ctx.viewer?.id ?? 'spectator' },
  },
});

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
  subscription: new GraphQLObjectType<unknown, Ctx>({
    name: 'Subscription',
    fields: {
      events: {
        type: Event,
        args: { from: { type: GraphQLInt } },
        subscribe: (_root, args: { from?: number }, ctx) => {
          if (args.from === -1) throw new GraphQLError('no such game', { extensions: { code: 'NOT_FOUND' } });
          return ctx.source;
        },
        resolve: (payload: unknown) => {
          executions++;
          return payload;
        },
      },
    },
  }),
});

/** An async iterable the test feeds by hand; `closed` tells whether the consumer let go of it. */
class Source implements AsyncIterable<Payload> {
  closed = false;
  private readonly waiting: ((r: IteratorResult<Payload>) => void)[] = [];
  private readonly queue: Payload[] = [];
  push(p: Payload): void {
    const w = this.waiting.shift();
    if (w) w({ done: false, value: p });
    else this.queue.push(p);
  }
  [Symbol.asyncIterator](): AsyncIterator<Payload> {
    return {
      next: () =>
        this.queue.length
          ? Promise.resolve({ done: false, value: this.queue.shift()! })
          : new Promise((r) => this.waiting.push(r)),
      return: () => {
        this.closed = true;
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }
}

/** One shared source stands for a game feed: every subscriber receives the same payload objects. */
function fanOut(): { push(p: Payload): void; source(): Source } {
  const sources: Source[] = [];
  return {
    push: (p) => sources.forEach((s) => s.push(p)),
    source: () => {
      const s = new Source();
      sources.push(s);
      return s;
    },
  };
}

const TEXT = 'subscription($from: Int) { events(from: $from) { n seenBy } }';

async function start(
  executor: SubscriptionExecutor,
  viewer: Ctx['viewer'],
  source: Source,
  from = 0,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const { document, errors } = executor.parse(TEXT);
  expect(errors).toEqual([]);
  return executor.subscribe({
    schema,
    document,
    variableValues: { from },
    contextValue: { viewer, source } satisfies Ctx,
  });
}

function iterator(r: AsyncIterableIterator<ExecutionResult> | ExecutionResult) {
  if (!(Symbol.asyncIterator in r)) throw new Error(`not a stream: ${JSON.stringify(r)}`);
  return r;
}

beforeEach(() => {
  executions = 0;
});

it('parses and validates a text once, and keeps what validation found', () => {
  const executor = new SubscriptionExecutor(schema);
  expect(executor.parse(TEXT)).toBe(executor.parse(TEXT));
  const invalid = executor.parse('subscription { events { nope } }');
  expect(invalid.errors.map((e) => e.message)).toEqual(['Cannot query field "nope" on type "Event".']);
  expect(executor.parse('subscription { events { nope } }')).toBe(invalid);
  expect(() => executor.parse('subscription {')).toThrow('Syntax Error');
});

it('forgets the least recently used texts beyond its bound', () => {
  const executor = new SubscriptionExecutor(schema, 2);
  const a = executor.parse('subscription A { events { n } }');
  executor.parse('subscription B { events { n } }');
  executor.parse('subscription A { events { n } }');
  executor.parse('subscription C { events { n } }');
  expect(executor.parse('subscription A { events { n } }')).toBe(a);
  expect(executor.parse('subscription B { events { n } }')).not.toBe(a);
});

it('executes an event once for all spectators, and once for each player with their own view', async () => {
  const executor = new SubscriptionExecutor(schema);
  const feed = fanOut();
  const spectators = [
    iterator(await start(executor, null, feed.source())),
    iterator(await start(executor, null, feed.source())),
    iterator(await start(executor, null, feed.source())),
  ];
  const players = [
    iterator(await start(executor, { id: 'ana' }, feed.source())),
    iterator(await start(executor, { id: 'bo' }, feed.source())),
  ];
  for (const n of [1, 2]) {
    executions = 0;
    feed.push({ n });
    const seen = await Promise.all(spectators.map((s) => s.next()));
    const mine = await Promise.all(players.map((p) => p.next()));
    expect(seen.map((r) => r.value)).toEqual(
      [0, 1, 2].map(() => ({ data: { events: { n, seenBy: 'spectator' } } })),
    );
    expect(seen[1]!.value).toBe(seen[0]!.value);
    expect(mine.map((r) => r.value)).toEqual([
      { data: { events: { n, seenBy: 'ana' } } },
      { data: { events: { n, seenBy: 'bo' } } },
    ]);
    expect(executions).toBe(3);
  }
});

it('gives the same results compiled as on first use', async () => {
  const executor = new SubscriptionExecutor(schema);
  const feed = fanOut();
  // The first subscription runs graphql-js; the text is then reused, so the second one runs compiled.
  const first = iterator(await start(executor, { id: 'ana' }, feed.source()));
  const second = iterator(await start(executor, { id: 'ana' }, feed.source()));
  feed.push({ n: 7 });
  expect((await first.next()).value).toEqual({ data: { events: { n: 7, seenBy: 'ana' } } });
  expect((await second.next()).value).toEqual({ data: { events: { n: 7, seenBy: 'ana' } } });
});

it('closes the source when the subscriber completes', async () => {
  const executor = new SubscriptionExecutor(schema);
  const source = new Source();
  const stream = iterator(await start(executor, null, source));
  expect(await stream.return!()).toEqual({ done: true, value: undefined });
  expect(source.closed).toBe(true);
});

it('answers a subscribe resolver that fails with its error, as graphql-js does', async () => {
  const executor = new SubscriptionExecutor(schema);
  const result = await start(executor, null, new Source(), -1);
  expect(Symbol.asyncIterator in result).toBe(false);
  expect(JSON.parse(JSON.stringify(result))).toEqual({
    errors: [
      {
        message: 'no such game',
        locations: [{ line: 1, column: 28 }],
        path: ['events'],
        extensions: { code: 'NOT_FOUND' },
      },
    ],
  });
});
