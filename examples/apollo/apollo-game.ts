/**
 * Plays a Perudo game through Apollo Client 3 with the typed documents of `@perudo/client`: the game lives
 * in Apollo's InMemoryCache (one `watchQuery`), `gameEvents` keeps it current, and a move is sent whenever
 * the cached game says it is the viewer's turn. No result is cast: each document carries its types.
 *
 *   npx ts-node --transpile-only examples/apollo/apollo-game.ts --name Ana [--join <gameId>] [--url …]
 */
import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  split,
  type NormalizedCacheObject,
} from '@apollo/client/core';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import {
  CallDudoDocument,
  CreateGameDocument,
  GameDocument,
  GameEventsDocument,
  JoinGameDocument,
  PlaceBidDocument,
  RegisterPlayerDocument,
  StartGameDocument,
  type CreateGameInput,
  type ErrorCode,
  type GameFieldsFragment,
  type UserErrorFieldsFragment,
} from '@perudo/client';
import { getOperationAST } from 'graphql';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';

export interface ApolloConnection {
  readonly apollo: ApolloClient<NormalizedCacheObject>;
  /** Closes the WebSocket; the cache stays readable. */
  close(): Promise<void>;
}

/**
 * An Apollo Client for the server: queries and mutations over HTTP, subscriptions over graphql-ws, both with
 * the token `token()` returns when they are sent (none before registering).
 */
export function connectApollo(url: string, token: () => string | null, wsUrl?: string): ApolloConnection {
  const ws: WsClient = createWsClient({
    url: wsUrl ?? url.replace(/^http/, 'ws'),
    lazy: true,
    // Read when the socket opens, so a socket opened after registering carries the token.
    connectionParams: () => {
      const current = token();
      return current ? { authorization: `Bearer ${current}` } : {};
    },
  });
  const auth = new ApolloLink((operation, forward) => {
    const current = token();
    if (current) {
      operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, authorization: `Bearer ${current}` },
      }));
    }
    return forward(operation);
  });
  const link = split(
    ({ query }) => getOperationAST(query)?.operation === 'subscription',
    new GraphQLWsLink(ws),
    auth.concat(new HttpLink({ uri: url })),
  );
  const apollo = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: TYPE_POLICIES }) });
  return {
    apollo,
    close: async () => {
      apollo.stop();
      await ws.dispose();
    },
  };
}

/**
 * Game is normalized by its id; what it holds (seats, the round, the legal actions…) has no id of its own
 * and is replaced whole by a newer game rather than merged with the older one.
 */
const TYPE_POLICIES = {
  Game: {
    fields: Object.fromEntries(
      ['seats', 'rules', 'rollOff', 'currentRound', 'legalActions', 'viewerSeat', 'turn'].map((field) => [
        field,
        { merge: false },
      ]),
    ),
  },
};

type Versioned = Pick<GameFieldsFragment, 'version' | 'lastEventSeq'>;

/** Whether `a` is a later state of the game than `b`: a later version or, within one version, more of the log. */
export function isNewer(a: Versioned, b: Versioned): boolean {
  return a.version > b.version || (a.version === b.version && a.lastEventSeq > b.lastEventSeq);
}

export type Move = { kind: 'bid'; quantity: number; face: number } | { kind: 'dudo' };

/**
 * The viewer's move when the game says it is their turn, else null: the smallest legal bid on the face
 * they hold most of (aces count when wild), or dudo when that bid needs more than one die beyond their own.
 */
export function chooseMove(game: GameFieldsFragment): Move | null {
  const legal = game.legalActions;
  const me = game.viewerSeat?.position;
  if (game.status !== 'IN_PROGRESS' || !legal || me === undefined || game.turn?.position !== me) return null;
  const dice = game.seats.find((seat) => seat.position === me)?.dice ?? [];
  const held = (face: number): number =>
    dice.filter((d) => d === face || (game.rules.wildAces && face !== 1 && d === 1)).length;
  const [best] = [...legal.minBids].sort(
    (a, b) => held(b.face) - held(a.face) || a.minQuantity - b.minQuantity,
  );
  if (legal.canDudo && (!best || best.minQuantity > held(best.face) + 1)) return { kind: 'dudo' };
  return legal.canBid && best ? { kind: 'bid', quantity: best.minQuantity, face: best.face } : null;
}

export interface ApolloGameOptions {
  /** The GraphQL endpoint over HTTP, e.g. http://localhost:4000/graphql. */
  readonly url: string;
  /** The WebSocket endpoint; derived from `url` when left out. */
  readonly wsUrl?: string;
  /** The name to register under. */
  readonly name: string;
  /** Join this game; without it, create one. */
  readonly join?: string;
  /** The created game's rules (default PERUDO, 2 seats). */
  readonly create?: CreateGameInput;
  /** The host starts the created game once this many players sit (default: its maxPlayers, else 2). */
  readonly players?: number;
  /** Called with the game's id once it is created or joined. */
  readonly onGame?: (gameId: string) => void;
  /** Called with each game the watched query shows. */
  readonly onChange?: (game: GameFieldsFragment) => void;
  readonly log?: (line: string) => void;
}

export interface ApolloGameResult {
  readonly gameId: string;
  readonly player: { readonly id: string; readonly name: string };
  /** The player's token, to go on playing as them. */
  readonly token: string;
  /** The game as the cache held it at the end. */
  readonly final: GameFieldsFragment;
  readonly won: boolean;
  /** Moves sent (bids and dudos), and the codes of the mutations refused (moves and the host's start). */
  readonly moves: number;
  readonly refused: readonly ErrorCode[];
  /** The client, its socket closed: its cache still holds the game. */
  readonly apollo: ApolloClient<NormalizedCacheObject>;
}

interface GamePayload {
  readonly game: GameFieldsFragment | null;
  readonly userErrors: readonly UserErrorFieldsFragment[];
}

function refusal(errors: readonly UserErrorFieldsFragment[]): Error {
  return new Error(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
}

/** Registers a player, creates or joins a game, and plays it to its end from the Apollo cache. */
export async function playWithApollo(options: ApolloGameOptions): Promise<ApolloGameResult> {
  const log = options.log ?? ((): void => undefined);
  let token: string | null = null;
  const { apollo, close } = connectApollo(options.url, () => token, options.wsUrl);
  try {
    const registered = await apollo.mutate({
      mutation: RegisterPlayerDocument,
      variables: { input: { name: options.name, idempotencyKey: crypto.randomUUID() } },
    });
    const registration = registered.data?.registerPlayer;
    if (!registration?.player || !registration.token) throw refusal(registration?.userErrors ?? []);
    const player = registration.player;
    const playerToken = registration.token;
    token = playerToken;

    const seated = options.join
      ? (
          await apollo.mutate({
            mutation: JoinGameDocument,
            variables: { input: { gameId: options.join, idempotencyKey: crypto.randomUUID() } },
          })
        ).data?.joinGame
      : (
          await apollo.mutate({
            mutation: CreateGameDocument,
            variables: {
              input: {
                preset: 'PERUDO',
                maxPlayers: 2,
                ...options.create,
                idempotencyKey: crypto.randomUUID(),
              },
            },
          })
        ).data?.createGame;
    if (!seated?.game) throw refusal(seated?.userErrors ?? []);
    const gameId = seated.game.id;
    const startAt = options.join ? null : (options.players ?? seated.game.maxPlayers);
    options.onGame?.(gameId);
    log(`${player.name} ${options.join ? 'joined' : 'created'} ${gameId}`);

    const played = await new Promise<
      Omit<ApolloGameResult, 'gameId' | 'player' | 'token' | 'apollo' | 'won'>
    >((resolve, reject) => {
      const watch = apollo.watchQuery({ query: GameDocument, variables: { id: gameId } });
      // The one writer of the game besides the first fetch: a game older than the cached one is dropped.
      // (subscribeToMore would not do: Apollo writes each payload, its normalized Game included, into the
      // cache before its updateQuery runs; so do mutation results unless their fetchPolicy is no-cache.)
      const keep = (game: GameFieldsFragment): void =>
        watch.updateQuery((_, { complete, previousData }) =>
          complete && previousData.game && !isNewer(game, previousData.game) ? undefined : { game },
        );
      const refused: ErrorCode[] = [];
      let moves = 0;
      let busy = false;
      let triedAt = -1;
      let events: { unsubscribe(): void } | null = null;
      let watching: { unsubscribe(): void } | null = null;
      let done = false;

      const settle = (payload: GamePayload | undefined): void => {
        if (payload?.game) keep(payload.game);
        for (const error of payload?.userErrors ?? []) refused.push(error.code);
      };
      const act = async (game: GameFieldsFragment): Promise<void> => {
        const base = { gameId, expectedVersion: game.version, idempotencyKey: crypto.randomUUID() };
        if (game.status === 'LOBBY') {
          const { data } = await apollo.mutate({
            mutation: StartGameDocument,
            variables: { input: base },
            fetchPolicy: 'no-cache',
          });
          return settle(data?.startGame);
        }
        const move = chooseMove(game);
        if (!move) return;
        moves++;
        log(`${player.name}: ${move.kind === 'bid' ? `bids ${move.quantity} × ${move.face}` : 'dudo'}`);
        if (move.kind === 'bid') {
          const { quantity, face } = move;
          const { data } = await apollo.mutate({
            mutation: PlaceBidDocument,
            variables: { input: { ...base, quantity, face } },
            fetchPolicy: 'no-cache',
          });
          return settle(data?.placeBid);
        }
        const { data } = await apollo.mutate({
          mutation: CallDudoDocument,
          variables: { input: base },
          fetchPolicy: 'no-cache',
        });
        settle(data?.callDudo);
      };
      const finish = (game: GameFieldsFragment): void => {
        done = true;
        events?.unsubscribe();
        watching?.unsubscribe();
        resolve({ final: game, moves, refused });
      };
      const consider = (game: GameFieldsFragment | null | undefined): void => {
        if (!game || done) return;
        if (game.status === 'FINISHED' || game.status === 'CANCELLED') return finish(game);
        if (!events) {
          // Follows the log from the game just read: nothing before it is replayed.
          events = apollo
            .subscribe({
              query: GameEventsDocument,
              variables: { gameId, afterSeq: game.lastEventSeq },
              fetchPolicy: 'no-cache',
            })
            .subscribe({
              next: ({ data }) => {
                if (data) keep(data.gameEvents.game);
              },
              error: reject,
            });
        }
        const due =
          game.status === 'LOBBY'
            ? startAt !== null && game.seats.length >= startAt
            : chooseMove(game) !== null;
        // One try per version: a refused move waits for the game to change.
        if (!due || busy || triedAt === game.version) return;
        busy = true;
        triedAt = game.version;
        act(game).then(() => {
          busy = false;
          consider(watch.getCurrentResult().data?.game);
        }, reject);
      };
      watching = watch.subscribe({
        next: ({ data }) => {
          if (data?.game && !done) options.onChange?.(data.game);
          consider(data?.game);
        },
        error: reject,
      });
      if (done) watching.unsubscribe();
    });
    const won = played.final.winner?.id === player.id;
    log(
      `${player.name}: game ${played.final.status}, ${won ? 'won' : `won by ${played.final.winner?.name}`}`,
    );
    return { gameId, player, token: playerToken, won, apollo, ...played };
  } finally {
    await close();
  }
}

function parseArgs(argv: readonly string[]): ApolloGameOptions {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const join = value('--join');
  return {
    url: value('--url') ?? process.env.PERUDO_URL ?? 'http://localhost:4000/graphql',
    name: value('--name') ?? `Apollo ${Math.floor(Math.random() * 10_000)}`,
    ...(join ? { join } : {}),
    onGame: (id) => console.log(`Game ${id}: others join with --join ${id}`),
    log: console.log,
  };
}

if (require.main === module) {
  playWithApollo(parseArgs(process.argv.slice(2))).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
