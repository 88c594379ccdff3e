import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Client } from 'pg';
import { type GameData, seatedPlayer, TestApi } from '../support/api-harness';
import {
  accepted,
  dataOf,
  type GameMutation,
  type GamePayload,
  gql,
  type GqlResponse,
  mutationText,
  onlyError,
  payloadOf,
  type Player,
} from '../support/graphql-client';
import { ADMIN_URL_VAR } from '../support/test-env';

/**
 * Who may do what, and what happens to bad input: every refusal has its exact code and leaves the game as
 * it was; nothing is created from refused input; production responses show no internals.
 */

let api: TestApi;
let host: Player;
let guest: Player;
let third: Player;
let outsider: Player;
/** In its lobby: host and guest seated. */
let lobby: GameData;
/** Being played by host, guest and third. */
let playing: GameData;

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const unknownGameId = (): string => b64(`Game:${randomUUID()}`);

beforeAll(async () => {
  api = await TestApi.start();
  [host, guest, third, outsider] = await api.registerPlayers(['Host', 'Guest', 'Third', 'Outsider']);
  lobby = await api.createGame(host, { preset: 'CLASSIC' });
  accepted(await api.mutate('joinGame', guest, { gameId: lobby.id }), 'join');
  lobby = await api.mustGame(lobby.id);
  playing = await api.startedGame([host, guest, third], { preset: 'CLASSIC' });
});

afterAll(async () => {
  await api.close();
});

async function count(table: 'players' | 'games'): Promise<number> {
  const [row] = await api.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

async function versionOf(gameId: string): Promise<number> {
  return (await api.mustGame(gameId)).version;
}

/** The single top-level error's code and field, and that no data came with it. */
function topLevel(response: GqlResponse<unknown>): [string | undefined, unknown] {
  const error = onlyError(response);
  return [error.extensions?.code, error.extensions?.field];
}

function userErrors(
  response: GqlResponse<Record<string, GamePayload<GameData>>>,
): [string, string[] | null][] {
  return payloadOf(response).userErrors.map((e) => [e.code, e.field]);
}

/** Who is to play in `playing` now, and the next two in turn order. */
async function turnOrder(): Promise<[Player, Player, Player]> {
  const game = await api.mustGame(playing.id);
  const players = [host, guest, third];
  const turn = game.turn!.position;
  return [0, 1, 2].map((i) => seatedPlayer(game, players, (turn + i) % 3)) as [Player, Player, Player];
}

const GAME_MUTATIONS: GameMutation[] = ['joinGame', 'leaveGame', 'startGame', 'callDudo', 'callExact'];

describe('authentication', () => {
  it('refuses every mutation without a token, and changes nothing', async () => {
    const games = await count('games');
    const version = await versionOf(lobby.id);
    for (const name of GAME_MUTATIONS) {
      const response = await api.mutate(name, null, { gameId: lobby.id });
      expect([name, response.status, topLevel(response), response.body.data]).toEqual([
        name,
        200,
        ['UNAUTHENTICATED', undefined],
        null,
      ]);
      expect(onlyError(response).path).toEqual([name]);
    }
    const bid = await api.placeBid(null, { gameId: playing.id, quantity: 1, face: 2 });
    expect(topLevel(bid)).toEqual(['UNAUTHENTICATED', undefined]);
    const create = await api.createGameRaw(null, { preset: 'CLASSIC' });
    expect(topLevel(create)).toEqual(['UNAUTHENTICATED', undefined]);
    expect(await count('games')).toBe(games);
    expect(await versionOf(lobby.id)).toBe(version);
  });

  it('lets anonymous clients read public data', async () => {
    const data = dataOf(
      await api.gql<{ viewer: unknown; game: { id: string }; games: { nodes: unknown[] } }>(
        `query($id: ID!) { viewer { id } game(id: $id) { id } games { nodes { id } } }`,
        { id: lobby.id },
      ),
    );
    expect(data.viewer).toBeNull();
    expect(data.game.id).toBe(lobby.id);
    expect(data.games.nodes.length).toBe(2);
  });

  it.each([
    ['an unknown token', `Bearer ${'x'.repeat(43)}`],
    ['a malformed token', 'Bearer not a token!'],
    ['a token too short to be one', 'Bearer abc'],
    ['another scheme', `Basic ${'x'.repeat(43)}`],
    ['the scheme alone', 'Bearer'],
  ])('refuses %s, for queries and mutations alike', async (_what, authorization) => {
    const version = await versionOf(lobby.id);
    for (const query of [
      '{ viewer { id } }',
      `mutation { joinGame(input: { gameId: "${lobby.id}" }) { userErrors { code } } }`,
    ]) {
      const response = await gql(api.url, query, {}, null, { authorization });
      expect([response.status, topLevel(response), response.body.data]).toEqual([
        401,
        ['UNAUTHENTICATED', undefined],
        undefined,
      ]);
    }
    expect(await versionOf(lobby.id)).toBe(version);
  });

  it('knows each player by its token', async () => {
    for (const p of [host, guest, outsider]) {
      const data = dataOf(
        await api.gql<{ viewer: { id: string; name: string } }>('{ viewer { id name } }', {}, p.token),
      );
      expect(data.viewer).toEqual({ id: p.id, name: p.name });
    }
  });
});

describe('nobody can act for another player', () => {
  it('has no input naming the player who acts', async () => {
    const inline = await api.gql(
      `mutation { joinGame(input: { gameId: "${lobby.id}", playerId: "${outsider.id}" }) { userErrors { code } } }`,
      {},
      host.token,
    );
    expect([inline.status, topLevel(inline)[0]]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
    const variables = await api.gql(
      mutationText('joinGame'),
      { input: { gameId: lobby.id, playerId: outsider.id } },
      host.token,
    );
    expect([variables.status, topLevel(variables)[0]]).toEqual([400, 'BAD_USER_INPUT']);
    expect((await api.mustGame(lobby.id)).seats.map((s) => s.player.id)).toEqual([host.id, guest.id]);
  });

  it('refuses moves by a player who is not the one to make them', async () => {
    const [, next, after] = await turnOrder();
    const version = await versionOf(playing.id);
    expect(userErrors(await api.placeBid(next, { gameId: playing.id, quantity: 1, face: 2 }))).toEqual([
      ['NOT_YOUR_TURN', null],
    ]);
    expect(userErrors(await api.placeBid(after, { gameId: playing.id, quantity: 1, face: 2 }))).toEqual([
      ['NOT_YOUR_TURN', null],
    ]);
    expect(userErrors(await api.placeBid(outsider, { gameId: playing.id, quantity: 1, face: 2 }))).toEqual([
      ['NOT_IN_GAME', null],
    ]);
    expect(userErrors(await api.mutate('callDudo', outsider, { gameId: playing.id }))).toEqual([
      ['NOT_IN_GAME', null],
    ]);
    expect(userErrors(await api.mutate('leaveGame', outsider, { gameId: playing.id }))).toEqual([
      ['NOT_IN_GAME', null],
    ]);
    expect(userErrors(await api.mutate('startGame', guest, { gameId: lobby.id }))).toEqual([
      ['NOT_HOST', null],
    ]);
    expect(userErrors(await api.mutate('leaveGame', outsider, { gameId: lobby.id }))).toEqual([
      ['NOT_IN_GAME', null],
    ]);
    expect(await versionOf(playing.id)).toBe(version);
    expect(await versionOf(lobby.id)).toBe(lobby.version);
  });
});

describe('IDs', () => {
  const MALFORMED = [
    'nope!',
    '',
    ' ',
    b64('Game'),
    b64('Game:not-a-uuid'),
    b64(`Game:${randomUUID()}:extra`),
    b64(`Round:${randomUUID()}:0`),
    b64(`Spaceship:${randomUUID()}`),
    'A'.repeat(300),
  ];

  it.each(MALFORMED)('refuses the malformed ID %j with BAD_USER_INPUT everywhere', async (id) => {
    for (const query of [
      'query($id: ID!) { game(id: $id) { id } }',
      'query($id: ID!) { node(id: $id) { id } }',
      'query($id: ID!) { player(id: $id) { id } }',
    ]) {
      const response = await api.gql(query, { id });
      expect([query, topLevel(response)[0]]).toEqual([query, 'BAD_USER_INPUT']);
    }
    for (const name of GAME_MUTATIONS) {
      expect([name, topLevel(await api.mutate(name, host, { gameId: id }))]).toEqual([
        name,
        ['BAD_USER_INPUT', 'gameId'],
      ]);
    }
    expect(topLevel(await api.placeBid(host, { gameId: id, quantity: 1, face: 2 }))).toEqual([
      'BAD_USER_INPUT',
      'gameId',
    ]);
  });

  it('answers null for IDs of nothing, and NOT_FOUND when a mutation names a game that does not exist', async () => {
    const missing = unknownGameId();
    const data = dataOf(
      await api.gql<Record<string, unknown>>(
        `query($game: ID!, $player: ID!, $round: ID!, $lateRound: ID!, $playerAsGame: ID!, $gameAsPlayer: ID!) {
          game(id: $game) { id }
          nodeGame: node(id: $game) { id }
          player(id: $player) { id }
          nodePlayer: node(id: $player) { id }
          nodeRound: node(id: $round) { id }
          lateRound: node(id: $lateRound) { id }
          playerAsGame: game(id: $playerAsGame) { id }
          gameAsPlayer: player(id: $gameAsPlayer) { id }
        }`,
        {
          game: missing,
          player: b64(`Player:${randomUUID()}`),
          round: b64(`Round:${randomUUID()}:1`),
          lateRound: b64(`Round:${Buffer.from(playing.id, 'base64url').toString().slice(5)}:99`),
          playerAsGame: host.id,
          gameAsPlayer: lobby.id,
        },
      ),
    );
    expect(data).toEqual({
      game: null,
      nodeGame: null,
      player: null,
      nodePlayer: null,
      nodeRound: null,
      lateRound: null,
      playerAsGame: null,
      gameAsPlayer: null,
    });
    for (const gameId of [missing, host.id]) {
      for (const name of GAME_MUTATIONS) {
        expect([name, topLevel(await api.mutate(name, host, { gameId }))[0]]).toEqual([name, 'NOT_FOUND']);
      }
      expect(topLevel(await api.placeBid(host, { gameId, quantity: 1, face: 2 }))[0]).toBe('NOT_FOUND');
    }
  });

  it('finds what exists by its ID through node', async () => {
    const round = playing.currentRound!.id;
    const data = dataOf(
      await api.gql<Record<string, { __typename: string; id: string }>>(
        `query($g: ID!, $p: ID!, $r: ID!) {
          g: node(id: $g) { __typename id } p: node(id: $p) { __typename id } r: node(id: $r) { __typename id }
        }`,
        { g: playing.id, p: host.id, r: round },
      ),
    );
    expect(data).toEqual({
      g: { __typename: 'Game', id: playing.id },
      p: { __typename: 'Player', id: host.id },
      r: { __typename: 'Round', id: round },
    });
  });

  it('refuses malformed cursors', async () => {
    for (const [query, variables] of [
      ['query($a: String) { games(after: $a) { nodes { id } } }', {}],
      [
        'query($id: ID!, $a: String) { game(id: $id) { rounds(after: $a) { nodes { id } } } }',
        { id: playing.id },
      ],
      [
        'query($id: ID!, $a: String) { player(id: $id) { games(after: $a) { nodes { id } } } }',
        { id: host.id },
      ],
    ] as const) {
      for (const after of ['junk', b64('g1:yesterday:x'), b64('r1:-1'), 'x'.repeat(300)]) {
        const response = await api.gql(query, { ...variables, a: after });
        expect([after, topLevel(response)]).toEqual([after, ['BAD_USER_INPUT', 'after']]);
      }
    }
  });
});

describe('numbers out of range', () => {
  it.each([101, -1, 1000])('refuses first: %i for every connection', async (first) => {
    for (const [query, variables] of [
      ['query($f: Int) { games(first: $f) { nodes { id } } }', {}],
      [
        'query($id: ID!, $f: Int) { game(id: $id) { rounds(first: $f) { nodes { id } } } }',
        { id: playing.id },
      ],
      ['query($id: ID!, $f: Int) { player(id: $id) { games(first: $f) { nodes { id } } } }', { id: host.id }],
    ] as const) {
      expect(topLevel(await api.gql(query, { ...variables, f: first }))).toEqual(['BAD_USER_INPUT', 'first']);
    }
  });

  it('accepts first from 0 to 100', async () => {
    const data = dataOf(
      await api.gql<{ none: { nodes: unknown[] }; all: { nodes: unknown[] } }>(
        '{ none: games(first: 0) { nodes { id } } all: games(first: 100) { nodes { id } } }',
      ),
    );
    expect([data.none.nodes.length, data.all.nodes.length]).toEqual([0, 2]);
  });

  it('refuses a negative expectedVersion, and a stale one with STALE_VERSION', async () => {
    const [turn] = await turnOrder();
    const version = await versionOf(playing.id);
    for (const expectedVersion of [-1, -1000]) {
      const response = await api.placeBid(turn, {
        gameId: playing.id,
        quantity: 1,
        face: 2,
        expectedVersion,
      });
      expect(topLevel(response)).toEqual(['BAD_USER_INPUT', 'expectedVersion']);
    }
    for (const expectedVersion of [0, version - 1, version + 1]) {
      const response = await api.placeBid(turn, {
        gameId: playing.id,
        quantity: 1,
        face: 2,
        expectedVersion,
      });
      expect(userErrors(response)).toEqual([['STALE_VERSION', ['expectedVersion']]]);
      expect(payloadOf(response).game!.version).toBe(version);
    }
    expect(await versionOf(playing.id)).toBe(version);
  });

  it.each([1, 0, 21, -5])('refuses maxPlayers %i and creates nothing', async (maxPlayers) => {
    const games = await count('games');
    expect(topLevel(await api.createGameRaw(host, { preset: 'LIARS_DICE', maxPlayers }))).toEqual([
      'BAD_USER_INPUT',
      'maxPlayers',
    ]);
    expect(await count('games')).toBe(games);
  });

  it('refuses more seats than the rules allow with INVALID_RULES', async () => {
    const games = await count('games');
    const response = await api.createGameRaw(host, { preset: 'CLASSIC', maxPlayers: 11 });
    expect(userErrors(response)).toEqual([['INVALID_RULES', ['maxPlayers']]]);
    expect(payloadOf(response).game).toBeNull();
    expect(await count('games')).toBe(games);
    const twenty = await api.createGame(host, { preset: 'LIARS_DICE', maxPlayers: 20 });
    expect(twenty.maxPlayers).toBe(20);
  });

  it.each([
    ['quantity 0', 0, 2, ['quantity']],
    ['a negative quantity', -3, 2, ['quantity']],
    ['more dice than in play', 16, 2, ['quantity']],
    ['the largest Int', 2 ** 31 - 1, 2, ['quantity']],
    ['face 7', 1, 7, ['face']],
    ['face 0', 1, 0, ['face']],
    ['a negative face', 1, -1, ['face']],
  ])('refuses a bid of %s with INVALID_BID', async (_what, quantity, face, field) => {
    const [turn] = await turnOrder();
    const version = await versionOf(playing.id);
    const response = await api.placeBid(turn, { gameId: playing.id, quantity, face });
    expect(userErrors(response)).toEqual([['INVALID_BID', field]]);
    expect(payloadOf(response).userErrors[0]!.message.length).toBeGreaterThan(10);
    expect(await versionOf(playing.id)).toBe(version);
  });

  it('refuses numbers GraphQL cannot carry before they reach the game', async () => {
    const [turn] = await turnOrder();
    const response = await api.placeBid(turn, { gameId: playing.id, quantity: 2 ** 31, face: 2 });
    expect([response.status, topLevel(response)[0]]).toEqual([400, 'BAD_USER_INPUT']);
    const fraction = await api.placeBid(turn, { gameId: playing.id, quantity: 1.5, face: 2 });
    expect([fraction.status, topLevel(fraction)[0]]).toEqual([400, 'BAD_USER_INPUT']);
  });
});

describe('names', () => {
  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['41 characters', 'n'.repeat(41)],
    ['41 emoji', '🎲'.repeat(41)],
    ['a NUL', 'a\u0000b'],
    ['a newline', 'a\nb'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a zero-width space', 'a\u200bb'],
    ['a right-to-left override', 'a\u202eb'],
  ])('refuses a player name with %s and registers nobody', async (_what, name) => {
    const players = await count('players');
    const response = await api.gql(
      'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { token player { id } } }',
      { input: { name } },
    );
    expect([topLevel(response), response.body.data]).toEqual([['BAD_USER_INPUT', 'name'], null]);
    expect(await count('players')).toBe(players);
  });

  it('accepts 40 characters (emoji count as one) and trims spaces at the ends', async () => {
    for (const [name, stored] of [
      ['n'.repeat(40), 'n'.repeat(40)],
      ['🎲'.repeat(40), '🎲'.repeat(40)],
      ['  Ana María  ', 'Ana María'],
    ]) {
      expect((await api.registerPlayer(name!)).name).toBe(stored);
    }
  });

  it.each([
    ['empty', ''],
    ['81 characters', 'g'.repeat(81)],
    ['a newline', 'Friday\nnight'],
    ['a NUL', 'x\u0000'],
  ])('refuses a game name with %s and creates nothing', async (_what, name) => {
    const games = await count('games');
    expect(topLevel(await api.createGameRaw(host, { preset: 'PUB', name }))).toEqual([
      'BAD_USER_INPUT',
      'name',
    ]);
    expect(await count('games')).toBe(games);
  });

  it('refuses a clientMutationId over 128 characters', async () => {
    const response = await api.mutate('joinGame', outsider, {
      gameId: lobby.id,
      clientMutationId: 'c'.repeat(129),
    });
    expect(topLevel(response)).toEqual(['BAD_USER_INPUT', 'clientMutationId']);
    expect(await versionOf(lobby.id)).toBe(lobby.version);
  });
});

describe('rule overrides', () => {
  it.each([
    ['startingDice 0', 'CLASSIC', { startingDice: 0 }, 'startingDice'],
    ['startingDice 11', 'CLASSIC', { startingDice: 11 }, 'startingDice'],
    ['maxDice below startingDice', 'CLASSIC', { maxDice: 4 }, 'maxDice'],
    ['maxDice over 20', 'LIARS_DICE', { maxDice: 21 }, 'maxDice'],
    ['maxDice and unlimitedDice together', 'CLASSIC', { maxDice: 6, unlimitedDice: true }, 'maxDice'],
    ['minPlayers 1', 'CLASSIC', { minPlayers: 1 }, 'minPlayers'],
    ['maxPlayers 21', 'LIARS_DICE', { maxPlayers: 21 }, 'maxPlayers'],
    ['maxPlayers below minPlayers', 'CLASSIC', { minPlayers: 5, maxPlayers: 4 }, 'maxPlayers'],
    ['palificoMinPlayers 1', 'CLASSIC', { palificoMinPlayers: 1 }, 'palificoMinPlayers'],
    ['exactMinPlayers 21', 'PUB', { exactMinPlayers: 21 }, 'exactMinPlayers'],
    ['a jinto anyone may call', 'LIARS_DICE', { exactCaller: 'ANY_EXCEPT_NEXT' }, 'exactCaller'],
    [
      'veterans without palifico',
      'PUB',
      { palificoVeteransMayChangeFace: true },
      'palificoVeteransMayChangeFace',
    ],
    ['below-max calls without a max', 'PUB', { unlimitedDice: true }, 'exactRequiresBelowMax'],
  ])('refuses %s with INVALID_RULES and creates nothing', async (_what, preset, overrides, field) => {
    const games = await count('games');
    const response = await api.createGameRaw(host, { preset: preset as 'CLASSIC', overrides });
    expect(userErrors(response)).toEqual([['INVALID_RULES', ['overrides', field]]]);
    expect(payloadOf(response).game).toBeNull();
    expect(payloadOf(response).userErrors[0]!.message.length).toBeGreaterThan(10);
    expect(await count('games')).toBe(games);
  });

  it('refuses values outside the enums before they reach the rules', async () => {
    const response = await api.createGameRaw(host, { preset: 'CLASSIC', overrides: { exact: 'SOMETIMES' } });
    expect([response.status, topLevel(response)[0]]).toEqual([400, 'BAD_USER_INPUT']);
    const preset = await api.createGameRaw(host, { preset: 'toString' as 'CLASSIC' });
    expect([preset.status, topLevel(preset)[0]]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('applies valid overrides and keeps the rest of the preset', async () => {
    const game = await api.createGame(host, {
      preset: 'LIARS_DICE',
      overrides: { startingDice: 5, maxDice: 7, palifico: 'NONE', exact: 'NONE' },
    });
    expect(game.rules).toMatchObject({
      preset: 'LIARS_DICE',
      startingDice: 5,
      maxDice: 7,
      palifico: 'NONE',
      exact: 'NONE',
      raise: 'QUANTITY_ONLY',
      nextStarter: 'WINNER',
      maxPlayers: 20,
    });
    const unlimited = await api.createGame(host, { preset: 'CLASSIC', overrides: { unlimitedDice: true } });
    expect(unlimited.rules.maxDice).toBeNull();
  });
});

describe('moves in the wrong state', () => {
  async function refused(
    response: Promise<GqlResponse<Record<string, GamePayload<GameData>>>>,
    gameId: string,
    code: string,
  ): Promise<void> {
    const version = await versionOf(gameId);
    const payload = payloadOf(await response);
    expect(payload.userErrors.map((e) => e.code)).toEqual([code]);
    expect(payload.userErrors[0]!.message.length).toBeGreaterThan(10);
    expect(payload.game!.version).toBe(version);
    expect(await versionOf(gameId)).toBe(version);
  }

  it('refuses play in the lobby', async () => {
    await refused(
      api.placeBid(host, { gameId: lobby.id, quantity: 1, face: 2 }),
      lobby.id,
      'GAME_NOT_IN_PROGRESS',
    );
    await refused(api.mutate('callDudo', host, { gameId: lobby.id }), lobby.id, 'GAME_NOT_IN_PROGRESS');
    await refused(api.mutate('callExact', guest, { gameId: lobby.id }), lobby.id, 'GAME_NOT_IN_PROGRESS');
  });

  it('refuses lobby moves once the game has started', async () => {
    await refused(api.mutate('joinGame', outsider, { gameId: playing.id }), playing.id, 'GAME_NOT_IN_LOBBY');
    await refused(api.mutate('joinGame', host, { gameId: playing.id }), playing.id, 'GAME_NOT_IN_LOBBY');
    await refused(api.mutate('startGame', host, { gameId: playing.id }), playing.id, 'GAME_NOT_IN_LOBBY');
  });

  it('refuses a start by anyone but the host, or with too few players', async () => {
    await refused(api.mutate('startGame', guest, { gameId: lobby.id }), lobby.id, 'NOT_HOST');
    await refused(api.mutate('startGame', outsider, { gameId: lobby.id }), lobby.id, 'NOT_HOST');
    const alone = await api.createGame(outsider, { preset: 'PERUDO' });
    await refused(api.mutate('startGame', outsider, { gameId: alone.id }), alone.id, 'NOT_ENOUGH_PLAYERS');
    const needsThree = await api.createGame(outsider, { preset: 'PUB', overrides: { minPlayers: 3 } });
    accepted(await api.mutate('joinGame', guest, { gameId: needsThree.id }), 'join');
    await refused(
      api.mutate('startGame', outsider, { gameId: needsThree.id }),
      needsThree.id,
      'NOT_ENOUGH_PLAYERS',
    );
  });

  it('refuses joining twice or joining a full table', async () => {
    await refused(api.mutate('joinGame', guest, { gameId: lobby.id }), lobby.id, 'ALREADY_JOINED');
    await refused(api.mutate('joinGame', host, { gameId: lobby.id }), lobby.id, 'ALREADY_JOINED');
    const pair = await api.createGame(outsider, { preset: 'CLASSIC', maxPlayers: 2 });
    accepted(await api.mutate('joinGame', third, { gameId: pair.id }), 'join');
    await refused(api.mutate('joinGame', guest, { gameId: pair.id }), pair.id, 'GAME_FULL');
  });

  it('refuses calls without a bid, opening on aces and bids that do not raise', async () => {
    const [turn, next] = await turnOrder();
    await refused(api.mutate('callDudo', turn, { gameId: playing.id }), playing.id, 'NO_BID_TO_CHALLENGE');
    await refused(api.mutate('callExact', turn, { gameId: playing.id }), playing.id, 'EXACT_NOT_ALLOWED');
    await refused(
      api.placeBid(turn, { gameId: playing.id, quantity: 2, face: 1 }),
      playing.id,
      'OPENING_ACES_NOT_ALLOWED',
    );
    accepted(await api.placeBid(turn, { gameId: playing.id, quantity: 3, face: 4 }), 'bid');
    for (const [quantity, face] of [
      [3, 4],
      [2, 5],
      [4, 3],
      [1, 1],
    ]) {
      await refused(
        api.placeBid(next, { gameId: playing.id, quantity: quantity!, face: face! }),
        playing.id,
        'BID_NOT_HIGHER',
      );
    }
    const response = payloadOf(await api.placeBid(next, { gameId: playing.id, quantity: 3, face: 3 }));
    expect(response.userErrors[0]!.message).toContain('3 x 4');
    await refused(api.mutate('callExact', next, { gameId: playing.id }), playing.id, 'EXACT_NOT_ALLOWED');
  });

  it('refuses everything but reading in a cancelled game', async () => {
    const cancelled = await api.createGame(outsider, { preset: 'CLASSIC' });
    const left = accepted(await api.mutate('leaveGame', outsider, { gameId: cancelled.id }), 'leave');
    expect([left.status, left.seats]).toEqual(['CANCELLED', []]);
    await refused(api.mutate('joinGame', guest, { gameId: cancelled.id }), cancelled.id, 'GAME_NOT_IN_LOBBY');
    await refused(
      api.mutate('startGame', outsider, { gameId: cancelled.id }),
      cancelled.id,
      'GAME_NOT_IN_LOBBY',
    );
    await refused(
      api.mutate('leaveGame', outsider, { gameId: cancelled.id }),
      cancelled.id,
      'GAME_NOT_IN_PROGRESS',
    );
  });
});

describe('production mode', () => {
  let prod: TestApi;
  let player: Player;
  let gameId: string;

  beforeAll(async () => {
    prod = await TestApi.start({ production: true });
    player = await prod.registerPlayer('Prod');
    gameId = (await prod.createGame(player, { preset: 'CLASSIC' })).id;
  });

  afterAll(async () => {
    await prod.close();
  });

  /** Nothing about the server's insides: no stack, no SQL, no file, no database or table name. */
  function expectNoInternals(response: GqlResponse<unknown>): void {
    for (const error of response.body.errors ?? []) expect(error.extensions?.stacktrace).toBeUndefined();
    for (const leak of [
      /stack/i,
      /\bat \w/,
      /\.ts\b/,
      /\.js\b/,
      /node_modules/,
      /prisma/i,
      /select|insert|update|delete from/i,
      /relation/i,
      /does not exist/,
      /postgres/i,
      /perudo_test/,
      /games_hidden|players_hidden/,
      /ECONN/,
      /127\.0\.0\.1|localhost/,
    ]) {
      expect([leak.source, response.text]).toEqual([leak.source, expect.not.stringMatching(leak)]);
    }
  }

  async function withTableHidden(table: 'games' | 'players', work: () => Promise<void>): Promise<void> {
    await prod.sql(`ALTER TABLE ${table} RENAME TO ${table}_hidden`);
    try {
      await work();
    } finally {
      await prod.sql(`ALTER TABLE ${table}_hidden RENAME TO ${table}`);
    }
  }

  it('shows a database failure in a query as a bare internal error, and logs it', async () => {
    const logged = prod.log.length;
    await withTableHidden('games', async () => {
      const response = await prod.gql('{ games { nodes { id } } }');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: null,
        errors: [
          {
            message: 'Internal server error',
            path: ['games'],
            locations: [{ line: 1, column: 3 }],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ],
      });
      expectNoInternals(response);
    });
    expect(prod.log.length).toBeGreaterThan(logged);
    expect(String(prod.log[prod.log.length - 1])).toMatch(/games/);
  });

  it('shows a database failure in a mutation as a bare internal error', async () => {
    await withTableHidden('games', async () => {
      const response = await prod.mutate('joinGame', player, { gameId });
      expect(topLevel(response)).toEqual(['INTERNAL_SERVER_ERROR', undefined]);
      expect(onlyError(response).message).toBe('Internal server error');
      expectNoInternals(response);
    });
  });

  it('shows a database failure while checking a token as a bare internal error', async () => {
    const fresh = await prod.registerPlayer('Fresh');
    await withTableHidden('players', async () => {
      const response = await prod.gql('{ viewer { id } }', {}, fresh.token);
      expect([response.status, topLevel(response)]).toEqual([500, ['INTERNAL_SERVER_ERROR', undefined]]);
      expect(onlyError(response).message).toBe('Internal server error');
      expectNoInternals(response);
    });
  });

  it('shows an unreachable database as a bare internal error, and recovers once it is back', async () => {
    const admin = new Client({ connectionString: process.env[ADMIN_URL_VAR] });
    await admin.connect();
    const name = prod.database.name;
    try {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      for (const response of [
        await prod.gql('{ games { nodes { id } } }'),
        await prod.createGameRaw(player, { preset: 'PUB' }),
      ]) {
        expect(topLevel(response)).toEqual(['INTERNAL_SERVER_ERROR', undefined]);
        expect(onlyError(response).message).toBe('Internal server error');
        expectNoInternals(response);
      }
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    const data = dataOf(await prod.gql<{ games: { nodes: { id: string }[] } }>('{ games { nodes { id } } }'));
    expect(data.games.nodes.map((g) => g.id)).toContain(gameId);
  });

  it('keeps public errors, without stack traces', async () => {
    for (const response of [
      await prod.gql('{ game(id: "nope!") { id } }'),
      await prod.gql('{ nosuchfield }'),
      await prod.gql('{ games { '),
      await prod.mutate('joinGame', null, { gameId }),
      await gql(prod.url, '{ viewer { id } }', {}, null, { authorization: 'Bearer nonsense!' }),
    ]) {
      expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'UNAUTHENTICATED']).toContain(
        topLevel(response)[0],
      );
      expectNoInternals(response);
    }
  });

  it('refuses GET and simple POST requests without a CSRF-safe header', async () => {
    const query = encodeURIComponent('{ __typename }');
    const simple: [string, RequestInit][] = [
      ['GET', { method: 'GET' }],
      [
        'text/plain',
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ query: '{ __typename }' }),
        },
      ],
      [
        'form',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'query=%7B__typename%7D',
        },
      ],
      [
        'multipart',
        { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
      ],
    ];
    for (const [what, init] of simple) {
      const response = await fetch(`${prod.url}?query=${query}`, init);
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect([what, response.status, body.errors[0]!.extensions.code]).toEqual([what, 400, 'BAD_USER_INPUT']);
      expect(body.errors[0]!.message).toMatch(/Cross-Site Request Forgery/);
    }
    const preflighted = await fetch(`${prod.url}?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect([preflighted.status, await preflighted.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
  });

  it('refuses mutations over GET, even with a CSRF-safe header', async () => {
    const players = await playerCount(prod);
    const mutation = encodeURIComponent('mutation { registerPlayer(input: { name: "Via GET" }) { token } }');
    const response = await fetch(`${prod.url}?query=${mutation}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(405);
    expect(await playerCount(prod)).toBe(players);
  });

  it('refuses a request body over 64 KiB with 413, declared or streamed', async () => {
    const body = (size: number): string => {
      const base = JSON.stringify({ query: '{ __typename }', variables: { pad: '' } });
      return JSON.stringify({ query: '{ __typename }', variables: { pad: 'p'.repeat(size - base.length) } });
    };
    expect(await post(prod.url, body(64 * 1024), false)).toEqual({
      status: 200,
      body: { data: { __typename: 'Query' } },
    });
    const refusal = {
      status: 413,
      body: {
        errors: [
          {
            message: 'request body over 65536 bytes',
            extensions: { code: 'BAD_USER_INPUT', reason: 'PAYLOAD_TOO_LARGE' },
          },
        ],
      },
    };
    expect(await post(prod.url, body(64 * 1024 + 1), false)).toEqual(refusal);
    expect(await post(prod.url, body(200 * 1024), true)).toEqual(refusal);
  });
});

async function playerCount(target: TestApi): Promise<number> {
  const [row] = await target.sql<{ n: number }>('SELECT count(*)::int AS n FROM players');
  return row!.n;
}

/**
 * POSTs `body` on a connection of its own (declared, or in chunks without a content-length) and gives the
 * connection up once the answer is in, as a client does when the server will not read the rest.
 */
function post(url: string, body: string, chunked: boolean): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = Buffer.byteLength(body);
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    const chunk = 8 * 1024;
    let offset = 0;
    const pump = (): void => {
      while (offset < body.length && !req.destroyed) {
        const piece = body.slice(offset, offset + chunk);
        offset += chunk;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}
