// Presence across API processes: this process's live subscriptions per (player, game) are kept as rows in
// the database (one row per process and key, written on the first subscription and removed after the last),
// the process beats its heart there, and every change is announced on the bus so that every process's
// gamePresence streams re-read the seat.
import { randomUUID } from 'node:crypto';
import { PeriodicJob } from '../clock/periodic-job';
import { channel, type Channel } from '../realtime/bus-channel';
import type { ChangeBus } from '../realtime/change-bus';
import { PRESENCE_NOTICE } from './presence-notice.codec';
import {
  ANY_GAME,
  HEARTBEAT_MS,
  type ExpiredConnection,
  type PresenceRepository,
} from './presence.repository';

/** What onChange listeners are called with when every player's presence may have changed (a bus resync). */
export const EVERYONE = '*';

/** What the tracker writes through (PresenceRepository). */
export type PresenceRows = Pick<
  PresenceRepository,
  'beat' | 'connect' | 'disconnect' | 'expireStale' | 'removeProcess'
>;

/** One (player, game) key of this process: its live subscriptions and what the database holds for it. */
interface Entry {
  count: number;
  /** What the database holds now (true: a row of this process). */
  stored: boolean;
  writing: boolean;
  /** The last write failed: the next heartbeat tries again. */
  failed: boolean;
}

export class PresenceTracker {
  readonly processId = randomUUID();
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(playerId: string) => void>();
  private readonly heartbeat: PeriodicJob;
  private readonly unsubscribe: () => void;
  private readonly notices: Channel<string>;
  private readonly unsubscribeResync: () => void;
  private closed = false;

  constructor(
    private readonly rows: PresenceRows,
    bus: Pick<ChangeBus, 'send' | 'onMessage' | 'onResync'>,
    private readonly log: (error: unknown) => void = () => {},
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.notices = channel(bus, 'presence', PRESENCE_NOTICE);
    this.unsubscribe = this.notices.onMessage((playerId) => {
      for (const l of this.listeners) l(playerId);
    });
    // Notices may have been lost while the bus was down: every seat is read again.
    this.unsubscribeResync = bus.onResync(() => {
      for (const l of this.listeners) l(EVERYONE);
    });
    // Beats at once: the processes that stopped while none beat are expired now, not a heartbeat later.
    this.heartbeat = new PeriodicJob({
      name: 'presence heartbeat',
      intervalMs: heartbeatMs,
      runAtStart: true,
      unref: true,
      log,
      run: () => this.tick(),
    });
    this.heartbeat.start();
  }

  /** Counts a live subscription of the player to the game (ANY_GAME: playerEvents) until released. */
  track(playerId: string, gameId: string = ANY_GAME): () => void {
    const key = `${playerId}:${gameId}`;
    const entry = this.entries.get(key) ?? { count: 0, stored: false, writing: false, failed: false };
    this.entries.set(key, entry);
    entry.count++;
    if (entry.count === 1) this.sync(key, entry, playerId, gameId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.count--;
      if (entry.count === 0) this.sync(key, entry, playerId, gameId);
    };
  }

  /** Called with a player's id whenever their connections may have changed, on any process (EVERYONE: all). */
  onChange(listener: (playerId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops beating and removes this process's connections (they end now, for everyone). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.unsubscribeResync();
    // A beat still in flight would write the process's row again after its removal.
    await this.heartbeat.stop();
    const players = new Set([...this.entries.keys()].map((k) => k.slice(0, k.indexOf(':'))));
    try {
      await this.rows.removeProcess(this.processId);
      await Promise.all([...players].map((p) => this.announce(p)));
    } catch (error) {
      this.log(error);
    }
  }

  /**
   * Brings the database row of a key to whether it has live subscriptions: one write at a time per key, and
   * a burst of connects and disconnects ends with one write for the last state (flapping costs few writes).
   */
  private sync(key: string, entry: Entry, playerId: string, gameId: string): void {
    if (entry.writing || this.closed) return;
    const want = entry.count > 0;
    if (want === entry.stored) {
      if (!want && this.entries.get(key) === entry) this.entries.delete(key);
      return;
    }
    entry.writing = true;
    entry.failed = false;
    const write = want
      ? this.rows.connect(this.processId, playerId, gameId)
      : this.rows.disconnect(this.processId, playerId, gameId);
    write
      .then(
        () => {
          entry.stored = want;
          return this.announce(playerId);
        },
        (error: unknown) => {
          // Retried by the next heartbeat rather than at once.
          entry.failed = true;
          this.log(error);
        },
      )
      .finally(() => {
        entry.writing = false;
        if (!entry.failed) this.sync(key, entry, playerId, gameId);
      });
  }

  private async announce(playerId: string): Promise<void> {
    await this.notices.send(playerId);
  }

  /**
   * Beats this process's heart and expires the processes that stopped beating (whoever gets there first);
   * resolves to how many players' connections expired.
   */
  private async tick(): Promise<number> {
    if (this.closed) return 0;
    try {
      // A process expired by the others after a stall (no heartbeat for a while) writes its rows again.
      if (await this.rows.beat(this.processId)) for (const e of this.entries.values()) e.stored = false;
      for (const [key, entry] of this.entries) {
        entry.failed = false;
        const sep = key.indexOf(':');
        this.sync(key, entry, key.slice(0, sep), key.slice(sep + 1));
      }
      const expired: ExpiredConnection[] = await this.rows.expireStale();
      const players = new Set(expired.map((e) => e.playerId));
      await Promise.all([...players].map((p) => this.announce(p)));
      return players.size;
    } catch (error) {
      this.log(error);
      return 0;
    }
  }
}
