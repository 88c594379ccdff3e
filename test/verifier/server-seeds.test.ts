// Client seeds the server draws (real HTTP on PostgreSQL): under serverSeeds "hmac-sha256-k0-v2" a bot's seed is
// hex HMAC-SHA256(k[0], "server-seed:bot:<its seat at start>") and a no-seed player's hex HMAC-SHA256(k[0],
// "server-seed:<Player.id>"), checked by the client verifier once k[0] is revealed; games made under
// "hmac-sha256-k0-v1" (bots' seeds from their id) or with random server seeds still verify.
import { createHash, createHmac } from 'node:crypto';
import { fetchGameRecord, verifyGame, type GameRecord } from '../../examples/verify-game';
import { FairnessVerifier, gameSeedOf, type FairnessInput } from '@perudo/client';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { accepted, mutate, PLAY_FIELDS, type Player } from '../support/graphql-client';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

interface SeededFairness extends FairnessInput {
  readonly clientSeeds: {
    readonly seat: {
      readonly position: number;
      readonly player: { readonly id: string; readonly isBot: boolean };
    };
    readonly seed: string;
  }[];
}

/** verify-game's answer for a finished game: verified, having checked every round, hand and roll-off throw. */
async function expectVerifiedToTheEnd(gameId: string, record: GameRecord): Promise<void> {
  const hands = record.rounds.reduce(
    (n, r) => n + (r.reveal ?? []).filter((h) => h.dice.length > 0).length,
    0,
  );
  expect(await verifyGame(api.url, gameId)).toEqual({
    gameId,
    ok: true,
    checked: { rounds: record.rounds.length, hands, rollOffThrows: record.rollOff.length },
    mismatch: null,
  });
}
async function fairnessOf(gameId: string): Promise<SeededFairness> {
  const reply = await api.gql<{ game: { fairness: SeededFairness } }>(
    `query($id: ID!) { game(id: $id) { fairness { algorithm serverSeeds commitment gameSeed rollOffKey
       clientSeeds { seat { position player { id isBot } } seed } } } }`,
    { id: gameId },
  );
  return reply.body.data!.game.fairness;
}

const hmacHex = (k0Hex: string, message: string): string =>
  createHmac('sha256', Buffer.from(k0Hex, 'hex')).update(message).digest('hex');
/** The "hmac-sha256-k0-v1" rule (every server-drawn seed under v1; a no-seed player's under v2). */
const derived = (k0Hex: string, playerId: string): string => hmacHex(k0Hex, `server-seed:${playerId}`);
/** The "hmac-sha256-k0-v2" rule of a bot's seed. */
const botSeed = (k0Hex: string, position: number): string => hmacHex(k0Hex, `server-seed:bot:${position}`);

function dbId(gameId: string): string {
  return Buffer.from(gameId, 'base64url').toString('utf8').slice('Game:'.length);
}

async function addBot(gameId: string, host: Player): Promise<void> {
  const reply = await api.gql<{ addBot: { userErrors: unknown[] } }>(
    'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code message } } }',
    { input: { gameId } },
    host.token,
  );
  expect(reply.body.data!.addBot.userErrors).toEqual([]);
}

async function removeBot(gameId: string, host: Player, position: number): Promise<void> {
  const reply = await api.gql<{ removeBot: { userErrors: unknown[] } }>(
    'mutation($input: RemoveBotInput!) { removeBot(input: $input) { userErrors { code message } } }',
    { input: { gameId, position } },
    host.token,
  );
  expect(reply.body.data!.removeBot.userErrors).toEqual([]);
}

/** A copy of `fairness` with the seed of the seat at `position` replaced, and the game seed made to agree. */
async function withSeed(fairness: SeededFairness, position: number, seed: string): Promise<SeededFairness> {
  const seeds = fairness.clientSeeds.map((s) => (s.seat.position === position ? { ...s, seed } : s));
  return { ...fairness, clientSeeds: seeds, gameSeed: await gameSeedOf(seeds.map((s) => s.seed)) };
}

describe("a game whose bots' seeds derive from k[0] and their seat at start", () => {
  let players: Player[];
  let gameId: string;
  let fairness: SeededFairness;
  let lobby: SeededFairness;

  beforeAll(async () => {
    players = await api.registerPlayers(['Seat host', 'Seatless guest', 'Seat leaver']);
    const [host, guest, leaver] = players as [Player, Player, Player];
    gameId = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: 'host seed' }, host.token),
      'createGame',
    ).id;
    accepted(await mutate(api.url, 'joinGame', { gameId }, guest.token), 'joinGame');
    await addBot(gameId, host); // seat 2
    accepted(
      await mutate(api.url, 'joinGame', { gameId, clientSeed: 'leaver seed' }, leaver.token),
      'joinGame',
    );
    await addBot(gameId, host); // seat 4
    await addBot(gameId, host); // seat 5
    await removeBot(gameId, host, 2); // the bots of seats 4 and 5 move up to 3 and 4
    accepted(await mutate(api.url, 'leaveGame', { gameId }, leaver.token), 'leaveGame'); // and to 2 and 3
    await addBot(gameId, host); // seat 4
    lobby = await fairnessOf(gameId);
    accepted(await mutate<BotView>(api.url, 'startGame', { gameId }, host.token, PLAY_FIELDS), 'startGame');
    fairness = await fairnessOf(gameId);
  });

  it('publishes the scheme, and seeds from k[0] and the final seats that make the game seed', () => {
    expect(lobby.algorithm).toBe('hmac-sha256-chain-v1');
    expect(lobby.serverSeeds).toBe('hmac-sha256-k0-v2');
    expect(lobby.rollOffKey).toBeNull();
    expect(fairness.algorithm).toBe('hmac-sha256-chain-v1');
    expect(fairness.serverSeeds).toBe('hmac-sha256-k0-v2');
    const k0 = fairness.rollOffKey!;
    expect(k0).toMatch(/^[0-9a-f]{64}$/);
    const seats = fairness.clientSeeds;
    expect(seats.map((s) => [s.seat.position, s.seat.player.isBot])).toEqual([
      [0, false],
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ]);
    expect(seats.map((s) => s.seed)).toEqual([
      'host seed',
      derived(k0, seats[1]!.seat.player.id),
      botSeed(k0, 2),
      botSeed(k0, 3),
      botSeed(k0, 4),
    ]);
    // Not the seed of the earlier rule, which followed an id the server drew.
    expect(seats[2]!.seed).not.toBe(derived(k0, seats[2]!.seat.player.id));
    expect(fairness.gameSeed).toBe(
      createHash('sha256')
        .update(seats.map((s) => s.seed).join(':'))
        .digest('hex'),
    );
    // The lobby already showed the seeds of its seats as they were last: the same seats as at the start.
    expect(lobby.clientSeeds).toEqual(fairness.clientSeeds);
  });

  it('verifies in the client verifier, bots and the seats named as server-drawn included', async () => {
    const verifier = await FairnessVerifier.create(fairness, { serverDrawnSeats: [1] });
    expect(verifier.mismatch).toBeNull();
  });

  it("names the seat when a bot's seed is not the one of its seat", async () => {
    const k0 = fairness.rollOffKey!;
    const forged = await withSeed(fairness, 3, 'f'.repeat(64));
    expect((await FairnessVerifier.create(forged)).mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 3,
      expected: botSeed(k0, 3),
      shown: 'f'.repeat(64),
    });
    // The earlier rule's seed, from the bot's id, is refused too: the id was the server's to choose.
    const byId = derived(k0, fairness.clientSeeds[2]!.seat.player.id);
    expect((await FairnessVerifier.create(await withSeed(fairness, 2, byId))).mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 2,
      expected: botSeed(k0, 2),
      shown: byId,
    });
    // Another bot's seed: a bot's seed is its seat's.
    expect((await FairnessVerifier.create(await withSeed(fairness, 4, botSeed(k0, 2)))).mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 4,
      expected: botSeed(k0, 4),
      shown: botSeed(k0, 2),
    });
  });

  it('checks no server-drawn seed when serverSeeds is null', async () => {
    const forged = await withSeed(fairness, 2, 'f'.repeat(64));
    expect((await FairnessVerifier.create({ ...forged, serverSeeds: null })).mismatch).toBeNull();
  });

  it('reports an unknown serverSeeds derivation, or an algorithm other than v1, as ALGORITHM', async () => {
    const unknown = await FairnessVerifier.create({ ...fairness, serverSeeds: 'hmac-sha256-k0-v9' });
    expect(unknown.mismatch).toEqual({
      kind: 'ALGORITHM',
      round: null,
      seat: null,
      expected: 'serverSeeds hmac-sha256-k0-v2, hmac-sha256-k0-v1 or null',
      shown: 'hmac-sha256-k0-v9',
    });
    const v2 = await FairnessVerifier.create({ ...fairness, algorithm: 'hmac-sha256-chain-v2' });
    expect(v2.mismatch).toEqual({
      kind: 'ALGORITHM',
      round: null,
      seat: null,
      expected: 'hmac-sha256-chain-v1',
      shown: 'hmac-sha256-chain-v2',
    });
  });

  it('names a seat said to be server-drawn whose seed is its own', async () => {
    const verifier = await FairnessVerifier.create(fairness, { serverDrawnSeats: [0] });
    expect(verifier.mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 0,
      expected: derived(fairness.rollOffKey!, fairness.clientSeeds[0]!.seat.player.id),
      shown: 'host seed',
    });
  });

  it('verifies to the end, once its people have left it to the bots', async () => {
    accepted(await mutate(api.url, 'leaveGame', { gameId }, players[0]!.token), 'leaveGame');
    accepted(await mutate(api.url, 'leaveGame', { gameId }, players[1]!.token), 'leaveGame');
    const record = await fetchGameRecord(api.url, gameId);
    expect(record.status).toBe('FINISHED');
    expect(record.fairness.clientSeeds).toEqual(fairness.clientSeeds);
    expect(record.rounds.every((r) => r.ended && r.serverKey !== null)).toBe(true);
    await expectVerifiedToTheEnd(gameId, record);
  });
});

describe('bots seated by a quick-play fill and carried over by a rematch', () => {
  it('take the seeds of their seats at start, and verify', async () => {
    const [asker] = await api.registerPlayers(['Quick seed']);
    const reply = await api.gql<{ quickPlay: { game: { id: string; status: string } | null } }>(
      'mutation($input: QuickPlayInput!) { quickPlay(input: $input) { game { id status } } }',
      { input: { preset: 'PUB', players: 4, botFillSeconds: 0, clientSeed: 'quick seed' } },
      asker!.token,
    );
    const game = reply.body.data!.quickPlay.game!;
    expect(game.status).toBe('IN_PROGRESS');
    const filled = await fairnessOf(game.id);
    expect(filled.serverSeeds).toBe('hmac-sha256-k0-v2');
    const k0 = filled.rollOffKey!;
    expect(filled.clientSeeds.map((s) => [s.seat.player.isBot, s.seed])).toEqual([
      [false, 'quick seed'],
      [true, botSeed(k0, 1)],
      [true, botSeed(k0, 2)],
      [true, botSeed(k0, 3)],
    ]);
    expect((await FairnessVerifier.create(filled)).mismatch).toBeNull();

    // Left to its bots, it ends; the rematch seats them again, in a game of another k[0].
    accepted(await mutate(api.url, 'leaveGame', { gameId: game.id }, asker!.token), 'leaveGame');
    const again = await api.gql<{ rematch: { game: { id: string } | null; userErrors: unknown[] } }>(
      'mutation($input: GameInput!) { rematch(input: $input) { game { id } userErrors { code message } } }',
      { input: { gameId: game.id } },
      asker!.token,
    );
    expect(again.body.data!.rematch.userErrors).toEqual([]);
    const rematchId = again.body.data!.rematch.game!.id;
    accepted(
      await mutate<BotView>(api.url, 'startGame', { gameId: rematchId }, asker!.token, PLAY_FIELDS),
      'startGame',
    );
    const rematch = await fairnessOf(rematchId);
    const k0Again = rematch.rollOffKey!;
    expect(k0Again).not.toBe(k0);
    const bots = rematch.clientSeeds.filter((s) => s.seat.player.isBot);
    expect(bots.map((s) => s.seat.player.id).sort()).toEqual(
      filled.clientSeeds
        .filter((s) => s.seat.player.isBot)
        .map((s) => s.seat.player.id)
        .sort(),
    );
    for (const s of bots) expect(s.seed).toBe(botSeed(k0Again, s.seat.position));
    expect((await FairnessVerifier.create(rematch)).mismatch).toBeNull();
  });
});

describe("a game made when bots' seeds derived from their player id", () => {
  it('keeps "hmac-sha256-k0-v1": every server-drawn seed from k[0] and the player id', async () => {
    const [host, guest] = await api.registerPlayers(['Id host', 'Idless guest']);
    const gameId = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: 'id host seed' }, host!.token),
      'createGame',
    ).id;
    // As a game created before bots' seeds followed their seat: the migration leaves such games' column on v2.
    await api.sql("UPDATE games SET fairness_algorithm = 'hmac-sha256-chain-v2' WHERE id::text = $1", [
      dbId(gameId),
    ]);
    accepted(await mutate(api.url, 'joinGame', { gameId }, guest!.token), 'joinGame');
    await addBot(gameId, host!);
    await addBot(gameId, host!);
    await removeBot(gameId, host!, 2);
    accepted(await mutate<BotView>(api.url, 'startGame', { gameId }, host!.token, PLAY_FIELDS), 'startGame');
    const fairness = await fairnessOf(gameId);
    expect(fairness.serverSeeds).toBe('hmac-sha256-k0-v1');
    const k0 = fairness.rollOffKey!;
    const seats = fairness.clientSeeds;
    expect(seats.map((s) => s.seat.player.isBot)).toEqual([false, false, true]);
    expect(seats.map((s) => s.seed)).toEqual([
      'id host seed',
      derived(k0, seats[1]!.seat.player.id),
      derived(k0, seats[2]!.seat.player.id),
    ]);
    expect((await FairnessVerifier.create(fairness, { serverDrawnSeats: [1] })).mismatch).toBeNull();
    // Under v1 the seat's rule is not the bot's.
    expect((await FairnessVerifier.create(await withSeed(fairness, 2, botSeed(k0, 2)))).mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 2,
      expected: derived(k0, seats[2]!.seat.player.id),
      shown: botSeed(k0, 2),
    });
  });
});

describe('a game made before server-drawn seeds derived from k[0]', () => {
  it('keeps v1 and random server seeds, and verifies to the end', async () => {
    const players = await api.registerPlayers(['Old host', 'Old guest']);
    const gameId = accepted(
      await mutate(api.url, 'createGame', { preset: 'PERUDO', clientSeed: 'old seed' }, players[0]!.token),
      'createGame',
    ).id;
    // As a game created before the derivation from k[0]: the migration leaves such games' column on v1.
    await api.sql("UPDATE games SET fairness_algorithm = 'hmac-sha256-chain-v1' WHERE id::text = $1", [
      dbId(gameId),
    ]);
    accepted(await mutate(api.url, 'joinGame', { gameId }, players[1]!.token), 'joinGame');
    let game = accepted(
      await mutate<BotView>(api.url, 'startGame', { gameId }, players[0]!.token, PLAY_FIELDS),
      'startGame',
    );
    const rng = botRng(11);
    for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
      if (moves > 1500) throw new Error('the game does not end');
      game = (await playTurn(api, game, players, { rng, exactRate: 0.2 })).game;
    }
    const fairness = await fairnessOf(gameId);
    expect(fairness.algorithm).toBe('hmac-sha256-chain-v1');
    expect(fairness.serverSeeds).toBeNull();
    const drawn = fairness.clientSeeds[1]!;
    expect(drawn.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(drawn.seed).not.toBe(derived(fairness.rollOffKey!, drawn.seat.player.id));

    const record = await fetchGameRecord(api.url, gameId);
    await expectVerifiedToTheEnd(gameId, record);
  });
});
