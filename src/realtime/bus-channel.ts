// Typed channels on the change bus's broadcasts: each kind of message has a name and a codec beside its feature.
import type { Broadcast } from './change-bus';

/** How values of one channel travel as text; `decode` returns null for text it does not accept. */
export interface Codec<T> {
  encode(value: T): string;
  decode(text: string): T | null;
}

/** One kind of message that reaches every API process (the sender's own included); best effort. */
export interface Channel<T> {
  /** Resolves (never rejects) once the message is handed to the database or Redis, or is dropped. */
  send(value: T): Promise<void>;
  /** Calls `listener` with each value of this channel (only this one's); returns the unsubscribe. */
  onMessage(listener: (value: T) => void): () => void;
}

/**
 * The channel `name` of `bus`: its messages travel as `name:` and the codec's text, so a receiver reads only
 * its own channel's and decodes nothing else. Names are letters and dashes.
 */
export function channel<T>(bus: Broadcast, name: string, codec: Codec<T>): Channel<T> {
  if (!/^[a-z][a-z-]*$/.test(name)) throw new Error(`bad channel name "${name}"`);
  const prefix = `${name}:`;
  return {
    send: (value) => Promise.resolve(bus.send(prefix + codec.encode(value))),
    onMessage: (listener) =>
      bus.onMessage((text) => {
        if (!text.startsWith(prefix)) return;
        const value = codec.decode(text.slice(prefix.length));
        if (value !== null) listener(value);
      }),
  };
}
