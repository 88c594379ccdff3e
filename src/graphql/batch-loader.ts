/**
 * Collects the keys asked for in one tick and loads them with one query (avoids N+1 reads when a list of
 * games resolves its seats' players). One instance lives for one request.
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V | null>>();
  private queue: { key: K; resolve: (v: V | null) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>) {}

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
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const values = await this.loadMany([...new Set(batch.map((b) => b.key))]);
      for (const b of batch) b.resolve(values.get(b.key) ?? null);
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }
}
