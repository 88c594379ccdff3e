import fc from 'fast-check';
import {
  applyCommand,
  BOT_LEVELS,
  botsToAct,
  createGame,
  currentRound,
  PRESETS,
  resolveRules,
  seededRng,
  serverMoveDue,
  viewFor,
  type BotLevel,
  type Command,
  type GameState,
  type RuleSet,
} from '../engine';
import { buildRound } from '../engine/testing/builders';
import { botMove, standInMove } from './bot-moves';
import { STRATEGIES } from './strategy';

const AT = '2026-01-01T00:00:00.000Z';

function must(state: GameState, command: Command, seed: number): GameState {
  const r = applyCommand(state, command, { at: AT, rng: seededRng(seed) });
  if (!r.ok) throw new Error(`${command.type} refused: ${r.violation.message}`);
  return r.state;
}

/** A started game of bots at `levels`; the host's seat is made a bot after the start, as only bots play. */
function botGame(rules: RuleSet, levels: readonly BotLevel[], seed: number): GameState {
  let state = (createGame({ host: 'host', rules }, AT) as { state: GameState }).state;
  levels.slice(1).forEach((level, i) => {
    state = must(state, { type: 'ADD_BOT', playerId: 'host', botId: `bot${i + 1}`, level }, seed);
  });
  state = must(state, { type: 'START', playerId: 'host' }, seed);
  return { ...state, seats: state.seats.map((s, i) => (i === 0 ? { ...s, bot: levels[0]! } : s)) };
}

const calza = resolveRules('PERUDO', { exact: 'CALZA' });
const VARIANTS: RuleSet[] = [...Object.values(PRESETS), ...(calza.ok ? [calza.rules] : [])];

describe('bots', () => {
  it('play every preset to its end with only legal moves, at every level and table size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANTS),
        fc.array(fc.constantFrom(...BOT_LEVELS), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (rules, levels, seed) => {
          let state = botGame(rules, levels, seed);
          const rng = seededRng(seed);
          for (let moves = 0; state.status === 'IN_PROGRESS'; moves++) {
            expect(moves).toBeLessThan(5000);
            const command = botMove(state, rng);
            expect(command).not.toBeNull();
            // must() throws on a refused move: every bot move is legal.
            state = must(state, command!, seed + moves);
          }
          expect(state.status).toBe('FINISHED');
          expect(state.winner).not.toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('decide from their own seat only: re-rolling the other seats’ dice never changes a decision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANTS),
        fc.constantFrom(...BOT_LEVELS),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 30 }),
        (rules, level, seed, plies) => {
          let state = botGame(rules, ['HARD', level, 'NORMAL', level], seed);
          const rng = seededRng(seed);
          for (let i = 0; i < plies && state.status === 'IN_PROGRESS'; i++)
            state = must(state, botMove(state, rng)!, i);
          const round = currentRound(state);
          if (!round || round.turn === null) return;
          const seat = round.turn;
          const other = seededRng(seed + 1);
          const rerolled: GameState = {
            ...state,
            rounds: state.rounds.map((r) =>
              r === round
                ? {
                    ...r,
                    dice: r.dice.map((hand, s) => (s === seat ? hand : hand.map(() => 1 + other.int(6)))),
                  }
                : r,
            ),
          };
          const strategy = STRATEGIES[state.seats[seat]!.bot!];
          const player = { playerId: state.seats[seat]!.playerId };
          expect(strategy(viewFor(rerolled, player), seededRng(7))).toEqual(
            strategy(viewFor(state, player), seededRng(7)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('serverMoveDue', () => {
  it('is the bot delay after the turn began when a bot is to act, else the turn deadline', () => {
    let state = botGame(PRESETS.CLASSIC, ['NORMAL', 'NORMAL'], 3);
    const turn = currentRound(state)!.turn!;
    expect(botsToAct(state)).toEqual([turn]);
    expect(serverMoveDue(state, 800)).toBe(Date.parse(AT) + 800);
    // A person's turn in an untimed game: nothing is due.
    state = { ...state, seats: state.seats.map((s) => ({ ...s, bot: undefined })) };
    expect(botsToAct(state)).toEqual([]);
    expect(serverMoveDue(state, 800)).toBeNull();
    // Timed: the turn deadline, or the bot delay when it is sooner.
    state = { ...state, turnSeconds: 30 };
    expect(serverMoveDue(state, 800)).toBe(Date.parse(AT) + 30_000);
    state = { ...state, seats: state.seats.map((s, i) => (i === turn ? { ...s, bot: 'EASY' as const } : s)) };
    expect(serverMoveDue(state, 800)).toBe(Date.parse(AT) + 800);
    expect(serverMoveDue(state, 60_000)).toBe(Date.parse(AT) + 30_000);
  });

  it('counts bots that may call exact out of turn (PUB), not the bidder or the player to act', () => {
    let state = botGame(PRESETS.PUB, ['NORMAL', 'NORMAL', 'NORMAL'], 11);
    state = { ...state, seats: state.seats.map((s) => ({ ...s, bot: undefined })) };
    const round = currentRound(state)!;
    const bidder = round.turn!;
    const bidderId = state.seats[bidder]!.playerId;
    state = must(state, { type: 'BID', playerId: bidderId, quantity: 2, face: 3 }, 1);
    const next = currentRound(state)!.turn!;
    const third = [0, 1, 2].find((s) => s !== bidder && s !== next)!;
    // Below the most dice allowed, which PUB requires of an exact caller.
    const withBot = (seat: number): GameState => ({
      ...state,
      seats: state.seats.map((s, i) => (i === seat ? { ...s, bot: 'HARD' as const, diceCount: 4 } : s)),
    });
    expect(botsToAct(withBot(third))).toEqual([third]);
    expect(botsToAct(withBot(bidder))).toEqual([]);
    expect(botsToAct(withBot(next))).toEqual([next]);
    // At the most dice allowed the bot may not call.
    expect(
      botsToAct({ ...withBot(third), seats: withBot(third).seats.map((s) => ({ ...s, diceCount: 5 })) }),
    ).toEqual([]);
  });
});

describe('out-of-turn exact calls (PUB calza)', () => {
  // Seat 0 bid, seat 1 is to act; the bot in seat 2 holds two aces of its four dice, two dice are unseen.
  function table(quantity: number, level: BotLevel): GameState {
    const state = buildRound({ rules: 'PUB', hands: [[3], [4], [1, 1, 5, 6]], bids: [[0, quantity, 1]] });
    return { ...state, seats: state.seats.map((s, i) => (i === 2 ? { ...s, bot: level } : s)) };
  }

  it.each(['NORMAL', 'HARD'] as const)('%s calls exact on a bid its own dice make likely exact', (level) => {
    // Two aces are exact unless one of the two unseen dice is an ace: (5/6)^2 = 69%.
    expect(botMove(table(2, level), seededRng(1))).toEqual({ type: 'EXACT', playerId: 'p2', byBot: true });
  });

  it('an away seat is played by a NORMAL bot, its moves marked byBot', () => {
    const state = table(2, 'EASY');
    const away: GameState = {
      ...state,
      seats: state.seats.map((s, i) => (i === 2 ? { ...s, bot: undefined, away: true } : s)),
    };
    expect(botMove(away, seededRng(1))).toEqual({ type: 'EXACT', playerId: 'p2', byBot: true });
  });

  it.each(BOT_LEVELS)(
    '%s keeps quiet when the bid is unlikely to be exact, and EASY never calls',
    (level) => {
      expect(botMove(table(3, level), seededRng(1))).toBeNull();
      expect(botMove(table(2, 'EASY'), seededRng(1))).toBeNull();
    },
  );
});

describe('standInMove', () => {
  it("is what a NORMAL bot plays on the seat's turn, from its own view; null off turn", () => {
    const state = buildRound({ rules: 'PUB', hands: [[3], [4], [1, 1, 5, 6]], bids: [[0, 2, 1]] });
    const turn = currentRound(state)!.turn!;
    const view = viewFor(state, { playerId: state.seats[turn]!.playerId });
    expect(standInMove(state, turn, seededRng(3))).toEqual(STRATEGIES.NORMAL(view, seededRng(3)));
    expect(standInMove(state, (turn + 1) % 3, seededRng(3))).toBeNull();
  });
});
