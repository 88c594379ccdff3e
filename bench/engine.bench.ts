/**
 * Engine benchmark: random full 6-player games of every preset, single-threaded.
 *
 *   npm run bench:engine [-- --games 2000 --repeat 3]
 *
 * For each preset it measures
 *  - the play loop: the player whose turn it is picks a legal move from `legalActions` (a random face and
 *    quantity near the minimum, dudo or an exact call), and every move is validated and applied by
 *    `applyCommand`;
 *  - `applyCommand` alone, replaying the same games' commands (same seeds, so the same dice);
 *  - `legalActions` alone, for the player whose turn it is, over the positions of those games;
 * and, in the same run and over the same positions, baselines: a shallow copy of the state object, a JSON
 * clone of the state, and the seeded rng alone. Every measurement is repeated and the fastest run kept.
 */
import { performance } from 'node:perf_hooks';
import {
  applyCommand,
  createGame,
  legalActions,
  PRESET_NAMES,
  PRESETS,
  seededRng,
  type Command,
  type GameState,
  type PresetName,
  type Rng,
} from '../src/engine';
import { randomLegalCommand } from '../src/engine/testing/random-player';

const PLAYERS = 6;
const AT = '2030-01-01T00:00:00.000Z';
/** Positions kept per preset for the legalActions and baseline measurements. */
const SAMPLE_POSITIONS = 40_000;

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const GAMES = argument('games', 2000);
/** Each measurement is repeated and the fastest run is kept (the machine may be busy with other work). */
const REPEAT = argument('repeat', 3);

let sink = 0;

function must<T extends { ok: boolean }>(result: T, what: string): T & { ok: true } {
  if (!result.ok) throw new Error(`${what} refused: ${JSON.stringify(result)}`);
  return result as T & { ok: true };
}

function newGame(preset: PresetName, rng: Rng): GameState {
  let state = must(createGame({ host: 'p0', rules: PRESETS[preset] }, AT), 'create').state;
  for (let i = 1; i < PLAYERS; i++) {
    state = must(applyCommand(state, { type: 'JOIN', playerId: `p${i}` }, { rng, at: AT }), 'join').state;
  }
  return must(applyCommand(state, { type: 'START', playerId: 'p0' }, { rng, at: AT }), 'start').state;
}

interface PlayedGame {
  readonly seed: number;
  readonly commands: Command[];
  readonly positions: GameState[];
}

/** One full game: legal moves from legalActions, each validated and applied by applyCommand. */
function playGame(preset: PresetName, seed: number, keep: boolean): PlayedGame {
  const engineRng = seededRng(seed);
  const choices = seededRng(seed ^ 0x2545f491);
  let state = newGame(preset, engineRng);
  const commands: Command[] = [];
  const positions: GameState[] = [];
  while (state.status === 'IN_PROGRESS') {
    const command = randomLegalCommand(state, choices)!;
    const result = applyCommand(state, command, { rng: engineRng, at: AT });
    if (!result.ok) throw new Error(`a legal move was refused: ${result.violation.message}`);
    if (keep) {
      commands.push(command);
      positions.push(state);
    }
    state = result.state;
  }
  if (keep) return { seed, commands, positions };
  sink += state.winner!;
  return { seed, commands, positions };
}

/** Replays a game's commands through applyCommand only (same seed, so the same dice and outcomes). */
function replayCommands(preset: PresetName, game: PlayedGame): number {
  const engineRng = seededRng(game.seed);
  let state = newGame(preset, engineRng);
  for (const command of game.commands) {
    const result = applyCommand(state, command, { rng: engineRng, at: AT });
    if (!result.ok) throw new Error('replay diverged');
    state = result.state;
  }
  return game.commands.length;
}

/** The fastest of REPEAT runs, in milliseconds. */
function time(fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

interface PresetFigures {
  readonly preset: PresetName;
  readonly games: number;
  readonly actions: number;
  readonly loopMs: number;
  readonly applyMs: number;
  readonly legalCalls: number;
  readonly legalMs: number;
  readonly positions: number;
  readonly copyMs: number;
  readonly cloned: number;
  readonly cloneMs: number;
}

function benchPreset(preset: PresetName): PresetFigures {
  const seeds = Array.from({ length: GAMES }, (_, i) => 1_000_003 * (i + 1));
  // Warm-up.
  for (let i = 0; i < Math.min(200, GAMES); i++) playGame(preset, 7 + i, false);

  // 1. The play loop.
  let loopActions = 0;
  const loopMs = time(() => {
    loopActions = 0;
    for (const seed of seeds) {
      const engineRng = seededRng(seed);
      const choices = seededRng(seed ^ 0x2545f491);
      let state = newGame(preset, engineRng);
      while (state.status === 'IN_PROGRESS') {
        const command = randomLegalCommand(state, choices)!;
        const result = applyCommand(state, command, { rng: engineRng, at: AT });
        if (!result.ok) throw new Error(`a legal move was refused: ${result.violation.message}`);
        state = result.state;
        loopActions++;
      }
      sink += state.winner!;
    }
  });

  // 2. applyCommand alone, on the same games.
  const games = seeds.map((seed) => playGame(preset, seed, true));
  let applyActions = 0;
  const applyMs = time(() => {
    applyActions = 0;
    for (const game of games) applyActions += replayCommands(preset, game);
  });
  if (applyActions !== loopActions) throw new Error('the replayed games differ from the played ones');

  // 3. legalActions for the player whose turn it is, and the baselines, over the same positions.
  const positions: GameState[] = [];
  for (const game of games) {
    for (const p of game.positions) {
      if (positions.length < SAMPLE_POSITIONS) positions.push(p);
    }
  }
  const turns = positions.map((p) => p.rounds[p.rounds.length - 1]!.turn!);
  const legalMs = time(() => {
    for (let i = 0; i < positions.length; i++) sink += legalActions(positions[i]!, turns[i]!).minBids.length;
  });
  const copyMs = time(() => {
    for (const p of positions) sink += { ...p }.version;
  });
  // JSON clones are slow: every 10th position is enough.
  const sampled = positions.filter((_, i) => i % 10 === 0);
  const cloneMs = time(() => {
    for (const p of sampled) sink += (JSON.parse(JSON.stringify(p)) as GameState).version;
  });

  return {
    preset,
    games: GAMES,
    actions: loopActions,
    loopMs,
    applyMs,
    legalCalls: positions.length,
    legalMs,
    positions: positions.length,
    copyMs,
    cloned: sampled.length,
    cloneMs,
  };
}

function rngBaseline(): number {
  const rng = seededRng(1);
  const n = 10_000_000;
  const ms = time(() => {
    for (let i = 0; i < n; i++) sink += rng.int(6);
  });
  return (n / ms) * 1000;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function main(): void {
  console.log(
    `Engine benchmark: ${GAMES} random ${PLAYERS}-player games per preset, best of ${REPEAT} runs, node ${process.version}`,
  );
  const rngPerSec = rngBaseline();
  const rows: PresetFigures[] = PRESET_NAMES.map(benchPreset);
  console.log('');
  console.log(
    '| preset | games | actions/game | validated actions/s (loop) | µs/action (loop) | ms/game (loop) | applyCommand only, actions/s | legalActions calls/s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.preset} | ${fmt(r.games)} | ${fmt(r.actions / r.games, 1)} | ${fmt((r.actions / r.loopMs) * 1000)} | ${fmt(
        (r.loopMs * 1000) / r.actions,
        2,
      )} | ${fmt(r.loopMs / r.games, 3)} | ${fmt((r.actions / r.applyMs) * 1000)} | ${fmt((r.legalCalls / r.legalMs) * 1000)} |`,
    );
  }
  console.log('');
  console.log('Baselines over the same positions (same run):');
  console.log('');
  console.log(
    '| preset | shallow copies of the state/s | JSON clones of the state/s | validated action (loop) ÷ shallow copy | JSON clone ÷ validated action (loop) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const actionUs = (r.loopMs * 1000) / r.actions;
    const copyUs = (r.copyMs * 1000) / r.positions;
    const cloneUs = (r.cloneMs * 1000) / r.cloned;
    console.log(
      `| ${r.preset} | ${fmt((r.positions / r.copyMs) * 1000)} | ${fmt((r.cloned / r.cloneMs) * 1000)} | ${fmt(
        actionUs / copyUs,
        1,
      )} | ${fmt(cloneUs / actionUs, 0)} |`,
    );
  }
  console.log('');
  const total = rows.reduce((n, r) => n + r.actions, 0);
  const totalMs = rows.reduce((n, r) => n + r.loopMs, 0);
  const actionNs = (totalMs * 1e6) / total;
  console.log(
    `seeded rng alone: ${fmt(rngPerSec)} int(6) calls/s; one validated action (loop) costs as much as ${fmt(
      (actionNs * rngPerSec) / 1e9,
    )} rng calls`,
  );
  console.log(
    `all presets: ${fmt((total / totalMs) * 1000)} validated actions/s in the play loop (target 200,000)`,
  );
  if (sink === 0.5) console.log('');
}

main();
