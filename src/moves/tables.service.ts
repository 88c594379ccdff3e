// The tables' use cases: creating and joining a game, seating a bot, quick play (a seat at the oldest open
// table of its kind, or a new one) and rematch; with the limits a seat is held to.
import {
  PRESETS,
  rematchRefusal,
  seatOf,
  tableLinks,
  tableOptions,
  type NewGame,
  type PlayerId,
  type PresetName,
} from '../engine';
import type { NameSkeletons } from '../security/name-skeleton';
import type { MoveStore } from '../store/move-store';
import type { TableQueries } from '../store/tables.queries';
import type { MoveService, NewBot } from './move.service';
import type { MoveOptions, MoveResult } from './move-result';

/** Open tables quick play looks at per call, oldest first (more only when all of them turn it away). */
const CANDIDATES = 20;

/** The refusal of an agent's quick play, saying where it may play. */
export const QUICK_PLAY_AGENT_MESSAGE =
  'quick play seats people only (its tables are rated and refuse agents): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)';

/** Refusals that send quick play on to the next table: it filled, started, or turns this player away. */
const TRY_NEXT = new Set(['GAME_FULL', 'GAME_NOT_IN_LOBBY', 'KICKED', 'ALREADY_JOINED']);

export interface QuickPlayRequest {
  readonly preset: PresetName;
  readonly players: number;
  readonly botFillSeconds: number;
}

/** What quick play takes for a size or a bot fill delay not asked for. */
export function quickPlayDefaults(asked: {
  readonly players?: number | null;
  readonly botFillSeconds?: number | null;
}): { readonly players: number; readonly botFillSeconds: number } {
  return { players: asked.players ?? 4, botFillSeconds: asked.botFillSeconds ?? 20 };
}

/** What a seat is held to, and what a bot's name is checked against. */
export interface TableGuards {
  /** The most open games (lobby or in play) a player may sit in at once. */
  readonly seatCap: number;
  /** Wrong invite codes a player may give: token buckets by player id (see SECURITY.md). */
  readonly inviteGuesses: {
    /** Seconds to wait before the next guess; 0: a guess is left. */
    check(playerId: string): number;
    take(playerId: string): number;
  };
  /**
   * Whether a name looks like one a person holds (equal skeletons), and whether a player is an agent (their
   * JOIN carries it: the engine refuses it at a table that refuses agents).
   */
  readonly people: {
    isPersonName(skeletons: NameSkeletons): Promise<boolean>;
    isAgent(playerId: PlayerId): Promise<boolean>;
  };
}

/** A join refused before the move: the player ran out of wrong invite codes for now. */
export interface TooManyGuesses {
  readonly kind: 'too_many_guesses';
  readonly retryAfterSeconds: number;
}

/** A bot the host asks for; its name with the skeletons it is checked by. */
export interface AskedBot {
  readonly name: { readonly name: string; readonly skeletons: NameSkeletons } | null;
  readonly level: NewBot['level'];
}

/** The game as it is, answered to a player who already holds a seat in it. */
function seatedResult(
  gameId: string,
  state: NonNullable<Awaited<ReturnType<MoveStore['load']>>>,
): MoveResult {
  return { kind: 'applied', gameId, state, events: [] };
}

export class TablesService {
  constructor(
    private readonly moves: MoveService,
    private readonly store: MoveStore,
    private readonly tables: TableQueries,
    private readonly guards: TableGuards,
  ) {}

  /** The options of a move that takes a seat: held to the seat cap. */
  private seatTaking(options: MoveOptions): MoveOptions {
    return { ...options, seatCap: this.guards.seatCap };
  }

  /** Creates a game in its lobby, its host in seat 0 (an agent only at a table that takes agents). */
  async create(game: NewGame, options: MoveOptions): Promise<MoveResult> {
    const hostAgent = await this.guards.people.isAgent(game.host);
    return this.moves.create({ ...game, hostAgent }, this.seatTaking(options));
  }

  /**
   * Seats `playerId` in a game in its lobby. Wrong invite codes are counted per player, so guessing runs
   * out long before the code space does.
   */
  async join(
    gameId: string,
    playerId: PlayerId,
    inviteCode: string | null,
    options: MoveOptions,
  ): Promise<MoveResult | TooManyGuesses> {
    const guesses = this.guards.inviteGuesses;
    if (inviteCode !== null) {
      const wait = guesses.check(playerId);
      if (wait > 0) return { kind: 'too_many_guesses', retryAfterSeconds: wait };
    }
    const agent = await this.guards.people.isAgent(playerId);
    const command = { type: 'JOIN', playerId, inviteCode, agent } as const;
    const result = await this.moves.act(gameId, command, this.seatTaking(options));
    if (inviteCode !== null && result.kind === 'refused' && result.error.code === 'INVITE_REQUIRED') {
      guesses.take(playerId);
    }
    return result;
  }

  /**
   * Seats a player the game was made for (a challenge's invitee): no invite code, held to the seat cap.
   */
  async seatInvited(gameId: string, playerId: PlayerId, options: MoveOptions): Promise<MoveResult> {
    const agent = await this.guards.people.isAgent(playerId);
    return this.moves.act(gameId, { type: 'JOIN', playerId, invited: true, agent }, this.seatTaking(options));
  }

  /** The host seats a bot; a bot may not pass for a person, so no name that looks like one a person holds. */
  async addBot(
    gameId: string,
    hostId: PlayerId,
    bot: AskedBot,
    options: MoveOptions,
  ): Promise<MoveResult | { readonly kind: 'name_taken' }> {
    if (bot.name && (await this.guards.people.isPersonName(bot.name.skeletons)))
      return { kind: 'name_taken' };
    return this.moves.addBot(gameId, hostId, { name: bot.name?.name ?? null, level: bot.level }, options);
  }

  /**
   * Seats `playerId` at the oldest PUBLIC, rated quick-play table in its lobby of the same preset and size
   * with a free seat (where they are not seated and were not kicked), or creates one they host; a player
   * already seated at such a table gets it back. Calls of one kind run one at a time across every process
   * (an advisory lock), so concurrent calls fill one table before opening the next and never overfill it.
   * Quick-play tables are rated and refuse agents: an agent is refused before any table is looked at.
   */
  async quickPlay(playerId: PlayerId, request: QuickPlayRequest, asked: MoveOptions): Promise<MoveResult> {
    if (await this.guards.people.isAgent(playerId)) {
      const error = { code: 'AGENTS_NOT_ALLOWED', message: QUICK_PLAY_AGENT_MESSAGE } as const;
      return { kind: 'refused', gameId: null, state: null, error };
    }
    const options = this.seatTaking(asked);
    const key = `${request.preset}:${request.players}`;
    return this.tables.withLock(`quickplay:${key}`, async () => {
      const { seated, open } = await this.tables.quickPlayTables(key, playerId, CANDIDATES);
      if (seated) {
        const state = await this.store.load(seated);
        if (state) return seatedResult(seated, state);
      }
      // The key is kept for the create: a join refused here only sends the call on to the next table, and a
      // retry finds the table it joined by the seat it holds.
      const tryJoin = { ...options, idempotencyKey: null };
      for (const gameId of open) {
        const joined = await this.moves.act(gameId, { type: 'JOIN', playerId }, tryJoin);
        if (joined.kind === 'refused' && TRY_NEXT.has(joined.error.code)) continue;
        if (joined.kind !== 'not_found') return joined;
      }
      return this.moves.create(
        {
          host: playerId,
          rules: PRESETS[request.preset],
          maxPlayers: request.players,
          table: { allowAgents: false },
          quickPlay: { botFillSeconds: request.botFillSeconds },
        },
        options,
      );
    });
  }

  /**
   * The rematch of a finished game for one of its seated players: the first call creates it (same rules and
   * options, the caller hosting, the finished game's bots seated) and links the finished game to it; later
   * calls seat the caller in it. Calls for one game run one at a time across processes (an advisory lock,
   * and the unique link from the new game to the old one).
   */
  async rematch(playerId: PlayerId, gameId: string, asked: MoveOptions): Promise<MoveResult> {
    const options = this.seatTaking(asked);
    const finished = await this.store.load(gameId);
    if (!finished) return { kind: 'not_found' };
    const refused = rematchRefusal(finished, playerId);
    if (refused) return { kind: 'refused', gameId, state: finished, error: refused };
    const agent = await this.guards.people.isAgent(playerId);
    return this.tables.withLock(`rematch:${gameId}`, async () => {
      const existing = tableLinks(finished).rematch ?? (await this.tables.rematchOf(gameId));
      if (existing) {
        await this.link(gameId, playerId, existing);
        const state = await this.store.load(existing);
        if (state && seatOf(state, playerId) >= 0) return seatedResult(existing, state);
        return this.moves.act(existing, { type: 'JOIN', playerId, invited: true, agent }, options);
      }
      const created = await this.moves.create(
        {
          host: playerId,
          rules: finished.rules,
          maxPlayers: finished.maxPlayers,
          name: finished.name,
          turnSeconds: finished.turnSeconds,
          timeoutsToForfeit: finished.timeoutsToForfeit,
          table: tableOptions(finished),
          previousGame: gameId,
          hostAgent: agent,
        },
        options,
      );
      if (created.kind !== 'applied') return created;
      const newGame = created.gameId;
      let result: MoveResult = created;
      for (const seat of finished.seats) {
        if (!seat.bot) continue;
        const seated = await this.moves.seatBot(newGame, playerId, seat.playerId, seat.bot, {
          operation: 'rematch',
          requestHash: '',
        });
        if (seated.kind === 'applied') result = seated;
      }
      await this.link(gameId, playerId, newGame);
      return result;
    });
  }

  /** Links the finished game to its rematch (once: a later link is refused and changes nothing). */
  private async link(gameId: string, playerId: PlayerId, rematch: string): Promise<void> {
    const state = this.store.cached(gameId) ?? (await this.store.load(gameId));
    if (!state || tableLinks(state).rematch !== null) return;
    await this.moves.act(
      gameId,
      { type: 'LINK_REMATCH', playerId, rematch },
      { operation: 'rematch', requestHash: '' },
    );
  }
}
