// The example arena agents (examples/agents) play whole arena games against a real server: the TypeScript one
// in this process, the Python one as a child process when AGENT_PYTHON names a Python with its requirements.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@perudo/client';
import { runAgent, type ArenaGameResult } from '../../examples/agents/agent';
import type { App } from '../../src/app';
import { PROJECT_ROOT, startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const run = promisify(execFile);
const PYTHON = process.env.AGENT_PYTHON ?? '';
const PYTHON_AGENT = path.join(PROJECT_ROOT, 'examples', 'agents', 'python', 'agent.py');

let database: TestDatabase | undefined;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, { botDelayMs: 20, turnTimerIntervalMs: 50 });
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

interface ArenaGame {
  status: string;
  arena: boolean;
  rated: boolean;
  seats: { player: { id: string; isAgent: boolean; isArenaReference: boolean; botLevel: string | null } }[];
  places: { place: number; player: { id: string } }[];
}

/** An owner's new agent and its token, through the API. */
async function newAgent(name: string): Promise<{ id: string; token: string }> {
  const owner = createClient({ url: app!.url });
  try {
    await owner.register(`Owner of ${name}`);
    const made = await owner.createAgent(name);
    expect(made.userErrors).toEqual([]);
    expect(made.agent).toMatchObject({ name, isAgent: true, retired: false });
    return { id: made.agent!.id, token: made.token! };
  } finally {
    await owner.close();
  }
}

async function arenaGame(id: string): Promise<ArenaGame> {
  const reader = createClient({ url: app!.url });
  try {
    const { game } = await reader.request<{ game: ArenaGame }, { id: string }>(
      `query ArenaGame($id: ID!) { game(id: $id) { status arena rated
         seats { player { id isAgent isArenaReference botLevel } } places { place player { id } } } }`,
      { id },
    );
    return game;
  } finally {
    await reader.close();
  }
}

/** A finished two-seat arena game: the agent and one reference bot, both placed. */
async function expectFinishedWithReference(gameId: string, agentId: string): Promise<void> {
  const game = await arenaGame(gameId);
  expect({ status: game.status, arena: game.arena, rated: game.rated }).toEqual({
    status: 'FINISHED',
    arena: true,
    rated: false,
  });
  expect(
    game.seats.map((s) => [s.player.id === agentId, s.player.isAgent, s.player.isArenaReference]),
  ).toEqual(
    expect.arrayContaining([
      [true, true, false],
      [false, false, true],
    ]),
  );
  expect(game.seats).toHaveLength(2);
  expect(game.places.map((p) => p.place).sort()).toEqual([1, 2]);
}

it('the TypeScript agent plays two arena games in a row to FINISHED, a reference bot filling the other seat', async () => {
  const agent = await newAgent('Ts Agent');
  const seen: ArenaGameResult[] = [];
  const results = await runAgent({
    url: app!.url,
    token: agent.token,
    seats: 2,
    turnSeconds: 5,
    fillSeconds: 0,
    games: 2,
    onGame: (result) => seen.push(result),
  });

  expect(results).toHaveLength(2);
  expect(seen).toEqual(results);
  expect(results.map((r) => r.status)).toEqual(['FINISHED', 'FINISHED']);
  expect(new Set(results.map((r) => r.gameId)).size).toBe(2);
  for (const result of results) {
    expect(result.moves).toBeGreaterThan(0);
    await expectFinishedWithReference(result.gameId, agent.id);
    const game = await arenaGame(result.gameId);
    expect(result.won).toBe(game.places.find((p) => p.place === 1)!.player.id === agent.id);
  }
}, 120_000);

const python = PYTHON && existsSync(PYTHON) ? it : it.skip;
if (!PYTHON || !existsSync(PYTHON)) {
  // Skipped, and said so: `.ci/run` makes the virtual environment when the machine has python3.
  console.warn(
    `arena-agents: the Python agent is not run: set AGENT_PYTHON to a Python with examples/agents/python/requirements.txt installed (now "${PYTHON}")`,
  );
}

python(
  'the Python agent plays an arena game against the reference bot it asks for to FINISHED and prints its id, status and result',
  async () => {
    const agent = await newAgent('Py Agent');
    const { stdout } = await run(
      PYTHON,
      [
        PYTHON_AGENT,
        '--url',
        app!.url,
        '--games',
        '1',
        '--seats',
        '2',
        '--turn-seconds',
        '5',
        '--fill-seconds',
        '0',
        '--reference-bot',
        'HARD',
      ],
      { env: { ...process.env, PERUDO_TOKEN: agent.token }, timeout: 100_000 },
    );
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const [gameId, status, result] = lines[0]!.split(' ');
    expect(status).toBe('FINISHED');
    await expectFinishedWithReference(gameId!, agent.id);
    const game = await arenaGame(gameId!);
    // The reference bot it asked for is the one it played.
    expect(game.seats.map((s) => s.player.botLevel)).toEqual([null, 'HARD']);
    expect(result).toBe(game.places.find((p) => p.place === 1)!.player.id === agent.id ? 'won' : 'lost');
  },
  120_000,
);
