// Client seeds the server draws (real HTTP on PostgreSQL): under serverSeeds "hmac-sha256-k0-v1" a bot's and a no-seed
// player's seeds are hex HMAC-SHA256(k[0], "server-seed:<Player.id>"), checked by the client verifier once
// k[0] is revealed; a game made under v1 (random server seeds) still verifies.
import { createHmac } from 'node:crypto';
import { fetchGameRecord, verifyGame } from '../../examples/verify-game';
import { FairnessVerifier, gameSeedOf, type FairnessInput } from '../../examples/verifier/verifier';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { accepted, mutate, PLAY_FIELDS } from '../support/graphql-client';

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

async function fairnessOf(gameId: string): Promise<SeededFairness> {
  const reply = await api.gql<{ game: { fairness: SeededFairness } }>(
    `query($id: ID!) { game(id: $id) { fairness { algorithm serverSeeds commitment gameSeed rollOffKey
       clientSeeds { seat { position player { id isBot } } seed } } } }`,
    { id: gameId },
  );
  return reply.body.data!.game.fairness;
}

const derived = (k0Hex: string, playerId: string): string =>
  createHmac('sha256', Buffer.from(k0Hex, 'hex')).update(`server-seed:${playerId}`).digest('hex');

function dbId(gameId: string): string {
  return Buffer.from(gameId, 'base64url').toString('utf8').slice('Game:'.length);
}

describe('a game whose server-drawn seeds derive from k[0]', () => {
  let fairness: SeededFairness;
  let lobby: SeededFairness;

  beforeAll(async () => {
    const [host, guest] = await api.registerPlayers(['Seed host', 'Seedless guest']);
    const gameId = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: 'host seed' }, host!.token),
      'createGame',
    ).id;
    accepted(await mutate(api.url, 'joinGame', { gameId }, guest!.token), 'joinGame');
    const bot = await api.gql<{ addBot: { userErrors: unknown[] } }>(
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code message } } }',
      { input: { gameId } },
      host!.token,
    );
    expect(bot.body.data!.addBot.userErrors).toEqual([]);
    lobby = await fairnessOf(gameId);
    accepted(await mutate<BotView>(api.url, 'startGame', { gameId }, host!.token, PLAY_FIELDS), 'startGame');
    fairness = await fairnessOf(gameId);
  });

  it('publishes the scheme and seeds derived from k[0], which is revealed at start', () => {
    expect(lobby.algorithm).toBe('hmac-sha256-chain-v1');
    expect(lobby.serverSeeds).toBe('hmac-sha256-k0-v1');
    expect(lobby.rollOffKey).toBeNull();
    expect(fairness.algorithm).toBe('hmac-sha256-chain-v1');
    expect(fairness.serverSeeds).toBe('hmac-sha256-k0-v1');
    const k0 = fairness.rollOffKey!;
    expect(k0).toMatch(/^[0-9a-f]{64}$/);
    const [host, guest, bot] = fairness.clientSeeds;
    expect(host!.seed).toBe('host seed');
    expect(bot!.seat.player.isBot).toBe(true);
    expect(guest!.seat.player.isBot).toBe(false);
    expect(guest!.seed).toBe(derived(k0, guest!.seat.player.id));
    expect(bot!.seed).toBe(derived(k0, bot!.seat.player.id));
    // Fixed in the lobby already, before the start revealed k[0]: the same seeds as then.
    expect(lobby.clientSeeds.map((s) => s.seed)).toEqual(fairness.clientSeeds.map((s) => s.seed));
  });

  it('verifies in the client verifier, bots and the seats named as server-drawn included', async () => {
    const verifier = await FairnessVerifier.create(fairness, { serverDrawnSeats: [1] });
    expect(verifier.mismatch).toBeNull();
  });

  it("names the seat when a bot's seed is not the derived one", async () => {
    const seeds = fairness.clientSeeds.map((s) => (s.seat.player.isBot ? { ...s, seed: 'f'.repeat(64) } : s));
    const forged = { ...fairness, clientSeeds: seeds, gameSeed: await gameSeedOf(seeds.map((s) => s.seed)) };
    const verifier = await FairnessVerifier.create(forged);
    expect(verifier.mismatch).toEqual({
      kind: 'SERVER_SEED',
      round: 0,
      seat: 2,
      expected: derived(fairness.rollOffKey!, fairness.clientSeeds[2]!.seat.player.id),
      shown: 'f'.repeat(64),
    });
  });

  it('checks no server-drawn seed when serverSeeds is null', async () => {
    const seeds = fairness.clientSeeds.map((s) => (s.seat.player.isBot ? { ...s, seed: 'f'.repeat(64) } : s));
    const forged = {
      ...fairness,
      serverSeeds: null,
      clientSeeds: seeds,
      gameSeed: await gameSeedOf(seeds.map((s) => s.seed)),
    };
    expect((await FairnessVerifier.create(forged)).mismatch).toBeNull();
  });

  it('reports an unknown serverSeeds derivation, or an algorithm other than v1, as ALGORITHM', async () => {
    const unknown = await FairnessVerifier.create({ ...fairness, serverSeeds: 'hmac-sha256-k0-v9' });
    expect(unknown.mismatch).toEqual({
      kind: 'ALGORITHM',
      round: null,
      seat: null,
      expected: 'serverSeeds hmac-sha256-k0-v1 or null',
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
  });
});
