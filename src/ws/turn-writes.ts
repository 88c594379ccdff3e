// One write per socket per turn of the event loop: the frames a fan-out sends to a socket go out together.
import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import { workCounts } from '../instrumentation/work-counts';

/**
 * Bytes a socket may hold unsent before a sender waits for its writes again: below this, a send is
 * acknowledged at once (so graphql-ws sends a mutation's `complete` with its `next`, and a subscription's
 * next event in the same turn); above it, only once the kernel took the bytes, so a slow reader still
 * holds its sender back instead of filling the process's memory.
 */
export const EARLY_ACK_BYTES = 64 * 1024;

type SendCallback = (error?: Error) => void;

/**
 * Makes the frames sent to `ws` within one turn of the event loop leave in one write. The first frame of a
 * turn corks the TCP socket and a `process.nextTick` uncorks it: Node runs that tick only after the
 * microtasks queued so far (and those they queue) have run, so every subscription a change reaches in this
 * turn adds its frame first, and nothing waits for a later turn. ws corks each frame's header and payload
 * itself; corking nests, so they join the same write.
 */
export function writeOncePerTurn(ws: WebSocket, socket: Socket): void {
  const send = ws.send.bind(ws) as (data: unknown, options?: unknown, cb?: SendCallback) => void;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
    workCounts.socketWrites++;
  };
  ws.send = ((data: unknown, optionsOrCb?: unknown, cb?: SendCallback): void => {
    if (!corked && ws.readyState === ws.OPEN && !socket.destroyed) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    workCounts.frames++;
    const callback = typeof optionsOrCb === 'function' ? (optionsOrCb as SendCallback) : cb;
    const options = typeof optionsOrCb === 'function' ? undefined : optionsOrCb;
    if (callback && corked && socket.writableLength < EARLY_ACK_BYTES) {
      // The frame is queued in order behind the others of this turn; a failed write closes the socket.
      send(data, options);
      queueMicrotask(() => callback());
      return;
    }
    send(data, options, callback);
  }) as WebSocket['send'];
}

/** Counts the frames sent to `ws`, each its own write (the path without `writeOncePerTurn`). */
export function countWrites(ws: WebSocket): void {
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  ws.send = ((...args: unknown[]): void => {
    workCounts.frames++;
    workCounts.socketWrites++;
    send(...args);
  }) as WebSocket['send'];
}
