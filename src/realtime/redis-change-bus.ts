// The change bus over Redis pub/sub.
import Redis from 'ioredis';
import { decodeChange, encodeChange, type GameChange } from './game-change';
import { Listeners, type ChangeBus } from './change-bus';

const CHANNEL = 'perudo:game-changes';
const BROADCAST_CHANNEL = 'perudo:broadcast';

/** Redis pub/sub for changes; ioredis reconnects by itself, and every reconnection triggers a catch-up. */
export class RedisChangeBus extends Listeners implements ChangeBus {
  private ready = false;

  private constructor(
    private readonly subscriber: Redis,
    private readonly publisher: Redis,
  ) {
    super();
  }

  static async start(url: string, log: (message: unknown) => void): Promise<RedisChangeBus> {
    const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    const publisher = new Redis(url, { lazyConnect: true });
    const bus = new RedisChangeBus(subscriber, publisher);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === BROADCAST_CHANNEL) return bus.deliver(message);
      const change = channel === CHANNEL ? decodeChange(message) : null;
      if (change) bus.emit(change);
    });
    subscriber.on('error', (e: unknown) => log(`redis subscriber: ${String(e)}`));
    publisher.on('error', (e: unknown) => log(`redis publisher: ${String(e)}`));
    subscriber.on('ready', () => {
      // The first ready is the start; later ones follow a reconnection that may have missed messages.
      if (bus.ready) bus.resync();
      bus.ready = true;
    });
    await subscriber.connect();
    await subscriber.subscribe(CHANNEL, BROADCAST_CHANNEL);
    await publisher.connect();
    return bus;
  }

  connected(): boolean {
    return this.subscriber.status === 'ready' && this.publisher.status === 'ready';
  }

  publish(change: GameChange): void {
    void this.publisher.publish(CHANNEL, encodeChange(change)).catch(() => {});
  }

  send(text: string): Promise<void> {
    return this.publisher.publish(BROADCAST_CHANNEL, text).then(
      () => {},
      () => {},
    );
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
