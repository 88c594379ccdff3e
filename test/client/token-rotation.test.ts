import {
  createClient,
  RequestError,
  type LiveGame,
  type PerudoClient,
  type PlayerEvent,
} from '@perudo/client';
import { type App } from '../../src/app';
import { oneTo, playTurns, serverLog, type Tally } from '../support/client-game';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Ana rotates her token in the middle of a game, with its LiveGame and her player stream open: both resume on
 * a socket opened with the new token, her moves keep being accepted, and the game is played to its end. A
 * second client object still holding the old token is refused (UNAUTHENTICATED) on its next request.
 */

let database: TestDatabase | undefined;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

it('carries a live game on across rotateToken; a client with the old token is refused', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  const ana: PerudoClient = createClient({ url });
  const bruno: PerudoClient = createClient({ url });
  let stale: PerudoClient | undefined;
  try {
    const registered = await ana.register('Ana');
    await bruno.register('Bruno');
    const oldToken = ana.token!;
    stale = createClient({ url, token: oldToken });
    expect(await stale.viewer()).toEqual({ id: registered.player!.id, name: 'Ana' });
    let staleRefusals = 0;
    stale.on('unauthenticated', () => staleRefusals++);

    const created = await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 });
    expect(created.userErrors).toEqual([]);
    const id = created.game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);

    const playerEvents: (PlayerEvent | null)[] = [];
    ana.onPlayerEvent((event) => playerEvents.push(event));
    const tokens: (string | null)[] = [];
    ana.on('token', (token) => tokens.push(token));

    const tables: LiveGame[] = [ana.game(id), bruno.game(id)];
    let rotation: {
      token: string | null;
      movesBefore: number;
      socketMovesBefore: number;
      events: number;
    } | null = null;
    const tallies: Tally[] = [
      playTurns(tables[0]!, {
        // On Ana's third turn the token is rotated before her move is sent with the new one.
        beforeMove: async (_game, turn) => {
          if (turn !== 3) return;
          const movesBefore = tallies[0]!.moves;
          const socketMovesBefore = ana.stats.socketMutations;
          const rotated = await ana.rotateToken();
          expect(rotated.userErrors).toEqual([]);
          rotation = { token: rotated.token, movesBefore, socketMovesBefore, events: playerEvents.length };
        },
      }),
      playTurns(tables[1]!),
    ];
    await Promise.all(tables.map((t) => t.ready));
    expect((await tables[0]!.start()).userErrors).toEqual([]);
    const finals = await Promise.all(tables.map((t) => t.finished));

    expect(rotation).not.toBeNull();
    const done = rotation!;
    expect(done.token).not.toBeNull();
    expect(done.token).not.toBe(oldToken);
    expect(ana.token).toBe(done.token);
    expect(tokens).toEqual([done.token]);

    const log = await serverLog(bruno, id);
    const last = finals[0]!.lastEventSeq;
    expect(log.seqs).toEqual(oneTo(last));
    for (const [i, final] of finals.entries()) {
      expect(final.status).toBe('FINISHED');
      expect(tables[i]!.lastSeq).toBe(last);
      expect(tallies[i]!.seqs).toEqual(oneTo(last));
      expect(tallies[i]!.refused).toEqual([]);
      expect(tallies[i]!.thrown).toEqual([]);
      expect(log.movesBySeat.get(final.viewerSeat!.position)).toBe(tallies[i]!.moves);
      expect(tables[i]!.mismatch).toBeNull();
    }
    // Ana's game stream resumed on the new socket, and her moves after the rotation went over it.
    expect(tables[0]!.resumes).toBeGreaterThan(0);
    expect(tallies[0]!.moves).toBeGreaterThan(done.movesBefore);
    expect(ana.stats.socketMutations).toBeGreaterThan(done.socketMovesBefore);
    // Her player stream resumed too (a gap, then events of the game again).
    const after = playerEvents.slice(done.events);
    expect(after.indexOf(null)).toBeGreaterThanOrEqual(0);
    expect(after.slice(after.indexOf(null) + 1).filter((e) => e?.game.id === id).length).toBeGreaterThan(0);
    expect(await ana.viewer()).toEqual({ id: registered.player!.id, name: 'Ana' });

    // The old token is refused from the rotation on.
    const refusal = await stale.viewer().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RequestError);
    expect((refusal as RequestError).code).toBe('UNAUTHENTICATED');
    expect((refusal as RequestError).operation).toBe('Viewer');
    expect(staleRefusals).toBe(1);
    tables.forEach((t) => t.close());
  } finally {
    await Promise.all([ana.close(), bruno.close(), stale?.close()]);
  }
});

it('a request sent with the old token while rotateToken is answered is sent again with the new one', async () => {
  const url = `http://127.0.0.1:${app!.port}/graphql`;
  let during: Promise<{ id: string; name: string } | null> | null = null;
  const statuses: string[] = [];
  let viewerRefused!: () => void;
  const refused = new Promise<void>((resolve) => (viewerRefused = resolve));
  // The real server answers everything; the rotation's answer is held back until a Viewer query, sent
  // meanwhile with the old token, was refused by the server.
  const holdRotation: typeof fetch = async (input, init) => {
    const { operationName } = JSON.parse(String(init!.body)) as { operationName: string };
    const response = await fetch(input, init);
    statuses.push(`${operationName} ${response.status}`);
    if (operationName === 'Viewer' && response.status === 401) viewerRefused();
    if (operationName === 'RotateToken' && !during) {
      during = client.viewer();
      await refused;
    }
    return response;
  };
  const client: PerudoClient = createClient({ url, fetch: holdRotation, retry: { delayMs: 10 } });
  let refusals = 0;
  client.on('unauthenticated', () => refusals++);
  try {
    const registered = await client.register('Carla');
    const oldToken = client.token;
    const rotated = await client.rotateToken();
    expect(rotated.userErrors).toEqual([]);
    expect(client.token).toBe(rotated.token);
    expect(rotated.token).not.toBe(oldToken);
    expect(await during).toEqual({ id: registered.player!.id, name: 'Carla' });
    expect(statuses).toEqual(['RegisterPlayer 200', 'RotateToken 200', 'Viewer 401', 'Viewer 200']);
    expect(refusals).toBe(0);
  } finally {
    await client.close();
  }
});
