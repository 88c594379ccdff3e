import { parse, print, type DocumentNode } from 'graphql';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  acceptedMutation,
  dataOf,
  gql,
  lobbyGame,
  type Player,
  registerPlayer,
} from '../support/graphql-client';
import { connect, Subscription, wsUrlOf, type WsConnection } from '../support/ws-client';

/**
 * A client that keeps the game in Apollo Client's normalized InMemoryCache (no type policies) and writes
 * every gameEvents payload into it, as subscribeToMore's updateQuery does: replayed (afterSeq 0) and live
 * events never take the cached game back, and the cache never warns of data it loses.
 */

const GAME_FIELDS = `
  id status version lastEventSeq
  seats { id position diceCount eliminated dice player { id name } }
  turn { id position }
  currentRound { id number bids { seq quantity face seat { id position } } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }`;

const GAME_QUERY = parse(`query Table($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`);
const GAME_EVENTS = parse(`subscription Events($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    seq type at
    seat { id position diceCount }
    bid { seq quantity face seat { id position } }
    round { id number bids { seq quantity face seat { id position } } }
    outcome { kind actualCount caller { id position } loser { id position } }
    game { ${GAME_FIELDS} }
  }
}`);

interface CachedGame {
  id: string;
  version: number;
  lastEventSeq: number;
  currentRound: { number: number; bids: unknown[] } | null;
}
interface EventPayload {
  seq: number;
  type: string;
  game: CachedGame;
}

// Apollo Client is an ES module: loaded with import() from this CommonJS test.
type InMemoryCache = import('@apollo/client/core', { with: { 'resolution-mode': 'import' } }).InMemoryCache;
let newCache: () => InMemoryCache;

let database: TestDatabase | undefined;
let app: App | undefined;
let url = '';
let players: Player[] = [];
const connections: WsConnection[] = [];
const warnings: string[] = [];
const spies: jest.SpyInstance[] = [];

beforeAll(async () => {
  const apollo = await import('@apollo/client/core');
  newCache = () => new apollo.InMemoryCache();
  database = await createTestDatabase();
  app = await startServer(database.url);
  url = app.url;
  players = await Promise.all(['Ana', 'Ben'].map((n) => registerPlayer(url, n)));
  // Apollo reports lost data and missing fields through console.warn / console.error.
  for (const method of ['warn', 'error'] as const) {
    spies.push(
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        warnings.push(args.map(String).join(' '));
      }),
    );
  }
});

afterAll(async () => {
  for (const spy of spies) spy.mockRestore();
  await Promise.all(connections.map((c) => c.dispose()));
  await app?.stop();
  await database?.drop();
});

/** The client: one cache, the documents as the cache rewrites them (with __typename), sent as they are. */
class CacheClient {
  readonly cache = newCache();
  /** The cached game's version after each write. */
  readonly versions: number[] = [];
  private readonly query: DocumentNode = this.cache.transformDocument(GAME_QUERY);
  private readonly events: DocumentNode = this.cache.transformDocument(GAME_EVENTS);

  constructor(private readonly player: Player) {}

  async load(gameId: string): Promise<void> {
    const data = dataOf(
      await gql<{ game: CachedGame }>(url, print(this.query), { id: gameId }, this.player.token),
    );
    this.cache.writeQuery({ query: this.query, variables: { id: gameId }, data });
    this.record(gameId);
  }

  subscribe(gameId: string, afterSeq: number): Subscription<EventPayload> {
    const connection = connect(wsUrlOf(url), this.player.token);
    connections.push(connection);
    const variables = { gameId, afterSeq };
    const sub = new Subscription<EventPayload>(
      connection.client,
      print(this.events),
      variables,
      'gameEvents',
    );
    const written = new Set<EventPayload>();
    // Each payload as it arrives: the subscription's own result, then the query updated with its game.
    const write = (): void => {
      for (const event of sub.items) {
        if (written.has(event)) continue;
        written.add(event);
        this.cache.writeQuery({ query: this.events, variables, data: { gameEvents: event } });
        this.cache.updateQuery({ query: this.query, variables: { id: gameId } }, () => ({
          game: event.game,
        }));
        this.record(gameId);
      }
    };
    const push = sub.items.push.bind(sub.items);
    sub.items.push = (...items: EventPayload[]) => {
      const n = push(...items);
      write();
      return n;
    };
    return sub;
  }

  cached(gameId: string): CachedGame {
    return this.cache.readQuery<{ game: CachedGame }>({ query: this.query, variables: { id: gameId } })!.game;
  }

  private record(gameId: string): void {
    this.versions.push(this.cached(gameId).version);
  }
}

function nonDecreasing(values: readonly number[]): boolean {
  return values.every((v, i) => i === 0 || v >= values[i - 1]!);
}

it('keeps the cached game at its newest over a replayed and a live game, without a warning', async () => {
  const [ana, ben] = players as [Player, Player];
  const lobby = await lobbyGame(url, players, { preset: 'PUB' });
  // GAME_CREATED with the host's PLAYER_JOINED (version 1), then Ben's PLAYER_JOINED (version 2).
  expect([lobby.version, lobby.lastEventSeq]).toEqual([2, 3]);

  const client = new CacheClient(ana);
  await client.load(lobby.id);
  const replayed = client.subscribe(lobby.id, 0);
  await replayed.until((s) => s.items.length === 3);
  // The replayed GAME_CREATED shows the game as it is now, not the one-seat lobby of version 1.
  expect(replayed.items.map((e) => [e.seq, e.type, e.game.version])).toEqual([
    [1, 'GAME_CREATED', 2],
    [2, 'PLAYER_JOINED', 2],
    [3, 'PLAYER_JOINED', 2],
  ]);
  expect(client.versions).toEqual([2, 2, 2, 2]);

  // Live: the start, a bid and a dudo on it (the dudo ends round 1 and starts round 2).
  let game = await acceptedMutation(url, 'startGame', ana, { gameId: lobby.id });
  const byPosition = (position: number): Player => (position === 0 ? ana : ben);
  game = await acceptedMutation(url, 'placeBid', byPosition(game.turn!.position), {
    gameId: lobby.id,
    quantity: 1,
    face: 2,
  });
  game = await acceptedMutation(url, 'callDudo', byPosition(game.turn!.position), { gameId: lobby.id });
  const last = game.lastEventSeq;
  await replayed.until((s) => s.items.at(-1)?.seq === last);
  expect(replayed.items.map((e) => e.seq)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  expect(nonDecreasing(client.versions)).toBe(true);
  expect(client.cached(lobby.id)).toMatchObject({ version: game.version, lastEventSeq: last });

  // A second client that loads the game mid-play and replays the whole log into its own cache.
  const late = new CacheClient(ben);
  await late.load(lobby.id);
  const again = late.subscribe(lobby.id, 0);
  await again.until((s) => s.items.at(-1)?.seq === last);
  expect(late.versions).toEqual(Array.from({ length: last + 1 }, () => game.version));
  expect(late.cached(lobby.id)).toMatchObject({
    version: game.version,
    lastEventSeq: last,
    currentRound: { number: 2, bids: [] },
  });

  // Apollo warns of lost data (e.g. "Cache data may be lost when replacing the seats field") and of fields
  // a payload lacks: neither happened.
  expect(warnings).toEqual([]);
});
