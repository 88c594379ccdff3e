// The WebSocket connections each client address holds on this process, up to a cap.

/**
 * Counts sockets by client address. A slot is taken before the upgrade and given back when the connection
 * closes, however it ends; an address holding none is forgotten, so memory follows the open sockets.
 */
export class AddressSockets {
  private readonly held = new Map<string, number>();

  constructor(readonly cap: number) {}

  /** A slot for `address`: the function that gives it back (once), or null when the address has none left. */
  take(address: string): (() => void) | null {
    const count = this.held.get(address) ?? 0;
    if (count >= this.cap) return null;
    this.held.set(address, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
    };
  }

  /** The sockets `address` holds. */
  of(address: string): number {
    return this.held.get(address) ?? 0;
  }

  /** Addresses holding a socket. */
  get addresses(): number {
    return this.held.size;
  }
}
