// The arena under the example agents: one API process, one owner, `agents` Python agents
// (examples/agents/python/agent.py, polling over HTTP) and `agents` TypeScript agents (examples/agents/agent.ts,
// live over a socket), each its own process, joining arena tables of `seats` that reference bots fill after
// `fillSeconds`, until `games` arena games have FINISHED: games and decisions a minute. Then the decisions
// export (GET /export/decisions.ndjson) over those games against the game export of the same games in the same
// run (the baseline): lines, games and bytes a second. Prints a Markdown table, then the figures as JSON.
//   npm run bench:arena -- --games 200 --agents 3
//   (DATABASE_URL: a fresh database on that server, otherwise an embedded one; AGENT_PYTHON: a Python with
//   examples/agents/python/requirements.txt, default python3)
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { spawnServerProcess } from '../scripts/server-process';
import { benchDatabase, choice, integer, parseOptions } from './bench-support';

const options = parseOptions(process.argv.slice(2), {
  // Arena games to see FINISHED.
  games: integer(200, 1),
  // Agent processes of each language.
  agents: integer(3, 1, 5),
  seats: integer(4, 2, 4),
  turnSeconds: integer(5, 5, 120),
  fillSeconds: integer(1, 0, 300),
  // How long the reference bots think (BOT_DELAY_MS).
  botDelayMs: integer(50, 0, 60_000),
  // Times each export is read; the median is reported.
  exportRuns: integer(3, 1),
  preset: choice('PERUDO', ['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB']),
  // Give up after this long without reaching `games` (s).
  timeoutSeconds: integer(1800, 10),
});

const ROOT = join(__dirname, '..');
const PYTHON = process.env.AGENT_PYTHON || 'python3';

async function gql<T>(url: string, query: string, variables: object, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body));
  return body.data;
}

/**
 * The TypeScript agent as its own process: `@perudo/client` is this checkout's package from its source, as
 * tsconfig.json maps it (no build of the package needed).
 */
function typescriptAgent(args: readonly string[], token: string): ChildProcess {
  const boot = `
    require('ts-node').register({ transpileOnly: true, experimentalResolver: true });
    const Module = require('node:module');
    const resolve = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
      return resolve.call(this, request === '@perudo/client' ? ${JSON.stringify(join(ROOT, 'packages/client/src/index.ts'))} : request, ...rest);
    };
    require(${JSON.stringify(join(ROOT, 'examples/agents/agent.ts'))})
      .agentMain(process.argv.slice(1))
      .catch((error) => { console.error(error); process.exit(1); });`;
  return spawn(process.execPath, ['-e', boot, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, PERUDO_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function pythonAgent(args: readonly string[], token: string): ChildProcess {
  return spawn(PYTHON, [join(ROOT, 'examples/agents/python/agent.py'), ...args], {
    cwd: ROOT,
    env: { ...process.env, PERUDO_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Agent {
  readonly kind: 'python' | 'typescript';
  readonly child: ChildProcess;
  games: number;
  stderr: string;
  exited: boolean;
}

function watch(kind: Agent['kind'], child: ChildProcess): Agent {
  const agent: Agent = { kind, child, games: 0, stderr: '', exited: false };
  child.stdout!.on('data', (chunk: Buffer) => {
    agent.games += (chunk.toString().match(/ FINISHED /g) ?? []).length;
  });
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (agent.stderr = (agent.stderr + chunk.toString()).slice(-4000)),
  );
  child.once('exit', () => (agent.exited = true));
  return agent;
}

interface ExportRead {
  lines: number;
  bytes: number;
  pages: number;
  games: number;
  ms: number;
}

/**
 * Reads an export whole, following `after` (the game of the page's last line) while a page was bounded by
 * bytes; each line's game is taken with `game` (a pattern, not a JSON parse: the reader stays cheap).
 */
async function readExport(url: string, game: RegExp): Promise<ExportRead> {
  const started = performance.now();
  const games = new Set<string>();
  let lines = 0;
  let bytes = 0;
  let pages = 0;
  for (let after = ''; ;) {
    const res = await fetch(`${url}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
    pages++;
    const paged = res.headers.has('x-export-page-bytes');
    let pending = '';
    let last = '';
    let pageBytes = 0;
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pageBytes += value.byteLength;
      const parts = (pending + decoder.decode(value, { stream: true })).split('\n');
      pending = parts.pop()!;
      for (const line of parts) {
        lines++;
        last = game.exec(line)?.[1] ?? '';
        if (!last) throw new Error(`${url}: a line without its game: ${line.slice(0, 200)}`);
        games.add(last);
      }
    }
    bytes += pageBytes;
    if (!paged || pageBytes === 0 || !last || last === after) break;
    after = last;
  }
  return { lines, bytes, pages, games: games.size, ms: performance.now() - started };
}

function median(runs: readonly ExportRead[]): ExportRead {
  return [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
}

async function main(): Promise<void> {
  const db = await benchDatabase('arena_bench');
  const server = await spawnServerProcess({
    entry: {
      eval: `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');`,
    },
    cwd: ROOT,
    databaseUrl: db.url,
    env: { REGISTRATIONS_PER_MINUTE: 'off', BOT_DELAY_MS: String(options.botDelayMs) },
    startTimeoutMs: 60_000,
    output: 'drain',
  });
  const pg = new PgClient({ connectionString: db.url });
  await pg.connect();
  const agents: Agent[] = [];
  try {
    const owner = await gql<{ registerPlayer: { token: string } }>(
      server.url,
      'mutation { registerPlayer(input: { name: "Arena Owner" }) { token } }',
      {},
    );
    const tokens: string[] = [];
    for (let i = 0; i < 2 * options.agents; i++) {
      const made = await gql<{ createAgent: { token: string | null; userErrors: unknown[] } }>(
        server.url,
        'mutation($name: String!) { createAgent(input: { name: $name }) { token userErrors { code message } } }',
        { name: `${i % 2 ? 'Ts' : 'Py'} Agent ${Math.floor(i / 2) + 1}` },
        owner.registerPlayer.token,
      );
      if (!made.createAgent.token)
        throw new Error(`createAgent: ${JSON.stringify(made.createAgent.userErrors)}`);
      tokens.push(made.createAgent.token);
    }
    const args = [
      ...['--url', server.url, '--games', '1000000', '--preset', options.preset],
      ...['--seats', String(options.seats), '--turn-seconds', String(options.turnSeconds)],
      ...['--fill-seconds', String(options.fillSeconds)],
    ];
    const finished = async (before: string | null = null): Promise<number> => {
      const { rows } = await pg.query<{ n: string }>(
        `SELECT count(*) AS n FROM games WHERE arena_key IS NOT NULL AND status = 'FINISHED'
           AND ($1::timestamptz IS NULL OR finished_at < $1::timestamptz)`,
        [before],
      );
      return Number(rows[0]!.n);
    };

    const started = performance.now();
    tokens.forEach((token, i) =>
      agents.push(
        i % 2
          ? watch('typescript', typescriptAgent([...args, '--quiet'], token))
          : watch('python', pythonAgent(args, token)),
      ),
    );
    let done = 0;
    while ((done = await finished()) < options.games) {
      const failed = agents.find((a) => a.exited);
      if (failed) throw new Error(`a ${failed.kind} agent stopped: ${failed.stderr}`);
      if (performance.now() - started > options.timeoutSeconds * 1000)
        throw new Error(`only ${done} arena games finished in ${options.timeoutSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const playSeconds = (performance.now() - started) / 1000;
    const cutoff = (await pg.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now.toISOString();
    for (const agent of agents) agent.child.kill('SIGTERM');
    const counted = await finished(cutoff);
    const { rows: decisionRows } = await pg.query<{ bids: string; calls: string; byServer: string }>(
      `WITH g AS (SELECT id FROM games WHERE arena_key IS NOT NULL AND status = 'FINISHED' AND finished_at < $1)
       SELECT (SELECT count(*) FROM bids WHERE game_id IN (SELECT id FROM g)) AS bids,
              (SELECT count(*) FROM rounds WHERE game_id IN (SELECT id FROM g) AND outcome_kind IS NOT NULL) AS calls,
              (SELECT count(*) FROM bids WHERE game_id IN (SELECT id FROM g) AND by_bot)
                + (SELECT count(*) FROM rounds WHERE game_id IN (SELECT id FROM g) AND outcome_kind IS NOT NULL AND by_bot)
                AS "byServer"`,
      [cutoff],
    );
    const decisions = Number(decisionRows[0]!.bids) + Number(decisionRows[0]!.calls);
    // The games the agents left open are played out by the turn timer before the exports are read.
    for (let waited = 0; waited < 120; waited++) {
      const { rows } = await pg.query<{ n: string }>(
        `SELECT count(*) AS n FROM games WHERE arena_key IS NOT NULL AND status IN ('LOBBY', 'IN_PROGRESS')`,
      );
      if (rows[0]!.n === '0') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const base = server.url.replace(/\/graphql$/, '');
    const window = `finishedBefore=${encodeURIComponent(cutoff)}`;
    const decisionRuns: ExportRead[] = [];
    const gameRuns: ExportRead[] = [];
    for (let i = 0; i < options.exportRuns; i++) {
      decisionRuns.push(
        await readExport(`${base}/export/decisions.ndjson?arena=true&${window}`, /"game":"([^"]+)"/),
      );
      gameRuns.push(await readExport(`${base}/export/games.ndjson?${window}`, /^\{"id":"([^"]+)"/));
    }
    const decisionExport = median(decisionRuns);
    const gameExport = median(gameRuns);
    const perSecond = (n: number, ms: number): number => Math.round((n / ms) * 1000);
    const byKind = (kind: Agent['kind']): number =>
      agents.filter((a) => a.kind === kind).reduce((n, a) => n + a.games, 0);

    const figures = {
      options,
      playSeconds: Number(playSeconds.toFixed(1)),
      arenaGamesFinished: counted,
      gamesPerMinute: Number(((counted / playSeconds) * 60).toFixed(1)),
      agentGames: { python: byKind('python'), typescript: byKind('typescript') },
      decisions,
      decisionsByServer: Number(decisionRows[0]!.byServer),
      decisionsPerMinute: Math.round((decisions / playSeconds) * 60),
      decisionExport: {
        ...decisionExport,
        ms: Math.round(decisionExport.ms),
        linesPerSecond: perSecond(decisionExport.lines, decisionExport.ms),
        gamesPerSecond: perSecond(decisionExport.games, decisionExport.ms),
        megabytesPerSecond: Number((decisionExport.bytes / 2 ** 20 / (decisionExport.ms / 1000)).toFixed(2)),
      },
      gameExport: {
        ...gameExport,
        ms: Math.round(gameExport.ms),
        linesPerSecond: perSecond(gameExport.lines, gameExport.ms),
        gamesPerSecond: perSecond(gameExport.games, gameExport.ms),
        megabytesPerSecond: Number((gameExport.bytes / 2 ** 20 / (gameExport.ms / 1000)).toFixed(2)),
      },
    };
    const d = figures.decisionExport;
    const g = figures.gameExport;
    console.log(
      [
        `| arena (${options.agents} Python + ${options.agents} TypeScript agents, ${options.seats} seats, ${options.preset}) | figure |`,
        '| --- | ---: |',
        `| arena games FINISHED | ${counted} in ${figures.playSeconds} s |`,
        `| games a minute | ${figures.gamesPerMinute} |`,
        `| decisions (bids, dudo and exact calls) | ${decisions} (${figures.decisionsByServer} by the server) |`,
        `| decisions a minute | ${figures.decisionsPerMinute} |`,
        '',
        `| export of those games (median of ${options.exportRuns}) | lines | games | MiB | ms | lines/s | games/s | MiB/s |`,
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        `| /export/decisions.ndjson?arena=true | ${d.lines} | ${d.games} | ${(d.bytes / 2 ** 20).toFixed(2)} | ${d.ms} | ${d.linesPerSecond} | ${d.gamesPerSecond} | ${d.megabytesPerSecond} |`,
        `| /export/games.ndjson (baseline) | ${g.lines} | ${g.games} | ${(g.bytes / 2 ** 20).toFixed(2)} | ${g.ms} | ${g.linesPerSecond} | ${g.gamesPerSecond} | ${g.megabytesPerSecond} |`,
      ].join('\n'),
    );
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    for (const agent of agents) if (!agent.exited) agent.child.kill('SIGKILL');
    await pg.end();
    await server.stop();
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
