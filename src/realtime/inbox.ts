// The reading side of a live stream: an async iterator that hands queued items to one reader.
import { sliceSpent, yieldToLoop } from './event-loop-pacer';

/**
 * The reading side of one subscription: items go straight to a reader waiting in `next()`, or wait in the
 * subclass's queue; the stream ends when closed (done) or failed (the reader's next read rejects, after
 * which it is done). Subclasses keep the queue and say how to take its next item.
 */
export abstract class Inbox<T> implements AsyncIterableIterator<T> {
  private waiter: ((r: IteratorResult<T>) => void) | null = null;
  private failer: ((e: unknown) => void) | null = null;
  private pendingError: unknown = null;
  protected done = false;

  /** The next queued item, if any. */
  protected abstract dequeue(): T | undefined;
  /** Drops what is queued and leaves the feed; called once, when the stream ends. */
  protected abstract onClose(): void;

  /** Whether a reader waits now (the queue is then empty): an item may be handed to it directly. */
  protected get readerWaiting(): boolean {
    return this.waiter !== null;
  }

  /** Hands `item` to the waiting reader. */
  protected handOut(item: T): void {
    const w = this.waiter!;
    this.waiter = null;
    this.failer = null;
    w({ value: item, done: false });
  }

  /** Ends the stream with `error`: the reader's next read (or the one waiting) rejects with it. */
  protected fail(error: unknown): void {
    if (this.done) return;
    if (this.failer) {
      const f = this.failer;
      this.waiter = null;
      this.failer = null;
      f(error);
    } else {
      this.pendingError = error;
    }
    this.close();
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.dequeue();
    if (item !== undefined) {
      const result: IteratorResult<T> = { value: item, done: false };
      // A reader looping over a long queue (a replay) would otherwise run it all in one macrotask.
      return sliceSpent() ? yieldToLoop().then(() => result) : Promise.resolve(result);
    }
    if (this.pendingError) {
      const e = this.pendingError;
      this.pendingError = null;
      return Promise.reject(e);
    }
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiter = resolve;
      this.failer = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  protected close(): void {
    if (this.done) return;
    this.done = true;
    this.onClose();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      this.failer = null;
      w({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
