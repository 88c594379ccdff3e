// A typed listener list: the package runs in browsers too, so it does not use Node's EventEmitter.

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

/** Listeners by event name; `on` returns the function that removes the listener. */
export class Emitter<Events extends { [K in keyof Events]: (...args: never[]) => void }> {
  private readonly listeners = new Map<keyof Events, Set<Events[keyof Events]>>();

  /** Calls `listener` on every `event` until the returned function is called. */
  on<K extends keyof Events>(event: K, listener: Events[K]): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Whether anyone listens to `event`. */
  has<K extends keyof Events>(event: K): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  protected emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as (...a: Parameters<Events[K]>) => void)(...args);
      } catch (error) {
        // A listener's fault must not stop the others or leave the client half-updated: it is thrown on its own.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  protected removeAllListeners(): void {
    this.listeners.clear();
  }
}
