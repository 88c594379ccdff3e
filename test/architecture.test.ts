// The layering of src/: which top-level part may import which, as drawn in the README.
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
  observability: ['realtime', 'instrumentation'],
  realtime: ['engine', 'store', 'instrumentation'],
  // Bots decide from the view of their seat alone: the engine's view and odds, nothing else.
  bots: ['engine'],
  timers: ['engine', 'store', 'moves', 'bots', 'clock'],
  // The table chat's rules and use case, and its live feeds: reads games, stores through its repository.
  chat: ['engine', 'store', 'realtime'],
  // Ratings: their rules (OpenSkill, who is rated), their SQL, the applier job and its wiring.
  ratings: ['engine', 'database', 'store', 'clock'],
  // Accounts: token rotation and renames, their SQL, and the change notices every process acts on.
  accounts: ['security', 'store', 'realtime'],
  limits: ['realtime'],
  graphql: [
    'engine',
    'security',
    'store',
    'moves',
    'realtime',
    'chat',
    'ratings',
    'accounts',
    'instrumentation',
  ],
  gate: ['engine', 'store', 'graphql', 'limits'],
  // The NDJSON export streams pages of finished games from the store, outside GraphQL.
  http: ['gate', 'graphql', 'limits', 'observability', 'store'],
  ws: ['gate', 'graphql', 'limits', 'instrumentation'],
  app: [
    'engine',
    'security',
    'database',
    'store',
    'moves',
    'chat',
    'realtime',
    'timers',
    'bots',
    'limits',
    'graphql',
    'gate',
    'http',
    'ws',
    'observability',
    'instrumentation',
    'clock',
    'ratings',
    'accounts',
  ],
  server: ['app', 'database', 'engine', 'gate', 'limits', 'observability', 'timers'],
};

/** Packages a part may not use whatever it imports: the engine is pure, the store knows no GraphQL. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  engine: /^(?!node:assert|node:crypto$|fast-check$)/,
  store: /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
  // No SQL in the use case: it writes through the store's interface only.
  moves: /^(pg|@prisma\/.*|\.prisma.*|graphql|type-graphql|@apollo\/|graphql-ws|ws)$/,
  realtime: /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
  // No SQL and no GraphQL in the chat's rules: SQL is in store/chat.repository, the API in graphql/.
  chat: /^(pg|@prisma\/.*|\.prisma.*|graphql|type-graphql|@apollo\/|graphql-ws|ws)$/,
  bots: /^(?!fast-check$)/,
  // No GraphQL in the ratings feature: graphql/ translates it.
  ratings: /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
  // No GraphQL in the accounts feature either.
  accounts: /^(graphql|type-graphql|@apollo\/|graphql-ws|ws$)/,
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
        } else if (!isTest && FORBIDDEN_PACKAGES[from]?.test(spec)) {
          violations.push(`${path.relative(SRC, file)} -> package ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
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
