/**
 * Long-game benchmark: what a game as long as the rules allow costs the server. Two players of one
 * LIARS_DICE game keep passing a die back and forth (the bidder bids the true count, the other calls a
 * right jinto), round after round, through the API; then one socket opens S `gameEvents(afterSeq: 0)`
 * subscriptions, which replay the whole log, while the server's resident memory is sampled.
 *
 *   npm run bench:long -- --rounds 1000 --subscriptions 20
 *
 * A server is started from dist/ on a fresh database of DATABASE_URL's server, or on a throwaway embedded
 * PostgreSQL when DATABASE_URL is unset.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { benchDatabase, integerOptions } from './bench-support';

interface Options {
  rounds: number;
  subscriptions: number;
}

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

interface Registered {
  token: string;
}

async function main(): Promise<void> {
  const o = integerOptions<Options>(process.argv.slice(2), { rounds: 1000, subscriptions: 20 });
  const db = await benchDatabase('bench_long');
  const child = spawn(process.execPath, [join(__dirname, '..', 'src', 'server.js')], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: '0', NODE_ENV: 'production', RATE_LIMITS: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Until the server says it is ready; after that its log lines (one a request) are drained, not kept:
    // accumulating and scanning them would load the generator more with every request.
    const onData = (d: Buffer): void => {
      out += String(d);
      const m = /ready at ([^\s"]+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const gql = async <T>(query: string, variables: object, token?: string): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown };
    if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const register = async (name: string): Promise<Registered> =>
    (
      await gql<{ registerPlayer: Registered }>(
        'mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }',
        { n: name },
      )
    ).registerPlayer;
  const players = [await register('A'), await register('B')];
  const gameId = (
    await gql<{ createGame: { game: { id: string } } }>(
      'mutation { createGame(input: { preset: LIARS_DICE }) { game { id } } }',
      {},
      players[0]!.token,
    )
  ).createGame.game.id;
  const g = { g: gameId };
  await gql('mutation($g: ID!) { joinGame(input: { gameId: $g }) { game { id } } }', g, players[1]!.token);
  await gql('mutation($g: ID!) { startGame(input: { gameId: $g }) { game { id } } }', g, players[0]!.token);

  interface View {
    status: string;
    turn: { position: number } | null;
    currentRound: { number: number; palifico: boolean } | null;
    seats: { dice: number[] | null }[];
  }
  const view = async (p: number): Promise<View> =>
    (
      await gql<{ game: View }>(
        'query($g: ID!) { game(id: $g) { status turn { position } currentRound { number palifico } seats { dice } } }',
        g,
        players[p]!.token,
      )
    ).game;
  const started = Date.now();
  let moves = 0;
  let last: View = await view(0);
  while (last.status === 'IN_PROGRESS' && last.currentRound!.number <= o.rounds) {
    const other = await view(1);
    const turn = last.turn!.position;
    const dice = [...last.seats[0]!.dice!, ...other.seats[1]!.dice!];
    const wild = !last.currentRound!.palifico;
    // The bid with the highest true count: right, so the exact call that follows is right too.
    let best = { face: 2, quantity: 0 };
    for (let face = 2; face <= 6; face++) {
      const quantity = dice.filter((d) => d === face || (wild && d === 1)).length;
      if (quantity > best.quantity) best = { face, quantity };
    }
    await gql(
      'mutation($g: ID!, $q: Int!, $f: Int!) { placeBid(input: { gameId: $g, quantity: $q, face: $f }) { game { id } } }',
      { ...g, q: best.quantity, f: best.face },
      players[turn]!.token,
    );
    await gql(
      'mutation($g: ID!) { callExact(input: { gameId: $g }) { game { id } } }',
      g,
      players[1 - turn]!.token,
    );
    moves += 2;
    last = await view(0);
  }
  const { game } = await gql<{
    game: { lastEventSeq: number; status: string; rounds: { totalCount: number } };
  }>('query($g: ID!) { game(id: $g) { lastEventSeq status rounds(first: 0) { totalCount } } }', g);
  const playSeconds = (Date.now() - started) / 1000;

  const before = rssMiB(child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 20);
  const client = createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${players[0]!.token}` },
  });
  const replayStarted = Date.now();
  await Promise.all(
    Array.from(
      { length: o.subscriptions },
      () =>
        new Promise<void>((resolve, reject) => {
          const stop = client.subscribe<{ gameEvents: { seq: number } }>(
            {
              query:
                'subscription($g: ID!) { gameEvents(gameId: $g, afterSeq: 0) { seq game { version seats { diceCount dice } } } }',
              variables: g,
            },
            {
              next: (r) => {
                if (r.errors) reject(new Error(JSON.stringify(r.errors)));
                if (r.data?.gameEvents.seq === game.lastEventSeq) {
                  stop();
                  resolve();
                }
              },
              error: reject,
              complete: () => resolve(),
            },
          );
        }),
    ),
  );
  const replaySeconds = (Date.now() - replayStarted) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(child.pid!));
  await client.dispose();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await db.stop();

  const figures = {
    rounds: game.rounds.totalCount,
    status: game.status,
    moves,
    events: game.lastEventSeq,
    playSeconds,
    subscriptions: o.subscriptions,
    replaySeconds,
    rssBeforeReplayMiB: Math.round(before),
    peakRssMiB: Math.round(peak),
    replayRssMiB: Math.round(peak - before),
  };
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(22)} ${v}`);
  console.log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
