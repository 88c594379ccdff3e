// A local webhook receiver for tests: records every request and answers as a script says.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Receivers listen on a loopback address of their own (Linux routes all of 127/8 to the loopback interface),
 * which the servers under test allow by WEBHOOK_ALLOW_ADDRESSES: 127.0.0.1 itself stays forbidden, as in
 * production.
 */
export const RECEIVER_HOST = '127.0.0.2';

export interface Received {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly body: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly at: number;
}

/** What to answer a request with: a status, or 'hang' (never answer). */
export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** Sockets open now. */
  openSockets(): number;
  /** Every connection's opening and closing times (closed: null while open). */
  readonly connections: { opened: number; closed: number | null }[];
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (r: Received, nth: number) => Answer = () => 200,
): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const connections: { opened: number; closed: number | null }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        at: Date.now(),
      };
      received.push(r);
      const a = answer(r, received.filter((x) => x.id === r.id).length);
      if (a === 'hang') return;
      res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    const c = { opened: Date.now(), closed: null as number | null };
    connections.push(c);
    s.on('close', () => {
      sockets.delete(s);
      c.closed = Date.now();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, RECEIVER_HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${RECEIVER_HOST}:${port}/hook`,
    port,
    received,
    openSockets: () => sockets.size,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
