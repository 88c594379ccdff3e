import { type GameData, seatedPlayer, TestApi } from '../support/api-harness';
import { accepted, dataOf, type GamePayload, payloadOf, type Player } from '../support/graphql-client';

/**
 * A client that did not get an answer retries with the same idempotencyKey: it gets the first answer again
 * and the move is applied once.
 */

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

interface Table {
  players: Player[];
  game: GameData;
  /** The player whose turn it is, then the next ones in turn order. */
  inTurn: Player[];
}

async function table(names: string[]): Promise<Table> {
  const players = await api.registerPlayers(names);
  const game = await api.startedGame(players, { preset: 'CLASSIC' });
  const turn = game.turn!.position;
  const inTurn = players.map((_, i) => seatedPlayer(game, players, (turn + i) % players.length));
  return { players, game, inTurn };
}

function bid(
  player: Player,
  gameId: string,
  quantity: number,
  face: number,
  extra: Record<string, unknown> = {},
) {
  return api.placeBid(player, { gameId, quantity, face, ...extra }).then((r) => payloadOf(r));
}

async function bidCount(gameId: string): Promise<number> {
  const game = await api.mustGame(gameId);
  return game.currentRound!.bids.length;
}

async function gamesOf(player: Player): Promise<string[]> {
  const data = dataOf(
    await api.gql<{ player: { games: { nodes: { id: string }[] } } }>(
      `query($id: ID!) { player(id: $id) { games(first: 100) { nodes { id } } } }`,
      { id: player.id },
    ),
  );
  return data.player.games.nodes.map((g) => g.id);
}

describe('a move retried with the same key by the same player', () => {
  it('returns the first result and is applied once, however late the retry', async () => {
    const { game, inTurn } = await table(['Ana', 'Ben', 'Cal']);
    const [a, b] = inTurn as [Player, Player];
    const key = 'bid-1';
    const first = await bid(a, game.id, 2, 3, { idempotencyKey: key, clientMutationId: 'first' });
    expect(first.userErrors).toEqual([]);
    expect(first.game!.version).toBe(game.version + 1);
    expect(first.clientMutationId).toBe('first');

    const retry = await bid(a, game.id, 2, 3, { idempotencyKey: key, clientMutationId: 'retry' });
    expect({ ...retry, clientMutationId: null }).toEqual({ ...first, clientMutationId: null });
    expect(retry.clientMutationId).toBe('retry');
    expect((await api.mustGame(game.id)).version).toBe(game.version + 1);
    expect(await bidCount(game.id)).toBe(1);

    // The game moves on; a retry still answers with the game as the first response showed it.
    accepted(await api.placeBid(b, { gameId: game.id, quantity: 3, face: 3 }), 'next bid');
    const late = await bid(a, game.id, 2, 3, { idempotencyKey: key });
    expect({ ...late, clientMutationId: null }).toEqual({ ...first, clientMutationId: null });
    expect((await api.mustGame(game.id)).version).toBe(game.version + 2);
    expect(await bidCount(game.id)).toBe(2);
  });

  it('returns the same refusal, even once the move would be legal', async () => {
    const { game, inTurn } = await table(['Dee', 'Eli', 'Fay']);
    const [a, b] = inTurn as [Player, Player];
    const early = await bid(b, game.id, 2, 4, { idempotencyKey: 'early' });
    expect(early.userErrors.map((e) => e.code)).toEqual(['NOT_YOUR_TURN']);
    expect(early.game!.version).toBe(game.version);

    accepted(await api.placeBid(a, { gameId: game.id, quantity: 1, face: 4 }), 'bid');
    const retry = await bid(b, game.id, 2, 4, { idempotencyKey: 'early' });
    expect(retry).toEqual(early);
    const now = await api.mustGame(game.id);
    expect(now.version).toBe(game.version + 1);
    expect(now.turn!.position).toBe(now.seats.find((s) => s.player.id === b.id)!.position);
    // With a new key the same bid is legal now.
    expect((await bid(b, game.id, 2, 4, { idempotencyKey: 'later' })).userErrors).toEqual([]);
  });

  it('is applied once when ten retries arrive at the same time', async () => {
    const { game, inTurn } = await table(['Gus', 'Hal', 'Ivy']);
    const [a] = inTurn as [Player];
    const payloads: GamePayload<GameData>[] = await Promise.all(
      Array.from({ length: 10 }, () =>
        bid(a, game.id, 3, 5, { idempotencyKey: 'together', expectedVersion: game.version }),
      ),
    );
    for (const p of payloads) expect(p).toEqual(payloads[0]);
    expect(payloads[0]!.userErrors).toEqual([]);
    expect(payloads[0]!.game!.version).toBe(game.version + 1);
    const after = await api.mustGame(game.id);
    expect(after.version).toBe(game.version + 1);
    expect(after.currentRound!.bids.map((x) => [x.quantity, x.face])).toEqual([[3, 5]]);
  });

  it('is applied once when ten retries of a call arrive at the same time', async () => {
    const { game, inTurn } = await table(['Jo', 'Kai', 'Lu']);
    const [a, b] = inTurn as [Player, Player];
    accepted(await api.placeBid(a, { gameId: game.id, quantity: 1, face: 2 }), 'bid');
    const payloads = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.mutate('callDudo', b, { gameId: game.id, idempotencyKey: 'doubt' }).then((r) => payloadOf(r)),
      ),
    );
    for (const p of payloads) expect(p).toEqual(payloads[0]);
    expect(payloads[0]!.userErrors).toEqual([]);
    const after = await api.mustGame(game.id);
    expect(after.version).toBe(game.version + 2);
    expect(after.currentRound!.number).toBe(2);
    expect(after.seats.reduce((n, s) => n + s.diceCount, 0)).toBe(3 * 5 - 1);
  });
});

describe('an idempotency key', () => {
  it('belongs to one player: another player using the same key is not affected', async () => {
    const { game, inTurn } = await table(['Mo', 'Ned', 'Oz']);
    const [a, b] = inTurn as [Player, Player];
    const mine = await bid(a, game.id, 1, 6, { idempotencyKey: 'shared' });
    expect(mine.userErrors).toEqual([]);
    const theirs = await bid(b, game.id, 2, 6, { idempotencyKey: 'shared' });
    expect(theirs.userErrors).toEqual([]);
    expect(theirs.game!.version).toBe(game.version + 2);
    expect(await bidCount(game.id)).toBe(2);
  });

  it('cannot be reused for other arguments or another mutation', async () => {
    const { game, inTurn } = await table(['Pam', 'Quin', 'Rex']);
    const [a] = inTurn as [Player];
    expect((await bid(a, game.id, 2, 2, { idempotencyKey: 'once' })).userErrors).toEqual([]);
    const reused = [
      await bid(a, game.id, 3, 2, { idempotencyKey: 'once' }),
      await bid(a, game.id, 2, 3, { idempotencyKey: 'once' }),
      await bid(a, game.id, 2, 2, { idempotencyKey: 'once', expectedVersion: game.version }),
      payloadOf(await api.mutate('callDudo', a, { gameId: game.id, idempotencyKey: 'once' })),
      payloadOf(await api.mutate('leaveGame', a, { gameId: game.id, idempotencyKey: 'once' })),
      payloadOf(await api.createGameRaw(a, { preset: 'CLASSIC', idempotencyKey: 'once' })),
    ];
    for (const p of reused) {
      expect(p.userErrors.map((e) => [e.code, e.field])).toEqual([
        ['IDEMPOTENCY_KEY_REUSED', ['idempotencyKey']],
      ]);
    }
    // A move shows the game it was for, as it is; a create has no game to show.
    for (const p of reused.slice(0, 5)) {
      expect([p.game!.id, p.game!.version, p.game!.status]).toEqual([
        game.id,
        game.version + 1,
        'IN_PROGRESS',
      ]);
    }
    expect(reused[5]!.game).toBeNull();
    const after = await api.mustGame(game.id);
    expect(after.version).toBe(game.version + 1);
    expect(after.status).toBe('IN_PROGRESS');
    expect(await gamesOf(a)).toEqual([game.id]);
  });

  it('is refused when empty, too long or with control characters', async () => {
    const { game, inTurn } = await table(['Sal', 'Tom']);
    const [a] = inTurn as [Player];
    for (const key of ['', 'k'.repeat(129), 'a\nb', 'a\u0000b']) {
      const response = await api.placeBid(a, { gameId: game.id, quantity: 1, face: 2, idempotencyKey: key });
      expect(response.body.errors!.map((e) => [e.extensions!.code, e.extensions!.field])).toEqual([
        ['BAD_USER_INPUT', 'idempotencyKey'],
      ]);
    }
    expect((await bid(a, game.id, 1, 2, { idempotencyKey: 'k'.repeat(128) })).userErrors).toEqual([]);
    expect((await api.mustGame(game.id)).version).toBe(game.version + 1);
  });
});

describe('createGame with a key', () => {
  it('creates one game, retried one after the other or ten at a time', async () => {
    const [host] = await api.registerPlayers(['Host']);
    const input = { preset: 'PUB' as const, name: 'Once', maxPlayers: 4, idempotencyKey: 'new-table' };
    const first = payloadOf(await api.createGameRaw(host!, input));
    expect(first.userErrors).toEqual([]);
    expect(first.game!.version).toBe(1);
    const again = payloadOf(await api.createGameRaw(host!, input));
    expect(again).toEqual(first);

    const together = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.createGameRaw(host!, { ...input, idempotencyKey: 'together' }).then((r) => payloadOf(r)),
      ),
    );
    for (const p of together) expect(p).toEqual(together[0]);
    expect(together[0]!.userErrors).toEqual([]);
    expect(together[0]!.game!.id).not.toBe(first.game!.id);

    expect((await gamesOf(host!)).sort()).toEqual([first.game!.id, together[0]!.game!.id].sort());
    const lobby = dataOf(
      await api.gql<{ games: { nodes: { id: string; host: { id: string } }[] } }>(
        `{ games(status: LOBBY, first: 100) { nodes { id host { id } } } }`,
      ),
    );
    expect(lobby.games.nodes.filter((g) => g.host.id === host!.id).length).toBe(2);

    // The same key with other settings is refused and creates nothing.
    const other = payloadOf(await api.createGameRaw(host!, { ...input, name: 'Twice' }));
    expect(other.userErrors.map((e) => e.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
    expect(other.game).toBeNull();
    expect((await gamesOf(host!)).length).toBe(2);
  });

  it('returns the same refusal for rules the engine refuses', async () => {
    const [host] = await api.registerPlayers(['Refused host']);
    // CLASSIC seats at most 10.
    const input = { preset: 'CLASSIC' as const, maxPlayers: 12, idempotencyKey: 'too-big' };
    const first = payloadOf(await api.createGameRaw(host!, input));
    expect(first.userErrors.map((e) => [e.code, e.field])).toEqual([['INVALID_RULES', ['maxPlayers']]]);
    expect(first.game).toBeNull();
    expect(payloadOf(await api.createGameRaw(host!, input))).toEqual(first);
    expect(await gamesOf(host!)).toEqual([]);
  });
});
