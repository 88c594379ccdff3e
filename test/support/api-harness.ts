import { Client } from 'pg';
import { startApp, type App } from '../../src/app';
import { seededRng, type Rng } from '../../src/engine';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * End-to-end harness: a database of the test file's own, the real server on a free port, and a small
 * GraphQL client that talks to it over HTTP, as any third-party client would.
 */

export interface GqlError {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; stacktrace?: string[]; [key: string]: unknown };
}

export interface GqlBody<T> {
  data?: T | null;
  errors?: GqlError[];
}

export interface GqlResponse<T> {
  status: number;
  body: GqlBody<T>;
  /** The raw response text, for assertions on exactly what went over the wire. */
  text: string;
}

export type Variables = Record<string, unknown>;

export type Preset = 'CLASSIC' | 'PERUDO' | 'LIARS_DICE' | 'PUB';

export interface TestPlayer {
  id: string;
  name: string;
  token: string;
}

export interface UserErrorData {
  code: string;
  message: string;
  field: string[] | null;
}

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

export interface LegalActionsData {
  canBid: boolean;
  canDudo: boolean;
  canExact: boolean;
  minBids: { face: number; minQuantity: number }[];
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
  legalActions: LegalActionsData | null;
  currentRound: RoundData | null;
  rollOff: { attempt: number; value: number; seat: SeatRef }[];
  startedAt: string | null;
  finishedAt: string | null;
}

export interface GamePayloadData {
  game: GameData | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
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

export const PAYLOAD_FIELDS = `game { ${GAME_FIELDS} } userErrors { code message field } clientMutationId`;

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

export type GameMutation = 'joinGame' | 'leaveGame' | 'startGame' | 'callDudo' | 'callExact';

const INPUT_TYPES: Record<GameMutation | 'placeBid' | 'createGame', string> = {
  joinGame: 'GameInput',
  leaveGame: 'GameInput',
  startGame: 'GameInput',
  callDudo: 'GameActionInput',
  callExact: 'GameActionInput',
  placeBid: 'PlaceBidInput',
  createGame: 'CreateGameInput',
};

/** The text of a one-mutation document on `input`, selecting the whole payload. */
export function mutationDocument(name: GameMutation | 'placeBid' | 'createGame'): string {
  return `mutation($input: ${INPUT_TYPES[name]}!) { ${name}(input: $input) { ${PAYLOAD_FIELDS} } }`;
}

export interface RequestOptions {
  token?: string | null;
  headers?: Record<string, string>;
}

/** POSTs one GraphQL operation; `token` becomes "Authorization: Bearer <token>". */
export async function gqlAt<T>(
  url: string,
  query: string,
  variables: Variables = {},
  options: RequestOptions = {},
): Promise<GqlResponse<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await response.text();
  let body: GqlBody<T>;
  try {
    body = JSON.parse(text) as GqlBody<T>;
  } catch {
    throw new Error(`HTTP ${response.status}: not JSON: ${text.slice(0, 500)}`);
  }
  return { status: response.status, body, text };
}

/** The data of a response that must have succeeded; fails with the errors otherwise. */
export function dataOf<T>(response: GqlResponse<T>): T {
  if (response.status !== 200 || response.body.errors || !response.body.data) {
    throw new Error(`expected a successful response, got HTTP ${response.status}: ${response.text}`);
  }
  return response.body.data;
}

/** The only top-level error of a failed response: its code and message. */
export function onlyError(response: GqlResponse<unknown>): GqlError {
  const errors = response.body.errors ?? [];
  if (errors.length !== 1) throw new Error(`expected exactly one error, got: ${response.text}`);
  return errors[0]!;
}

export interface TestApiOptions {
  production?: boolean;
  /** Server log lines are collected here instead of printed. */
  log?: unknown[];
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
    this.app = await startApp({
      databaseUrl: this.database.url,
      port: 0,
      host: '127.0.0.1',
      production: this.options.production ?? false,
      log: (message) => this.log.push(message),
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
    return gqlAt<T>(this.url, query, variables, { token });
  }

  /** Runs SQL on the test database directly (to check what was or was not stored). */
  async sql<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = new Client({ connectionString: this.database.url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async registerPlayer(name: string): Promise<TestPlayer> {
    const data = dataOf(
      await this.gql<{
        registerPlayer: { player: PlayerRef; token: string; userErrors: UserErrorData[] };
      }>(
        `mutation($input: RegisterPlayerInput!) {
           registerPlayer(input: $input) { player { id name } token userErrors { code message field } }
         }`,
        { input: { name } },
      ),
    );
    const { player, token, userErrors } = data.registerPlayer;
    if (userErrors.length > 0) throw new Error(`registerPlayer refused: ${JSON.stringify(userErrors)}`);
    return { id: player.id, name: player.name, token };
  }

  async registerPlayers(names: readonly string[]): Promise<TestPlayer[]> {
    return Promise.all(names.map((name) => this.registerPlayer(name)));
  }

  /** Raw createGame as `player`. */
  createGameRaw(
    player: TestPlayer | null,
    input: CreateGameVars,
  ): Promise<GqlResponse<{ createGame: GamePayloadData }>> {
    return this.gql(mutationDocument('createGame'), { input }, player?.token);
  }

  /** Creates a game that must be accepted, and returns it as its host sees it. */
  async createGame(host: TestPlayer, input: CreateGameVars): Promise<GameData> {
    return acceptedGame(await this.createGameRaw(host, input), 'createGame');
  }

  /** Raw game mutation (join, leave, start, dudo, exact) as `player` (null: anonymous). */
  mutate(
    name: GameMutation,
    player: TestPlayer | null,
    input: GameInputVars,
  ): Promise<GqlResponse<Record<string, GamePayloadData>>> {
    return this.gql(mutationDocument(name), { input }, player?.token);
  }

  /** Raw placeBid as `player` (null: anonymous). */
  placeBid(
    player: TestPlayer | null,
    input: GameInputVars & { quantity: number; face: number },
  ): Promise<GqlResponse<Record<string, GamePayloadData>>> {
    return this.gql(mutationDocument('placeBid'), { input }, player?.token);
  }

  /** The payload of a game mutation that returned without top-level errors. */
  static payload(response: GqlResponse<Record<string, GamePayloadData>>): GamePayloadData {
    const data = dataOf(response);
    const payload = Object.values(data)[0];
    if (!payload) throw new Error(`no payload in ${response.text}`);
    return payload;
  }

  /** The game as `viewer` sees it (null: anonymous), or null when it does not exist. */
  async game(gameId: string, viewer: TestPlayer | null = null): Promise<GameData | null> {
    const data = dataOf(
      await this.gql<{ game: GameData | null }>(
        `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
        { id: gameId },
        viewer?.token,
      ),
    );
    return data.game;
  }

  async mustGame(gameId: string, viewer: TestPlayer | null = null): Promise<GameData> {
    const game = await this.game(gameId, viewer);
    if (!game) throw new Error(`game ${gameId} not found`);
    return game;
  }

  /** Every round of a game, oldest first, read through the `rounds` connection a page at a time. */
  async allRounds(gameId: string, pageSize = 100, viewer: TestPlayer | null = null): Promise<RoundData[]> {
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
  async startedGame(players: readonly TestPlayer[], input: CreateGameVars): Promise<GameData> {
    const created = await this.createGame(players[0]!, input);
    for (const player of players.slice(1)) {
      acceptedGame(await this.mutate('joinGame', player, { gameId: created.id }), 'joinGame');
    }
    return acceptedGame(await this.mutate('startGame', players[0]!, { gameId: created.id }), 'startGame');
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

/** The game of an accepted mutation; fails with the response when it was refused in any way. */
export function acceptedGame(response: GqlResponse<Record<string, GamePayloadData>>, what: string): GameData {
  const payload = TestApi.payload(response);
  if (payload.userErrors.length > 0 || !payload.game) {
    throw new Error(`${what} was refused: ${JSON.stringify(payload.userErrors)}`);
  }
  return payload.game;
}

/** Which of `players` sits at `position` in `game`. */
export function seatedPlayer(
  game: { seats: readonly { player: { id: string } }[] },
  players: readonly TestPlayer[],
  position: number,
): TestPlayer {
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

/** What the bot reads of a game: enough to decide a move, and little else (moves are many). */
export interface PlayState {
  id: string;
  status: GameData['status'];
  version: number;
  rules: Pick<RulesData, 'wildAces' | 'exact' | 'exactCaller'>;
  turn: SeatRef | null;
  viewerSeat: SeatRef | null;
  seats: (Pick<SeatData, 'position' | 'diceCount' | 'dice'> & { player: { id: string } })[];
  legalActions: LegalActionsData | null;
  currentRound: {
    number: number;
    palifico: boolean;
    bids: Pick<BidData, 'seat' | 'quantity' | 'face'>[];
  } | null;
}

export const PLAY_FIELDS = `
  id status version rules { wildAces exact exactCaller } turn { position } viewerSeat { position }
  seats { position diceCount dice player { id } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }
  currentRound { number palifico bids { seat { position } quantity face } }`;

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
  player: TestPlayer;
  seat: number;
  /** The game version the move was decided on. */
  versionBefore: number;
  /** The round the move was made in. */
  roundNumber: number;
  /** The dice the player held, as the server showed them to the player. */
  dice: number[];
  bid?: { quantity: number; face: number };
  /** The game after the move, as the mover sees it. */
  game: PlayState;
}

export function botRng(seed: number): Rng {
  return seededRng(seed);
}

function chance(rng: Rng, p: number): boolean {
  return p > 0 && rng.int(1_000_000) < p * 1_000_000;
}

function totalDice(game: PlayState): number {
  return game.seats.reduce((n, s) => n + s.diceCount, 0);
}

async function playView(api: TestApi, gameId: string, player: TestPlayer): Promise<PlayState> {
  const data = dataOf(
    await api.gql<{ game: PlayState | null }>(
      `query($id: ID!) { game(id: $id) { ${PLAY_FIELDS} } }`,
      { id: gameId },
      player.token,
    ),
  );
  if (!data.game) throw new Error(`game ${gameId} not found`);
  return data.game;
}

/**
 * Plays one legal move: reads the game as the player whose turn it is (its legal actions and own dice) and
 * bids, calls dudo or calls exact. Where the rules let someone else call exact out of turn, that player may
 * do so instead. Each move must be accepted and must raise the version by exactly 1.
 */
export async function playTurn(
  api: TestApi,
  known: PlayState,
  players: readonly TestPlayer[],
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
      const view = await playView(api, known.id, player);
      if (view.version !== known.version) throw new Error('the game changed under the bot');
      if (view.legalActions!.canExact) return move(api, view, player, 'EXACT', options);
    }
  }

  const player = seatedPlayer(known, players, known.turn.position);
  const view = await playView(api, known.id, player);
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
  view: PlayState,
  player: TestPlayer,
  kind: BotMove['kind'],
  options: BotOptions,
  bid?: { quantity: number; face: number },
): Promise<BotMove> {
  const seat = view.viewerSeat!.position;
  const input: Record<string, unknown> = { gameId: view.id, ...bid };
  if (options.expectedVersion ?? true) input.expectedVersion = view.version;
  const name = kind === 'BID' ? 'placeBid' : kind === 'DUDO' ? 'callDudo' : 'callExact';
  const response = await api.gql<Record<string, { game: PlayState | null; userErrors: UserErrorData[] }>>(
    `mutation($input: ${INPUT_TYPES[name]}!) {
       ${name}(input: $input) { game { ${PLAY_FIELDS} } userErrors { code message field } }
     }`,
    { input },
    player.token,
  );
  const payload = dataOf(response)[name]!;
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
