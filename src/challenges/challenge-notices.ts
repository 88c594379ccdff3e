// The one way every challenge event goes out: recorded with the change that causes it, published after it.
import type { Channel } from '../realtime/bus-channel';
import { writeOutbox, type OutboxSignal } from '../store/webhook-outbox';
import type { ChallengeEvent } from './challenge-notices.codec';
import type { ChallengeTx } from './challenges.repository';

/**
 * Every challenge event passes `notify`, inside the transaction of the change that causes it (so what it
 * writes on `tx.client` commits with that change or not at all), and goes to every process's playerEvents
 * once that transaction has committed (`published`).
 */
export class ChallengeNotices {
  constructor(
    private readonly channel: Channel<ChallengeEvent>,
    /** Told when deliveries were written, so that this process's webhook worker sends them at once. */
    private readonly outbox: OutboxSignal,
  ) {}

  /** Inside the change's transaction: the events it causes, and their webhook deliveries (the outbox). */
  async notify(tx: ChallengeTx, events: readonly ChallengeEvent[]): Promise<void> {
    tx.events.push(...events);
    await writeOutbox(
      tx.client,
      events.map((e) => ({
        playerId: e.playerId,
        type: e.type,
        gameId: e.gameId,
        gameVersion: null,
        challengeId: e.challengeId,
        at: e.at.toISOString(),
      })),
    );
  }

  /** After the transaction committed: tells every process (this one included) of its events. */
  published(tx: ChallengeTx): void {
    for (const event of tx.events) void this.channel.send(event);
    if (tx.events.length > 0) this.outbox.written();
  }
}
