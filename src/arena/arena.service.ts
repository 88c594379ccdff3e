// The arena's use case: an agent's seat at the oldest open arena table of its kind, or a new one.
import {
  PRESETS,
  seatedBotLevels,
  type BotLevel,
  type PlayerId,
  type PresetName,
  type TableOptions,
} from '../engine';
import type { MoveService, ReferenceBot } from '../moves';
import type { MoveOptions, MoveResult } from '../moves/move-result';
import type { MoveStore } from '../store/move-store';
import type { TableQueries } from '../store/tables.queries';
import type { ArenaRepository } from './arena.repository';
import type { ReferenceBots } from './reference-bots';

/** Bounds of arenaJoin's input. */
export const ARENA_SEATS = { min: 2, max: 4 } as const;
export const ARENA_TURN_SECONDS = { min: 5, max: 120 } as const;
export const ARENA_FILL_SECONDS = { min: 0, max: 300 } as const;
/** Turns in a row an agent may let run out before it forfeits an arena game. */
export const ARENA_TIMEOUTS_TO_FORFEIT = 3;

/** Every arena table's options: public and followed, no human rating, no chat, no stand-in bot, agents welcome. */
export const ARENA_TABLE: TableOptions = {
  visibility: 'PUBLIC',
  rated: false,
  allowSpectators: true,
  chat: false,
  awayAfterTimeouts: false,
  disconnectSeconds: null,
  allowAgents: true,
};

/** Open tables arenaJoin looks at per call, oldest first. */
const CANDIDATES = 20;

/** Refusals that send arenaJoin on to the next table: it filled, started, or turns this agent away. */
const TRY_NEXT = new Set(['GAME_FULL', 'GAME_NOT_IN_LOBBY', 'KICKED', 'ALREADY_JOINED']);

export interface ArenaJoinRequest {
  readonly preset: PresetName;
  readonly seats: number;
  readonly turnSeconds: number;
  readonly fillSeconds: number;
  /** The reference bot the agent asks to play against, seated at its table (one of each level a table). */
  readonly referenceBot?: BotLevel | null;
}

/** What arenaJoin takes for what it was not asked. */
export function arenaJoinDefaults(asked: {
  readonly seats?: number | null;
  readonly turnSeconds?: number | null;
  readonly fillSeconds?: number | null;
}): { readonly seats: number; readonly turnSeconds: number; readonly fillSeconds: number } {
  return {
    seats: asked.seats ?? 4,
    turnSeconds: asked.turnSeconds ?? 10,
    fillSeconds: asked.fillSeconds ?? 10,
  };
}

/** The arena's own refusal codes (its moves' are the moves'). */
export type ArenaRefusalCode = 'NOT_AN_AGENT';

/** arenaJoin by a person or a bot. */
export interface NotAnAgent {
  readonly kind: 'not_an_agent';
}

export class ArenaService {
  constructor(
    private readonly moves: MoveService,
    private readonly store: MoveStore,
    private readonly tables: TableQueries,
    private readonly arena: ArenaRepository,
    private readonly referenceBots: ReferenceBots,
    private readonly seatCap: number,
  ) {}

  /**
   * Seats the agent `playerId` at the oldest arena table in its lobby of the same preset, seats and turn
   * seconds with a free seat, or creates one it hosts; an agent already seated at such a table gets it back.
   * With `referenceBot`, that level's reference bot is seated at the table too: the table must have room for
   * both and not seat that level yet, or a new one is made with the agent and the bot.
   * Calls of one kind run one at a time across every process (quick play's advisory lock), so concurrent
   * calls fill one table before opening the next and never overfill it.
   */
  async join(
    playerId: PlayerId,
    request: ArenaJoinRequest,
    asked: MoveOptions,
  ): Promise<MoveResult | NotAnAgent> {
    if (!(await this.arena.isAgent(playerId))) return { kind: 'not_an_agent' };
    const options = { ...asked, seatCap: this.seatCap };
    const key = `${request.preset}:${request.seats}:${request.turnSeconds}`;
    const level = request.referenceBot ?? null;
    const bot = level && (await this.referenceBots.of(level));
    return this.tables.withLock(`arena:${key}`, async () => {
      const { seated, open } = await this.arena.openTables(key, playerId, CANDIDATES);
      // As in quick play, the key is kept for the create only.
      const tryJoin = { ...options, idempotencyKey: null };
      if (seated) {
        const state = await this.store.load(seated);
        // A retry, or a second ask at the table the agent waits at: its bot joins it if it still can.
        if (state && bot) return this.seatBot(seated, playerId, bot, tryJoin);
        if (state) return { kind: 'applied', gameId: seated, state, events: [] };
      }
      for (const gameId of open) {
        if (bot && !(await this.roomFor(gameId, bot.level))) continue;
        const joined = await this.moves.act(gameId, { type: 'JOIN', playerId, agent: true }, tryJoin);
        if (joined.kind === 'refused' && TRY_NEXT.has(joined.error.code)) continue;
        if (joined.kind === 'not_found') continue;
        if (joined.kind !== 'applied' || !bot) return joined;
        return this.seatBot(gameId, playerId, bot, tryJoin);
      }
      return this.moves.create(
        {
          host: playerId,
          hostAgent: true,
          rules: PRESETS[request.preset],
          maxPlayers: request.seats,
          turnSeconds: request.turnSeconds,
          timeoutsToForfeit: ARENA_TIMEOUTS_TO_FORFEIT,
          table: ARENA_TABLE,
          arena: { fillSeconds: request.fillSeconds },
          referenceBot: bot,
        },
        options,
      );
    });
  }

  /** Seats the reference bot `bot` at the agent's table; already seated there (a retry, a fill) is no refusal. */
  private async seatBot(
    gameId: string,
    playerId: PlayerId,
    bot: ReferenceBot,
    options: MoveOptions,
  ): Promise<MoveResult> {
    const seat = { type: 'SEAT_REFERENCE_BOT', playerId, botId: bot.playerId, level: bot.level } as const;
    const result = await this.moves.act(gameId, seat, options);
    if (result.kind !== 'refused' || result.error.code !== 'ALREADY_JOINED') return result;
    const state = await this.store.load(gameId);
    return state ? { kind: 'applied', gameId, state, events: [] } : result;
  }

  /** Whether an open table has a seat for the agent and one for the reference bot of `level`, not seated yet. */
  private async roomFor(gameId: string, level: BotLevel): Promise<boolean> {
    const state = await this.store.load(gameId);
    return (
      state !== null && state.maxPlayers - state.seats.length >= 2 && !seatedBotLevels(state).includes(level)
    );
  }
}
