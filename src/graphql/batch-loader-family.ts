// Batch loaders keyed by the arguments of a field: the keys asked for with the same arguments load together.
import { BatchLoader, type BatchLoaderOptions } from './batch-loader';

/**
 * One BatchLoader per set of arguments (a page size and a cursor, say), created on first use: a field
 * asked with the same arguments for many parents is one query, whatever the number of parents. The
 * number of argument sets is bounded by the operation's text.
 */
export class BatchLoaderFamily<A, K, V> {
  private readonly loaders = new Map<string, BatchLoader<K, V>>();

  constructor(
    private readonly argumentsKey: (args: A) => string,
    private readonly loadMany: (args: A, keys: K[]) => Promise<Map<K, V>>,
    private readonly options: BatchLoaderOptions = {},
  ) {}

  /** The loader of the keys asked for with `args`. */
  with(args: A): BatchLoader<K, V> {
    const name = this.argumentsKey(args);
    let loader = this.loaders.get(name);
    if (!loader) {
      loader = new BatchLoader((keys) => this.loadMany(args, keys), this.options);
      this.loaders.set(name, loader);
    }
    return loader;
  }
}
