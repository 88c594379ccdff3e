// One write per socket per turn, on a real WebSocket server and client on port 0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { workCounts } from '../../src/instrumentation/work-counts';
import { EARLY_ACK_BYTES, writeOncePerTurn } from '../../src/ws/turn-writes';

let http: Server;
let wss: WebSocketServer;
let serverSide: Promise<{ ws: WebSocket; socket: Socket }>;
let client: WebSocket;
const received: string[] = [];

beforeEach(async () => {
  http = createServer();
  wss = new WebSocketServer({ server: http });
  serverSide = new Promise((resolve) =>
    wss.once('connection', (ws, request) => {
      writeOncePerTurn(ws, request.socket);
      resolve({ ws, socket: request.socket });
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  received.length = 0;
  client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`);
  client.on('message', (data: Buffer) => received.push(data.toString()));
  await new Promise((resolve) => client.once('open', resolve));
});

afterEach(async () => {
  client.terminate();
  wss.close();
  await new Promise((resolve) => http.close(resolve));
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

it('sends the frames of one turn in one write, in order, and acknowledges each send', async () => {
  const { ws } = await serverSide;
  const writes = workCounts.socketWrites;
  const acks: number[] = [];
  // Frames sent from chained microtasks of one turn, as a fan-out's subscriptions send them.
  await Promise.resolve().then(() => {
    ws.send('one', () => acks.push(1));
    return Promise.resolve().then(() => {
      ws.send('two', () => acks.push(2));
      ws.send('three', () => acks.push(3));
    });
  });
  await until(() => received.length === 3);
  expect(received).toEqual(['one', 'two', 'three']);
  expect(acks).toEqual([1, 2, 3]);
  expect(workCounts.socketWrites - writes).toBe(1);
  // A later turn is a write of its own.
  await new Promise((r) => setImmediate(r));
  ws.send('four');
  await until(() => received.length === 4);
  expect(workCounts.socketWrites - writes).toBe(2);
});

it('holds a sender back once a reader stops reading (no acknowledgement before the kernel takes the bytes)', async () => {
  const { ws, socket } = await serverSide;
  // The client stops reading: the kernel's buffers fill, then the server socket's own.
  (client as unknown as { _socket: Socket })._socket.pause();
  const frame = 'x'.repeat(16 * 1024);
  let acked = 0;
  let sent = 0;
  // Send until the process holds well over EARLY_ACK_BYTES unsent.
  while (socket.writableLength < 4 * EARLY_ACK_BYTES && sent < 10_000) {
    await new Promise<void>((resolve) => {
      ws.send(frame, () => {
        acked++;
        resolve();
      });
      sent++;
      // A send that is not acknowledged at once ends the loop: the sender is held back.
      setTimeout(resolve, 50);
    });
    if (acked < sent) break;
  }
  expect(acked).toBeLessThan(sent);
  expect(socket.writableLength).toBeGreaterThanOrEqual(EARLY_ACK_BYTES);
  // Reading again releases it.
  (client as unknown as { _socket: Socket })._socket.resume();
  await until(() => acked === sent);
});
