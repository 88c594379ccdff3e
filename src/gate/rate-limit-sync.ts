// One rate-limit budget shared by the API processes, over the change bus's broadcasts.
import { randomUUID } from 'node:crypto';
import { PeriodicJob } from '../clock/periodic-job';
import { channel, type Channel, type Codec } from '../realtime/bus-channel';
import type { Broadcast } from '../realtime/change-bus';
import type { RateLimiter } from './rate-limiter';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; messages stay well below. */
const MAX_MESSAGE_BYTES = 7000;
/** Keys are IP addresses and player ids; anything longer is not ours. */
const MAX_KEY_LENGTH = 100;

interface Message {
  /** The sending process. */
  readonly p: string;
  /** Limiter name → [key, tokens taken] pairs. */
  readonly u: Record<string, [string, number][]>;
}

/** The tokens a process handed out, as JSON; its entries are checked as they are applied. */
const USAGE: Codec<Message> = {
  encode: (m) => JSON.stringify(m),
  decode(text) {
    try {
      const m = JSON.parse(text) as Message;
      if (typeof m !== 'object' || m === null || typeof m.p !== 'string') return null;
      return typeof m.u === 'object' && m.u !== null ? m : null;
    } catch {
      return null;
    }
  },
};

/**
 * Shares rate-limit budgets between API processes: every `intervalMs` each process broadcasts the tokens
 * its limiters handed out, and takes what the others handed out from its own buckets. Requests never wait
 * for the exchange, so a client spreading bursts over several processes can overshoot its limit by what it
 * sends within one interval; past that, the processes enforce one limit together.
 */
export class RateLimitSync {
  private readonly id = randomUUID();
  private readonly job: PeriodicJob;
  private readonly unsubscribe: () => void;
  private readonly usage: Channel<Message>;

  constructor(
    private readonly limiters: Readonly<Record<string, RateLimiter>>,
    broadcast: Broadcast,
    intervalMs = 250,
    log: (message: unknown) => void = console.error,
  ) {
    for (const limiter of Object.values(limiters)) limiter.drainUsage();
    this.usage = channel(broadcast, 'rate-limits', USAGE);
    this.unsubscribe = this.usage.onMessage((message) => this.receive(message));
    // Housekeeping: the exchange does not keep the process alive.
    this.job = new PeriodicJob({
      name: 'rate-limit sync',
      run: () => Promise.resolve(this.flush()),
      intervalMs,
      unref: true,
      log,
    });
    this.job.start();
  }

  /**
   * Sends what was taken since the last flush, in messages small enough for any transport; returns how many
   * messages it sent.
   */
  flush(): number {
    let message: Message = { p: this.id, u: {} };
    let size = 0;
    let sent = 0;
    const send = (): void => {
      if (size > 0) {
        void this.usage.send(message);
        sent++;
      }
      message = { p: this.id, u: {} };
      size = 0;
    };
    for (const [name, limiter] of Object.entries(this.limiters)) {
      for (const [key, count] of limiter.drainUsage()) {
        const entry: [string, number] = [key, count];
        const bytes = Buffer.byteLength(JSON.stringify(entry)) + name.length + 8;
        if (size + bytes > MAX_MESSAGE_BYTES - 64) send();
        (message.u[name] ??= []).push(entry);
        size += bytes;
      }
    }
    send();
    return sent;
  }

  /** Stops the exchange: resolves once a flush in progress is done. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.job.stop();
  }

  private receive(message: Message): void {
    if (message.p === this.id) return;
    for (const [name, entries] of Object.entries(message.u)) {
      const limiter = Object.hasOwn(this.limiters, name) ? this.limiters[name] : undefined;
      if (!limiter || !Array.isArray(entries)) continue;
      for (const entry of entries) {
        if (!Array.isArray(entry)) continue;
        const [key, count] = entry as unknown[];
        if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH) continue;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) continue;
        limiter.debit(key, count);
      }
    }
  }
}
