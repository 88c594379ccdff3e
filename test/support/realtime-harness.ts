import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * Helpers for the realtime tests: the real server as a child process, a small GraphQL-over-HTTP client,
 * graphql-ws subscribers that keep everything they receive (raw frames included), and a bot that plays a
 * game to its end through the public API.
 */

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------------------------------------------------
// Server processes

export interface ServerProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<number | NodeJS.Signals | null>;
}

const running = new Set<ChildProcess>();
let exitHook = false;

/** Last resort (a test run that ends without its afterAll): never leave a server behind. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

// src/ is written for `node16` module resolution ('./x.js' names a .ts file), which ts-node maps only with
// its experimental resolver; the entry point is otherwise exactly `npm start`'s.
const BOOT =
  "require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');";

export interface SpawnOptions {
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  /** Extra environment (e.g. NODE_ENV). */
  readonly env?: NodeJS.ProcessEnv;
  readonly startTimeoutMs?: number;
}

/** Starts `src/server.ts` on a free port (PORT=0) and resolves once it has printed its URL. */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    PORT: '0',
    // Every test client comes from 127.0.0.1: the per-address limits would throttle a fast bot.
    RATE_LIMITS: 'off',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;
  const child = spawn(process.execPath, ['-e', BOOT], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in time:\n${output}`)),
      options.startTimeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /Perudo API ready at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    child,
    output: () => output,
    exited,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Stops every given server, whatever happens to the others (for afterAll). */
export async function stopAll(servers: readonly (ServerProcess | undefined)[]): Promise<void> {
  await Promise.all(servers.map((s) => s?.stop().catch(() => undefined)));
}

// ---------------------------------------------------------------------------------------------------------
// GraphQL over HTTP

export interface GqlError {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
}

export async function gqlRaw<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string | null,
): Promise<{ data?: T | null; errors?: GqlError[] }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await response.text();
  try {
    return JSON.parse(text) as { data?: T | null; errors?: GqlError[] };
  } catch {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
}

/** The data of an operation that must succeed. */
export async function gql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string | null,
): Promise<T> {
  const body = await gqlRaw<T>(url, query, variables, token);
  if (body.errors?.length || !body.data) throw new Error(`GraphQL error: ${JSON.stringify(body)}`);
  return body.data;
}

export interface Player {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

export async function registerPlayer(url: string, name: string): Promise<Player> {
  const data = await gql<{ registerPlayer: { player: { id: string; name: string }; token: string } }>(
    url,
    `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id name } token } }`,
    { input: { name } },
  );
  return { ...data.registerPlayer.player, token: data.registerPlayer.token };
}

export interface SeatData {
  position: number;
  diceCount: number;
  eliminated: boolean;
  dice: number[] | null;
  player: { id: string };
}

export interface GameData {
  id: string;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  lastEventSeq: number;
  rules: { wildAces: boolean };
  seats: SeatData[];
  turn: { position: number } | null;
  viewerSeat: { position: number } | null;
  winner: { id: string } | null;
  currentRound: {
    number: number;
    palifico: boolean;
    bids: { quantity: number; face: number; seat: { position: number } }[];
  } | null;
  legalActions: {
    canBid: boolean;
    canDudo: boolean;
    canExact: boolean;
    minBids: { face: number; minQuantity: number }[];
  } | null;
}

export const GAME_FIELDS = `
  id status version lastEventSeq
  rules { wildAces }
  seats { position diceCount eliminated dice player { id } }
  turn { position }
  viewerSeat { position }
  winner { id }
  currentRound { number palifico bids { quantity face seat { position } } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }`;

interface Payload {
  game: GameData | null;
  userErrors: { code: string; message: string }[];
}

const INPUT_TYPES = {
  createGame: 'CreateGameInput',
  joinGame: 'GameInput',
  startGame: 'GameInput',
  leaveGame: 'GameInput',
  placeBid: 'PlaceBidInput',
  callDudo: 'GameActionInput',
  callExact: 'GameActionInput',
} as const;

export type MutationName = keyof typeof INPUT_TYPES;

/** A game mutation as `player`: its payload, userErrors included. */
export async function mutate(
  url: string,
  name: MutationName,
  player: Player,
  input: Record<string, unknown>,
): Promise<Payload> {
  const data = await gql<Record<string, Payload>>(
    url,
    `mutation($input: ${INPUT_TYPES[name]}!) { ${name}(input: $input) { game { ${GAME_FIELDS} } userErrors { code message } } }`,
    { input },
    player.token,
  );
  return data[name]!;
}

/** A game mutation that must be accepted: the game after it. */
export async function accepted(
  url: string,
  name: MutationName,
  player: Player,
  input: Record<string, unknown>,
): Promise<GameData> {
  const payload = await mutate(url, name, player, input);
  if (payload.userErrors.length > 0 || !payload.game) {
    throw new Error(`${name} was refused: ${JSON.stringify(payload.userErrors)}`);
  }
  return payload.game;
}

export async function getGame(url: string, gameId: string, viewer?: Player | null): Promise<GameData> {
  const data = await gql<{ game: GameData | null }>(
    url,
    `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
    { id: gameId },
    viewer?.token,
  );
  if (!data.game) throw new Error(`game ${gameId} not found`);
  return data.game;
}

export interface NewGameOptions {
  readonly preset?: string;
  readonly overrides?: Record<string, unknown>;
}

/** Creates a game hosted by players[0] and seats the others: the game in its lobby, as a spectator sees it. */
export async function lobbyGame(
  url: string,
  players: readonly Player[],
  options: NewGameOptions = {},
): Promise<GameData> {
  const game = await accepted(url, 'createGame', players[0]!, {
    preset: options.preset ?? 'PERUDO',
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  for (const p of players.slice(1)) await accepted(url, 'joinGame', p, { gameId: game.id });
  return getGame(url, game.id);
}

// ---------------------------------------------------------------------------------------------------------
// The bot

export interface MoveRecord {
  readonly seat: number;
  readonly kind: 'BID' | 'DUDO';
  readonly version: number;
}

/**
 * Plays one move for the player whose turn it is, from the game as that player sees it (its dice and
 * legalActions): bids the smallest legal bid on the face it expects most of, or calls dudo when the last bid
 * looks unlikely. Returns the game after the move, as the mover sees it.
 */
export async function playOneMove(
  url: string,
  game: GameData,
  players: readonly Player[],
): Promise<GameData> {
  if (game.status !== 'IN_PROGRESS' || !game.turn) throw new Error(`no move in a game ${game.status}`);
  const seat = game.seats[game.turn.position]!;
  const player = players.find((p) => p.id === seat.player.id);
  if (!player) throw new Error(`seat ${seat.position} is not one of the players`);
  const view = await getGame(url, game.id, player);
  const actions = view.legalActions!;
  const dice = view.seats[seat.position]!.dice!;
  const round = view.currentRound!;
  const acesWild = view.rules.wildAces && !round.palifico;
  const unknown = view.seats.reduce((n, s) => n + s.diceCount, 0) - dice.length;
  const expected = (face: number): number =>
    dice.filter((d) => d === face || (acesWild && face !== 1 && d === 1)).length +
    unknown * (acesWild && face !== 1 ? 1 / 3 : 1 / 6);
  const last = round.bids[round.bids.length - 1];
  let best: { face: number; minQuantity: number } | null = null;
  for (const option of actions.minBids) {
    if (!best || expected(option.face) - option.minQuantity > expected(best.face) - best.minQuantity)
      best = option;
  }
  const dudo =
    actions.canDudo &&
    (!best || !actions.canBid || (last !== undefined && last.quantity > expected(last.face) + 0.5));
  const base = { gameId: game.id, expectedVersion: view.version };
  const after = dudo
    ? await accepted(url, 'callDudo', player, base)
    : await accepted(url, 'placeBid', player, { ...base, quantity: best!.minQuantity, face: best!.face });
  if (after.version !== view.version + 1) throw new Error(`version ${view.version} -> ${after.version}`);
  return after;
}

/**
 * Plays the game to its end. `beforeMove` runs before each move (it may pause the bot); returns the final
 * game as a spectator sees it.
 */
export async function playToEnd(
  url: string,
  gameId: string,
  players: readonly Player[],
  beforeMove?: (game: GameData, moves: number) => Promise<void> | void,
): Promise<GameData> {
  let game = await getGame(url, gameId);
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 3_000) throw new Error('the game does not end');
    await beforeMove?.(game, moves);
    game = await playOneMove(url, game, players);
  }
  return getGame(url, gameId);
}

// ---------------------------------------------------------------------------------------------------------
// Subscribers

/** A GameEvent as the realtime tests select it. */
export interface EventData {
  seq: number;
  type: string;
  at: string;
  player: { id: string } | null;
  seat: { position: number; dice: number[] | null } | null;
  bid: { seq: number; quantity: number; face: number; seat: { position: number } } | null;
  outcome: {
    kind: string;
    actualCount: number;
    caller: { position: number };
    loser: { position: number } | null;
    gainer: { position: number } | null;
    bid: { seq: number; quantity: number; face: number };
  } | null;
  round: {
    number: number;
    palifico: boolean;
    ended: boolean;
    voided: boolean;
    reveal: { seat: { position: number }; dice: number[] }[] | null;
    bids: { seq: number; quantity: number; face: number; seat: { position: number } }[];
  } | null;
  game: {
    status: string;
    version: number;
    lastEventSeq: number;
    turn: { position: number } | null;
    viewerSeat: { position: number } | null;
    winner: { id: string } | null;
    currentRound: { number: number } | null;
    seats: { position: number; diceCount: number; eliminated: boolean; dice: number[] | null }[];
    legalActions: {
      canBid: boolean;
      canDudo: boolean;
      canExact: boolean;
      minBids: { face: number; minQuantity: number }[];
    } | null;
  };
}

export const EVENT_FIELDS = `
  seq type at
  player { id }
  seat { position dice }
  bid { seq quantity face seat { position } }
  outcome { kind actualCount caller { position } loser { position } gainer { position } bid { seq quantity face } }
  round { number palifico ended voided reveal { seat { position } dice } bids { seq quantity face seat { position } } }
  game {
    status version lastEventSeq turn { position } viewerSeat { position } winner { id } currentRound { number }
    seats { position diceCount eliminated dice }
    legalActions { canBid canDudo canExact minBids { face minQuantity } }
  }`;

export const GAME_EVENTS = `subscription($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) { ${EVENT_FIELDS} }
}`;

export interface CloseInfo {
  readonly code: number;
  readonly reason: string;
}

export interface WsConnection {
  readonly client: Client;
  /** Every message the server sent on any socket of this client, as the raw text of the frame. */
  readonly frames: string[];
  /** Close events of the client's sockets, in order. */
  readonly closes: CloseInfo[];
  /** Resolves on the next close of a socket. */
  nextClose(): Promise<CloseInfo>;
  dispose(): Promise<void>;
}

/** A graphql-ws client over `ws` (no retries), with `authorization: Bearer <token>` when a token is given. */
export function connect(wsUrl: string, token?: string | null, authorization?: string): WsConnection {
  const frames: string[] = [];
  const closes: CloseInfo[] = [];
  let closeWaiters: ((c: CloseInfo) => void)[] = [];
  class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data) => frames.push(String(data)));
    }
  }
  const auth = authorization ?? (token ? `Bearer ${token}` : undefined);
  const client = createClient({
    url: wsUrl,
    webSocketImpl: RecordingWebSocket,
    connectionParams: auth ? { authorization: auth } : {},
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        const e = event as { code: number; reason: string | Buffer };
        const info = { code: e.code, reason: String(e.reason) };
        closes.push(info);
        const waiters = closeWaiters;
        closeWaiters = [];
        for (const w of waiters) w(info);
      },
    },
  });
  return {
    client,
    frames,
    closes,
    nextClose: () => new Promise((resolve) => closeWaiters.push(resolve)),
    dispose: async () => {
      await client.dispose();
    },
  };
}

/** One subscription: what it received, in order. */
export class Subscription<T = EventData> {
  readonly items: T[] = [];
  readonly errors: unknown[] = [];
  completed = false;
  private readonly unsubscribe: () => void;
  private waiters: (() => void)[] = [];

  constructor(client: Client, query: string, variables: Record<string, unknown>, field: string) {
    this.unsubscribe = client.subscribe<Record<string, T>>(
      { query, variables },
      {
        next: (result: ExecutionResult<Record<string, T>>) => {
          if (result.errors?.length) this.errors.push(...result.errors);
          const item = result.data?.[field];
          if (item) this.items.push(item);
          this.wake();
        },
        error: (error: unknown) => {
          if (Array.isArray(error)) this.errors.push(...(error as unknown[]));
          else this.errors.push(error);
          this.wake();
        },
        complete: () => {
          this.completed = true;
          this.wake();
        },
      },
    );
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves once `done()` holds; fails after `timeoutMs` with what was received. */
  async until(done: (s: this) => boolean, timeoutMs = 10_000, what = 'the expected items'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out waiting for ${what}; received ${this.items.length} items, errors ${JSON.stringify(this.errors)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the subscription has ended (with an error or complete). */
  ended(timeoutMs = 10_000): Promise<void> {
    return this.until((s) => s.completed || s.errors.length > 0, timeoutMs, 'the end of the subscription');
  }

  close(): void {
    this.unsubscribe();
  }
}

/** Subscribes to a game's events (afterSeq undefined: only new events). */
export function subscribeEvents(
  conn: WsConnection,
  gameId: string,
  afterSeq?: number | null,
): Subscription<EventData> {
  const variables: Record<string, unknown> = { gameId };
  if (afterSeq !== undefined) variables.afterSeq = afterSeq;
  return new Subscription<EventData>(conn.client, GAME_EVENTS, variables, 'gameEvents');
}

/** Waits until the subscription has received the event `seq`. */
export function untilSeq(sub: Subscription<EventData>, seq: number, timeoutMs = 10_000): Promise<void> {
  return sub.until(
    (s) => s.items.some((e) => e.seq >= seq) || s.errors.length > 0,
    timeoutMs,
    `event ${seq}`,
  );
}

export function seqsOf(events: readonly { seq: number }[]): number[] {
  return events.map((e) => e.seq);
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** The code of a GraphQL error as a subscriber received it. */
export function errorCodes(errors: readonly unknown[]): (string | undefined)[] {
  return errors.map((e) => (e as GqlError).extensions?.code);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------------------
// The cross-process check

export interface Endpoint {
  readonly url: string;
  readonly wsUrl: string;
}

/**
 * Players act on `a` over HTTP; each player and two spectators follow the game on `b` over graphql-ws from
 * afterSeq 0. A full game is played: every subscriber gets every event exactly once, in seq order, each
 * move's events before the next move; and each stream equals the log read afterwards with afterSeq 0 by
 * the same viewer on `a`.
 */
export async function crossProcessGame(a: Endpoint, b: Endpoint): Promise<{ events: number }> {
  const players = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(a.url, n)));
  const lobby = await lobbyGame(a.url, players, { preset: 'PERUDO' });
  const live = [...players.map((p) => connect(b.wsUrl, p.token)), connect(b.wsUrl), connect(b.wsUrl)];
  const late = [...players.map((p) => connect(a.wsUrl, p.token)), connect(a.wsUrl), connect(b.wsUrl)];
  try {
    const subs = live.map((c) => subscribeEvents(c, lobby.id, 0));
    await Promise.all(subs.map((s) => untilSeq(s, lobby.lastEventSeq)));
    await accepted(a.url, 'startGame', players[0]!, { gameId: lobby.id });
    const final = await playToEnd(a.url, lobby.id, players, async (game) => {
      await Promise.all(subs.map((s) => untilSeq(s, game.lastEventSeq)));
      for (const s of subs) expect(s.items[s.items.length - 1]!.seq).toBe(game.lastEventSeq);
    });
    expect(final.status).toBe('FINISHED');
    const n = final.lastEventSeq;
    await Promise.all(subs.map((s) => untilSeq(s, n)));
    await sleep(300); // anything duplicated or late would arrive by now

    for (const s of subs) {
      expect(s.errors).toEqual([]);
      expect(seqsOf(s.items)).toEqual(range(1, n));
    }
    const publicPart = (e: EventData) => ({
      seq: e.seq,
      type: e.type,
      at: e.at,
      bid: e.bid,
      outcome: e.outcome,
    });
    for (const s of subs.slice(1)) expect(s.items.map(publicPart)).toEqual(subs[0]!.items.map(publicPart));
    const types = subs[0]!.items.map((e) => e.type);
    expect(types.slice(0, 5)).toEqual([
      'GAME_CREATED',
      'PLAYER_JOINED',
      'PLAYER_JOINED',
      'PLAYER_JOINED',
      'GAME_STARTED',
    ]);
    expect(types[n - 1]).toBe('GAME_FINISHED');
    expect(types.filter((t) => t === 'GAME_FINISHED')).toHaveLength(1);
    expect(subs[0]!.items[n - 1]!.game.winner).toEqual(final.winner);

    const replays = late.map((c) => subscribeEvents(c, lobby.id, 0));
    await Promise.all(replays.map((s) => untilSeq(s, n)));
    await sleep(100);
    for (let i = 0; i < players.length; i++) expect(subs[i]!.items).toEqual(replays[i]!.items);
    for (const spectator of subs.slice(players.length)) {
      expect(spectator.items).toEqual(replays[players.length]!.items);
      expect(spectator.items).toEqual(replays[players.length + 1]!.items);
    }
    return { events: n };
  } finally {
    await Promise.all([...live, ...late].map((c) => c.dispose()));
  }
}
