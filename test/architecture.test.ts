// The layering of src/: which top-level part may import which, as drawn in the README, and no import cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

/**
 * What each part of src/ may import from the others. Dependencies point inward: the engine knows nothing,
 * the transports (http, ws) know the gate but never each other, and only app.ts wires everything.
 */
const ALLOWED: Record<string, readonly string[]> = {
  engine: [],
  // The one clock every background loop runs on (no overlap, errors logged, stop waits for a run).
  clock: [],
  // Plain counters of the server's own work, incremented anywhere and read by the metrics.
  instrumentation: [],
  security: ['engine'],
  database: ['generated'],
  store: ['engine', 'security', 'database', 'generated', 'instrumentation'],
  // The move use case: asks the engine, records through the store's narrow interface, knows no transport.
  moves: ['engine', 'security', 'store'],
  observability: ['realtime', 'instrumentation', 'clock'],
  // Feeds and broadcasts run their periodic checks on the clock.
  realtime: ['engine', 'store', 'instrumentation', 'clock'],
  // Bots decide from the view of their seat alone: the engine's view and odds, nothing else.
  bots: ['engine'],
  timers: ['engine', 'store', 'moves', 'bots', 'clock'],
  // The table chat: its rules, use case, repository, live feeds and bus codec; reads games from the store.
  chat: ['engine', 'store', 'realtime', 'clock'],
  // Who is connected to which game across processes: its rows and repository, heartbeat, bus notices, streams.
  presence: ['engine', 'realtime', 'clock'],
  // Ratings: their rules (OpenSkill, who is rated), their SQL, the applier job and its wiring.
  ratings: ['engine', 'database', 'store', 'clock'],
  // Accounts: token rotation and renames, their SQL, and the change notices every process acts on.
  accounts: ['security', 'database', 'store', 'realtime'],
  // Agents: people's programs' accounts (their SQL, their cap), tokens and names changed through accounts.
  agents: ['engine', 'security', 'database', 'store', 'accounts'],
  // Webhooks: endpoints and deliveries (their SQL), the signer, the guarded sender and the worker.
  webhooks: ['database', 'store', 'clock'],
  // Direct challenges, blocks and challenge policies: their SQL, use cases through the moves, the expiry job,
  // and the bus codec that carries their events to every process's playerEvents.
  challenges: ['engine', 'database', 'store', 'moves', 'realtime', 'clock'],
  // The arena: arenaJoin through the moves, its SQL, and the reference bots its tables are filled with.
  arena: ['engine', 'security', 'store', 'moves'],
  graphql: [
    'engine',
    'security',
    'store',
    'moves',
    'realtime',
    'chat',
    'presence',
    'ratings',
    'accounts',
    'agents',
    'webhooks',
    'challenges',
    'arena',
    'instrumentation',
  ],
  // Everything at the door, one home for the protection of both transports: who calls, which operations may
  // run (bounds and cost), what each client may spend (rate limits shared across processes on the clock),
  // origins, addresses and sockets.
  gate: ['engine', 'store', 'graphql', 'realtime', 'clock'],
  // The NDJSON export streams pages of finished games from the store, outside GraphQL.
  http: ['gate', 'graphql', 'observability', 'store'],
  ws: ['gate', 'graphql', 'instrumentation'],
  app: [
    'engine',
    'security',
    'database',
    'store',
    'moves',
    'chat',
    'presence',
    'realtime',
    'timers',
    'bots',
    'graphql',
    'gate',
    'http',
    'ws',
    'observability',
    'instrumentation',
    'clock',
    'ratings',
    'accounts',
    'agents',
    'webhooks',
    'challenges',
    'arena',
  ],
  server: ['app', 'database', 'engine', 'gate', 'observability', 'timers', 'webhooks'],
};

const NO_SQL_NO_GRAPHQL = /^(pg|@prisma\/.*|\.prisma.*|graphql|type-graphql|@apollo\/|graphql-ws|ws)$/;
const NO_PRISMA_NO_GRAPHQL = /^(@prisma\/.*|\.prisma.*|graphql|type-graphql|@apollo\/|graphql-ws|ws)$/;
/** A feature folder keeping its own SQL: pg in its `*.repository.ts` files, nowhere else in it. */
const sqlInRepositoriesOnly = (file: string): RegExp =>
  file.endsWith('.repository.ts') ? NO_PRISMA_NO_GRAPHQL : NO_SQL_NO_GRAPHQL;

/**
 * Packages a file may not use whatever it imports, by its part and its name: the engine is pure, the store
 * knows no GraphQL. A feature that keeps its own SQL (chat, presence) may use pg in its `*.repository.ts` files
 * only: the check is per file, so a service or feed of the same folder cannot reach the database.
 */
const FORBIDDEN_PACKAGES: Record<string, (file: string) => RegExp> = {
  engine: () => /^(?!node:assert|node:crypto$|fast-check$)/,
  store: () => /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
  // No SQL in the use case: it writes through the store's interface only.
  moves: () => NO_SQL_NO_GRAPHQL,
  realtime: () => /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
  // SQL in chat.repository.ts alone, not in the chat's rules; the API is in graphql/.
  chat: sqlInRepositoriesOnly,
  // SQL in presence.repository.ts alone; the API is in graphql/.
  presence: sqlInRepositoriesOnly,
  // SQL in the ratings' repositories alone; the API is in graphql/.
  ratings: sqlInRepositoriesOnly,
  // SQL in accounts.repository.ts alone; the API is in graphql/.
  accounts: sqlInRepositoriesOnly,
  // SQL in agents.repository.ts alone; the API is in graphql/.
  agents: sqlInRepositoriesOnly,
  webhooks: sqlInRepositoriesOnly,
  // SQL in challenges.repository.ts alone; the API is in graphql/.
  challenges: sqlInRepositoriesOnly,
  bots: () => /^(?!fast-check$)/,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The top-level part of src/ a file belongs to: its folder, or its own name for a file at the root. */
function partOf(file: string): string {
  const [first] = path.relative(SRC, file).split(path.sep);
  return first!.replace(/\.ts$/, '');
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('layering of src/', () => {
  const files = sourceFiles(SRC);

  test('every part is in the drawing', () => {
    expect([...new Set(files.map(partOf))].sort()).toEqual(
      Object.keys(ALLOWED)
        .filter((p) => p !== 'generated')
        .sort(),
    );
  });

  test('no part imports a part it should not', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = partOf(file);
      const isTest = file.endsWith('.test.ts') || file.includes(`${path.sep}testing${path.sep}`);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) {
          const to = partOf(path.resolve(path.dirname(file), spec));
          if (to !== from && !ALLOWED[from]!.includes(to))
            violations.push(`${path.relative(SRC, file)} -> ${spec}`);
        } else if (!isTest && FORBIDDEN_PACKAGES[from]?.(file).test(spec)) {
          violations.push(`${path.relative(SRC, file)} -> package ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });
});

/** The files of src/ that `file` imports at run time: `import type` and `export type` are erased. */
function runtimeImportsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']*)'/gms),
    ...text.matchAll(/^\s*import\s+'(\.[^']*)'/gm),
  ].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '');
    const found = [`${target}.ts`, path.join(target, 'index.ts')].find((f) => known.has(f));
    return found ? [found] : [];
  });
}

/** Every cycle of `graph` met by a depth-first walk, each once, as its files in import order. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = stack.indexOf(next);
      if (at >= 0) {
        const cycle = stack.slice(at);
        cycles.set([...cycle].sort().join(), cycle);
      } else if (!done.has(next)) visit(next);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return [...cycles.values()];
}

describe('imports of src/', () => {
  test('no import cycle in src/', () => {
    // A cycle makes the load order decide which of its modules sees the other half-initialised.
    const files = sourceFiles(SRC);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, runtimeImportsOf(f, known)] as const));
    const cycles = cyclesOf(graph).map((c) => [...c, c[0]!].map((f) => path.relative(SRC, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});

describe('the house rules', () => {
  const files = sourceFiles(SRC);

  test('no source file over 400 lines', () => {
    const long = files
      .map((f) => [path.relative(SRC, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  test('every periodic loop is a PeriodicJob (the logger’s flush aside: it logs for the others)', () => {
    const ownLoops = files
      .filter((f) => /\bsetInterval\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f))
      .filter((f) => !f.endsWith('.test.ts'));
    expect(ownLoops.sort()).toEqual([
      path.join('clock', 'periodic-job.ts'),
      path.join('observability', 'logger.ts'),
    ]);
  });

  test('resolvers reach no repository, query or database: they call a use case or a service', () => {
    const dir = path.join(SRC, 'graphql', 'resolvers');
    const reaching = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        importsOf(path.join(dir, f))
          .filter((spec) => /\/(store\/.*\.(repository|queries)|database\/)/.test(spec))
          .map((spec) => `${f} -> ${spec}`),
      );
    expect(reaching).toEqual([]);
  });
});

describe('bots', () => {
  test('strategies are given their seat’s view, never the game state', () => {
    // Only the driver that builds each bot's view handles the state; everything it calls takes a view.
    const dir = path.join(SRC, 'bots');
    const seeing = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'bot-moves.ts')
      .filter((f) =>
        /\bGameState\b|\bRoundState\b|\bSeatState\b/.test(readFileSync(path.join(dir, f), 'utf8')),
      );
    expect(seeing).toEqual([]);
  });
});
