// Presence and playerEvents across two API processes on one database:
//  - presence propagation: with `players` players connected (half on each process, each following its
//    game), the time from a player's subscription ending or starting on process A to the change reaching a
//    gamePresence subscriber on process B (p50/p99), beside the same run's gameEvents delivery A -> B;
//  - CPU per connected socket: both processes' CPU over an idle window with no socket, with every player's
//    socket open but following nothing, and with each following its game (connected);
//  - playerEvents: the time from a move sent to process A to the next player's YOUR_TURN on process B
//    (p50/p99), beside the gameEvents delivery of the same move to a spectator on B.
//   npm run bench:presence   (DATABASE_URL: a fresh database on that server; otherwise an embedded one)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { spawnServerProcess, type ServerProcess } from '../scripts/server-process';
import { keepAliveGql, registerBenchPlayer, registerBenchPlayers, type BenchPlayer } from './bench-http';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  players: 1000,
  // Players per game (the games are lobbies: presence does not need them started).
  seats: 4,
  // Presence changes timed (each a subscription of a player on A ending or starting again).
  toggles: 400,
  // Timed presence changes a second.
  toggleRate: 20,
  // Seconds of the idle CPU windows.
  idleSeconds: 20,
  // Two-player games whose moves are timed for playerEvents, and moves timed.
  turnGames: 10,
  moves: 300,
});

const gql = keepAliveGql(128);
type Player = BenchPlayer;
const register = (url: string, name: string): Promise<Player> => registerBenchPlayer(gql, url, name);

async function game(url: string, players: readonly Player[]): Promise<string> {
  const d = await gql<{ createGame: { game: { id: string } } }>(
    url,
    'mutation { createGame(input: { preset: PERUDO }) { game { id } } }',
    {},
    players[0]!.token,
  );
  const gameId = d.createGame.game.id;
  for (const p of players.slice(1))
    await gql(
      url,
      'mutation($g: ID!) { joinGame(input: { gameId: $g }) { game { id } } }',
      { g: gameId },
      p.token,
    );
  return gameId;
}

function socket(wsUrl: string, token?: string): Client {
  return createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function subscribe<T>(client: Client, query: string, variables: object, next: (data: T) => void): () => void {
  return client.subscribe<T>(
    { query, variables: variables as Record<string, unknown> },
    {
      next: (r) => r.data && next(r.data),
      error: (e) => console.error(JSON.stringify(e)),
      complete: () => {},
    },
  );
}

const GAME_EVENTS = 'subscription($g: ID!) { gameEvents(gameId: $g) { seq type } }';

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]): { n: number; p50Ms: number; p99Ms: number; maxMs: number } {
  const s = [...samples].sort((x, y) => x - y);
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    n: s.length,
    p50Ms: r(percentile(s, 50)),
    p99Ms: r(percentile(s, 99)),
    maxMs: r(s[s.length - 1]!),
  };
}

function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

async function startServer(databaseUrl: string): Promise<ServerProcess> {
  return spawnServerProcess({
    entry: { script: join(__dirname, '..', 'src', 'server.js') },
    databaseUrl,
    env: { NODE_ENV: 'production', REGISTRATIONS_PER_MINUTE: 'off', BOT_DELAY_MS: '0' },
    output: 'drain',
    startTimeoutMs: 120_000,
  });
}

/** Both processes' CPU seconds over `seconds` of idling. */
async function idleCpu(servers: readonly ServerProcess[], seconds: number): Promise<number> {
  const before = servers.map((s) => cpuSeconds(s.child.pid));
  await sleep(seconds * 1000);
  return servers.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid) - before[i]!, 0);
}

async function main(): Promise<void> {
  const db = await benchDatabase('presence_bench');
  const a = await startServer(db.url);
  const b = await startServer(db.url);
  const clients: Client[] = [];
  try {
    // Players and their lobbies.
    const players = await registerBenchPlayers(gql, a.url, options.players, (i) => `Pr ${i}`, 25);
    const tables: Player[][] = [];
    for (let i = 0; i < players.length; i += options.seats) tables.push(players.slice(i, i + options.seats));
    const games: string[] = [];
    for (let i = 0; i < tables.length; i += 10) {
      games.push(...(await Promise.all(tables.slice(i, i + 10).map((t) => game(a.url, t)))));
    }
    const gameOf = (p: number) => games[Math.floor(p / options.seats)]!;

    // 1. Idle CPU with no sockets (baseline), then every player connected and following its game.
    await sleep(3_000);
    const idleNone = await idleCpu([a, b], options.idleSeconds);
    const rssBefore = rssMiB(a.child.pid) + rssMiB(b.child.pid);
    // Every player's socket, open (connection_init done) but following nothing: the sockets' own cost.
    for (let p = 0; p < players.length; p++) {
      clients.push(socket(p % 2 ? b.wsUrl : a.wsUrl, players[p]!.token));
      if (p % 50 === 49) await sleep(50);
    }
    await sleep(5_000);
    const idleBare = await idleCpu([a, b], options.idleSeconds);
    const rssBare = rssMiB(a.child.pid) + rssMiB(b.child.pid);
    // Then each follows its game: connected (presence rows) and fed its game's events.
    const followers: (() => void)[] = [];
    for (let p = 0; p < players.length; p++) {
      followers.push(subscribe(clients[p]!, GAME_EVENTS, { g: gameOf(p) }, () => {}));
      if (p % 50 === 49) await sleep(50);
    }
    await sleep(5_000);
    const idleAll = await idleCpu([a, b], options.idleSeconds);
    const rssAfter = rssMiB(a.child.pid) + rssMiB(b.child.pid);

    // 2. Presence propagation A -> B: gamePresence subscribers on B to the games of the players on A.
    // A socket runs at most 50 operations: 40 games per watching socket.
    let watcher = socket(b.wsUrl);
    let watched = 0;
    clients.push(watcher);
    const seen = new Map<string, { connected: boolean; at: number }[]>();
    const onA = players.map((_, p) => p).filter((p) => p % 2 === 0);
    for (const g of new Set(onA.map(gameOf))) {
      if (watched++ === 40) {
        watcher = socket(b.wsUrl);
        clients.push(watcher);
        watched = 1;
      }
      subscribe<{ gamePresence: { seat: { player: { id: string } }; connected: boolean } }>(
        watcher,
        'subscription($g: ID!) { gamePresence(gameId: $g) { seat { player { id } } connected } }',
        { g },
        (d) => {
          const id = d.gamePresence.seat.player.id;
          const list = seen.get(id) ?? [];
          list.push({ connected: d.gamePresence.connected, at: performance.now() });
          seen.set(id, list);
        },
      );
    }
    await sleep(2_000);
    const presenceMs: number[] = [];
    // Changes not seen within 10 s, and changes seen with the other state (both should stay empty).
    const missed: string[] = [];
    let wrong = 0;
    const gap = 1000 / options.toggleRate;
    const pending: Promise<void>[] = [];
    for (let t = 0; t < options.toggles; t++) {
      // toggles/2 players on A each off, then (a round later) on again: seconds apart per seat.
      const half = Math.ceil(options.toggles / 2);
      const p = onA[t % half]!;
      const on = t >= half;
      const id = players[p]!.id;
      const before = seen.get(id)?.length ?? 0;
      const t0 = performance.now();
      if (on) followers[p] = subscribe(clients[p]!, GAME_EVENTS, { g: gameOf(p) }, () => {});
      else followers[p]!();
      pending.push(
        until(() => (seen.get(id)?.length ?? 0) > before, 10_000, 'presence').then(
          () => {
            const item = seen.get(id)![before]!;
            if (item.connected === on) presenceMs.push(item.at - t0);
            else wrong++;
          },
          () => void missed.push(`player ${p} ${on ? 'on' : 'off'} (toggle ${t})`),
        ),
      );
      await sleep(gap);
    }
    await Promise.all(pending);

    // 3. playerEvents: YOUR_TURN on B after a move sent to A, beside gameEvents on B.
    const duel: Player[] = [];
    for (let i = 0; i < options.turnGames * 2; i++) duel.push(await register(a.url, `Pt ${i}`));
    const yourTurnMs: number[] = [];
    const eventsMs: number[] = [];
    const sentAt = new Map<string, number>();
    let moves = 0;
    const spectator = socket(b.wsUrl);
    clients.push(spectator);
    const act = async (gameId: string, player: Player): Promise<void> => {
      if (moves >= options.moves) return;
      moves++;
      const d = await gql<{
        game: {
          version: number;
          legalActions: { canBid: boolean; minBids: { face: number; minQuantity: number }[] } | null;
        };
      }>(
        a.url,
        'query($id: ID!) { game(id: $id) { version legalActions { canBid minBids { face minQuantity } } } }',
        { id: gameId },
        player.token,
      );
      const bid = d.game.legalActions?.canBid ? d.game.legalActions.minBids[0] : undefined;
      sentAt.set(gameId, performance.now());
      if (bid)
        await gql(
          a.url,
          'mutation($i: PlaceBidInput!) { placeBid(input: $i) { userErrors { code } } }',
          { i: { gameId, quantity: bid.minQuantity, face: bid.face } },
          player.token,
        );
      else
        await gql(
          a.url,
          'mutation($g: ID!) { callDudo(input: { gameId: $g }) { userErrors { code } } }',
          { g: gameId },
          player.token,
        );
    };
    const duelGames: string[] = [];
    for (let g = 0; g < options.turnGames; g++) {
      const pair = [duel[2 * g]!, duel[2 * g + 1]!];
      const gameId = await game(a.url, pair);
      duelGames.push(gameId);
      subscribe<{ gameEvents: { type: string } }>(spectator, GAME_EVENTS, { g: gameId }, (d) => {
        const t0 = sentAt.get(gameId);
        if (t0 !== undefined && (d.gameEvents.type === 'BID_PLACED' || d.gameEvents.type === 'DUDO_CALLED'))
          eventsMs.push(performance.now() - t0);
      });
      for (const p of pair) {
        const c = socket(b.wsUrl, p.token);
        clients.push(c);
        subscribe<{ playerEvents: { type: string; game: { id: string } } }>(
          c,
          'subscription { playerEvents { type game { id } } }',
          {},
          (d) => {
            if (d.playerEvents.type !== 'YOUR_TURN') return;
            const t0 = sentAt.get(d.playerEvents.game.id);
            if (t0 !== undefined) yourTurnMs.push(performance.now() - t0);
            act(d.playerEvents.game.id, p).catch((e: unknown) => console.error(e));
          },
        );
      }
    }
    await sleep(1_000);
    for (let g = 0; g < duelGames.length; g++)
      await gql(
        a.url,
        'mutation($g: ID!) { startGame(input: { gameId: $g }) { game { id } } }',
        { g: duelGames[g] },
        duel[2 * g]!.token,
      );
    await until(() => moves >= options.moves, 120_000, 'the timed moves');
    await sleep(1_000);

    const sockets = players.length;
    const round2 = (v: number) => Math.round(v * 100) / 100;
    const perSocket = (cpu: number) => Math.round((cpu / options.idleSeconds / sockets) * 1e6 * 10) / 10;
    console.log(
      JSON.stringify(
        {
          players: sockets,
          presencePropagationAtoB: { ...summary(presenceMs), missed, wrong },
          idleCpu: {
            seconds: options.idleSeconds,
            noSocketsCpuSeconds: round2(idleNone),
            socketsOpenCpuSeconds: round2(idleBare),
            socketsFollowingCpuSeconds: round2(idleAll),
            // Per socket and second of idling, both processes together (µs of CPU).
            openSocketMicroseconds: perSocket(idleBare - idleNone),
            followingSocketMicroseconds: perSocket(idleAll - idleNone),
            rssMiB: { none: rssBefore, open: rssBare, following: rssAfter },
            rssKiBPerSocket: {
              open: Math.round(((rssBare - rssBefore) * 1024) / sockets),
              following: Math.round(((rssAfter - rssBefore) * 1024) / sockets),
            },
          },
          yourTurnAfterMoveAtoB: summary(yourTurnMs),
          baselineGameEventsAfterMoveAtoB: summary(eventsMs),
        },
        null,
        2,
      ),
    );
  } finally {
    for (const c of clients) await Promise.resolve(c.dispose()).catch(() => {});
    await a.stop();
    await b.stop();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
