// One write per socket per turn of the event loop: the frames a fan-out sends to a socket go out together.
import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import { workCounts } from '../instrumentation/work-counts';

/**
 * Makes the frames sent to `ws` within one turn of the event loop leave in one write. The first frame of a
 * turn corks the TCP socket and a `process.nextTick` uncorks it: Node runs that tick only after the
 * microtasks queued so far (and those they queue) have run, so every subscription a change reaches in this
 * turn adds its frame first, and nothing waits for a later turn. ws corks each frame's header and payload
 * itself; corking nests, so they join the same write.
 */
export function writeOncePerTurn(ws: WebSocket, socket: Socket): void {
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
    workCounts.socketWrites++;
  };
  ws.send = ((...args: unknown[]): void => {
    if (!corked && ws.readyState === ws.OPEN && !socket.destroyed) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    workCounts.frames++;
    send(...args);
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
