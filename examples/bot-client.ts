/**
 * A reference client for the Perudo API: a bot that plays whole games through the public contract only
 * (graphql-ws for the live streams and, while that socket is connected, its moves; GraphQL over HTTP with
 * `fetch` for the rest, and for moves when the socket is down).
 *
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --create --preset PERUDO
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --join <gameId>
 *
 * It registers a player (or uses --token), creates a game (and starts it once enough players sit) or joins
 * one, and plays a legal move chosen from `legalActions` whenever its own stream (`playerEvents`) says a turn
 * of its began. One socket serves every game it plays: its own stream, and each game's `gameEvents(afterSeq)`
 * log, resumed after the last event it saw whenever the connection drops. A server that restarts mid-game
 * is waited for: requests are sent again with a growing pause, moves with the same idempotencyKey.
 *
 * The parts are in examples/bot/: transport.ts (requests, retries), connection.ts (the socket and the
 * player's stream), strategy.ts (the move), describe.ts (what it prints), game-view.ts (what it reads of a game).
 */
import type { Client } from 'graphql-ws';
import { BotConnection, type PlayerSignal } from './bot/connection';
import { describe, emoteFor } from './bot/describe';
import { DiceCheck, DiceMismatchError } from './bot/dice-check';
import { GAME_FIELDS, type GameEvent, type GameView } from './bot/game-view';
import { chooseMove, type Move } from './bot/strategy';
import { backoff, DEFAULT_RETRY, FatalError, GraphqlTransport, sleep, type UserError } from './bot/transport';

export { chooseMove, type Move } from './bot/strategy';
export { describe, emoteFor } from './bot/describe';
export type { GameEvent, GameView } from './bot/game-view';
export { BotConnection } from './bot/connection';
export { DiceMismatchError } from './bot/dice-check';

export interface BotOptions {
  /** The HTTP GraphQL endpoint, e.g. http://localhost:4000/graphql; the WebSocket URL is derived from it. */
  readonly url: string;
  /** A player's token; without one the bot registers a new player. */
  readonly token?: string;
  /** The name to register under (default: "Bot" and a random suffix). */
  readonly name?: string;
  /** Join this game... */
  readonly gameId?: string;
  /** ...or create one: the bot hosts it and starts it once `players` (default 2) sit at the table. */
  readonly create?: {
    readonly preset: string;
    readonly players?: number;
    readonly name?: string;
    readonly overrides?: Record<string, unknown>;
  };
  /**
   * The socket to play on, shared by the games of one player (with `token`): one socket for any number of
   * games. By default the bot opens its own and closes it at the end of the game.
   */
  readonly connection?: BotConnection;
  /** Called once the bot has its seat, with the game's ID (give it to the other players). */
  readonly onGame?: (gameId: string) => void;
  /** Called with every event, in order, once each. */
  readonly onEvent?: (event: GameEvent) => void;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
  /** Wait before trying again after a lost connection; doubles on each failure, up to 5 s (default 200). */
  readonly retryDelayMs?: number;
  /** Give up after this many failed attempts in a row to reach the server (default 30). */
  readonly maxRetries?: number;
  /** Answer in the table chat with an emote (default false): OOPS on losing a die, GOOD_GAME at the end. */
  readonly emotes?: boolean;
  /** Called with the game as read and the move chosen, before the move is sent (e.g. to check or log it). */
  readonly beforeMove?: (game: GameView, move: NonNullable<Move>) => void | Promise<void>;
  /**
   * Every ended round's dice are verified (examples/verifier): called with each round verified, and with the
   * first mismatch (without this, the game's end throws a DiceMismatchError).
   */
  readonly onDiceVerified?: (round: number) => void;
  readonly onDiceMismatch?: (mismatch: DiceMismatchError['mismatch']) => void;
}

export interface BotResult {
  readonly gameId: string;
  readonly playerId: string;
  readonly status: string;
  readonly winnerId: string | null;
  readonly won: boolean;
  /** Events received: each exactly once, in seq order. */
  readonly events: number;
  readonly lastSeq: number;
  /** How many times the game's stream was resumed after a lost connection. */
  readonly resumes: number;
  /** Moves the bot made. */
  readonly moves: number;
  /** HTTP requests sent again because the server could not be reached (e.g. while it restarted). */
  readonly retries: number;
  /** Mutations (moves, the start, chat) answered over the socket, and sent over HTTP. */
  readonly socketMutations: number;
  readonly httpMutations: number;
  /** YOUR_TURN events its own stream brought for this game. */
  readonly turnsSignalled: number;
}

const GAME_EVENTS = `subscription($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    seq type
    seat { position }
    bid { quantity face }
    outcome { kind actualCount loser { position } }
    round { number serverKey reveal { seat { position } dice } }
    game { ${GAME_FIELDS} }
  }
}`;

const PAYLOAD = `game { ${GAME_FIELDS} } userErrors { code message }`;

type GamePayload = { game: GameView | null; userErrors: UserError[] };

/** A player: the token given, or a new one registered (with an idempotencyKey, so a retry registers once). */
async function signIn(http: GraphqlTransport, options: BotOptions): Promise<{ id: string; name: string }> {
  if (!options.token) {
    const name = options.name ?? `Bot ${Math.random().toString(36).slice(2, 6)}`;
    const registered = await http.mutate<{ token: string; userErrors: UserError[] }>(
      'registerPlayer',
      'RegisterPlayerInput',
      { name },
      'token userErrors { code message }',
    );
    if (registered.userErrors.length) {
      throw new FatalError(`registerPlayer: ${registered.userErrors[0]!.message}`);
    }
    http.token = registered.token;
  } else {
    http.token = options.token;
  }
  const me = (await http.request<{ viewer: { id: string; name: string } | null }>('{ viewer { id name } }'))
    .viewer;
  if (!me) throw new FatalError('the token does not name a player');
  return me;
}

/** Plays one game to its end and resolves with how it went. */
export async function runBot(options: BotOptions): Promise<BotResult> {
  const log = options.log ?? (() => {});
  const policy = {
    ...DEFAULT_RETRY,
    delayMs: options.retryDelayMs ?? DEFAULT_RETRY.delayMs,
    maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
  };
  const http = new GraphqlTransport(options.url, policy, log);
  const me = await signIn(http, options);
  const mutate = (name: string, inputType: string, input: Record<string, unknown>) =>
    http.mutate<GamePayload>(name, inputType, input, PAYLOAD);

  let gameId: string;
  if (options.create) {
    const created = await mutate('createGame', 'CreateGameInput', {
      preset: options.create.preset,
      ...(options.create.name ? { name: options.create.name } : {}),
      ...(options.create.overrides ? { overrides: options.create.overrides } : {}),
    });
    if (!created.game) throw new FatalError(`createGame: ${created.userErrors[0]?.message}`);
    gameId = created.game.id;
    log(`${me.name} created game ${gameId}`);
  } else if (options.gameId) {
    gameId = options.gameId;
    const joined = await mutate('joinGame', 'GameInput', { gameId });
    const error = joined.userErrors[0];
    if (error && error.code !== 'ALREADY_JOINED') throw new FatalError(`joinGame: ${error.message}`);
    log(`${me.name} sits at game ${gameId}`);
  } else {
    throw new FatalError('give a game to join (gameId) or ask to create one (create)');
  }
  options.onGame?.(gameId);

  // Moves run one at a time; a request for one while another is thinking is remembered and served after
  // it, from the game as it is then.
  let moves = 0;
  let thinking: Promise<void> | null = null;
  let again = false;
  let failure: unknown = null;
  const think = async (): Promise<void> => {
    do {
      again = false;
      const { game } = await http.request<{ game: GameView | null }>(
        `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
        { id: gameId },
      );
      if (!game) throw new FatalError(`game ${gameId} is gone`);
      if (options.create && game.status === 'LOBBY' && game.seats.length >= (options.create.players ?? 2)) {
        const started = await mutate('startGame', 'GameInput', { gameId, expectedVersion: game.version });
        if (started.userErrors.length === 0) log(`${me.name} started the game`);
        continue;
      }
      if (game.status !== 'IN_PROGRESS' || game.turn?.position !== game.viewerSeat?.position) continue;
      const move = chooseMove(game);
      if (!move) continue;
      await options.beforeMove?.(game, move);
      const base = { gameId, expectedVersion: game.version };
      const result =
        move.kind === 'BID'
          ? await mutate('placeBid', 'PlaceBidInput', { ...base, quantity: move.quantity, face: move.face })
          : await mutate('callDudo', 'GameActionInput', base);
      const refused = result.userErrors[0];
      // The game moved on in between (STALE_VERSION): the next signal asks again.
      if (refused && refused.code !== 'STALE_VERSION')
        throw new FatalError(`${move.kind}: ${refused.message}`);
      if (!refused) {
        moves++;
        log(`${me.name}: ${move.kind === 'BID' ? `bids ${move.quantity} x ${move.face}` : 'dudo!'}`);
      }
    } while (again);
  };
  const wake = (): void => {
    if (thinking) {
      again = true;
      return;
    }
    thinking = think()
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => {
        thinking = null;
      });
  };

  const connection = options.connection ?? new BotConnection(options.url, http.token!, policy, log);
  http.socket = connection;
  // Its own stream says when a turn of its begins, in this game or any other on the same socket.
  let turnsSignalled = 0;
  const unwatch = connection.watch(gameId, (signal: PlayerSignal) => {
    if (signal === 'YOUR_TURN') turnsSignalled++;
    if (signal === 'YOUR_TURN' || signal === 'RESUMED' || signal === 'GAME_STARTED') wake();
  });
  let follow: FollowResult;
  let chat = Promise.resolve();
  const dice = new DiceCheck((q, v) => http.request(q, v), gameId, {
    onVerified: options.onDiceVerified,
    onMismatch: options.onDiceMismatch,
  });
  try {
    follow = await followGame(connection.client, gameId, policy, options, {
      onEvent: (event) => {
        if (failure) throw failure;
        dice.onEvent(event);
        const emote = options.emotes ? emoteFor(event) : null;
        // Chat is best effort: a refusal (rate, a table with chat closed) never stops the bot. Emotes go one
        // after the other, in the order of the events.
        if (emote) {
          chat = chat.then(() =>
            http.mutate('sendChatMessage', 'ChatMessageInput', { gameId, emote }, 'userErrors { code }').then(
              () => {},
              () => {},
            ),
          );
        }
        // The host starts the game once enough players sit. At the start the bot looks for itself too: the
        // game's first turn may have begun before its own stream was subscribed.
        const mayStart = options.create !== undefined && event.game.status === 'LOBBY';
        if (mayStart || event.type === 'GAME_STARTED') wake();
      },
      onResume: wake,
      log,
      name: me.name,
    });
    while (thinking) await thinking;
    await chat;
    await dice.done();
  } finally {
    unwatch();
    if (!options.connection) await connection.close();
  }
  if (failure) throw failure;
  const final = follow.final;
  const winnerId = final.winner?.id ?? null;
  return {
    gameId,
    playerId: me.id,
    status: final.status,
    winnerId,
    won: winnerId === me.id,
    events: follow.events,
    lastSeq: follow.lastSeq,
    resumes: follow.resumes,
    moves,
    retries: http.retries,
    socketMutations: http.socketMutations,
    httpMutations: http.httpMutations,
    turnsSignalled,
  };
}

interface FollowResult {
  final: GameView;
  events: number;
  lastSeq: number;
  resumes: number;
}

/**
 * Follows a game's log until it ends: each event once, in order, from afterSeq 0; after a lost connection
 * again from the last event seen, with a growing pause between attempts.
 */
async function followGame(
  client: Client,
  gameId: string,
  policy: typeof DEFAULT_RETRY,
  options: BotOptions,
  hooks: {
    onEvent: (event: GameEvent) => void;
    onResume: () => void;
    log: (line: string) => void;
    name: string;
  },
): Promise<FollowResult> {
  let lastSeq = 0;
  let events = 0;
  let resumes = 0;
  let failures = 0;
  let final: GameView | null = null;
  while (!final) {
    try {
      const stream = client.iterate<{ gameEvents: GameEvent }>({
        query: GAME_EVENTS,
        variables: { gameId, afterSeq: lastSeq },
      });
      if (resumes > 0) hooks.onResume();
      for await (const result of stream) {
        if (result.errors?.length) {
          const first = result.errors[0] as { message: string; extensions?: { code?: string } };
          throw new FatalError(`gameEvents: ${first.extensions?.code ?? ''} ${first.message}`);
        }
        const event = result.data!.gameEvents;
        if (event.seq <= lastSeq) continue;
        if (event.seq !== lastSeq + 1) throw new FatalError(`event ${event.seq} came after ${lastSeq}`);
        lastSeq = event.seq;
        events++;
        failures = 0;
        options.onEvent?.(event);
        hooks.log(describe(event));
        hooks.onEvent(event);
        if (event.type === 'GAME_FINISHED' || event.type === 'GAME_CANCELLED') {
          final = event.game;
          break;
        }
      }
    } catch (error) {
      if (error instanceof FatalError) throw error;
      const code = (error as { code?: number }).code;
      if (code === 4403) throw new FatalError('the server refused the token (4403)');
      if (++failures > policy.maxRetries) throw error;
      const delay = backoff(policy, failures);
      hooks.log(`${hooks.name} lost the event stream after event ${lastSeq}; resuming in ${delay} ms`);
      await sleep(delay);
    }
    if (!final) resumes++;
  }
  return { final, events, lastSeq, resumes };
}

function parseArgs(argv: readonly string[]): BotOptions & { quiet: boolean } {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const url = value('--url') ?? process.env.PERUDO_URL ?? 'http://localhost:4000/graphql';
  const gameId = value('--join') ?? process.env.PERUDO_GAME_ID;
  const create = argv.includes('--create') || !gameId;
  return {
    url,
    token: value('--token') ?? process.env.PERUDO_TOKEN,
    name: value('--name'),
    gameId: create ? undefined : gameId,
    create: create
      ? {
          preset: value('--preset') ?? 'PERUDO',
          players: Number(value('--players') ?? 2),
          name: value('--game-name'),
        }
      : undefined,
    quiet: argv.includes('--quiet'),
    emotes: argv.includes('--emotes'),
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const result = await runBot({
    ...options,
    log: options.quiet ? undefined : (line) => console.log(line),
    onDiceVerified: (round) => console.log(`verified round ${round}`),
    onDiceMismatch: (mismatch) => {
      console.error(new DiceMismatchError(mismatch).message);
      process.exit(3);
    },
    onGame: (gameId) => {
      if (options.create) console.log(`Game ${gameId}: others join with --join ${gameId}`);
    },
  });
  console.log(
    `${result.status}: ${result.won ? 'I won' : 'I lost'} after ${result.events} events, ${result.moves} moves, ${result.resumes} resumes`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
