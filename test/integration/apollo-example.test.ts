import {
  createClient,
  GameDocument,
  GameEventsDocument,
  type GameFieldsFragment,
  type LiveGame,
  type PerudoClient,
} from '@perudo/client';
import { connectApollo, playWithApollo } from '../../examples/apollo/apollo-game';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { playTurns } from '../support/client-game';

let database: TestDatabase | undefined;
let app: App | undefined;
const warnings: string[] = [];
const spies: jest.SpyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  // Apollo reports data it loses in the cache, and fields a result lacks, through console.warn / console.error.
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
  await app?.stop();
  await database?.drop();
});

it('an Apollo Client player and a @perudo/client player play a whole game to the same end', async () => {
  const bruno: PerudoClient = createClient({ url: app!.url });
  let reader: PerudoClient | undefined;
  try {
    await bruno.register('Bruno');
    let seated: Promise<LiveGame> | undefined;
    const shown: number[] = [];
    // The Apollo side hosts: Bruno sits down as soon as the game exists, and the host then starts it.
    const ana = await playWithApollo({
      url: app!.url,
      name: 'Ana',
      create: { preset: 'PERUDO', maxPlayers: 2 },
      onChange: (game) => shown.push(game.version * 100_000 + game.lastEventSeq),
      onGame: (id) => {
        seated = bruno.joinGame(id).then((payload) => {
          expect(payload.userErrors).toEqual([]);
          const live = bruno.game(id);
          playTurns(live);
          return live;
        });
      },
    });
    const table = await seated!;
    const final = await table.finished;

    expect(ana.gameId).toBe(final.id);
    expect(final.status).toBe('FINISHED');
    expect(ana.final.status).toBe('FINISHED');
    expect(final.winner).not.toBeNull();
    // Both sides saw the same winner, and each knows whether it was them.
    expect({ id: ana.final.winner?.id, name: ana.final.winner?.name }).toEqual(final.winner);
    expect(ana.won).toBe(final.winner!.id === ana.player.id);

    // The cache's game, read back through Apollo, is the server's last word for Ana in the fields compared.
    // Typed by the document: Apollo's result is a GameFields fragment as it is, with no cast.
    const cached: GameFieldsFragment = ana.apollo.readQuery({
      query: GameDocument,
      variables: { id: ana.gameId },
    })!.game!;
    reader = createClient({ url: app!.url, token: ana.token });
    const server = (await reader.request(GameDocument, { id: ana.gameId })).game!;
    const compared = (g: GameFieldsFragment) => ({
      version: g.version,
      status: g.status,
      winner: g.winner && { id: g.winner.id, name: g.winner.name },
      lastEventSeq: g.lastEventSeq,
    });
    expect(compared(cached)).toEqual(compared(server));
    expect(compared(ana.final)).toEqual(compared(server));
    expect(final.version).toBe(server.version);
    expect(final.lastEventSeq).toBe(server.lastEventSeq);

    // The watched game only ever moved forward: (version, lastEventSeq) grew with each result.
    expect(shown).toEqual([...new Set(shown)].sort((a, b) => a - b));
    expect(shown.at(-1)).toBe(server.version * 100_000 + server.lastEventSeq);

    // Every move of the Apollo side was applied, save any sent on a game that had just changed.
    expect(ana.moves).toBeGreaterThan(0);
    const stale = ana.refused.filter((code) => code === 'STALE_VERSION').length;
    expect(ana.refused).toEqual(Array.from({ length: stale }, () => 'STALE_VERSION'));
    expect(stale).toBeLessThan(ana.moves);
    expect(table.mismatch).toBeNull();
    expect(warnings).toEqual([]);
    table.close();
  } finally {
    await Promise.all([bruno.close(), reader?.close()]);
  }
});

it('subscribeToMore writes each payload into the cache before its updateQuery: the example does not use it', async () => {
  const host = createClient({ url: app!.url });
  const guest = createClient({ url: app!.url });
  const { token } = await host.register('Carla');
  await guest.register('Dario');
  const { apollo, close } = connectApollo(app!.url, () => token);
  try {
    const created = await host.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    const id = created.game!.id;
    const first = await apollo.query({ query: GameDocument, variables: { id } });
    const watch = apollo.watchQuery({ query: GameDocument, variables: { id } });
    const watching = watch.subscribe({});
    expect([first.data.game!.version, first.data.game!.seats.length]).toEqual([1, 1]);
    const updates: number[] = [];
    watch.subscribeToMore({
      document: GameEventsDocument,
      variables: { gameId: id, afterSeq: first.data.game!.lastEventSeq },
      // Keeps the query as it was: were this the only writer, the cached game would stay at version 1.
      updateQuery: (_, { subscriptionData }) => {
        updates.push(subscriptionData.data.gameEvents.seq);
        return undefined;
      },
    });
    // No wait for the subscription: from afterSeq, it is sent the join even if it starts after it.
    const joined = await guest.joinGame(id);
    expect(joined.userErrors).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (updates.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(updates).toEqual([joined.game!.lastEventSeq]);
    // The payload's game (Game:<id>) was written all the same, before the updateQuery ran.
    const cached = apollo.readQuery({ query: GameDocument, variables: { id } })!.game!;
    expect([cached.version, cached.seats.length]).toEqual([joined.game!.version, 2]);
    expect(watch.getCurrentResult().data.game!.version).toBe(joined.game!.version);
    watching.unsubscribe();
    expect(warnings).toEqual([]);
  } finally {
    await close();
    await Promise.all([host.close(), guest.close()]);
  }
});
