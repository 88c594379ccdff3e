/**
 * A reference client for the Perudo API: a bot that plays whole games through `@perudo/client` only. The
 * package holds the traffic (one socket for the streams and, while it is connected, the moves; HTTP
 * otherwise; retries with the same idempotencyKey, RATE_LIMITED waited out, streams resumed after the last
 * event, every round's dice verified); this file holds the bot's wiring and its command line.
 *
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --create --preset PERUDO
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --join <gameId>
 *
 * It registers a player (or uses --token), creates a game (and starts it once enough players sit) or joins
 * one, and plays a legal move chosen from `legalActions` (examples/bot/strategy.ts) each time a turn of its
 * begins in the live game; examples/bot/describe.ts says what it prints and which emotes it answers with.
 */
import {
  createClient,
  DEFAULT_RETRY,
  DiceMismatchError,
  type CreateGameInput,
  type GameEvent,
  type GameState,
  type LiveGame,
  type Mismatch,
  type PerudoClient,
  type RulePreset,
} from '@perudo/client';
import { describe, emoteFor } from './bot/describe';
import { chooseMove, type Move } from './bot/strategy';

export { chooseMove, type Move } from './bot/strategy';
export { describe, emoteFor } from './bot/describe';
export { DiceMismatchError, type GameEvent, type GameState } from '@perudo/client';

export interface BotOptions {
  /** The HTTP GraphQL endpoint, e.g. http://localhost:4000/graphql; the WebSocket URL is derived from it. */
  readonly url: string;
  /** A player's token; without one (and without a `client` that has one) the bot registers a new player. */
  readonly token?: string;
  /** The name to register under (default: "Bot" and a random suffix). */
  readonly name?: string;
  /** Join this game... */
  readonly gameId?: string;
  /** ...or create one: the bot hosts it and starts it once `players` (default 2) sit at the table. */
  readonly create?: {
    readonly preset: RulePreset;
    readonly players?: number;
    readonly name?: string;
    readonly overrides?: CreateGameInput['overrides'];
  };
  /**
   * The client to play on, shared by the games of one player: one socket for any number of games. By default
   * the bot creates its own and closes it at the end of the game.
   */
  readonly client?: PerudoClient;
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
  /** Called with the game as seen and the move chosen, before the move is sent (e.g. to check or log it). */
  readonly beforeMove?: (game: GameState, move: NonNullable<Move>) => void | Promise<void>;
  /**
   * Every ended round's dice are verified: called with each round verified, and with the first mismatch
   * (without `onDiceMismatch`, the bot fails with a DiceMismatchError at the end of the game).
   */
  readonly onDiceVerified?: (round: number) => void;
  readonly onDiceMismatch?: (mismatch: Mismatch) => void;
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
  /**
   * What the client's transport did while this game was played (with a shared `client`, the other games'
   * traffic of that time too): requests sent again because the server could not be reached, and mutations
   * (moves, the start, chat) answered over the socket and sent over HTTP.
   */
  readonly retries: number;
  readonly socketMutations: number;
  readonly httpMutations: number;
  /** YOUR_TURN events the player's own stream brought for this game. */
  readonly turnsSignalled: number;
}

/** A fault the bot cannot play past: a refused seat or move, a token that names nobody. */
export class BotError extends Error {
  override readonly name = 'BotError';
}

/** Plays one game to its end and resolves with how it went. */
export async function runBot(options: BotOptions): Promise<BotResult> {
  const log = options.log ?? (() => {});
  const client =
    options.client ??
    createClient({
      url: options.url,
      retry: {
        delayMs: options.retryDelayMs ?? DEFAULT_RETRY.delayMs,
        maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
      },
      log,
    });
  const before = { ...client.stats };
  try {
    const me = await signIn(client, options);
    const gameId = await takeSeat(client, options);
    log(`${me.name} ${options.create ? 'created' : 'sits at'} game ${gameId}`);
    options.onGame?.(gameId);
    const played = await play(client.game(gameId), client, options, me, log);
    const after = client.stats;
    const winnerId = played.final.winner?.id ?? null;
    return {
      gameId,
      playerId: me.id,
      status: played.final.status,
      winnerId,
      won: winnerId === me.id,
      events: played.events,
      lastSeq: played.lastSeq,
      resumes: played.resumes,
      moves: played.moves,
      retries: after.retries - before.retries,
      socketMutations: after.socketMutations - before.socketMutations,
      httpMutations: after.httpMutations - before.httpMutations,
      turnsSignalled: played.turnsSignalled,
    };
  } finally {
    if (!options.client) await client.close();
  }
}

/** The player: the token given (or the shared client's), or a new one registered. */
async function signIn(client: PerudoClient, options: BotOptions): Promise<{ id: string; name: string }> {
  if (options.token) {
    client.setToken(options.token);
  } else if (!client.token) {
    const registered = await client.register(options.name ?? `Bot ${Math.random().toString(36).slice(2, 6)}`);
    if (registered.userErrors.length)
      throw new BotError(`registerPlayer: ${registered.userErrors[0]!.message}`);
  }
  const me = await client.viewer();
  if (!me) throw new BotError('the token does not name a player');
  return me;
}

/** Creates the game asked for, or joins the one given (a seat already taken is fine); returns its ID. */
async function takeSeat(client: PerudoClient, options: BotOptions): Promise<string> {
  if (options.create) {
    const { preset, name, overrides } = options.create;
    const created = await client.createGame({
      preset,
      ...(name ? { name } : {}),
      ...(overrides ? { overrides } : {}),
    });
    if (!created.game) throw new BotError(`createGame: ${created.userErrors[0]?.message}`);
    return created.game.id;
  }
  if (options.gameId) {
    const joined = await client.joinGame(options.gameId);
    const error = joined.userErrors[0];
    if (error && error.code !== 'ALREADY_JOINED') throw new BotError(`joinGame: ${error.message}`);
    return options.gameId;
  }
  throw new BotError('give a game to join (gameId) or ask to create one (create)');
}

interface Played {
  final: GameState;
  events: number;
  lastSeq: number;
  resumes: number;
  moves: number;
  turnsSignalled: number;
}

/** Plays the live game to its end: starts it (as its creator), moves on each turn, answers with emotes. */
async function play(
  live: LiveGame,
  client: PerudoClient,
  options: BotOptions,
  me: { id: string; name: string },
  log: (line: string) => void,
): Promise<Played> {
  let failure: unknown = null;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = (error) => {
      failure ??= error;
      reject(error);
    };
  });
  // The live game's listeners must not throw (its emitter would rethrow out of band): a fault ends the bot.
  const guard =
    <A extends unknown[]>(listener: (...args: A) => void) =>
    (...args: A): void => {
      try {
        listener(...args);
      } catch (error) {
        fail(error);
      }
    };

  // One action at a time; a wake-up while one runs is served after it, on the state as it is then.
  let moves = 0;
  let thinking: Promise<void> | null = null;
  let again = false;
  const act = async (): Promise<void> => {
    const game = live.state;
    if (!game) return;
    if (options.create && game.status === 'LOBBY' && game.seats.length >= (options.create.players ?? 2)) {
      // A refusal (the table changed meanwhile) is asked again on the next change.
      const started = await live.start();
      if (started.userErrors.length === 0) log(`${me.name} started the game`);
      return;
    }
    if (!live.myTurn) return;
    const move = chooseMove(game);
    if (!move) return;
    await options.beforeMove?.(game, move);
    // The move was decided on `game`: if the state moved on while beforeMove ran, decide again on the new.
    if (live.state !== game) {
      again = true;
      return;
    }
    const result = move.kind === 'BID' ? await live.bid(move.quantity, move.face) : await live.dudo();
    const refused = result.userErrors[0];
    if (!refused) {
      moves++;
      log(`${me.name}: ${move.kind === 'BID' ? `bids ${move.quantity} x ${move.face}` : 'dudo!'}`);
      return;
    }
    if (refused.code !== 'STALE_VERSION') throw new BotError(`${move.kind}: ${refused.message}`);
    // The game moved on in between; its answer brought the newer state. A turn that is still ours but has the
    // same bids (a player joined or went away) fires no new 'turn', so it is looked at again here.
    if (live.myTurn && live.state!.version > game.version) again = true;
  };
  const wake = (): void => {
    if (thinking) {
      again = true;
      return;
    }
    thinking = (async () => {
      do {
        again = false;
        await act();
      } while (again);
    })()
      .catch(fail)
      .finally(() => {
        thinking = null;
      });
  };

  let turnsSignalled = 0;
  const offPlayer = client.onPlayerEvent((event) => {
    if (event?.type === 'YOUR_TURN' && event.game.id === live.id) turnsSignalled++;
  });
  const offConnection = client.on('connection', (connected) =>
    log(`${me.name}: socket ${connected ? 'connected' : 'lost; the streams resume where they were'}`),
  );
  live.on('turn', guard(wake));
  if (options.create) {
    live.on(
      'change',
      guard((game: GameState) => {
        if (game.status === 'LOBBY') wake();
      }),
    );
  }
  // Chat is best effort: a refusal (rate, a table with chat closed) never stops the bot. Emotes go one after
  // the other, in the order of the events.
  let chat = Promise.resolve();
  live.on(
    'event',
    guard((event: GameEvent) => {
      options.onEvent?.(event);
      log(describe(event));
      const emote = options.emotes ? emoteFor(event) : null;
      if (emote)
        chat = chat
          .then(() => live.say({ emote }))
          .then(
            () => {},
            () => {},
          );
    }),
  );
  if (options.onDiceVerified) live.on('verified', guard(options.onDiceVerified));
  if (options.onDiceMismatch) live.on('mismatch', guard(options.onDiceMismatch));

  try {
    const final = await Promise.race([live.finished, failed]);
    while (thinking) await thinking;
    await chat;
    if (failure) throw failure;
    return {
      final,
      events: live.events,
      lastSeq: live.lastSeq,
      resumes: live.resumes,
      moves,
      turnsSignalled,
    };
  } finally {
    offPlayer();
    offConnection();
    live.close();
  }
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
          preset: (value('--preset') ?? 'PERUDO') as RulePreset,
          players: Number(value('--players') ?? 2),
          name: value('--game-name'),
        }
      : undefined,
    quiet: argv.includes('--quiet'),
    emotes: argv.includes('--emotes'),
  };
}

const USAGE = `Plays one game of Perudo through the public API, then prints how it went.

  bot-client [--url <url>] [--token <token> | --name <name>] [--create] [--preset <preset>] [--players <n>]
             [--game-name <name>] [--join <gameId>] [--quiet] [--emotes]

  --url <url>          the GraphQL endpoint over HTTP (PERUDO_URL; default http://localhost:4000/graphql)
  --token <token>      play as this player (PERUDO_TOKEN) instead of registering one under --name
  --create             create a game (the default without --join); --preset CLASSIC | PERUDO | LIARS_DICE | PUB,
                       started once --players (default 2) sit; --game-name names it
  --join <gameId>      join this game (PERUDO_GAME_ID)
  --quiet              print only the result
  --emotes             answer in the table chat: OOPS on losing a die, GOOD_GAME at the end`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
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
