// The account-change handshake: a player's token or name changed, and every process forgets what it knew.
import { randomUUID } from 'node:crypto';
import { channel, type Channel } from '../realtime/bus-channel';
import type { ChangeBus } from '../realtime/change-bus';
import { ACCOUNT_NOTICE, type AccountNotice } from './account-notices.codec';

/** How long a rotation or rename waits for its notice to come back through the bus, at most (ms). */
const ACCOUNT_NOTICE_WAIT_MS = 1_000;
/** How long it then gives the other processes to forget the player before answering (ms). */
const ACCOUNT_NOTICE_GRACE_MS = 50;

/** Told of a player whose token or name changed; null: any player's may have (notices were missed). */
export type AccountChangeListener = (playerId: string | null) => void;

/**
 * Carries account changes between the API processes. Each process acts on every notice, its own included
 * (forgets the player, closes sockets on an old token); the sender waits for its own notice to come back,
 * since the broker has then handed it to every process.
 */
export class AccountChanges {
  private readonly listeners: AccountChangeListener[] = [];
  /** The sender's pending notices, by nonce. */
  private readonly ownNotices = new Map<string, () => void>();
  private readonly notices: Channel<AccountNotice>;

  constructor(bus: Pick<ChangeBus, 'send' | 'onMessage' | 'onResync'>) {
    // Account notices may have been missed while the bus was down: every player is forgotten.
    bus.onResync(() => this.changed(null));
    this.notices = channel(bus, 'account', ACCOUNT_NOTICE);
    this.notices.onMessage((notice) => {
      this.changed(notice.playerId);
      this.ownNotices.get(notice.nonce)?.();
    });
  }

  /** Adds what this process does on a change (e.g. forget a cached player, close revoked sockets), in order. */
  onChange(listener: AccountChangeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Acts on a change here at once, then tells every other process; resolves once they have received it (or
   * the wait ran out) and had a moment to act on it.
   */
  async announce(playerId: string): Promise<void> {
    this.changed(playerId);
    const nonce = randomUUID();
    const back = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ACCOUNT_NOTICE_WAIT_MS);
      this.ownNotices.set(nonce, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.notices.send({ playerId, nonce });
    await back;
    this.ownNotices.delete(nonce);
    await new Promise((resolve) => setTimeout(resolve, ACCOUNT_NOTICE_GRACE_MS));
  }

  private changed(playerId: string | null): void {
    for (const listener of this.listeners) listener(playerId);
  }
}
