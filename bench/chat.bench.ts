// Table chat under load: the messages per second one process accepts while fanning each out to 50
// subscribers of the game, and the latency from sendChatMessage (on process A) to delivery on process B.
//   npm run bench:chat   (DATABASE_URL: a fresh database on that server; otherwise an embedded one)
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { spawnServerProcess, type ServerProcess } from '../scripts/server-process';
import { keepAliveGql, registerBenchPlayers, type BenchPlayer } from './bench-http';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  // Subscribers of the game on process A.
  subscribers: 50,
  // Players sending 5 messages each (the rate allows 5 per 10 s per player and game).
  senders: 300,
  // sendChatMessage requests in flight at once.
  concurrency: 16,
  // Messages timed from A to a subscriber on B, and how many a second are sent meanwhile.
  latencyMessages: 500,
  latencyRate: 50,
});

const gql = keepAliveGql(256);
type Player = BenchPlayer;

async function createGame(url: string, host: Player): Promise<string> {
  const d = await gql<{ createGame: { game: { id: string } } }>(
    url,
    'mutation { createGame(input: { preset: PERUDO, name: "chat bench" }) { game { id } } }',
    {},
    host.token,
  );
  return d.createGame.game.id;
}

function send(url: string, gameId: string, player: Player, text: string): Promise<unknown> {
  return gql(
    url,
    'mutation($input: ChatMessageInput!) { sendChatMessage(input: $input) { message { seq } userErrors { code } } }',
    { input: { gameId, text } },
    player.token,
  );
}

/** A subscriber: calls `onMessage` with each message's text as it arrives. */
function follow(wsUrl: string, gameId: string, onMessage: (text: string, seq: number) => void): Client {
  const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
  client.subscribe<{ gameChat: { seq: number; text: string } }>(
    {
      query: 'subscription($g: ID!) { gameChat(gameId: $g, afterSeq: 0) { seq text } }',
      variables: { g: gameId },
    },
    {
      next: (r) => r.data && onMessage(r.data.gameChat.text, r.data.gameChat.seq),
      error: (e) => console.error(e),
      complete: () => {},
    },
  );
  return client;
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function startServer(databaseUrl: string): Promise<ServerProcess> {
  return spawnServerProcess({
    entry: { script: join(__dirname, '..', 'src', 'server.js') },
    databaseUrl,
    env: { NODE_ENV: 'production', REGISTRATIONS_PER_MINUTE: 'off' },
    output: 'drain',
    startTimeoutMs: 120_000,
  });
}

async function main(): Promise<void> {
  const db = await benchDatabase('chat_bench');
  const a = await startServer(db.url);
  const b = await startServer(db.url);
  const clients: Client[] = [];
  try {
    const senders = await registerBenchPlayers(gql, a.url, options.senders, (i) => `S${i}`, 20);

    // 1. Throughput on one process, fanning out to its subscribers.
    const gameId = await createGame(a.url, senders[0]!);
    const received = new Array<number>(options.subscribers).fill(0);
    for (let s = 0; s < options.subscribers; s++) clients.push(follow(a.wsUrl, gameId, () => received[s]!++));
    await send(a.url, gameId, senders[0]!, 'warm-up');
    await until(() => received.every((n) => n === 1), 10_000, 'the warm-up message');
    const work = senders.flatMap((p, i) =>
      Array.from({ length: i === 0 ? 4 : 5 }, (_, k) => ({ p, text: `m ${i} ${k}` })),
    );
    const total = work.length + 1;
    const started = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < work.length) {
          const w = work[next++]!;
          await send(a.url, gameId, w.p, w.text);
        }
      }),
    );
    const acceptedS = Number(process.hrtime.bigint() - started) / 1e9;
    await until(() => received.every((n) => n === total), 60_000, 'every delivery');
    const deliveredS = Number(process.hrtime.bigint() - started) / 1e9;
    for (const c of clients.splice(0)) await c.dispose();

    // 2. Latency from A to B, at a steady rate.
    const game2 = await createGame(a.url, senders[0]!);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let warm = false;
    clients.push(
      follow(b.wsUrl, game2, (text) => {
        if (text === 'warm-up') warm = true;
        const t0 = sentAt.get(text);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      }),
    );
    await send(a.url, game2, senders[0]!, 'warm-up');
    await until(() => warm, 10_000, 'the warm-up message on B');
    const gap = 1000 / options.latencyRate;
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < options.latencyMessages; i++) {
      const text = `t ${i}`;
      const sender = senders[1 + (Math.floor(i / 5) % (senders.length - 1))]!;
      sentAt.set(text, performance.now());
      sends.push(send(a.url, game2, sender, text));
      await new Promise((r) => setTimeout(r, gap));
    }
    await Promise.all(sends);
    await until(() => latencies.length === options.latencyMessages, 30_000, 'every timed message on B');
    latencies.sort((x, y) => x - y);
    const result = {
      subscribers: options.subscribers,
      messages: total,
      acceptedPerSecond: Math.round(work.length / acceptedS),
      deliveriesPerSecond: Math.round((work.length * options.subscribers) / deliveredS),
      allDeliveredAfterSeconds: Math.round(deliveredS * 100) / 100,
      crossProcess: {
        messages: options.latencyMessages,
        ratePerSecond: options.latencyRate,
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        maxMs: Math.round(latencies[latencies.length - 1]! * 10) / 10,
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const c of clients) await c.dispose();
    await a.stop();
    await b.stop();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
