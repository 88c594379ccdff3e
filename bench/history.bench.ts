/**
 * History benchmark: the reads of game history at scale.
 *
 *   npm run bench:history [-- --games 100000 --samples 300]
 *
 * Seeds `--games` finished games (3 players, 2 dice each, every preset), played by the rules engine and
 * written in bulk (multi-row INSERTs of arrays, not through the API), rates them, then measures through the
 * API over HTTP, against an in-process server, p50/p99 of:
 *  - a player's games page, a filtered games page (preset + finishing time), one game with all its rounds and
 *    its events, a leaderboard page;
 *  - what a pair who played 1,000 of the games together shared (bench/history-pairs.ts): games(playerIds:),
 *    headToHead with recent(first: 20), and stats of a preset and period;
 *  - and the export (`GET /export/games.ndjson?limit=10000`) in games/s and MB/s;
 * against the same database's `SELECT` of one row by primary key (the baseline, measured in the same run).
 * On DATABASE_URL's server (a fresh database, dropped at the end) or a throwaway embedded PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { startApp } from '../src/app';
import { migrate } from '../src/database/migrate';
import { backfillPairResults } from '../src/database/pair-results-backfill';
import { benchDatabase } from './bench-support';
import {
  applyCommand,
  createGame,
  PRESET_NAMES,
  PRESETS,
  seededRng,
  type GameEvent,
  type GameState,
  type PresetName,
  type Rng,
} from '../src/engine';
import { randomLegalCommand } from '../src/engine/testing/random-player';
import { gameGlobalId, playerGlobalId } from '../src/graphql/ids';
import { GameHistoryQueries } from '../src/store/game-history.queries';
import { RatingsRepository } from '../src/ratings/ratings.repository';
import { measurePairReads, pairGameCount, pairSeating, pairStoreTimings } from './history-pairs';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const GAMES = argument('games', 100_000);
const SAMPLES = argument('samples', 300);
const PLAYERS = 2_000;
const BATCH = 1_000;
const SEATS = 3;

interface Simulated {
  readonly id: string;
  readonly preset: PresetName;
  readonly players: string[];
  readonly state: GameState;
  readonly events: GameEvent[];
}

/** One game played to its end by random legal moves, its clock starting at `start`. */
function simulate(n: number, players: readonly string[], rng: Rng, start: number): Simulated {
  const preset = PRESET_NAMES[n % PRESET_NAMES.length]!;
  let t = start;
  const at = (): string => new Date((t += 1_000)).toISOString();
  const usual = Array.from({ length: SEATS }, (_, i) => players[(n * 7 + i * 13) % players.length]!);
  const seated = pairSeating(n, GAMES, players, usual);
  const rules = { ...PRESETS[preset], startingDice: 2, maxDice: PRESETS[preset].maxDice === null ? null : 2 };
  const created = createGame({ host: seated[0]!, rules, name: `Game ${n}` }, at());
  if (!created.ok) throw new Error('create refused');
  let state = created.state;
  const events: GameEvent[] = [...created.events];
  const apply = (command: Parameters<typeof applyCommand>[1]): void => {
    const r = applyCommand(state, command, { rng, at: at() });
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.violation)}`);
    state = r.state;
    events.push(...r.events);
  };
  for (const p of seated.slice(1)) apply({ type: 'JOIN', playerId: p });
  apply({ type: 'START', playerId: seated[0]! });
  while (state.status === 'IN_PROGRESS') apply(randomLegalCommand(state, rng)!);
  return { id: randomUUID(), preset, players: seated, state, events };
}

async function insertBatch(pool: Pool, games: readonly Simulated[]): Promise<void> {
  const g = games;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO games (id, name, status, preset, rules, max_players, host_id, version, state, state_version,
                          winner_id, created_at, started_at, finished_at, updated_at, chain_root, commitment)
       SELECT x.id, x.name, 'FINISHED', x.preset, x.rules, x.max_players, x.host_id, x.version, x.state, x.version,
              x.winner_id, x.created_at, x.started_at, x.finished_at, x.finished_at, x.chain_root, x.commitment
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::int[], $6::uuid[], $7::int[], $8::jsonb[],
                     $9::uuid[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[], $13::bytea[], $14::text[])
           AS x(id, name, preset, rules, max_players, host_id, version, state, winner_id, created_at, started_at,
                finished_at, chain_root, commitment)`,
      [
        g.map((x) => x.id),
        g.map((x) => x.state.name),
        g.map((x) => x.preset),
        g.map((x) => JSON.stringify(x.state.rules)),
        g.map((x) => x.state.maxPlayers),
        g.map((x) => x.players[0]),
        g.map((x) => x.state.version),
        g.map((x) => JSON.stringify(x.state)),
        g.map((x) => x.state.seats[x.state.winner!]!.playerId),
        g.map((x) => x.events[0]!.at),
        g.map((x) => x.state.startedAt),
        g.map((x) => x.state.finishedAt),
        g.map(() => randomBytes(32)),
        g.map(() => randomBytes(32).toString('hex')),
      ],
    );
    const seats = g.flatMap((x) => x.state.seats.map((s, position) => ({ game: x.id, position, s })));
    await client.query(
      `INSERT INTO seats (game_id, position, player_id, dice_count, eliminated, has_been_palifico)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::int[], $5::bool[], $6::bool[])`,
      [
        seats.map((x) => x.game),
        seats.map((x) => x.position),
        seats.map((x) => x.s.playerId),
        seats.map((x) => x.s.diceCount),
        seats.map((x) => x.s.diceCount === 0),
        seats.map((x) => x.s.hasBeenPalifico),
      ],
    );
    const rounds = g.flatMap((x) => x.state.rounds.map((r) => ({ game: x.id, r })));
    await client.query(
      `INSERT INTO rounds (game_id, number, starter_position, palifico_position, dice, started_at, ended_at, voided,
                           outcome_kind, caller_position, bid_quantity, bid_face, bidder_position, actual_count,
                           loser_position, gainer_position)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::jsonb[], $6::timestamptz[],
                            $7::timestamptz[], $8::bool[], $9::"CallKind"[], $10::int[], $11::int[], $12::int[],
                            $13::int[], $14::int[], $15::int[], $16::int[])`,
      [
        rounds.map((x) => x.game),
        rounds.map((x) => x.r.number),
        rounds.map((x) => x.r.starter),
        rounds.map((x) => x.r.palificoSeat),
        rounds.map((x) => JSON.stringify(x.r.dice)),
        rounds.map((x) => x.r.startedAt),
        rounds.map((x) => x.r.endedAt),
        rounds.map((x) => x.r.voided),
        rounds.map((x) => x.r.outcome?.kind ?? null),
        rounds.map((x) => x.r.outcome?.caller ?? null),
        rounds.map((x) => x.r.outcome?.bid.quantity ?? null),
        rounds.map((x) => x.r.outcome?.bid.face ?? null),
        rounds.map((x) => x.r.outcome?.bid.seat ?? null),
        rounds.map((x) => x.r.outcome?.actualCount ?? null),
        rounds.map((x) => x.r.outcome?.loser ?? null),
        rounds.map((x) => x.r.outcome?.gainer ?? null),
      ],
    );
    const bids = g.flatMap((x) =>
      x.events.flatMap((e) =>
        e.type === 'BID_PLACED'
          ? [
              {
                game: x.id,
                round: roundOf(x, e.seq),
                seq: e.seq,
                seat: e.seat,
                q: e.quantity,
                f: e.face,
                at: e.at,
              },
            ]
          : [],
      ),
    );
    await client.query(
      `INSERT INTO bids (game_id, round_number, seq, position, quantity, face, at)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::timestamptz[])`,
      [
        bids.map((b) => b.game),
        bids.map((b) => b.round),
        bids.map((b) => b.seq),
        bids.map((b) => b.seat),
        bids.map((b) => b.q),
        bids.map((b) => b.f),
        bids.map((b) => b.at),
      ],
    );
    const events = g.flatMap((x) =>
      x.events.map(({ seq, version, at, type, ...payload }) => ({
        game: x.id,
        seq,
        version,
        at,
        type,
        payload,
      })),
    );
    await client.query(
      `INSERT INTO game_events (game_id, seq, version, type, payload, at)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::jsonb[], $6::timestamptz[])`,
      [
        events.map((e) => e.game),
        events.map((e) => e.seq),
        events.map((e) => e.version),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.payload)),
        events.map((e) => e.at),
      ],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** The round a bid event belongs to: the last ROUND_STARTED before it. */
function roundOf(game: Simulated, seq: number): number {
  let round = 0;
  for (const e of game.events) {
    if (e.seq > seq) break;
    if (e.type === 'ROUND_STARTED') round = e.number;
  }
  return round;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(
  what: string,
  run: (i: number) => Promise<void>,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 50), p99: percentile(times, 99) };
  console.error(`${what}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`);
  return result;
}

async function main(): Promise<void> {
  const database = await benchDatabase('perudo_history_bench');
  await migrate(database.url);
  const pool = new Pool({ connectionString: database.url, max: 4 });
  try {
    const players = Array.from({ length: PLAYERS }, () => randomUUID());
    await pool.query(
      `INSERT INTO players (id, name, token_hash) SELECT id, 'Player ' || n, encode(sha256(id::text::bytea), 'hex')
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
      [players],
    );
    const rng = seededRng(42);
    const started = performance.now();
    let events = 0;
    const epoch = Date.parse('2026-01-01T00:00:00Z');
    for (let done = 0; done < GAMES; done += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GAMES - done) }, (_, i) =>
        simulate(done + i, players, rng, epoch + (done + i) * 60_000),
      );
      events += batch.reduce((n, g) => n + g.events.length, 0);
      await insertBatch(pool, batch);
      if ((done / BATCH) % 10 === 0) console.error(`seeded ${done + batch.length} games`);
    }
    // Seeded in bulk, not through moves: the pair results the finishing moves would have written.
    await backfillPairResults(pool);
    await pool.query('ANALYZE');
    const seedSeconds = (performance.now() - started) / 1000;
    console.error(`seeded ${GAMES} games, ${events} events in ${seedSeconds.toFixed(1)} s`);
    const ratings = new RatingsRepository(pool, new GameHistoryQueries(pool));
    const rateStart = performance.now();
    while ((await ratings.applyPending({ batch: 2_000 })) > 0);
    const rateSeconds = (performance.now() - rateStart) / 1000;
    console.error(`rated ${GAMES} games in ${rateSeconds.toFixed(1)} s`);

    // The plans of the list, leaderboard and export queries at this size: each must use an index.
    const { rows: sampleSeat } = await pool.query<{ id: string; player_id: string }>(
      'SELECT game_id::text AS id, player_id::text AS player_id FROM seats LIMIT 1',
    );
    const plans: Record<string, string> = {};
    const explain = async (name: string, sql: string, values: unknown[]): Promise<void> => {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values);
      plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
      console.error(`plan of ${name}:\n${plans[name]}`);
    };
    await explain(
      "a player's games",
      `SELECT x.player_id, page.id FROM unnest($1::uuid[]) AS x(player_id), LATERAL (
         SELECT g.id, g.created_at FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = x.player_id
          ORDER BY g.created_at DESC, g.id DESC LIMIT 21) page`,
      [[sampleSeat[0]!.player_id]],
    );
    await explain(
      'games by preset and finishing time',
      `SELECT g.id FROM games g WHERE g.status = 'FINISHED' AND g.preset = 'PUB' AND g.finished_at > $1
        ORDER BY g.created_at DESC, g.id DESC LIMIT 21`,
      [new Date(epoch + (GAMES / 2) * 60_000)],
    );
    await explain(
      'games of a player by preset',
      `SELECT g.id FROM games g WHERE g.preset = 'PUB'
          AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $1)
        ORDER BY g.created_at DESC, g.id DESC LIMIT 21`,
      [sampleSeat[0]!.player_id],
    );
    await explain(
      "a pair's games",
      `SELECT g.id FROM games g WHERE g.id IN (SELECT s0.game_id FROM seats s0 WHERE s0.player_id = $1
          AND EXISTS (SELECT 1 FROM seats s1 WHERE s1.game_id = s0.game_id AND s1.player_id = $2))
        ORDER BY g.created_at DESC, g.id DESC LIMIT 21`,
      [players[0], players[1]],
    );
    await explain(
      'a leaderboard page',
      `SELECT player_id FROM ratings WHERE preset = 'PUB' ORDER BY ordinal DESC, player_id LIMIT 21`,
      [],
    );
    await explain(
      'an export page',
      `SELECT g.id FROM games g WHERE g.status = 'FINISHED' AND (g.finished_at, g.id) > ($1::timestamptz, $2::uuid)
        ORDER BY g.finished_at, g.id LIMIT 200`,
      [new Date(epoch), sampleSeat[0]!.id],
    );

    const pairStore = await pairStoreTimings(pool, [players[0]!, players[1]!]);
    const app = await startApp({ databaseUrl: database.url, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const post = async (query: string, variables: Record<string, unknown>): Promise<void> => {
        const res = await fetch(app.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        const body = (await res.json()) as { errors?: unknown };
        if (body.errors) throw new Error(JSON.stringify(body.errors));
      };
      const { rows: sample } = await pool.query<{ id: string; finished_at: Date }>(
        'SELECT id::text AS id, finished_at FROM games ORDER BY random() LIMIT $1',
        [SAMPLES + 20],
      );
      const baseline = await measure('SELECT one row by primary key', async (i) => {
        await pool.query('SELECT id, name, status FROM games WHERE id = $1', [sample[i % sample.length]!.id]);
      });
      const playerGames = await measure("a player's games page (20)", (i) =>
        post('query($id: ID!) { player(id: $id) { games(first: 20) { nodes { id status finishedAt } } } }', {
          id: playerGlobalId(players[i % players.length]!),
        }),
      );
      const filtered = await measure('a filtered games page (preset + finishedAfter, 20)', (i) =>
        post(
          'query($after: DateTime) { games(preset: PUB, status: FINISHED, finishedAfter: $after, first: 20) { nodes { id finishedAt } } }',
          { after: sample[i % sample.length]!.finished_at.toISOString() },
        ),
      );
      const oneGame = await measure('one game with all rounds and events', (i) =>
        post(
          `query($id: ID!) { game(id: $id) { id places { place player { id } }
             rounds(first: 100) { nodes { number bids { quantity face } outcome { kind actualCount } reveal { dice } } }
             events(first: 500) { seq type } } }`,
          { id: gameGlobalId(sample[i % sample.length]!.id) },
        ),
      );
      const board = await measure('a leaderboard page (20)', () =>
        post(
          '{ leaderboard(preset: PUB, first: 20) { edges { node { rank rating { ordinal } player { name } } } } }',
          {},
        ),
      );
      const pair = [playerGlobalId(players[0]!), playerGlobalId(players[1]!)] as const;
      const pairReads = await measurePairReads(
        measure,
        post,
        pair,
        new Date(epoch + (GAMES / 2) * 60_000).toISOString(),
      );
      const exportStart = performance.now();
      const res = await fetch(app.url.replace('/graphql', '/export/games.ndjson?limit=10000'));
      const text = await res.text();
      const exportSeconds = (performance.now() - exportStart) / 1000;
      const lines = text.trim().split('\n').length;
      const exported = {
        games: lines,
        seconds: exportSeconds,
        gamesPerSecond: lines / exportSeconds,
        megabytesPerSecond: Buffer.byteLength(text) / 1e6 / exportSeconds,
      };
      console.error(
        `export: ${lines} games in ${exportSeconds.toFixed(2)} s = ${exported.gamesPerSecond.toFixed(0)} games/s, ${exported.megabytesPerSecond.toFixed(1)} MB/s`,
      );
      const ratio = (r: { p50: number; p99: number }) => ({ ...r, p99OverBaselineP99: r.p99 / baseline.p99 });
      console.log(
        JSON.stringify({
          games: GAMES,
          events,
          seedSeconds,
          rateSeconds,
          baseline,
          playerGames: ratio(playerGames),
          filtered: ratio(filtered),
          oneGame: ratio(oneGame),
          leaderboard: ratio(board),
          pairGames: pairGameCount(GAMES),
          pairStore,
          ...Object.fromEntries(Object.entries(pairReads).map(([name, r]) => [name, ratio(r)])),
          export: exported,
          plans,
        }),
      );
    } finally {
      await app.stop();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
