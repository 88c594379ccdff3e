// Runs subscription operations for graphql-ws: parsed once, compiled when reused, executed per viewer.
import {
  createSourceEventStream,
  execute,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { OPERATION_LIMITS } from '../graphql/operation-costs';
import { workCounts } from '../instrumentation/work-counts';

/** A parsed operation text: its document and what validation found. */
export interface ParsedOperation {
  readonly document: DocumentNode;
  readonly errors: readonly GraphQLError[];
}

/** Documents seen this often are compiled: a one-off text never pays for compilation. */
const COMPILE_AFTER = 2;

interface Entry {
  readonly parsed: ParsedOperation;
  uses: number;
}

interface ContextWithViewer {
  readonly viewer: { readonly id: string } | null;
}

/**
 * How subscribers of one event are told apart when one execution may serve several: `dependencies` says what
 * a document's result depends on of its viewer (null: it must run for each viewer), and `audience` which
 * subscribers see the same result of it for an event (null: this one sees its own).
 */
export interface Audiences<D> {
  dependencies(schema: GraphQLSchema, document: DocumentNode): D | null;
  audience(payload: unknown, viewer: { readonly playerId: string } | null, dependencies: D): string | null;
}

/**
 * Runs graphql-ws subscriptions. Each event of a subscription is one execution of its document, for each
 * subscriber, so this is where a popular game's fan-out is spent:
 * - the texts of operations are parsed and validated once (a bounded LRU), so subscribers sending the same
 *   text share one document, and the per-document caches (operation limits, compiled queries) apply;
 * - a document used more than once is compiled with graphql-jit, which executes an event in about half the
 *   time of graphql-js here; the event stream itself still comes from graphql-js (`createSourceEventStream`),
 *   so subscribe resolvers and their errors behave exactly as before;
 * - subscribers without a player (spectators) all see the same thing, so one execution of an event serves
 *   every spectator with the same document and variables;
 * - with `audiences`, one execution of an event serves every subscriber of the same audience (see
 *   graphql/audiences.ts): a document that shows nothing of its viewer runs once an event for all of them.
 */
export class SubscriptionExecutor<D = unknown> {
  private readonly texts = new Map<string, Entry>();
  private readonly entries = new WeakMap<DocumentNode, Entry>();
  private readonly compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();
  private readonly keys = new WeakMap<DocumentNode, number>();
  private nextKey = 1;
  /** Spectators' results per event, by document, operation and variables. */
  private readonly shared = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();
  /** Each document's viewer dependencies (null: not shared). */
  private readonly dependencies = new WeakMap<DocumentNode, D | null>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly maxTexts = 1_000,
    private readonly audiences: Audiences<D> | null = null,
  ) {}

  /** Parses and validates `text`, or returns the same result as last time. Throws parse errors. */
  parse(text: string): ParsedOperation {
    const hit = this.texts.get(text);
    if (hit) {
      hit.uses++;
      // Refresh its place in the LRU order.
      this.texts.delete(text);
      this.texts.set(text, hit);
      return hit.parsed;
    }
    const document = parse(text, { maxTokens: OPERATION_LIMITS.maxTokens });
    let errors: readonly GraphQLError[];
    try {
      errors = validate(this.schema, document);
    } catch (error) {
      // graphql-js's validation throws on some documents (a subscription's root field under @skip or
      // @include with a variable): the document is refused like an invalid one.
      if (!(error instanceof GraphQLError)) throw error;
      errors = [error];
    }
    const entry: Entry = { parsed: { document, errors }, uses: 1 };
    if (this.texts.size >= this.maxTexts) this.texts.delete(this.texts.keys().next().value!);
    this.texts.set(text, entry);
    this.entries.set(document, entry);
    return entry.parsed;
  }

  /**
   * The `execute` of graphql-ws's server options (queries and mutations on the socket): a document used more
   * than once (a client's move, sent again and again) runs compiled, as subscriptions do.
   */
  readonly execute = (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult => {
    const compiled = this.compiledFor(args.document, args.operationName ?? null);
    if (!compiled) return execute(args);
    const result = compiled.query(args.rootValue, args.contextValue, args.variableValues ?? null);
    const settle = (r: ExecutionResult): Promise<ExecutionResult> | ExecutionResult => {
      // No data: the variables were refused before any resolver ran. graphql-js words that refusal as clients
      // know it (and nothing ran twice).
      if (!('data' in r)) return execute(args);
      workCounts.compiledOperations++;
      return r;
    };
    return result instanceof Promise ? result.then(settle) : settle(result as ExecutionResult);
  };

  /** The `subscribe` of graphql-ws's server options. */
  readonly subscribe = async (
    args: ExecutionArgs,
  ): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    return mapEvents(source, this.renderer(args));
  };

  /**
   * What a subscriber gets for each event of its stream: the result of its document for its viewer, executed
   * for it or shared with its audience.
   */
  renderer(args: ExecutionArgs): (payload: unknown) => Promise<ExecutionResult> {
    const compiled = this.compiledFor(args.document, args.operationName ?? null);
    const run = (payload: unknown): Promise<ExecutionResult> => {
      workCounts.executions++;
      return Promise.resolve(
        compiled
          ? compiled.query(payload, args.contextValue, args.variableValues ?? null)
          : execute({ ...args, rootValue: payload }),
      );
    };
    const context = args.contextValue as ContextWithViewer | undefined;
    const viewer = context?.viewer ? { playerId: context.viewer.id } : null;
    const dependencies = this.dependenciesOf(args.document);
    if (viewer !== null && dependencies === null) return run;
    const key = `${this.keyOf(args.document)}|${args.operationName ?? ''}|${JSON.stringify(args.variableValues ?? null)}`;
    return (payload) => {
      if (typeof payload !== 'object' || payload === null) return run(payload);
      // Without a dependency list only spectators share (they all see the same thing).
      const audience =
        dependencies === null ? 'spectators' : this.audiences!.audience(payload, viewer, dependencies);
      if (audience === null) return run(payload);
      let results = this.shared.get(payload);
      if (!results) this.shared.set(payload, (results = new Map()));
      const shared = `${key}|${audience}`;
      let result = results.get(shared);
      if (!result) results.set(shared, (result = run(payload)));
      else workCounts.sharedResults++;
      return result;
    };
  }

  private dependenciesOf(document: DocumentNode): D | null {
    if (!this.audiences) return null;
    if (this.dependencies.has(document)) return this.dependencies.get(document)!;
    const found = this.audiences.dependencies(this.schema, document);
    this.dependencies.set(document, found);
    return found;
  }

  private compiledFor(document: DocumentNode, operationName: string | null): CompiledQuery | null {
    let byName = this.compiled.get(document);
    const name = operationName ?? '';
    if (byName?.has(name)) return byName.get(name)!;
    if (!this.isReused(document)) return null;
    const result = compileQuery(this.schema, document, operationName ?? undefined);
    const compiled = isCompiledQuery(result) ? result : null;
    if (!byName) this.compiled.set(document, (byName = new Map()));
    byName.set(name, compiled);
    return compiled;
  }

  private isReused(document: DocumentNode): boolean {
    return (this.entries.get(document)?.uses ?? 0) >= COMPILE_AFTER;
  }

  private keyOf(document: DocumentNode): number {
    let key = this.keys.get(document);
    if (key === undefined) this.keys.set(document, (key = this.nextKey++));
    return key;
  }
}

/** `source` with each item mapped; closing the result closes the source (and so the subscription). */
function mapEvents<T, U>(source: AsyncIterable<T>, map: (item: T) => Promise<U>): AsyncIterableIterator<U> {
  const it = source[Symbol.asyncIterator]();
  const close = async (): Promise<IteratorResult<U>> => {
    await it.return?.();
    return { done: true, value: undefined };
  };
  return {
    async next(): Promise<IteratorResult<U>> {
      const r = await it.next();
      if (r.done) return { done: true, value: undefined };
      try {
        return { done: false, value: await map(r.value) };
      } catch (error) {
        await close();
        throw error;
      }
    },
    return: close,
    async throw(error: unknown): Promise<IteratorResult<U>> {
      await close();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
