// One rate-limit budget shared by the API processes, over the change bus's broadcasts.
import { randomUUID } from 'node:crypto';
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

/**
 * Shares rate-limit budgets between API processes: every `intervalMs` each process broadcasts the tokens
 * its limiters handed out, and takes what the others handed out from its own buckets. Requests never wait
 * for the exchange, so a client spreading bursts over several processes can overshoot its limit by what it
 * sends within one interval; past that, the processes enforce one limit together.
 */
export class RateLimitSync {
  private readonly id = randomUUID();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly limiters: Readonly<Record<string, RateLimiter>>,
    private readonly broadcast: Broadcast,
    intervalMs = 250,
  ) {
    for (const limiter of Object.values(limiters)) limiter.drainUsage();
    this.unsubscribe = broadcast.onMessage((text) => this.receive(text));
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Sends what was taken since the last flush, in messages small enough for any transport. */
  flush(): void {
    let message: Message = { p: this.id, u: {} };
    let size = 0;
    const send = (): void => {
      if (size > 0) this.broadcast.send(JSON.stringify(message));
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
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  private receive(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || message.p === this.id) return;
    if (typeof message.u !== 'object' || message.u === null) return;
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
