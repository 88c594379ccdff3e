// Loads the keys asked for in one tick with one query.

export interface BatchLoaderOptions {
  /**
   * Whether a loaded value is kept for later loads of its key (the default). Values that change while a
   * subscription's context lives (a player's record) are kept only until their batch is loaded: every
   * event then reads them afresh, still one query for all the keys it asks for at once.
   */
  readonly cacheLoaded?: boolean;
}

/**
 * Collects the keys asked for in one tick and loads them with one query (avoids N+1 reads when a list of
 * games resolves its seats' players). One instance lives for one request.
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V | null>>();
  private queue: { key: K; resolve: (v: V | null) => void; reject: (e: unknown) => void }[] = [];
  private readonly cacheLoaded: boolean;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    options: BatchLoaderOptions = {},
  ) {
    this.cacheLoaded = options.cacheLoaded ?? true;
  }

  load(key: K): Promise<V | null> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | null>((resolve, reject) => {
      if (this.queue.length === 0) process.nextTick(() => void this.flush());
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  prime(key: K, value: V): void {
    if (this.cacheLoaded && !this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    const keys = [...new Set(batch.map((b) => b.key))];
    if (!this.cacheLoaded) for (const key of keys) this.cache.delete(key);
    try {
      const values = await this.loadMany(keys);
      for (const b of batch) b.resolve(values.get(b.key) ?? null);
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }
}
