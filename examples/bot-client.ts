/**
 * A reference client for the Perudo API: a bot that plays a whole game through the public contract only
 * (GraphQL over HTTP with `fetch` for its moves, graphql-ws for the live event stream).
 *
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --create --preset PERUDO
 *   npx ts-node --transpile-only examples/bot-client.ts --url http://localhost:4000/graphql --join <gameId>
 *
 * It registers a player (or uses --token), creates a game (and starts it once enough players sit) or joins
 * one, follows it with `gameEvents(afterSeq)` — resuming after the last event it saw whenever the connection
 * drops — and, when it is its turn, plays a legal move chosen from `legalActions`.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

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
  /** Called once the bot has its seat, with the game's ID (give it to the other players). */
  readonly onGame?: (gameId: string) => void;
  /** Called with every event, in order, once each. */
  readonly onEvent?: (event: GameEvent) => void;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
  /** Wait before resubscribing after a lost connection; doubles on each failure, up to 5 s (default 200). */
  readonly retryDelayMs?: number;
  /** Give up after this many failed attempts in a row to follow the game (default 30). */
  readonly maxRetries?: number;
  /** Answer in the table chat with an emote (default false): OOPS on losing a die, GOOD_GAME at the end. */
  readonly emotes?: boolean;
}

/** The emote a bot answers an event with, if any: OOPS when it lost a die, GOOD_GAME when the game ends. */
export function emoteFor(event: GameEvent): string | null {
  const me = event.game.viewerSeat?.position;
  if (me === undefined) return null;
  if (event.type === 'ROUND_ENDED' && event.outcome?.loser?.position === me) return 'OOPS';
  if (event.type === 'GAME_FINISHED') return 'GOOD_GAME';
  return null;
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
  /** How many times the stream was resumed after a lost connection. */
  readonly resumes: number;
  /** Moves the bot made. */
  readonly moves: number;
}

interface SeatView {
  position: number;
  diceCount: number;
  dice: number[] | null;
  player: { id: string; name: string };
}

interface GameView {
  id: string;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  rules: { wildAces: boolean };
  seats: SeatView[];
  turn: { position: number } | null;
  viewerSeat: { position: number } | null;
  winner: { id: string; name: string } | null;
  currentRound: {
    number: number;
    palifico: boolean;
    bids: { quantity: number; face: number; seat: { position: number } }[];
  } | null;
  legalActions: {
    canBid: boolean;
    canDudo: boolean;
    canExact: boolean;
    minBids: { face: number; minQuantity: number }[];
  } | null;
}

export interface GameEvent {
  seq: number;
  type: string;
  seat: { position: number } | null;
  bid: { quantity: number; face: number } | null;
  outcome: { kind: string; actualCount: number; loser: { position: number } | null } | null;
  round: { number: number; reveal: { seat: { position: number }; dice: number[] }[] | null } | null;
  game: GameView;
}

const GAME_FIELDS = `
  id status version
  rules { wildAces }
  seats { position diceCount dice player { id name } }
  turn { position }
  viewerSeat { position }
  winner { id name }
  currentRound { number palifico bids { quantity face seat { position } } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }`;

const GAME_EVENTS = `subscription($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    seq type
    seat { position }
    bid { quantity face }
    outcome { kind actualCount loser { position } }
    round { number reveal { seat { position } dice } }
    game { ${GAME_FIELDS} }
  }
}`;

const PAYLOAD = `game { ${GAME_FIELDS} } userErrors { code message }`;

/** An error the bot cannot recover from by reconnecting. */
class FatalError extends Error {}

interface UserError {
  code: string;
  message: string;
}

/** POSTs one GraphQL operation; GraphQL errors are thrown. */
async function graphql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  if (body.errors?.length || !body.data) {
    const first = body.errors?.[0];
    throw new FatalError(
      `${first?.extensions?.code ?? `HTTP ${response.status}`}: ${first?.message ?? 'no data'}`,
    );
  }
  return body.data;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type Move = { kind: 'BID'; quantity: number; face: number } | { kind: 'DUDO' } | null;

/**
 * The strategy: bid the smallest legal quantity on the face the bot holds most of; call dudo instead when
 * even that bid looks unlikely given its own dice (or when it cannot bid at all).
 */
export function chooseMove(game: GameView): Move {
  const actions = game.legalActions;
  const me = game.viewerSeat?.position;
  const round = game.currentRound;
  if (!actions || me === undefined || !round) return null;
  const dice = game.seats[me]?.dice ?? [];
  const acesWild = game.rules.wildAces && !round.palifico;
  const unseen = game.seats.reduce((n, s) => n + s.diceCount, 0) - dice.length;
  const held = (face: number): number =>
    dice.filter((d) => d === face || (acesWild && face !== 1 && d === 1)).length;
  const likely = (face: number): number => held(face) + unseen * (acesWild && face !== 1 ? 1 / 3 : 1 / 6);
  const options = actions.canBid ? actions.minBids : [];
  let best: { face: number; minQuantity: number } | null = null;
  for (const option of options) {
    if (
      !best ||
      held(option.face) > held(best.face) ||
      (held(option.face) === held(best.face) &&
        likely(option.face) - option.minQuantity > likely(best.face) - best.minQuantity)
    ) {
      best = option;
    }
  }
  if (actions.canDudo && (!best || best.minQuantity > likely(best.face) + 1)) return { kind: 'DUDO' };
  if (best) return { kind: 'BID', quantity: best.minQuantity, face: best.face };
  return actions.canDudo ? { kind: 'DUDO' } : null;
}

/** Plays one game to its end and resolves with how it went. */
export async function runBot(options: BotOptions): Promise<BotResult> {
  const { url } = options;
  const log = options.log ?? (() => {});
  let token = options.token;
  if (!token) {
    const name = options.name ?? `Bot ${Math.random().toString(36).slice(2, 6)}`;
    const data = await graphql<{ registerPlayer: { token: string; userErrors: UserError[] } }>(
      url,
      'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { token userErrors { code message } } }',
      { input: { name } },
    );
    if (data.registerPlayer.userErrors.length) {
      throw new FatalError(`registerPlayer: ${data.registerPlayer.userErrors[0]!.message}`);
    }
    token = data.registerPlayer.token;
  }
  const me = (
    await graphql<{ viewer: { id: string; name: string } | null }>(url, '{ viewer { id name } }', {}, token)
  ).viewer;
  if (!me) throw new FatalError('the token does not name a player');

  const mutate = async (name: string, inputType: string, input: Record<string, unknown>) => {
    const data = await graphql<Record<string, { game: GameView | null; userErrors: UserError[] }>>(
      url,
      `mutation($input: ${inputType}!) { ${name}(input: $input) { ${PAYLOAD} } }`,
      { input },
      token,
    );
    return data[name]!;
  };

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

  // Moves run one at a time, apart from the event stream; a request for one while another is thinking is
  // remembered and served after it, from the game as it is then.
  let moves = 0;
  let thinking: Promise<void> | null = null;
  let again = false;
  let failure: unknown = null;
  const think = async (): Promise<void> => {
    do {
      again = false;
      const { game } = await graphql<{ game: GameView | null }>(
        url,
        `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
        { id: gameId },
        token,
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
      const base = { gameId, expectedVersion: game.version };
      const result =
        move.kind === 'BID'
          ? await mutate('placeBid', 'PlaceBidInput', { ...base, quantity: move.quantity, face: move.face })
          : await mutate('callDudo', 'GameActionInput', base);
      const refused = result.userErrors[0];
      // The game moved on in between (STALE_VERSION): the next event asks again.
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

  const client: Client = createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0, // the bot resumes by itself, from the last event it saw
    lazy: true,
  });
  let lastSeq = 0;
  let events = 0;
  let resumes = 0;
  let failures = 0;
  let final: GameView | null = null;
  try {
    while (!final) {
      if (failure) throw failure;
      try {
        const stream = client.iterate<{ gameEvents: GameEvent }>({
          query: GAME_EVENTS,
          variables: { gameId, afterSeq: lastSeq },
        });
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
          log(describe(event));
          const emote = options.emotes ? emoteFor(event) : null;
          // Chat is best effort: a refusal (rate, a table with chat closed) never stops the bot.
          if (emote) {
            graphql(
              url,
              'mutation($input: ChatMessageInput!) { sendChatMessage(input: $input) { userErrors { code } } }',
              { input: { gameId, emote } },
              token,
            ).catch(() => {});
          }
          if (event.game.status === 'FINISHED' || event.game.status === 'CANCELLED') {
            final = event.game;
            break;
          }
          if (failure) throw failure;
          const myTurn =
            event.game.turn !== null && event.game.turn.position === event.game.viewerSeat?.position;
          const mayStart = options.create !== undefined && event.game.status === 'LOBBY';
          if (myTurn || mayStart) wake();
        }
      } catch (error) {
        if (error instanceof FatalError) throw error;
        const code = (error as { code?: number }).code;
        if (code === 4403) throw new FatalError('the server refused the token (4403)');
        if (++failures > (options.maxRetries ?? 30)) throw error;
        const delay = Math.min((options.retryDelayMs ?? 200) * 2 ** (failures - 1), 5_000);
        log(`${me.name} lost the event stream after event ${lastSeq}; resuming in ${delay} ms`);
        await sleep(delay);
      }
      if (!final) resumes++;
    }
    while (thinking) await thinking;
  } finally {
    await client.dispose();
  }
  const winnerId = final.winner?.id ?? null;
  return {
    gameId,
    playerId: me.id,
    status: final.status,
    winnerId,
    won: winnerId === me.id,
    events,
    lastSeq,
    resumes,
    moves,
  };
}

/** One line about an event, for people watching. */
export function describe(e: GameEvent): string {
  const who = (position: number | undefined) =>
    position === undefined ? '?' : (e.game.seats[position]?.player.name ?? `seat ${position}`);
  switch (e.type) {
    case 'BID_PLACED':
      return `#${e.seq} ${who(e.seat?.position)} bids ${e.bid!.quantity} x ${e.bid!.face}`;
    case 'ROUND_STARTED': {
      const mine = e.game.viewerSeat ? e.game.seats[e.game.viewerSeat.position]?.dice : null;
      return `#${e.seq} round ${e.round!.number} starts${mine ? `; my dice: ${mine.join(' ')}` : ''}`;
    }
    case 'ROUND_ENDED': {
      const hands = (e.round?.reveal ?? []).map((h) => `${who(h.seat.position)} [${h.dice.join(' ')}]`);
      const o = e.outcome;
      const result = !o
        ? ' (voided)'
        : `; ${o.actualCount} counted, ${o.loser ? `${who(o.loser.position)} loses a die` : 'nobody loses a die'}`;
      return `#${e.seq} round ${e.round?.number} ends: ${hands.join(', ')}${result}`;
    }
    case 'GAME_STARTED':
      return `#${e.seq} the game starts: ${who(e.seat?.position)} opens`;
    case 'GAME_FINISHED':
      return `#${e.seq} game over: ${e.game.winner?.name ?? 'nobody'} wins`;
    default:
      return `#${e.seq} ${e.type.toLowerCase().replace(/_/g, ' ')}${e.seat ? ` (${who(e.seat.position)})` : ''}`;
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
