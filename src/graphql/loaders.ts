// Per-request batch loaders on the `dataloader` package: the keys asked for in one tick load with one query.
import DataLoader from 'dataloader';

/** Loads keys in batches (avoids N+1 reads when a list of games resolves its seats' players); null: none. */
export type Loader<K, V> = DataLoader<K, V | null>;

export interface LoaderOptions {
  /**
   * Whether loaded values are kept for later loads of their key (the default). Values that change while a
   * subscription's context lives (a player's stats, rating and games) are kept only until their batch is
   * loaded: every event then reads them afresh, still one query for all the keys it asks for at once.
   */
  readonly cache?: boolean;
}

/** A loader over a query of many keys at once; one instance lives for one request (or subscription). */
export function batchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: LoaderOptions = {},
): Loader<K, V> {
  return new DataLoader<K, V | null>(
    async (keys) => {
      // Without a cache DataLoader passes a key once per load: the query asks for each once.
      const values = await loadMany([...new Set(keys)]);
      return keys.map((key) => values.get(key) ?? null);
    },
    { cache: options.cache ?? true },
  );
}

/** Loaders keyed by the arguments of a field: the keys asked for with the same arguments load together. */
export interface LoaderFamily<A, K, V> {
  /** The loader of the keys asked for with `args`. */
  with(args: A): Loader<K, V>;
}

/**
 * One loader per set of arguments (a page size and a cursor, say), created on first use: a field asked with
 * the same arguments for many parents is one query, whatever the number of parents. The number of argument
 * sets is bounded by the operation's text.
 */
export function loaderFamily<A, K, V>(
  argumentsKey: (args: A) => string,
  loadMany: (args: A, keys: K[]) => Promise<Map<K, V>>,
  options: LoaderOptions = {},
): LoaderFamily<A, K, V> {
  const loaders = new Map<string, Loader<K, V>>();
  return {
    with(args) {
      const name = argumentsKey(args);
      let loader = loaders.get(name);
      if (!loader) {
        loader = batchLoader((keys) => loadMany(args, keys), options);
        loaders.set(name, loader);
      }
      return loader;
    },
  };
}
