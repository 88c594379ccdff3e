/**
 * The floor under a durable move on the socket path: what a Node process spends, in this machine's kernel and
 * the `ws` library, only to send the frames of one move (each to its own socket, one write each), and its
 * client's CPU for one durable one-row commit on PostgreSQL. Nothing of GraphQL, the rules or the store runs.
 *
 *   npm run bench:floor -- --sockets 5 --rounds 4000 --commits 2000 --frameBytes 600
 *
 * The sockets are read by a child process, so the CPU measured (process.cpuUsage of this process, user +
 * system) is the sender's alone. A "move" is `framesPerMove` frames spread over the sockets as a move of the
 * load benchmark sends them (the mover's result and `complete`, one event to each of 4 players and a
 * spectator), each round in its own turn of the event loop, as moves arrive. Without DATABASE_URL the commit
 * part is skipped.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client as PgClient } from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { integerOptions } from './bench-support';

const DEFAULTS = { sockets: 5, rounds: 4_000, framesPerMove: 7, frameBytes: 600, commits: 2_000 };
const isClient = process.argv[2] === '--client';
const options = isClient ? DEFAULTS : integerOptions(process.argv.slice(2), DEFAULTS);

/** Child: opens the sockets, reads every frame, and says how many it read when asked. */
function runClient(url: string, sockets: number): void {
  let received = 0;
  let open = 0;
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      if (++open === sockets) process.send!({ open });
    });
    ws.on('message', () => {
      received++;
    });
  }
  process.on('message', () => process.send!({ received }));
}

function cpuMicros(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return d.user + d.system;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function framesFloor(): Promise<{ perFrameUs: number; perMoveUs: number; frames: number }> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const peers: WebSocket[] = [];
  wss.on('connection', (ws) => peers.push(ws));
  const child: ChildProcess = fork(__filename, ['--client', url, String(options.sockets)], {
    execArgv: process.execArgv,
  });
  const ask = (): Promise<{ open?: number; received?: number }> =>
    new Promise((resolve) => child.once('message', (m) => resolve(m as { received?: number })));
  await ask();
  while (peers.length < options.sockets) await turn();
  // A frame like an event's `next`: a JSON text of frameBytes characters.
  const frame = JSON.stringify({
    id: 'x',
    type: 'next',
    payload: { data: { pad: 'p'.repeat(options.frameBytes - 60) } },
  });
  // The frames of one move: the first socket (the mover) gets its result and `complete` besides its event.
  const targets = Array.from({ length: options.framesPerMove }, (_, i) => peers[i % peers.length]!);
  const send = async (rounds: number): Promise<void> => {
    for (let r = 0; r < rounds; r++) {
      for (const ws of targets) ws.send(frame);
      await turn();
    }
  };
  await send(Math.min(500, options.rounds)); // warm-up
  const start = process.cpuUsage();
  await send(options.rounds);
  const used = cpuMicros(start);
  const frames = options.rounds * targets.length;
  // Every frame arrived (none is still queued in this process, which would flatter the figure).
  const expected = frames + Math.min(500, options.rounds) * targets.length;
  for (;;) {
    child.send('count');
    if ((await ask()).received! >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  for (const ws of peers) ws.terminate();
  wss.close();
  server.close();
  return { perFrameUs: used / frames, perMoveUs: used / options.rounds, frames };
}

async function commitFloor(url: string): Promise<number> {
  const client = new PgClient({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = on');
    await client.query('CREATE TEMP TABLE floor_moves (id serial PRIMARY KEY, body jsonb)');
    const body = JSON.stringify({ type: 'BID', quantity: 3, face: 4 });
    for (let i = 0; i < 200; i++) await client.query('INSERT INTO floor_moves (body) VALUES ($1)', [body]);
    const start = process.cpuUsage();
    for (let i = 0; i < options.commits; i++)
      await client.query('INSERT INTO floor_moves (body) VALUES ($1)', [body]);
    return cpuMicros(start) / options.commits;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const frames = await framesFloor();
  const commitUs = process.env.DATABASE_URL ? await commitFloor(process.env.DATABASE_URL) : NaN;
  const floorMs = (frames.perMoveUs + (Number.isNaN(commitUs) ? 0 : commitUs)) / 1000;
  const result = {
    sockets: options.sockets,
    framesPerMove: options.framesPerMove,
    frameBytes: options.frameBytes,
    framesSent: frames.frames,
    cpuUsPerFrame: Math.round(frames.perFrameUs * 10) / 10,
    cpuMsPerMoveFrames: Math.round(frames.perMoveUs) / 1000,
    cpuUsPerCommit: Math.round(commitUs * 10) / 10,
    floorMsPerMove: Math.round(floorMs * 1000) / 1000,
    floorVsTarget: Math.round((floorMs / 0.35) * 100) / 100,
  };
  for (const [k, v] of Object.entries(result)) console.log(k.padEnd(20), v);
  console.log(JSON.stringify(result));
}

if (isClient) runClient(process.argv[3]!, Number(process.argv[4]));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
