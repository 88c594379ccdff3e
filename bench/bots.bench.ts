/**
 * Bot strength benchmark: engine-only games between bot levels, in every preset, heads-up and at four
 * seats (two of each level, alternating around the table, the levels swapping seats every other game so
 * neither keeps the better seats). Reports each pairing's win rate for the stronger level with a 95%
 * Wilson interval; the stronger level should win more than half of the games, interval included.
 *
 *   npm run bench:bots -- --games 1000
 */
import {
  applyCommand,
  createGame,
  PRESETS,
  resolveRules,
  seededRng,
  type BotLevel,
  type Command,
  type GameState,
  type RuleSet,
} from '../src/engine';
import { botMove } from '../src/bots/bot-moves';
import { integerOptions } from './bench-support';

interface Options {
  games: number;
  seed: number;
}

const AT = '2026-01-01T00:00:00.000Z';

function must(state: GameState, command: Command, rng: ReturnType<typeof seededRng>): GameState {
  const r = applyCommand(state, command, { at: AT, rng });
  if (!r.ok) throw new Error(`${command.type} refused: ${r.violation.message}`);
  return r.state;
}

/** Plays one game between bots of `levels` (by seat); returns the winner's seat. */
function play(rules: RuleSet, levels: readonly BotLevel[], seed: number): { winner: number; moves: number } {
  const rng = seededRng(seed);
  const created = createGame({ host: 'p0', rules }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  let state = created.state;
  for (let i = 1; i < levels.length; i++)
    state = must(state, { type: 'ADD_BOT', playerId: 'p0', botId: `p${i}`, level: levels[i]! }, rng);
  // The host's seat is played by a bot as well.
  state = { ...state, seats: state.seats.map((s, i) => (i === 0 ? { ...s, bot: levels[0]! } : s)) };
  state = must(state, { type: 'START', playerId: 'p0' }, rng);
  let moves = 0;
  while (state.status === 'IN_PROGRESS') {
    const command = botMove(state, rng);
    if (!command) throw new Error('no bot moved on its turn');
    state = must(state, command, rng);
    if (++moves > 100_000) throw new Error('game does not end');
  }
  return { winner: state.winner!, moves };
}

/** The 95% Wilson score interval of a proportion. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

const VARIANTS: Record<string, RuleSet> = {
  CLASSIC: PRESETS.CLASSIC,
  PERUDO: PRESETS.PERUDO,
  'PERUDO+CALZA': (() => {
    const r = resolveRules('PERUDO', { exact: 'CALZA' });
    if (!r.ok) throw new Error(r.message);
    return r.rules;
  })(),
  LIARS_DICE: PRESETS.LIARS_DICE,
  PUB: PRESETS.PUB,
};

const PAIRS: readonly [BotLevel, BotLevel][] = [
  ['HARD', 'NORMAL'],
  ['NORMAL', 'EASY'],
  ['HARD', 'EASY'],
];

function main(): void {
  const o = integerOptions<Options>(process.argv.slice(2), { games: 1000, seed: 1 });
  const rows: object[] = [];
  const started = Date.now();
  let failures = 0;
  for (const [variant, rules] of Object.entries(VARIANTS)) {
    for (const seats of [2, 4]) {
      for (const [strong, weak] of PAIRS) {
        let wins = 0;
        let moves = 0;
        for (let g = 0; g < o.games; g++) {
          // Alternating around the table; every other game the levels swap seats.
          const levels = Array.from({ length: seats }, (_, i) => ((i + g) % 2 === 0 ? strong : weak));
          const result = play(rules, levels, o.seed * 1_000_003 + g);
          if (levels[result.winner] === strong) wins++;
          moves += result.moves;
        }
        const [low, high] = wilson(wins, o.games);
        if (low <= 0.5) failures++;
        const row = {
          variant,
          seats,
          strong,
          weak,
          games: o.games,
          strongWinRate: +(wins / o.games).toFixed(3),
          ci95: [+low.toFixed(3), +high.toFixed(3)],
          movesPerGame: +(moves / o.games).toFixed(1),
        };
        rows.push(row);
        console.log(
          `${variant.padEnd(13)} ${seats} seats  ${strong.padEnd(6)} vs ${weak.padEnd(6)} ` +
            `${(100 * row.strongWinRate).toFixed(1).padStart(5)}%  [${(100 * low).toFixed(1)}, ${(100 * high).toFixed(1)}]` +
            `  ${row.movesPerGame} moves/game`,
        );
      }
    }
  }
  const summary = { rows, pairingsNotAboveHalf: failures, seconds: (Date.now() - started) / 1000 };
  console.log(JSON.stringify(summary));
  if (failures > 0) process.exitCode = 1;
}

main();
