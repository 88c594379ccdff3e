import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import WebSocket from 'ws';
import { replay, type GameEvent } from '../../src/engine';
import { SNAPSHOT_EVERY } from '../../src/store/move-statement';

/**
 * What the hardening tests share: a raw GraphQL-over-HTTP client that keeps status, headers and text, a raw
 * graphql-transport-ws socket that keeps every frame, the real server as a child process, a bot that makes
 * legal moves, and checks of a game's stored event log.
 */

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------------------------------------------------
// HTTP

export interface GqlError {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or null when it is not JSON. */
  body: { data?: T | null; errors?: GqlError[] } | null;
}

/** POSTs any JSON payload (an operation, a batch, garbage) and keeps the whole reply. */
export async function postJson<T = Record<string, unknown>>(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return send<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

export async function send<T = Record<string, unknown>>(url: string, init: RequestInit): Promise<Reply<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Reply<T>['body'] = null;
  try {
    body = JSON.parse(text) as Reply<T>['body'];
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** One operation as `token`'s player (none: anonymous). */
export function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string | null,
): Promise<Reply<T>> {
  return postJson<T>(url, { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
}

/** The data of a reply that must have succeeded. */
export function dataOf<T>(reply: Reply<T>): T {
  if (reply.status !== 200 || !reply.body || reply.body.errors || !reply.body.data) {
    throw new Error(`expected a successful reply, got HTTP ${reply.status}: ${reply.text}`);
  }
  return reply.body.data;
}

/** The top-level errors of a reply (empty when none). */
export function errorsOf(reply: Reply<unknown>): GqlError[] {
  return reply.body?.errors ?? [];
}

/** The single top-level error of a reply. */
export function onlyError(reply: Reply<unknown>): GqlError {
  const errors = errorsOf(reply);
  if (errors.length !== 1)
    throw new Error(`expected exactly one error, got HTTP ${reply.status}: ${reply.text}`);
  return errors[0]!;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------------------
// Players and games through the public API

export interface Player {
  id: string;
  name: string;
  token: string;
}

export async function registerPlayer(url: string, name: string): Promise<Player> {
  const data = dataOf(
    await gql<{ registerPlayer: { player: { id: string; name: string }; token: string } }>(
      url,
      'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id name } token } }',
      { input: { name } },
    ),
  );
  return { ...data.registerPlayer.player, token: data.registerPlayer.token };
}

const BID = 'seq quantity face at seat { position }';
const ROUND = `id number palifico palificoSeat { position } starter { position } turn { position } ended voided
  startedAt endedAt bids { ${BID} }
  outcome { kind caller { position } bid { ${BID} } actualCount loser { position } gainer { position } }
  reveal { seat { position } dice }`;

/** Everything a spectator can read of a game, rounds included: two equal readings mean an unchanged game. */
export const PUBLIC_GAME_FIELDS = `
  id name status version lastEventSeq maxPlayers createdAt startedAt finishedAt
  rules { preset startingDice maxDice minPlayers maxPlayers raise wildAces openingAces firstStarter nextStarter
          palifico palificoMinPlayers palificoVeteransMayChangeFace exact exactCaller exactMinPlayers
          exactInPalifico exactRequiresBelowMax }
  host { id name }
  seats { position diceCount eliminated left hasBeenPalifico dice player { id name } }
  turn { position } viewerSeat { position } winner { id name } legalActions { canBid }
  currentRound { ${ROUND} }
  rounds(first: 100) { totalCount nodes { ${ROUND} } }
  rollOff { attempt value seat { position } }`;

export interface PublicGame {
  id: string;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  lastEventSeq: number;
  [field: string]: unknown;
}

/** The game as an anonymous spectator reads it, or null when there is no such game. */
export async function publicGame(url: string, gameId: string): Promise<PublicGame | null> {
  const data = dataOf(
    await gql<{ game: PublicGame | null }>(
      url,
      `query($id: ID!) { game(id: $id) { ${PUBLIC_GAME_FIELDS} } }`,
      {
        id: gameId,
      },
    ),
  );
  return data.game;
}

/** What the bot needs to decide a move, as the player whose turn it is sees it. */
export const PLAY_FIELDS = `id status version turn { position } seats { position player { id } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }
  currentRound { number bids { quantity face } }`;

export interface PlayView {
  id: string;
  status: PublicGame['status'];
  version: number;
  turn: { position: number } | null;
  seats: { position: number; player: { id: string } }[];
  legalActions: {
    canBid: boolean;
    canDudo: boolean;
    canExact: boolean;
    minBids: { face: number; minQuantity: number }[];
  } | null;
  currentRound: { number: number; bids: { quantity: number; face: number }[] } | null;
}

export interface GamePayload<G = PlayView> {
  game: G | null;
  userErrors: { code: string; message: string; field: string[] | null }[];
  clientMutationId?: string | null;
}

export const INPUT_TYPES = {
  createGame: 'CreateGameInput',
  joinGame: 'GameInput',
  leaveGame: 'GameInput',
  startGame: 'GameInput',
  placeBid: 'PlaceBidInput',
  callDudo: 'GameActionInput',
  callExact: 'GameActionInput',
} as const;

export type GameMutation = keyof typeof INPUT_TYPES;

export function mutationText(name: GameMutation, fields = PLAY_FIELDS): string {
  return `mutation($input: ${INPUT_TYPES[name]}!) {
    ${name}(input: $input) { game { ${fields} } userErrors { code message field } clientMutationId } }`;
}

/** Runs a game mutation and returns its reply (the payload is under data[name]). */
export function mutate(
  url: string,
  name: GameMutation,
  input: Record<string, unknown>,
  token?: string | null,
): Promise<Reply<Record<string, GamePayload>>> {
  return gql<Record<string, GamePayload>>(url, mutationText(name), { input }, token);
}

/** The payload of a mutation that must have been accepted. */
export function accepted(reply: Reply<Record<string, GamePayload>>, name: GameMutation): PlayView {
  const payload = dataOf(reply)[name]!;
  if (payload.userErrors.length > 0 || !payload.game) {
    throw new Error(`${name} was refused: ${JSON.stringify(payload.userErrors)}`);
  }
  return payload.game;
}

/** Creates a game hosted by players[0], seats the others and starts it. */
export async function startedGame(
  url: string,
  players: readonly Player[],
  input: Record<string, unknown> = { preset: 'PUB' },
): Promise<PlayView> {
  const created = accepted(await mutate(url, 'createGame', input, players[0]!.token), 'createGame');
  for (const p of players.slice(1)) {
    accepted(await mutate(url, 'joinGame', { gameId: created.id }, p.token), 'joinGame');
  }
  return accepted(await mutate(url, 'startGame', { gameId: created.id }, players[0]!.token), 'startGame');
}

export async function playView(url: string, gameId: string, player: Player): Promise<PlayView> {
  const data = dataOf(
    await gql<{ game: PlayView | null }>(
      url,
      `query($id: ID!) { game(id: $id) { ${PLAY_FIELDS} } }`,
      { id: gameId },
      player.token,
    ),
  );
  if (!data.game) throw new Error(`game ${gameId} not found`);
  return data.game;
}

export interface Move {
  player: Player;
  name: 'placeBid' | 'callDudo';
  input: Record<string, unknown>;
}

/**
 * The next legal move of a game in play, decided from what the player whose turn it is sees: the smallest
 * legal bid while fewer than `bidsPerRound` bids are on the table, then dudo. Pins expectedVersion.
 */
export async function nextMove(
  url: string,
  gameId: string,
  players: readonly Player[],
  bidsPerRound = 2,
): Promise<Move> {
  const anyView = await playView(url, gameId, players[0]!);
  if (anyView.status !== 'IN_PROGRESS' || !anyView.turn)
    throw new Error(`game ${gameId} is ${anyView.status}`);
  const id = anyView.seats[anyView.turn.position]!.player.id;
  const player = players.find((p) => p.id === id);
  if (!player) throw new Error(`seat ${anyView.turn.position} is not one of the players`);
  const view = await playView(url, gameId, player);
  const actions = view.legalActions!;
  const bids = view.currentRound!.bids.length;
  const bid = actions.minBids[0];
  if (actions.canBid && bid && (bids < bidsPerRound || !actions.canDudo)) {
    return {
      player,
      name: 'placeBid',
      input: { gameId, quantity: bid.minQuantity, face: bid.face, expectedVersion: view.version },
    };
  }
  if (!actions.canDudo) throw new Error(`seat ${view.turn!.position} can neither bid nor call dudo`);
  return { player, name: 'callDudo', input: { gameId, expectedVersion: view.version } };
}

// ---------------------------------------------------------------------------------------------------------
// The stored log

export async function sql<R extends Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new PgClient({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The database key of a global ID of the given type. */
export function keyOf(globalId: string, type: 'Game' | 'Player' = 'Game'): string {
  const raw = Buffer.from(globalId, 'base64url').toString('utf8');
  if (!raw.startsWith(`${type}:`)) throw new Error(`${globalId} is not a ${type} ID`);
  return raw.slice(type.length + 1);
}

export interface CheckedLog {
  events: GameEvent[];
  version: number;
  status: string;
}

/**
 * Checks that a game's log is whole: seq runs 1..n without gaps or repeats, the versions it records run
 * 1..game.version without gaps (several events may share one accepted change), and replaying the log up to
 * the stored snapshot's version gives exactly that snapshot, which is less than SNAPSHOT_EVERY versions old.
 */
export async function checkLog(databaseUrl: string, globalId: string): Promise<CheckedLog> {
  const gameId = keyOf(globalId);
  const [game] = await sql<{ version: number; status: string; state: unknown; state_version: number }>(
    databaseUrl,
    'SELECT version, status::text AS status, state, state_version FROM games WHERE id = $1',
    [gameId],
  );
  if (!game) throw new Error(`game ${gameId} is not stored`);
  const rows = await sql<{ seq: number; version: number; type: string; payload: object; at: Date }>(
    databaseUrl,
    'SELECT seq, version, type, payload, at FROM game_events WHERE game_id = $1 ORDER BY seq, id',
    [gameId],
  );
  const seqs = rows.map((r) => r.seq);
  expectSame(
    seqs,
    rows.map((_, i) => i + 1),
    'event seqs',
  );
  const versions = [...new Set(rows.map((r) => r.version))];
  expectSame(
    versions,
    versions.map((_, i) => i + 1),
    'event versions',
  );
  expectSame(versions.length, game.version, 'last event version');
  const events = rows.map(
    (r) =>
      ({ ...r.payload, seq: r.seq, version: r.version, type: r.type, at: r.at.toISOString() }) as GameEvent,
  );
  // The stored snapshot is the state at state_version: the log up to it must replay to it exactly.
  const snapshotLog = events.filter((e) => e.version <= game.state_version);
  expectSame(JSON.parse(JSON.stringify(replay(snapshotLog))), game.state, 'replayed snapshot');
  expectSame(
    game.version - game.state_version < SNAPSHOT_EVERY && game.state_version <= game.version,
    true,
    'snapshot age',
  );
  return { events, version: game.version, status: game.status };
}

/** JSON with every object's keys sorted (jsonb keeps its own key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (canonical(actual) !== canonical(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// WebSocket (graphql-transport-ws), frame by frame

export interface Frame {
  type: string;
  id?: string;
  payload?: unknown;
}

export interface Closed {
  code: number;
  reason: string;
}

export function wsUrlOf(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}

/** A graphql-transport-ws socket that keeps every frame it receives, in order. */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];
  private closeInfo: Closed | null = null;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.wake();
      });
    });
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
    const socket = new WebSocket(wsUrlOf(url), 'graphql-transport-ws', { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawSocket(socket)));
      socket.once('unexpected-response', (_req, res) => {
        reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { response: res }));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  /** Opens a socket and completes the connection_init / connection_ack handshake. */
  static async connect(url: string, token?: string | null): Promise<RawSocket> {
    const s = await RawSocket.open(url);
    s.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
    await s.waitFor((f) => f.type === 'connection_ack');
    return s;
  }

  /** How the socket was closed, or null while it is open. */
  get closeState(): Closed | null {
    return this.closeInfo;
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  /** The first frame (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  async waitFor(match: (f: Frame) => boolean, timeoutMs = 5_000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (this.closeInfo) throw new Error(`socket closed (${this.closeInfo.code} ${this.closeInfo.reason})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame in ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `error` or `complete` frame that ends operation `id`. */
  end(id: string, timeoutMs = 5_000): Promise<Frame> {
    return this.waitFor((f) => f.id === id && (f.type === 'error' || f.type === 'complete'), timeoutMs);
  }

  /** The payloads of the `next` frames of operation `id` so far. */
  results(id: string): { data?: Record<string, unknown> | null; errors?: GqlError[] }[] {
    return this.frames
      .filter((f) => f.id === id && f.type === 'next')
      .map((f) => f.payload as { data?: Record<string, unknown> | null; errors?: GqlError[] });
  }

  close(): Promise<Closed> {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(1000);
    }
    return this.closed;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server as a process of its own

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | NodeJS.Signals | null>;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

// src/ imports './x.js' for x.ts (node16 resolution), which ts-node maps only with its experimental resolver.
const BOOT =
  "require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');";

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Runs `src/server.ts` with PORT=0 and the given environment; resolves once it prints its URL. */
export async function spawnServer(env: NodeJS.ProcessEnv, startTimeoutMs = 30_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-e', BOOT], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal);
    });
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no server after ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Perudo API ready at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
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
    child,
    exited,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// An embedded PostgreSQL that can be stopped and started again

/** Drives test/hardening/embedded-postgres.process.ts: one PostgreSQL cluster on `dataDir`, same port throughout. */
export class EmbeddedPostgresProcess {
  private buffered = '';
  private waiting: ((line: string) => void)[] = [];
  private lines: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<unknown>,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      let end: number;
      while ((end = this.buffered.indexOf('\n')) >= 0) {
        const line = this.buffered.slice(0, end);
        this.buffered = this.buffered.slice(end + 1);
        const waiter = this.waiting.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
  }

  static spawn(dataDir: string): EmbeddedPostgresProcess {
    const script = path.join(__dirname, 'embedded-postgres.process.ts');
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require(${JSON.stringify(script)});`,
        dataDir,
      ],
      { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return new EmbeddedPostgresProcess(child, exited);
  }

  private command(command: string): Promise<string> {
    const line = new Promise<string>((resolve) => {
      const ready = this.lines.shift();
      if (ready !== undefined) resolve(ready);
      else this.waiting.push(resolve);
    });
    this.child.stdin!.write(`${command}\n`);
    return line;
  }

  /** Starts the server; resolves with its URL. */
  async start(): Promise<string> {
    const line = await this.command('start');
    if (!line.startsWith('started ')) throw new Error(`embedded PostgreSQL: ${line}`);
    return line.slice('started '.length);
  }

  async stop(): Promise<void> {
    const line = await this.command('stop');
    if (line !== 'stopped') throw new Error(`embedded PostgreSQL: ${line}`);
  }

  /** Stops the server (if running) and ends the process. */
  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}
