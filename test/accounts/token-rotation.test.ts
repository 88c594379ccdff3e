import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import {
  dataOf,
  gql,
  lobbyGame,
  onlyError,
  registerPlayer,
  type Player,
  type Reply,
} from '../support/graphql-client';
import { connect, subscribeEvents, wsUrlOf, type WsConnection } from '../support/ws-client';

// Two API processes on one PostgreSQL: a token rotated on one stops working on both, over HTTP and sockets.
let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const sockets: WsConnection[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url }),
    spawnServer({ databaseUrl: database.url }),
  ]);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
  await stopAll([a, b]);
  await database?.drop();
});

const VIEWER = '{ viewer { id name } }';
const ROTATE = `mutation($input: RotateTokenInput!) {
  rotateToken(input: $input) { player { id name } token userErrors { code } clientMutationId }
}`;
const RENAME = `mutation($input: RenamePlayerInput!) {
  renamePlayer(input: $input) { player { id name } userErrors { code } clientMutationId }
}`;

interface Rotated {
  rotateToken: { player: { id: string; name: string }; token: string; clientMutationId: string | null };
}

function codeOf(reply: Reply<unknown>): unknown {
  return onlyError(reply).extensions?.code;
}

async function viewer(url: string, token: string): Promise<Reply<{ viewer: { id: string } | null }>> {
  return gql<{ viewer: { id: string } | null }>(url, VIEWER, {}, token);
}

/** A socket of `token` with a live subscription on `server`. */
async function liveSocket(server: ServerProcess, token: string, gameId: string): Promise<WsConnection> {
  const conn = connect(wsUrlOf(server.url), token);
  sockets.push(conn);
  const sub = subscribeEvents(conn, gameId, 0);
  await sub.until((s) => s.items.length > 0, 10_000, 'the replay');
  return conn;
}

it('rotateToken stops every earlier token at once on every process, HTTP and sockets, and a keyed retry rotates once', async () => {
  const ann = await registerPlayer(a!.url, 'Ann');
  const bob = await registerPlayer(a!.url, 'Bob');
  const game = await lobbyGame(a!.url, [ann, bob]);
  // Both processes know the old token (and would answer it from their caches).
  for (const server of [a!, b!]) expect(dataOf(await viewer(server.url, ann.token)).viewer?.id).toBe(ann.id);
  const socketA = await liveSocket(a!, ann.token, game.id);
  const socketB = await liveSocket(b!, ann.token, game.id);
  const bobSocket = await liveSocket(b!, bob.token, game.id);
  const closedA = socketA.nextClose();
  const closedB = socketB.nextClose();

  const started = Date.now();
  const rotated = dataOf(
    await gql<Rotated>(
      a!.url,
      ROTATE,
      { input: { idempotencyKey: 'rotation-1', clientMutationId: 'm1' } },
      ann.token,
    ),
  ).rotateToken;
  expect(rotated.player).toEqual({ id: ann.id, name: 'Ann' });
  expect(rotated.clientMutationId).toBe('m1');
  expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(rotated.token).not.toBe(ann.token);

  // At once, on both processes: the old token is refused, the new one works.
  for (const server of [b!, a!]) {
    const refused = await viewer(server.url, ann.token);
    expect({ status: refused.status, code: codeOf(refused) }).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(dataOf(await viewer(server.url, rotated.token)).viewer?.id).toBe(ann.id);
  }
  // Open sockets on the old token are closed with 4403 within 5 s on both processes; others stay open.
  const [ca, cb] = await Promise.all([closedA, closedB]);
  expect([ca.code, cb.code]).toEqual([4403, 4403]);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(bobSocket.closes).toEqual([]);

  // New sockets with the old token are refused with 4403; with the new one they work.
  const refusedSocket = connect(wsUrlOf(b!.url), ann.token);
  sockets.push(refusedSocket);
  const refusedClose = refusedSocket.nextClose();
  subscribeEvents(refusedSocket, game.id, 0);
  expect((await refusedClose).code).toBe(4403);
  await liveSocket(b!, rotated.token, game.id);

  // The retry with the replaced token and the same key, on the other process: the same token, rotated once.
  const retry = dataOf(
    await gql<Rotated>(b!.url, ROTATE, { input: { idempotencyKey: 'rotation-1' } }, ann.token),
  ).rotateToken;
  expect(retry.token).toBe(rotated.token);
  expect(dataOf(await viewer(b!.url, rotated.token)).viewer?.id).toBe(ann.id);
  // The replaced token may do nothing else: another key, no key, or another operation.
  expect(codeOf(await gql(b!.url, ROTATE, { input: { idempotencyKey: 'rotation-2' } }, ann.token))).toBe(
    'UNAUTHENTICATED',
  );
  expect(codeOf(await gql(b!.url, ROTATE, { input: {} }, ann.token))).toBe('UNAUTHENTICATED');
  expect(codeOf(await viewer(a!.url, ann.token))).toBe('UNAUTHENTICATED');
  expect(
    codeOf(
      await gql(
        a!.url,
        `mutation { rotateToken(input: { idempotencyKey: "rotation-1" }) { token } renamePlayer(input: { name: "Mallory" }) { userErrors { code } } }`,
        {},
        ann.token,
      ),
    ),
  ).toBe('UNAUTHENTICATED');
  expect(codeOf(await gql(a!.url, RENAME, { input: { name: 'Mallory' } }, ann.token))).toBe(
    'UNAUTHENTICATED',
  );

  // Without a token: UNAUTHENTICATED, nothing changes.
  expect(codeOf(await gql(a!.url, ROTATE, { input: { idempotencyKey: 'x' } }))).toBe('UNAUTHENTICATED');

  // A second rotation (with the new token) replaces it in turn.
  const again = dataOf(await gql<Rotated>(b!.url, ROTATE, { input: {} }, rotated.token)).rotateToken;
  expect(codeOf(await viewer(a!.url, rotated.token))).toBe('UNAUTHENTICATED');
  expect(dataOf(await viewer(a!.url, again.token)).viewer?.id).toBe(ann.id);
});

it('renamePlayer takes registerPlayer’s names, and the new name shows on every process', async () => {
  const cat: Player = await registerPlayer(a!.url, 'Cat');
  const dan = await registerPlayer(a!.url, 'Dan');
  const game = await lobbyGame(a!.url, [cat, dan]);
  const seatsQuery = `query($id: ID!) { game(id: $id) { seats { player { id name } } host { name } } }`;
  // Cached on both processes under the old name.
  for (const server of [a!, b!]) {
    const seen = dataOf(
      await gql<{ game: { host: { name: string } } }>(server.url, seatsQuery, { id: game.id }),
    );
    expect(seen.game.host.name).toBe('Cat');
  }
  const renamed = dataOf(
    await gql<{
      renamePlayer: { player: { name: string }; userErrors: unknown[]; clientMutationId: string };
    }>(a!.url, RENAME, { input: { name: '  Catherine  ', clientMutationId: 'r1' } }, cat.token),
  ).renamePlayer;
  expect(renamed).toEqual({
    player: { id: cat.id, name: 'Catherine' },
    userErrors: [],
    clientMutationId: 'r1',
  });
  for (const server of [b!, a!]) {
    const seen = dataOf(
      await gql<{ game: { host: { name: string }; seats: { player: { name: string } }[] } }>(
        server.url,
        seatsQuery,
        { id: game.id },
      ),
    );
    expect({ host: seen.game.host.name, seats: seen.game.seats.map((s) => s.player.name) }).toEqual({
      host: 'Catherine',
      seats: ['Catherine', 'Dan'],
    });
    expect(dataOf(await viewer(server.url, cat.token)).viewer).toEqual({ id: cat.id, name: 'Catherine' });
  }
  // Bad names: BAD_USER_INPUT and nothing changes; anonymous: UNAUTHENTICATED.
  for (const name of [
    '',
    '   ',
    'x'.repeat(41),
    'bad\u0000name',
    'a\u202Eb',
    '\u2800',
    'a\u034Fb',
    'soft\u00ADhyphen',
    'a\u200Db',
    'line\u2028break',
    '\u3164',
  ]) {
    const reply = await gql(a!.url, RENAME, { input: { name } }, cat.token);
    expect(codeOf(reply)).toBe('BAD_USER_INPUT');
  }
  // Emoji sequences keep their joiners and variation selectors.
  for (const name of ['Cat \u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 'Cat \u2764\uFE0F']) {
    const reply = await gql<{ renamePlayer: { player: { name: string } } }>(
      a!.url,
      RENAME,
      { input: { name } },
      cat.token,
    );
    expect(dataOf(reply).renamePlayer.player.name).toBe(name);
  }
  dataOf(await gql(a!.url, RENAME, { input: { name: 'Catherine' } }, cat.token));
  expect(codeOf(await gql(a!.url, RENAME, { input: { name: 'Eve' } }))).toBe('UNAUTHENTICATED');
  expect(dataOf(await viewer(b!.url, cat.token)).viewer).toEqual({ id: cat.id, name: 'Catherine' });
});
