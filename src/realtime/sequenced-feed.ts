// What a game's event feed and its chat feed share: items handed out in seq order, each once, and reads
// of storage that fill the gaps, coalesced.

/**
 * Follows one numbered sequence (a game's events, its chat) for the subscribers of this process. Items come
 * from this process's own commits and from storage; each is handed out once, in seq order, and a gap (an item
 * committed by another process, a notice missed) is filled by reading what follows the last one from
 * storage. Concurrent requests to read coalesce into one more read, so a burst of notices costs a read or two.
 */
export abstract class SequencedFeed<T extends { readonly seq: number }> {
  private reading: Promise<void> | null = null;
  private again = false;

  constructor(private readonly onReadError: (error: unknown) => void) {}

  /** The seq of the last item handed out. */
  abstract readonly last: number;

  /** Hands out `item`, the one right after `last`; `last` is its seq afterwards. */
  protected abstract take(item: T): void;

  /** Reads a page of what follows `last` from storage, and whether a full page came (there may be more). */
  protected abstract readAfterLast(): Promise<{ readonly items: readonly T[]; readonly more: boolean }>;

  /** Called after a page read from storage was handed out (a read's own bookkeeping, a yield to the loop). */
  protected afterPage(_items: readonly T[]): Promise<void> | void {}

  /** Hands out the items that follow `last`; false on a gap (the rest is then read from storage). */
  advance(items: readonly T[]): boolean {
    for (const item of items) {
      if (item.seq <= this.last) continue;
      if (item.seq !== this.last + 1) return false;
      this.take(item);
    }
    return true;
  }

  /** Reads everything after `last` from storage; concurrent calls coalesce into one more read. */
  catchUp(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        try {
          for (;;) {
            const { items, more } = await this.readAfterLast();
            if (!this.advance(items)) break;
            await this.afterPage(items);
            if (!more) break;
          }
        } catch (error) {
          // The next notice or periodic check retries: a transient database error loses nothing.
          this.onReadError(error);
        }
      } while (this.again);
      this.reading = null;
    })();
  }
}
