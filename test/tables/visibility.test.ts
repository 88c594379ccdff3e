// Who sees a table: PRIVATE games listed to their seated players only and never exported; games closed to
// spectators kept from viewers without a seat once started (game, node, games, Player.games, gameEvents).
import { TestApi } from '../support/api-harness';
import { errorsOf, gql, mutate, type Player } from '../support/graphql-client';
import { connect, errorCodes, subscribeEvents, Subscription, wsUrlOf } from '../support/ws-client';

let api: TestApi;
let ann: Player;
let bob: Player;
let cid: Player;

beforeAll(async () => {
  api = await TestApi.start();
  ann = await api.registerPlayer('Ann');
  bob = await api.registerPlayer('Bob');
  cid = await api.registerPlayer('Cid');
});

afterAll(async () => {
  await api.close();
});

async function create(input: object, host: Player): Promise<string> {
  const r = await mutate<{ id: string }>(api.url, 'createGame', input, host.token, 'id');
  return r.body.data!.createGame!.game!.id;
}

async function join(gameId: string, player: Player, inviteCode?: string): Promise<void> {
  const r = await mutate<{ id: string }>(api.url, 'joinGame', { gameId, inviteCode }, player.token, 'id');
  expect(r.body.data!.joinGame!.userErrors).toEqual([]);
}

async function listed(player: Player | null, args = ''): Promise<string[]> {
  const r = await gql<{ games: { nodes: { id: string }[] } }>(
    api.url,
    `{ games(first: 100${args}) { nodes { id } } }`,
    {},
    player?.token,
  );
  return r.body.data!.games.nodes.map((g) => g.id);
}

async function playerGames(of: Player, viewer: Player | null): Promise<string[]> {
  const r = await gql<{ node: { games: { nodes: { id: string }[] } } }>(
    api.url,
    `query($id: ID!) { node(id: $id) { ... on Player { games(first: 100) { nodes { id } } } } }`,
    { id: of.id },
    viewer?.token,
  );
  return r.body.data!.node.games.nodes.map((g) => g.id);
}

test('a PRIVATE game is listed (games, Player.games) to its seated players only', async () => {
  const publicGame = await create({ preset: 'PERUDO' }, ann);
  const privateGame = await create({ preset: 'PERUDO', visibility: 'PRIVATE' }, ann);
  const code = (
    await gql<{ game: { inviteCode: string } }>(
      api.url,
      `query($id: ID!) { game(id: $id) { inviteCode } }`,
      { id: privateGame },
      ann.token,
    )
  ).body.data!.game.inviteCode;
  await join(privateGame, bob, code);
  for (const [viewer, sees] of [
    [ann, true],
    [bob, true],
    [cid, false],
    [null, false],
  ] as const) {
    const games = await listed(viewer);
    expect([games.includes(publicGame), games.includes(privateGame)]).toEqual([true, sees]);
    const lobby = await listed(viewer, ', status: LOBBY');
    expect(lobby.includes(privateGame)).toBe(sees);
    const annsGames = await playerGames(ann, viewer);
    expect([annsGames.includes(publicGame), annsGames.includes(privateGame)]).toEqual([true, sees]);
  }
  // Anyone holding the id may read it.
  const read = await gql<{ game: { id: string; inviteCode: string | null } }>(
    api.url,
    `query($id: ID!) { game(id: $id) { id inviteCode } }`,
    { id: privateGame },
    cid.token,
  );
  expect(read.body.data!.game).toEqual({ id: privateGame, inviteCode: null });
});

test('a PRIVATE or spectator-free finished game is never exported', async () => {
  const ids: Record<string, string> = {};
  for (const [name, input] of [
    ['public', { preset: 'PERUDO' }],
    ['private', { preset: 'PERUDO', visibility: 'PRIVATE' }],
    ['closed', { preset: 'PERUDO', allowSpectators: false }],
  ] as const) {
    const id = await create(input, ann);
    const code = (
      await gql<{ game: { inviteCode: string | null } }>(
        api.url,
        `query($id: ID!) { game(id: $id) { inviteCode } }`,
        { id },
        ann.token,
      )
    ).body.data!.game.inviteCode;
    await join(id, cid, code ?? undefined);
    await mutate(api.url, 'startGame', { gameId: id }, ann.token, 'id');
    await mutate(api.url, 'leaveGame', { gameId: id }, cid.token, 'id');
    ids[name] = id;
  }
  const res = await fetch(`${api.url.replace(/\/graphql$/, '')}/export/games.ndjson`);
  const text = await res.text();
  const exported = text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
  expect([ids.public, ids.private, ids.closed].map((id) => exported.includes(id!))).toEqual([
    true,
    false,
    false,
  ]);
});

test('allowSpectators false: readable in the lobby; from its start null with SPECTATORS_NOT_ALLOWED', async () => {
  const gameId = await create({ preset: 'PERUDO', allowSpectators: false }, ann);
  await join(gameId, bob);
  const query = `query($id: ID!) { game(id: $id) { id status } node(id: $id) { id } }`;
  const before = await gql(api.url, query, { id: gameId }, cid.token);
  expect(errorsOf(before)).toEqual([]);
  expect(await listed(cid, ', status: LOBBY')).toContain(gameId);
  // A spectator following it from the lobby is cut off at the start.
  const conn = connect(wsUrlOf(api.url), cid.token);
  const watching = subscribeEvents(conn, gameId, 0);
  await watching.until((s) => s.items.length >= 3);
  await mutate(api.url, 'startGame', { gameId }, ann.token, 'id');
  await watching.ended();
  expect(errorCodes(watching.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
  for (const viewer of [cid, null]) {
    const after = await gql(api.url, query, { id: gameId }, viewer?.token);
    expect(after.body.data).toEqual({ game: null, node: null });
    expect(errorsOf(after).map((e) => [e.extensions?.code, e.message])).toEqual([
      ['SPECTATORS_NOT_ALLOWED', 'this game allows no spectators: only its seated players may follow it'],
      ['SPECTATORS_NOT_ALLOWED', 'this game allows no spectators: only its seated players may follow it'],
    ]);
    expect(await listed(viewer)).not.toContain(gameId);
    expect(await playerGames(ann, viewer)).not.toContain(gameId);
  }
  // A new subscription is refused at once; seated players still follow it.
  const late = subscribeEvents(conn, gameId);
  await late.ended();
  expect(errorCodes(late.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
  const seated = await gql<{ game: { status: string } }>(api.url, query, { id: gameId }, bob.token);
  expect(seated.body.data!.game).toEqual({ id: gameId, status: 'IN_PROGRESS' });
  expect(await listed(bob)).toContain(gameId);
  await conn.dispose();
});

test('wrong invite codes are limited per player: 10, then RATE_LIMITED; a missing code costs nothing', async () => {
  const guesser = await api.registerPlayer('Guesser');
  const gameId = await create({ preset: 'PERUDO', visibility: 'PRIVATE' }, ann);
  const join = (inviteCode?: string) =>
    mutate<{ id: string }>(api.url, 'joinGame', { gameId, inviteCode }, guesser.token, 'id');
  for (let i = 0; i < 3; i++) {
    expect((await join()).body.data!.joinGame!.userErrors.map((e) => e.code)).toEqual(['INVITE_REQUIRED']);
  }
  for (let i = 0; i < 10; i++) {
    const r = await join(`WRONG${String(i).padStart(5, '2')}`);
    expect(r.body.data!.joinGame!.userErrors.map((e) => e.code)).toEqual(['INVITE_REQUIRED']);
  }
  const limited = await join('WRONGWRONG');
  // One guess comes back a minute after it was spent; the wait shrinks by the time the test took since.
  const [refused] = errorsOf(limited);
  expect(errorsOf(limited)).toHaveLength(1);
  expect(refused!.extensions?.code).toBe('RATE_LIMITED');
  expect(refused!.extensions?.retryAfterSeconds).toBeGreaterThan(55);
  expect(refused!.extensions?.retryAfterSeconds).toBeLessThanOrEqual(60);
});

test('lobbyEvents carries a PRIVATE game to its seated players only', async () => {
  const query = 'subscription { lobbyEvents { id } }';
  const annConn = connect(wsUrlOf(api.url), ann.token);
  const cidConn = connect(wsUrlOf(api.url), cid.token);
  const annSub = new Subscription<{ id: string }>(annConn.client, query, {}, 'lobbyEvents');
  const cidSub = new Subscription<{ id: string }>(cidConn.client, query, {}, 'lobbyEvents');
  await new Promise((r) => setTimeout(r, 500));
  const privateGame = await create({ preset: 'PERUDO', visibility: 'PRIVATE' }, ann);
  const publicGame = await create({ preset: 'PERUDO' }, ann);
  await cidSub.until((s) => s.items.some((g) => g.id === publicGame));
  await annSub.until((s) => s.items.some((g) => g.id === publicGame));
  expect(annSub.items.map((g) => g.id)).toContain(privateGame);
  expect(cidSub.items.map((g) => g.id)).not.toContain(privateGame);
  annSub.close();
  cidSub.close();
  await annConn.dispose();
  await cidConn.dispose();
});
