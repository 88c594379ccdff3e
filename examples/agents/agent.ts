/**
 * An arena agent on `@perudo/client`: with an agent's token it joins arena tables (`arenaJoin`) and plays each
 * game to its end, choosing every move from the game's `legalActions`.
 *
 *   PERUDO_TOKEN=<agent token> npx ts-node --transpile-only examples/agents/agent.ts --games 3
 *
 * The live game (`client.game(id)`) follows the table over one socket and says when a turn of the agent's
 * begins; the package retries moves with the same idempotencyKey and waits out RATE_LIMITED.
 * `python/agent.py` is the same agent in Python, polling over HTTP.
 */
import {
  createClient,
  type BotLevel,
  type GameState,
  type LiveGame,
  type PerudoClient,
  type RulePreset,
} from '@perudo/client';

export interface AgentOptions {
  /** The HTTP GraphQL endpoint, e.g. http://localhost:4000/graphql; the WebSocket URL is derived from it. */
  readonly url: string;
  /** The agent's token (from createAgent or rotateAgentToken). */
  readonly token: string;
  /** The arena's rules (default PERUDO). */
  readonly preset?: RulePreset;
  /** Seats at the table, 2 to 4 (default 4). */
  readonly seats?: number;
  /** Seconds a turn may last before the server plays it, 5 to 120 (default 10). */
  readonly turnSeconds?: number;
  /** Seconds after a table's creation at which reference bots fill its free seats (default 10). */
  readonly fillSeconds?: number;
  /** A reference bot to play against, seated at the agent's table (default: the fill decides). */
  readonly referenceBot?: BotLevel;
  /** Arena games to play one after the other (default 1). */
  readonly games?: number;
  /** Verify every ended round's dice (default true). */
  readonly verify?: boolean;
  /** Called with each game's result as it ends. */
  readonly onGame?: (result: ArenaGameResult) => void;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface ArenaGameResult {
  readonly gameId: string;
  readonly status: string;
  readonly won: boolean;
  /** Moves the agent made (turns the server played for it are not counted). */
  readonly moves: number;
}

export type ArenaMove = { kind: 'BID'; quantity: number; face: number } | { kind: 'DUDO' } | null;

/** A move refused for a reason trying again will not fix. */
export class AgentError extends Error {
  override readonly name = 'AgentError';
}

/**
 * The strategy: the smallest legal bid on the face it most likely holds for, while that bid holds at least
 * one time in two (the server's odds for this viewer); dudo once every bid is less likely than not.
 */
export function chooseArenaMove(game: GameState): ArenaMove {
  const actions = game.legalActions;
  if (!actions) return null;
  const bids = actions.canBid ? actions.minBids : [];
  const best = bids.reduce<(typeof bids)[number] | null>(
    (top, bid) => (!top || bid.probability > top.probability ? bid : top),
    null,
  );
  if (best && (best.probability >= 0.5 || !actions.canDudo))
    return { kind: 'BID', quantity: best.minQuantity, face: best.face };
  return actions.canDudo ? { kind: 'DUDO' } : null;
}

/** Takes an arena seat and plays that game to its end. */
export async function playArenaGame(
  client: PerudoClient,
  options: Omit<AgentOptions, 'url' | 'token' | 'games'>,
): Promise<ArenaGameResult> {
  const joined = await client.arenaJoin({
    preset: options.preset ?? 'PERUDO',
    seats: options.seats ?? 4,
    turnSeconds: options.turnSeconds ?? 10,
    fillSeconds: options.fillSeconds ?? 10,
    ...(options.referenceBot && { referenceBot: options.referenceBot }),
  });
  if (!joined.game) throw new AgentError(`arenaJoin: ${joined.userErrors[0]?.message}`);
  const live = client.game(joined.game.id, { verify: options.verify });
  options.log?.(`seated at ${live.id}`);
  try {
    const moves = await playTurns(live);
    const final = await live.finished;
    const seat = final.viewerSeat && final.seats[final.viewerSeat.position];
    return {
      gameId: live.id,
      status: final.status,
      won: !!seat && final.winner?.id === seat.player.id,
      moves: moves(),
    };
  } finally {
    live.close();
  }
}

/** Answers each turn of the agent's as it begins; returns the count of moves made so far. */
function playTurns(live: LiveGame): Promise<() => number> {
  let moves = 0;
  let busy = false;
  let failure: unknown = null;
  const act = async (): Promise<void> => {
    // A refusal as STALE_VERSION brought the newer state: while the turn is still ours, decide again on it.
    for (let version = -1; live.myTurn && live.state!.version > version;) {
      const game = live.state!;
      version = game.version;
      const move = chooseArenaMove(game);
      if (!move) return;
      const { userErrors } =
        move.kind === 'BID' ? await live.bid(move.quantity, move.face) : await live.dudo();
      const refused = userErrors[0];
      if (!refused) {
        moves++;
        continue;
      }
      // The turn timer or another seat moved first: the game went on without this move.
      if (refused.code !== 'STALE_VERSION' && refused.code !== 'NOT_YOUR_TURN')
        throw new AgentError(`${move.kind}: ${refused.message}`);
    }
  };
  const wake = (): void => {
    if (busy) return;
    busy = true;
    const seen = live.state?.version;
    act()
      .catch((error: unknown) => {
        failure ??= error;
        live.close();
      })
      .finally(() => {
        busy = false;
        // A state that came while acting gets its own look; the same state would be decided the same way
        // again (a loop that never lets the socket deliver the next one).
        if (live.myTurn && !failure && live.state?.version !== seen) wake();
      });
  };
  live.on('turn', wake);
  live.on('change', () => {
    if (live.myTurn) wake();
  });
  return live.finished.then(
    () => () => moves,
    (error: unknown) => {
      throw failure ?? error;
    },
  );
}

/** Plays `games` arena games in a row with the agent's token. */
export async function runAgent(options: AgentOptions): Promise<ArenaGameResult[]> {
  const client = createClient({ url: options.url, token: options.token, log: options.log });
  const results: ArenaGameResult[] = [];
  try {
    for (let i = 0; i < (options.games ?? 1); i++) {
      const result = await playArenaGame(client, options);
      results.push(result);
      options.onGame?.(result);
    }
    return results;
  } finally {
    await client.close();
  }
}

const USAGE = `Plays arena games as an agent through the public API.

  agent [--url <url>] [--token <token>] [--games <n>] [--preset <preset>] [--seats <n>]
        [--turn-seconds <n>] [--fill-seconds <n>] [--reference-bot <level>] [--quiet]

  --url <url>          the GraphQL endpoint over HTTP (PERUDO_URL; default http://localhost:4000/graphql)
  --token <token>      the agent's token (PERUDO_TOKEN)
  --games <n>          arena games to play in a row (default 1)
  --preset <preset>    CLASSIC | PERUDO | LIARS_DICE | PUB (default PERUDO)
  --seats <n>          seats at the table, 2 to 4 (default 4)
  --turn-seconds <n>   seconds a turn may last, 5 to 120 (default 10)
  --fill-seconds <n>   seconds before reference bots fill a table this agent opens (default 10)
  --reference-bot <l>  EASY | NORMAL | HARD: that reference bot sits at this agent's table (default: none asked)
  --quiet              print only each game's result`;

/** The command line: `argv` without node and the script. */
export async function agentMain(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return console.log(USAGE);
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (flag: string, fallback: number): number => Number(value(flag) ?? fallback);
  const token = value('--token') ?? process.env.PERUDO_TOKEN;
  if (!token) throw new AgentError('an agent token is needed: --token or PERUDO_TOKEN');
  await runAgent({
    url: value('--url') ?? process.env.PERUDO_URL ?? 'http://localhost:4000/graphql',
    token,
    preset: (value('--preset') ?? 'PERUDO') as RulePreset,
    seats: number('--seats', 4),
    turnSeconds: number('--turn-seconds', 10),
    fillSeconds: number('--fill-seconds', 10),
    referenceBot: value('--reference-bot') as BotLevel | undefined,
    games: number('--games', 1),
    log: argv.includes('--quiet') ? undefined : (line) => console.log(line),
    onGame: (game) => console.log(`${game.gameId} ${game.status} ${game.won ? 'won' : 'lost'}`),
  });
}

if (require.main === module) {
  agentMain(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
