// Table options over the API: createGame's options as the game shows them, and their bounds.
import { TestApi } from '../support/api-harness';
import { accepted, errorsOf, gql, mutate, type Player } from '../support/graphql-client';

const TABLE_FIELDS = `id visibility rated allowSpectators chatEnabled inviteCode awayAfterTimeouts disconnectSeconds`;

interface TableView {
  id: string;
  visibility: string;
  rated: boolean;
  allowSpectators: boolean;
  chatEnabled: boolean;
  inviteCode: string | null;
  awayAfterTimeouts: boolean;
  disconnectSeconds: number | null;
}

let api: TestApi;
let ann: Player;
let bob: Player;

beforeAll(async () => {
  api = await TestApi.start();
  ann = await api.registerPlayer('Ann');
  bob = await api.registerPlayer('Bob');
});

afterAll(async () => {
  await api.close();
});

async function viewAs(gameId: string, player: Player | null): Promise<TableView> {
  const r = await gql<{ game: TableView }>(
    api.url,
    `query($id: ID!) { game(id: $id) { ${TABLE_FIELDS} } }`,
    { id: gameId },
    player?.token,
  );
  return r.body.data!.game;
}

test('a game created without options has the defaults', async () => {
  const game = accepted(
    await mutate<TableView>(api.url, 'createGame', { preset: 'PERUDO' }, ann.token, TABLE_FIELDS),
    'createGame',
  );
  expect(game).toEqual({
    id: game.id,
    visibility: 'PUBLIC',
    rated: true,
    allowSpectators: true,
    chatEnabled: true,
    inviteCode: null,
    awayAfterTimeouts: true,
    disconnectSeconds: null,
  });
});

test('every option is stored as given; the invite code is shown to seated players only', async () => {
  const input = {
    preset: 'PERUDO',
    visibility: 'PRIVATE',
    rated: false,
    allowSpectators: false,
    chat: false,
    awayAfterTimeouts: false,
    disconnectSeconds: 90,
  };
  const game = accepted(
    await mutate<TableView>(api.url, 'createGame', input, ann.token, TABLE_FIELDS),
    'createGame',
  );
  expect(game.inviteCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
  expect(game).toEqual({
    id: game.id,
    visibility: 'PRIVATE',
    rated: false,
    allowSpectators: false,
    chatEnabled: false,
    inviteCode: game.inviteCode,
    awayAfterTimeouts: false,
    disconnectSeconds: 90,
  });
  // In the lobby anyone may read it, but only seated players see its code.
  expect(await viewAs(game.id, bob)).toEqual({ ...game, inviteCode: null });
  expect(await viewAs(game.id, null)).toEqual({ ...game, inviteCode: null });
  expect(await viewAs(game.id, ann)).toEqual(game);
});

test('disconnectSeconds outside 1..86400 is malformed input', async () => {
  for (const disconnectSeconds of [0, 86_401]) {
    const r = await mutate(api.url, 'createGame', { preset: 'PERUDO', disconnectSeconds }, ann.token);
    expect(errorsOf(r).map((e) => [e.extensions?.code, e.message])).toEqual([
      ['BAD_USER_INPUT', 'disconnectSeconds must be an integer from 1 to 86400'],
    ]);
  }
});
