// The API tests' harness: the real server on a database of the test file's own, the API's game view, and a bot.
import { seededRng, type Rng } from '../../src/engine';
import type { App } from '../../src/app';
import type { Logger } from '../../src/observability/logger';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  payloadOf,
  playView,
  registerPlayer,
  startedGame,
  type GamePayload,
  type GameMutation,
  type GqlResponse,
  type LegalActions,
  type Player,
  type PlayView,
  type Variables,
} from './graphql-client';
import { startServer, type InProcessOptions } from './server-launcher';
import { sql } from './sql';
import { createTestDatabase, type TestDatabase } from './test-database';
import { until } from './timing';

export type Preset = 'CLASSIC' | 'PERUDO' | 'LIARS_DICE' | 'PUB';

export interface PlayerRef {
  id: string;
  name: string;
}

export interface SeatData {
  position: number;
  diceCount: number;
  eliminated: boolean;
  left: boolean;
  hasBeenPalifico: boolean;
  dice: number[] | null;
  player: PlayerRef;
}

export interface SeatRef {
  position: number;
}

export interface BidData {
  seq: number;
  quantity: number;
  face: number;
  at: string;
  seat: SeatRef;
}

export interface OutcomeData {
  kind: 'DUDO' | 'EXACT';
  caller: SeatRef;
  bid: BidData;
  actualCount: number;
  loser: SeatRef | null;
  gainer: SeatRef | null;
}

export interface RoundData {
  id: string;
  number: number;
  palifico: boolean;
  palificoSeat: SeatRef | null;
  starter: SeatRef;
  turn: SeatRef | null;
  ended: boolean;
  voided: boolean;
  bids: BidData[];
  outcome: OutcomeData | null;
  reveal: { seat: SeatRef; dice: number[] }[] | null;
}

export interface RulesData {
  preset: Preset;
  startingDice: number;
  maxDice: number | null;
  minPlayers: number;
  maxPlayers: number;
  raise: 'STRICT' | 'STANDARD' | 'QUANTITY_ONLY';
  wildAces: boolean;
  openingAces: boolean;
  firstStarter: 'ROLL_OFF' | 'RANDOM' | 'SEAT_ORDER';
  nextStarter: 'LOSER' | 'WINNER';
  palifico: 'NONE' | 'ONCE_PER_GAME' | 'EVERY_TIME';
  palificoMinPlayers: number;
  palificoVeteransMayChangeFace: boolean;
  exact: 'NONE' | 'CALZA' | 'JINTO';
  exactCaller: 'ANY_EXCEPT_NEXT' | 'NEXT_ONLY';
  exactMinPlayers: number;
  exactInPalifico: boolean;
  exactRequiresBelowMax: boolean;
}

export interface GameData {
  id: string;
  name: string | null;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  maxPlayers: number;
  rules: RulesData;
  host: PlayerRef;
  seats: SeatData[];
  turn: SeatRef | null;
  viewerSeat: SeatRef | null;
  winner: PlayerRef | null;
  legalActions: LegalActions | null;
  currentRound: RoundData | null;
  rollOff: { attempt: number; value: number; seat: SeatRef }[];
  startedAt: string | null;
  finishedAt: string | null;
}

export const RULES_FIELDS = `
  preset startingDice maxDice minPlayers maxPlayers raise wildAces openingAces firstStarter nextStarter
  palifico palificoMinPlayers palificoVeteransMayChangeFace exact exactCaller exactMinPlayers exactInPalifico
  exactRequiresBelowMax`;

export const BID_FIELDS = `seq quantity face at seat { position }`;

export const ROUND_FIELDS = `
  id number palifico palificoSeat { position } starter { position } turn { position } ended voided
  bids { ${BID_FIELDS} }
  outcome { kind caller { position } bid { ${BID_FIELDS} } actualCount loser { position } gainer { position } }
  reveal { seat { position } dice }`;

/** Every field of a game the tests read, as the viewer sees it. */
export const GAME_FIELDS = `
  id name status version maxPlayers
  rules { ${RULES_FIELDS} }
  host { id name }
  seats { position diceCount eliminated left hasBeenPalifico dice player { id name } }
  turn { position }
  viewerSeat { position }
  winner { id name }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }
  currentRound { ${ROUND_FIELDS} }
  rollOff { attempt value seat { position } }
  startedAt finishedAt`;

export interface GameInputVars {
  gameId: string;
  expectedVersion?: number | null;
  idempotencyKey?: string | null;
  clientMutationId?: string | null;
}

export interface CreateGameVars {
  preset: Preset;
  overrides?: Record<string, unknown> | null;
  maxPlayers?: number | null;
  name?: string | null;
  idempotencyKey?: string | null;
  clientMutationId?: string | null;
}

export interface TestApiOptions {
  production?: boolean;
  /** Server log lines are collected here instead of printed. */
  log?: unknown[];
  /** The server's structured logger (request lines). */
  logger?: Logger;
  /** Further options of the server. */
  server?: InProcessOptions;
}

/** A running server on a database of its own, and the client calls the tests make against it. */
export class TestApi {
  private app: App | null = null;
  readonly log: unknown[];

  private constructor(
    readonly database: TestDatabase,
    private readonly options: TestApiOptions,
  ) {
    this.log = options.log ?? [];
  }

  static async start(options: TestApiOptions = {}): Promise<TestApi> {
    const database = await createTestDatabase();
    const api = new TestApi(database, options);
    try {
      await api.startServer();
    } catch (error) {
      await database.drop();
      throw error;
    }
    return api;
  }

  get url(): string {
    if (!this.app) throw new Error('the server is stopped');
    return this.app.url;
  }

  async startServer(): Promise<void> {
    if (this.app) throw new Error('the server is already running');
    this.app = await startServer(this.database.url, {
      production: this.options.production ?? false,
      log: (message) => this.log.push(message),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      ...this.options.server,
    });
  }

  async stopServer(): Promise<void> {
    const app = this.app;
    this.app = null;
    await app?.stop();
  }

  /** Stops the server and starts a new one on the same database. */
  async restart(): Promise<void> {
    await this.stopServer();
    await this.startServer();
  }

  /** Stops the server and drops the database. */
  async close(): Promise<void> {
    await this.stopServer();
    await this.settled();
    await this.database.drop();
  }

  /**
   * Waits (up to 2 s) until the stopped server's connections to the database are gone: a connection the
   * drop terminates while it is still closing makes its pool report an error.
   */
  private async settled(): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const [row] = await this.sql<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      if (Number(row!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  gql<T>(query: string, variables: Variables = {}, token?: string | null): Promise<GqlResponse<T>> {
    return gql<T>(this.url, query, variables, token);
  }

  /** Runs SQL on the test database directly (to check what was or was not stored). */
  sql<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
    return sql<R>(this.database.url, text, values);
  }

  registerPlayer(name: string): Promise<Player> {
    return registerPlayer(this.url, name);
  }

  /** Waits until the rating applier has passed a finished game (its database id), rated or not. */
  async untilRatingApplierPassed(gameKey: string, timeoutMs: number): Promise<void> {
    await until(
      'the rating applier to pass the game',
      async () => {
        const rows = await this.sql<{ n: string }>(
          `SELECT count(*) AS n FROM rating_cursor c JOIN games g ON g.id = $1
            WHERE (c.finished_at, c.game_id) >= (g.finished_at, g.id)`,
          [gameKey],
        );
        return Number(rows[0]!.n) === 1;
      },
      timeoutMs,
    );
  }

  async registerPlayers(names: readonly string[]): Promise<Player[]> {
    return Promise.all(names.map((name) => this.registerPlayer(name)));
  }

  /** Raw createGame as `player`. */
  createGameRaw(
    player: Player | null,
    input: CreateGameVars,
  ): Promise<GqlResponse<Record<string, GamePayload<GameData>>>> {
    return mutate<GameData>(this.url, 'createGame', input, player?.token, GAME_FIELDS);
  }

  /** Creates a game that must be accepted, and returns it as its host sees it. */
  async createGame(host: Player, input: CreateGameVars): Promise<GameData> {
    return accepted(await this.createGameRaw(host, input), 'createGame');
  }

  /** Raw game mutation (join, leave, start, dudo, exact) as `player` (null: anonymous). */
  mutate(
    name: GameMutation,
    player: Player | null,
    input: GameInputVars,
  ): Promise<GqlResponse<Record<string, GamePayload<GameData>>>> {
    return mutate<GameData>(this.url, name, input, player?.token, GAME_FIELDS);
  }

  /** Raw placeBid as `player` (null: anonymous). */
  placeBid(
    player: Player | null,
    input: GameInputVars & { quantity: number; face: number },
  ): Promise<GqlResponse<Record<string, GamePayload<GameData>>>> {
    return mutate<GameData>(this.url, 'placeBid', input, player?.token, GAME_FIELDS);
  }

  /** The game as `viewer` sees it (null: anonymous), or null when it does not exist. */
  async game(gameId: string, viewer: Player | null = null): Promise<GameData | null> {
    const data = dataOf(
      await this.gql<{ game: GameData | null }>(
        `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
        { id: gameId },
        viewer?.token,
      ),
    );
    return data.game;
  }

  async mustGame(gameId: string, viewer: Player | null = null): Promise<GameData> {
    const game = await this.game(gameId, viewer);
    if (!game) throw new Error(`game ${gameId} not found`);
    return game;
  }

  /** Every round of a game, oldest first, read through the `rounds` connection a page at a time. */
  async allRounds(gameId: string, pageSize = 100, viewer: Player | null = null): Promise<RoundData[]> {
    const rounds: RoundData[] = [];
    let after: string | null = null;
    for (;;) {
      const data: { game: { rounds: RoundsPage } } = dataOf(
        await this.gql<{ game: { rounds: RoundsPage } }>(
          ROUNDS_PAGE_QUERY,
          { id: gameId, first: pageSize, after },
          viewer?.token,
        ),
      );
      rounds.push(...data.game.rounds.nodes);
      if (!data.game.rounds.pageInfo.hasNextPage) return rounds;
      after = data.game.rounds.pageInfo.endCursor;
    }
  }

  /** Creates a game of `preset` hosted by players[0], seats the others in order and starts it. */
  startedGame(players: readonly Player[], input: CreateGameVars): Promise<GameData> {
    return startedGame<GameData>(this.url, players, input, GAME_FIELDS);
  }
}

export interface RoundsPage {
  totalCount: number;
  edges: { cursor: string; node: RoundData }[];
  nodes: RoundData[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const ROUNDS_PAGE_QUERY = `
  query($id: ID!, $first: Int, $after: String) {
    game(id: $id) {
      rounds(first: $first, after: $after) {
        totalCount
        edges { cursor node { number } }
        nodes { ${ROUND_FIELDS} }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }`;

/** Which of `players` sits at `position` in `game`. */
export function seatedPlayer(
  game: { seats: readonly { player: { id: string } }[] },
  players: readonly Player[],
  position: number,
): Player {
  const id = game.seats[position]!.player.id;
  const player = players.find((p) => p.id === id);
  if (!player) throw new Error(`seat ${position} is not one of the test players`);
  return player;
}

/** How many dice count for a bid on `face`: aces are wild unless the round is palifico (or aces are not wild). */
export function countDice(hands: readonly (readonly number[])[], face: number, acesWild: boolean): number {
  let n = 0;
  for (const hand of hands) for (const d of hand) if (d === face || (acesWild && d === 1 && face !== 1)) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// The bot

/** What the bot reads of a game it is told about (a full GameData will do). */
export type BotView = Omit<PlayView, 'lastEventSeq'>;

export interface BotOptions {
  rng: Rng;
  /** Chance to call exact whenever the viewer may and the bid looks about right. */
  exactRate?: number;
  /** Chance to call an out-of-turn exact (calza by anyone but the next player) when someone may. */
  outOfTurnExactRate?: number;
  /** Send expectedVersion with every move. Default true. */
  expectedVersion?: boolean;
}

export interface BotMove {
  kind: 'BID' | 'DUDO' | 'EXACT';
  player: Player;
  seat: number;
  /** The game version the move was decided on. */
  versionBefore: number;
  /** The round the move was made in. */
  roundNumber: number;
  /** The dice the player held, as the server showed them to the player. */
  dice: number[];
  bid?: { quantity: number; face: number };
  /** The game after the move, as the mover sees it. */
  game: PlayView;
}

export function botRng(seed: number): Rng {
  return seededRng(seed);
}

function chance(rng: Rng, p: number): boolean {
  return p > 0 && rng.int(1_000_000) < p * 1_000_000;
}

function totalDice(game: PlayView): number {
  return game.seats.reduce((n, s) => n + s.diceCount, 0);
}

/**
 * Plays one legal move: reads the game as the player whose turn it is (its legal actions and own dice) and
 * bids, calls dudo or calls exact. Where the rules let someone else call exact out of turn, that player may
 * do so instead. Each move must be accepted and must raise the version by exactly 1.
 */
export async function playTurn(
  api: TestApi,
  known: BotView,
  players: readonly Player[],
  options: BotOptions,
): Promise<BotMove> {
  if (known.status !== 'IN_PROGRESS' || !known.turn || !known.currentRound) {
    throw new Error(`no move to make in a game that is ${known.status}`);
  }
  const round = known.currentRound;
  const last = round.bids[round.bids.length - 1];
  const rules = known.rules;

  if (
    last &&
    rules.exact !== 'NONE' &&
    rules.exactCaller === 'ANY_EXCEPT_NEXT' &&
    chance(options.rng, options.outOfTurnExactRate ?? 0)
  ) {
    const candidates = known.seats.filter(
      (s) => s.diceCount > 0 && s.position !== last.seat.position && s.position !== known.turn!.position,
    );
    if (candidates.length > 0) {
      const player = seatedPlayer(known, players, candidates[options.rng.int(candidates.length)]!.position);
      const view = await playView(api.url, known.id, player);
      if (view.version !== known.version) throw new Error('the game changed under the bot');
      if (view.legalActions!.canExact) return move(api, view, player, 'EXACT', options);
    }
  }

  const player = seatedPlayer(known, players, known.turn.position);
  const view = await playView(api.url, known.id, player);
  if (view.version !== known.version) throw new Error('the game changed under the bot');
  const actions = view.legalActions!;
  const dice = view.seats[known.turn.position]!.dice!;
  const acesWild = rules.wildAces && !round.palifico;
  const others = totalDice(view) - dice.length;
  const expected = (face: number): number =>
    countDice([dice], face, acesWild) + others * (acesWild && face !== 1 ? 1 / 3 : 1 / 6);

  if (last) {
    const lastExpected = expected(last.face);
    if (
      actions.canExact &&
      Math.abs(lastExpected - last.quantity) < 1 &&
      chance(options.rng, options.exactRate ?? 0)
    ) {
      return move(api, view, player, 'EXACT', options);
    }
    const bestBid = pickBid(actions.minBids, expected);
    if (actions.canDudo && (!bestBid || last.quantity > lastExpected + 0.5 || chance(options.rng, 0.15))) {
      return move(api, view, player, 'DUDO', options);
    }
    if (bestBid) return move(api, view, player, 'BID', options, bestBid);
    throw new Error('the bot found no legal move');
  }
  const opening = pickBid(actions.minBids, expected);
  if (!opening) throw new Error('no opening bid is legal');
  // Open a little above the minimum sometimes, within what the dice suggest.
  const quantity = Math.max(opening.quantity, Math.floor(expected(opening.face)) - options.rng.int(2));
  return move(api, view, player, 'BID', options, {
    quantity: Math.min(quantity, totalDice(view)),
    face: opening.face,
  });
}

function pickBid(
  minBids: readonly { face: number; minQuantity: number }[],
  expected: (face: number) => number,
): { quantity: number; face: number } | null {
  let best: { quantity: number; face: number; margin: number } | null = null;
  for (const option of minBids) {
    const margin = expected(option.face) - option.minQuantity;
    if (!best || margin > best.margin) best = { quantity: option.minQuantity, face: option.face, margin };
  }
  return best ? { quantity: best.quantity, face: best.face } : null;
}

async function move(
  api: TestApi,
  view: PlayView,
  player: Player,
  kind: BotMove['kind'],
  options: BotOptions,
  bid?: { quantity: number; face: number },
): Promise<BotMove> {
  const seat = view.seats.find((s) => s.player.id === player.id)!.position;
  const input: Record<string, unknown> = { gameId: view.id, ...bid };
  if (options.expectedVersion ?? true) input.expectedVersion = view.version;
  const name = kind === 'BID' ? 'placeBid' : kind === 'DUDO' ? 'callDudo' : 'callExact';
  const payload = payloadOf(await mutate(api.url, name, input, player.token));
  if (payload.userErrors.length > 0 || !payload.game) {
    throw new Error(`${kind} by seat ${seat} was refused: ${JSON.stringify(payload.userErrors)}`);
  }
  if (payload.game.version !== view.version + 1) {
    throw new Error(`version went from ${view.version} to ${payload.game.version} on one move`);
  }
  return {
    kind,
    player,
    seat,
    versionBefore: view.version,
    roundNumber: view.currentRound!.number,
    dice: view.seats[seat]!.dice!,
    ...(bid ? { bid } : {}),
    game: payload.game,
  };
}
