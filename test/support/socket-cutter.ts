// The WebSockets a test server has accepted, so that a test can cut them all at once (a network that drops).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface SocketCutter {
  /** The upgraded sockets still open. */
  readonly open: ReadonlySet<Socket>;
  /** Destroys every open one (no close frame); returns how many there were. */
  cutAll(): number;
}

/** Tracks every socket `server` upgrades from now on. */
export function trackUpgradedSockets(server: Server): SocketCutter {
  const open = new Set<Socket>();
  server.on('upgrade', (_req, socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    open,
    cutAll() {
      const cut = open.size;
      for (const socket of open) socket.destroy();
      return cut;
    },
  };
}
