// Replaying a long game's log to many subscribers never holds the event loop.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startApp, type App } from '../../src/app';
import {
  applyCommand,
  createGame,
  applyEvent,
  replay,
  resolveRules,
  seededRng,
  type Command,
  type GameEvent,
  type GameState,
} from '../../src/engine';
import { randomLegalCommand } from '../../src/engine/testing/random-player';
import { DEFAULT_LIMITS } from '../../src/gate/server-limits';
import {
  EVENT_PAGE_SIZE,
  eventLogReads,
  GAME_ROW_SNAPSHOT_EVERY,
  LOG_SNAPSHOT_EVERY,
} from '../../src/store/event-log';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sql } from '../support/sql';
import { wsUrlOf } from '../support/ws-client';

/**
 * Replaying a long game's log never holds the event loop: ten anonymous `afterSeq: 0` subscriptions of a
 * 20-player game of tens of thousands of events leave `/health` answering, and a resume near the end starts
 * from a stored snapshot and reads a page or two of the log.
 */

jest.setTimeout(240_000);

const AT = '2030-01-01T00:00:00.000Z';
/** The game is played in memory up to this many events (it is still in progress there). */
const EVENTS = 22_000;

let db: TestDatabase;
let app: App;
let gameId: string;
let log: GameEvent[];

/** A 20-player game played by the engine in memory, stopped while in progress. */
function play(players: readonly string[]): { log: GameEvent[]; states: GameState[] } {
  const rules = resolveRules('CLASSIC', { maxPlayers: 20, startingDice: 10, maxDice: 10, raise: 'STANDARD' });
  if (!rules.ok) throw new Error(rules.message);
  const rng = seededRng(7);
  const created = createGame({ host: players[0]!, rules: rules.rules }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  let state = created.state;
  const events = [...created.events];
  const states: GameState[] = [state];
  const step = (command: Command): void => {
    const r = applyCommand(state, command, { rng, at: AT });
    if (!r.ok) throw new Error(r.violation.message);
    state = r.state;
    events.push(...r.events);
    states[state.version] = state;
  };
  for (const p of players.slice(1)) step({ type: 'JOIN', playerId: p });
  step({ type: 'START', playerId: players[0]! });
  while (events.length < EVENTS) step(randomLegalCommand(state, rng, { challengeRate: 0 })!);
  if (state.status !== 'IN_PROGRESS') throw new Error('the game ended early');
  return { log: events, states };
}

/** Stores the game as the server would have: its players, seats, log, and its snapshot at a due version. */
async function store(players: readonly string[], events: GameEvent[], states: GameState[]): Promise<string> {
  const id = randomUUID();
  const last = states.at(-1)!;
  // A few versions behind the last, as the server's snapshot usually is.
  const snapshotVersion = last.version - (last.version % GAME_ROW_SNAPSHOT_EVERY) - GAME_ROW_SNAPSHOT_EVERY;
  const snapshot = states[snapshotVersion]!;
  await sql(
    db.url,
    `INSERT INTO players (id, name, token_hash)
     SELECT p, 'P' || n, lpad(to_hex(n), 64, '0') FROM unnest($1::uuid[]) WITH ORDINALITY AS x(p, n)`,
    [players],
  );
  await sql(
    db.url,
    `INSERT INTO games (id, status, preset, rules, max_players, host_id, version, state, state_version, started_at,
                        updated_at, chain_root, commitment)
     VALUES ($1::uuid, 'IN_PROGRESS', 'CLASSIC', $2, 20, $3, $4, $5, $6, $7, $7, sha256($1::uuid::text::bytea),
             encode(sha256(sha256($1::uuid::text::bytea)), 'hex'))`,
    [id, last.rules, players[0], last.version, JSON.stringify(snapshot), snapshotVersion, AT],
  );
  await sql(
    db.url,
    `INSERT INTO seats (game_id, position, player_id, dice_count)
     SELECT $1, n - 1, p, 10 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(p, n)`,
    [id, players],
  );
  for (let i = 0; i < events.length; i += 5_000) {
    const rows = events.slice(i, i + 5_000).map(({ seq, version, type, at, ...payload }) => ({
      seq,
      version,
      type,
      at,
      payload,
    }));
    await sql(
      db.url,
      `INSERT INTO game_events (game_id, seq, version, type, payload, at)
       SELECT $1, e.seq, e.version, e.type, e.payload, e.at
         FROM jsonb_to_recordset($2::jsonb) AS e(seq int, version int, type text, payload jsonb, at timestamptz)`,
      [id, JSON.stringify(rows)],
    );
  }
  // The log snapshots the moves stored after their commits, every LOG_SNAPSHOT_EVERY events.
  let state: GameState | null = null;
  for (const event of events) {
    state = applyEvent(state, event);
    if (event.seq % LOG_SNAPSHOT_EVERY !== 0) continue;
    await sql(db.url, 'INSERT INTO game_snapshots (game_id, seq, state) VALUES ($1, $2, $3)', [
      id,
      event.seq,
      JSON.stringify(state),
    ]);
  }
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const players = Array.from({ length: 20 }, () => randomUUID());
  const played = play(players);
  log = played.log;
  gameId = await store(players, log, played.states);
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    // Replays are not charged here: this file is about the event loop under replays the budget would allow
    // spread over time (the charge itself: test/hardening/socket-flood.test.ts).
    limits: { ...DEFAULT_LIMITS, replayEventsPerToken: Number.MAX_SAFE_INTEGER },
    log: () => {},
  });
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const globalId = (): string => Buffer.from(`Game:${gameId}`).toString('base64url');

interface Received {
  count: number;
  first: number | null;
  last: number | null;
  /** Seqs out of order or repeated. */
  disordered: number;
  error: unknown;
}

/**
 * One socket with a `gameEvents` subscription per `afterSeq`, counting what each receives; resolves when
 * each has received `expected(afterSeq)` events (or failed).
 */
async function follow(
  afterSeqs: readonly number[],
  expected: (afterSeq: number) => number,
): Promise<Received[]> {
  const socket = new WebSocket(wsUrlOf(app.url), 'graphql-transport-ws');
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received: Received[] = afterSeqs.map(() => ({
    count: 0,
    first: null,
    last: null,
    disordered: 0,
    error: null,
  }));
  let pending = afterSeqs.length;
  const done = new Promise<void>((resolve, reject) => {
    socket.once('close', (code) => reject(new Error(`socket closed: ${code}`)));
    const finish = (r: Received, k: number): void => {
      if (r.error !== null || r.count === expected(afterSeqs[k]!)) {
        if (--pending === 0) resolve();
      }
    };
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: string; payload?: unknown };
      if (frame.type === 'connection_ack') {
        afterSeqs.forEach((afterSeq, k) =>
          socket.send(
            JSON.stringify({
              id: String(k),
              type: 'subscribe',
              payload: {
                query: 'subscription($g: ID!, $a: Int) { gameEvents(gameId: $g, afterSeq: $a) { seq type } }',
                variables: { g: globalId(), a: afterSeq },
              },
            }),
          ),
        );
        return;
      }
      const k = Number(frame.id);
      const r = received[k];
      if (!r) return;
      if (frame.type === 'next') {
        const payload = frame.payload as { data?: { gameEvents: { seq: number } }; errors?: unknown };
        if (!payload.data) {
          r.error = payload.errors;
          return finish(r, k);
        }
        const seq = payload.data.gameEvents.seq;
        if (r.last !== null && seq !== r.last + 1) r.disordered++;
        r.first ??= seq;
        r.last = seq;
        r.count++;
        finish(r, k);
      } else if (frame.type === 'error' || frame.type === 'complete') {
        r.error = frame.payload ?? frame.type;
        finish(r, k);
      }
    });
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  try {
    await done;
  } finally {
    socket.close(1000);
  }
  return received;
}

/** Probes `/health` every 50 ms until stopped; the longest wait for an answer (ms). */
function probeHealth(): { stop(): Promise<number> } {
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${app.url.replace(/\/graphql$/, '')}/health`);
      await res.text();
      if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

it('serves ten whole replays of a long game on one socket without holding the event loop', async () => {
  const last = log.length;
  // Every attempt to store a log snapshot is counted (and dropped): readers may not write.
  await sql(
    db.url,
    `CREATE TABLE snapshot_attempts (seq int);
     CREATE FUNCTION count_snapshot_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN INSERT INTO snapshot_attempts VALUES (NEW.seq); RETURN NULL; END $$;
     CREATE TRIGGER count_snapshot_attempts BEFORE INSERT ON game_snapshots
       FOR EACH ROW EXECUTE FUNCTION count_snapshot_attempt();`,
  );
  expect(last).toBeGreaterThanOrEqual(EVENTS);
  const probe = probeHealth();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const received = await follow(
    Array.from({ length: 10 }, () => 0),
    () => last,
  );
  const took = performance.now() - started;
  const worst = await probe.stop();
  loopDelay.disable();
  console.log(
    `ten replays of ${last} events: ${Math.round(took)} ms; worst /health wait ${Math.round(worst)} ms; ` +
      `longest event loop delay ${Math.round(loopDelay.max / 1e6)} ms`,
  );
  for (const r of received) {
    expect(r).toEqual({ count: last, first: 1, last, disordered: 0, error: null });
  }
  // Before replays were paged and sliced, /health waited 25 s here; now about 100-300 ms on two busy cores
  // (the margin is for jest running other files alongside: a whole-suite run saw 678 ms).
  expect(worst).toBeLessThan(1_500);

  // The replays wrote nothing: the snapshots are those the moves stored, each the replay of the log to it.
  expect(await sql(db.url, 'SELECT seq FROM snapshot_attempts')).toEqual([]);
  await sql(db.url, 'DROP TRIGGER count_snapshot_attempts ON game_snapshots');
  const snapshots = await sql<{ seq: number }>(
    db.url,
    'SELECT seq FROM game_snapshots WHERE game_id = $1 ORDER BY seq',
    [gameId],
  );
  expect(snapshots.map((s) => s.seq)).toEqual(
    Array.from({ length: Math.floor(last / LOG_SNAPSHOT_EVERY) }, (_, i) => (i + 1) * LOG_SNAPSHOT_EVERY),
  );
  const [first] = await sql<{ state: unknown }>(
    db.url,
    'SELECT state FROM game_snapshots WHERE game_id = $1 AND seq = $2',
    [gameId, LOG_SNAPSHOT_EVERY],
  );
  expect(first!.state).toEqual(JSON.parse(JSON.stringify(replay(log.slice(0, LOG_SNAPSHOT_EVERY)))));
});

it('resumes near the end or in the middle from a snapshot, reading a page or two of the log', async () => {
  const last = log.length;
  const [stored] = await sql<{ seq: number }>(
    db.url,
    `SELECT (state->>'seq')::int AS seq FROM games WHERE id = $1`,
    [gameId],
  );
  // Right after the game's own snapshot, a little before it (from the interval snapshots), and mid-game.
  for (const afterSeq of [last - 3, stored!.seq - 5, 10_250]) {
    const before = { ...eventLogReads };
    const [r] = await follow([afterSeq], (a) => last - a);
    expect(r).toEqual({ count: last - afterSeq, first: afterSeq + 1, last, disordered: 0, error: null });
    const rows = eventLogReads.rows - before.rows;
    const pages = eventLogReads.pages - before.pages;
    console.log(`resume after ${afterSeq} of ${last}: ${pages} pages, ${rows} events read`);
    // From a snapshot at most LOG_SNAPSHOT_EVERY events back: the events to it, those to the end, and the
    // empty reads of the feed that follows the game (one, or two when a notice comes in during the first:
    // seen once in 2 full runs on a loaded machine). The rows bound the work exactly.
    expect(rows).toBeLessThanOrEqual(LOG_SNAPSHOT_EVERY + (last - afterSeq));
    expect(pages).toBeLessThanOrEqual(
      Math.ceil((LOG_SNAPSHOT_EVERY + (last - afterSeq)) / EVENT_PAGE_SIZE) + 3,
    );
  }
});
