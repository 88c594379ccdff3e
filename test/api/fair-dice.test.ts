import { createHash } from 'node:crypto';
import { fetchGameRecord, verifyGame, verifyRecord, type GameRecord } from '../../examples/verify-game';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import {
  accepted,
  dataOf,
  mutate,
  onlyError,
  PLAY_FIELDS,
  playView,
  type Player,
} from '../support/graphql-client';

/**
 * Provably fair dice over HTTP: the commitment, the seeds and the keys the API shows, when it shows them,
 * and the public verifier (examples/verify-game.ts) on an honest game and on tampered ones.
 */

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

interface Fairness {
  algorithm: string;
  serverSeeds: string | null;
  commitment: string;
  gameSeed: string | null;
  rollOffKey: string | null;
  clientSeeds: { seat: { position: number }; seed: string }[];
}

const FAIRNESS_FIELDS = `fairness { algorithm serverSeeds commitment gameSeed rollOffKey clientSeeds { seat { position } seed } }`;

async function fairnessOf(gameId: string): Promise<Fairness> {
  const data = dataOf(
    await api.gql<{ game: { fairness: Fairness } }>(
      `query($id: ID!) { game(id: $id) { ${FAIRNESS_FIELDS} } }`,
      {
        id: gameId,
      },
    ),
  );
  return data.game.fairness;
}

/** k[0..1000] from the root stored in the database: what the server knows and clients must not. */
async function storedChain(gameId: string): Promise<Buffer[]> {
  const [row] = await api.sql<{ chain_root: Buffer }>('SELECT chain_root FROM games WHERE id::text = $1', [
    dbId(gameId),
  ]);
  const keys: Buffer[] = [];
  keys[1000] = row!.chain_root;
  for (let r = 999; r >= 0; r--) keys[r] = sha256(keys[r + 1]!);
  return keys;
}

function dbId(gameId: string): string {
  return Buffer.from(gameId, 'base64url').toString('utf8').slice('Game:'.length);
}

/** Every key a client can hold now: the roll-off key and the keys of the ended rounds. */
function revealedKeys(record: GameRecord): string[] {
  const keys = record.fairness.rollOffKey === null ? [] : [record.fairness.rollOffKey];
  for (const r of record.rounds) if (r.serverKey !== null) keys.push(r.serverKey);
  return keys;
}

/**
 * With round `open` under way, the revealed keys are exactly k[0..open-1]; none is k[j] for j >= open, and
 * hashing any of them (the only way down the chain) never gives the open round's stored key.
 */
function checkOpenRoundSecret(record: GameRecord, chain: Buffer[], open: number): void {
  const revealed = revealedKeys(record);
  expect(revealed).toEqual(chain.slice(0, open).map((k) => k.toString('hex')));
  const later = new Set(chain.slice(open).map((k) => k.toString('hex')));
  expect(revealed.filter((k) => later.has(k))).toEqual([]);
  const target = chain[open]!;
  for (const hex of revealed) {
    let k: Buffer = Buffer.from(hex, 'hex');
    for (let i = 0; i < 1000; i++) {
      k = sha256(k);
      expect(k.equals(target)).toBe(false);
    }
  }
  expect(record.rounds.find((r) => r.number === open)!.serverKey).toBeNull();
}

describe('an honest game', () => {
  let players: Player[];
  let gameId: string;
  let record: GameRecord;

  beforeAll(async () => {
    players = await api.registerPlayers(['Ana', 'Ben', 'Cy']);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: 'ana seed' }, players[0]!.token),
      'createGame',
    );
    gameId = created.id;
    accepted(
      await mutate(api.url, 'joinGame', { gameId, clientSeed: 'Ben: 42!' }, players[1]!.token),
      'joinGame',
    );
    accepted(await mutate(api.url, 'joinGame', { gameId }, players[2]!.token), 'joinGame');
  });

  it('publishes the commitment and the seeds in the lobby, and no key', async () => {
    const chain = await storedChain(gameId);
    const fairness = await fairnessOf(gameId);
    expect(fairness).toEqual({
      algorithm: 'hmac-sha256-chain-v1',
      serverSeeds: 'hmac-sha256-k0-v2',
      commitment: sha256(chain[0]!).toString('hex'),
      gameSeed: null,
      rollOffKey: null,
      clientSeeds: [
        { seat: { position: 0 }, seed: 'ana seed' },
        { seat: { position: 1 }, seed: 'Ben: 42!' },
        { seat: { position: 2 }, seed: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
  });

  it('fixes the game seed at start, reveals k[0] after the roll-off, and each k[r] only once round r ended', async () => {
    const chain = await storedChain(gameId);
    const started = accepted(
      await mutate<BotView>(api.url, 'startGame', { gameId }, players[0]!.token, PLAY_FIELDS),
      'startGame',
    );
    const fairness = await fairnessOf(gameId);
    const drawn = fairness.clientSeeds[2]!.seed;
    expect(fairness.gameSeed).toBe(sha256(`ana seed:Ben: 42!:${drawn}`).toString('hex'));
    expect(fairness.rollOffKey).toBe(chain[0]!.toString('hex'));

    const rng = botRng(17);
    let game: BotView = started;
    let checkedRound = 0;
    let moves = 0;
    while (game.status === 'IN_PROGRESS') {
      const open = game.currentRound!.number;
      if (open !== checkedRound) {
        checkOpenRoundSecret(await fetchGameRecord(api.url, gameId), chain, open);
        checkedRound = open;
      }
      game = (await playTurn(api, game, players, { rng, exactRate: 0.5 })).game;
      if (++moves > 1500) throw new Error('the game does not end');
    }
    record = await fetchGameRecord(api.url, gameId);
    expect(record.rounds.length).toBeGreaterThanOrEqual(10);
    expect(record.rounds.map((r) => r.serverKey)).toEqual(
      record.rounds.map((r) => chain[r.number]!.toString('hex')),
    );
  });

  it('keeps the chain root and unrevealed keys out of every stored state and event', async () => {
    const chain = await storedChain(gameId);
    const secrets = [chain[1000]!, chain[record.rounds.length + 1]!].map((k) => k.toString('hex'));
    for (const secret of secrets) {
      const [row] = await api.sql<{ n: string }>(
        `SELECT (SELECT count(*) FROM game_events WHERE strpos(payload::text, $1) > 0)
              + (SELECT count(*) FROM games WHERE strpos(state::text, $1) > 0) AS n`,
        [secret],
      );
      expect(row!.n).toBe('0');
    }
  });

  it('verifies with the public verifier', async () => {
    const result = await verifyGame(api.url, gameId);
    const hands = record.rounds.reduce(
      (n, r) => n + (r.reveal ?? []).filter((h) => h.dice.length > 0).length,
      0,
    );
    const throws = (await api.mustGame(gameId)).rollOff.length;
    expect(throws).toBeGreaterThanOrEqual(3);
    expect(result).toEqual({
      gameId,
      ok: true,
      checked: { rounds: record.rounds.length, hands, rollOffThrows: throws },
      mismatch: null,
    });
  });

  it('fails at round 2 when the keys of rounds 2 and 3 are swapped', async () => {
    const rounds = record.rounds.map((r) => ({ ...r }));
    [rounds[1]!.serverKey, rounds[2]!.serverKey] = [rounds[2]!.serverKey, rounds[1]!.serverKey];
    const result = await verifyRecord({ ...record, rounds });
    expect(result.ok).toBe(false);
    expect(result.mismatch).toEqual({
      kind: 'CHAIN',
      round: 2,
      seat: null,
      expected: `SHA-256(k[2]) = ${record.rounds[0]!.serverKey}`,
      shown: sha256(Buffer.from(record.rounds[2]!.serverKey!, 'hex')).toString('hex'),
    });
    expect(result.checked.rounds).toBe(1);
  });

  it('fails on the game seed when a stored client seed is changed', async () => {
    const seat0 = players[0]!.id;
    await api.sql(`UPDATE client_seeds SET seed = 'forged' WHERE player_id::text = $1`, [playerDbId(seat0)]);
    try {
      const result = await verifyGame(api.url, gameId);
      expect(result.ok).toBe(false);
      expect(result.mismatch).toEqual({
        kind: 'GAME_SEED',
        round: null,
        seat: null,
        expected: sha256(`forged:Ben: 42!:${record.fairness.clientSeeds[2]!.seed}`).toString('hex'),
        shown: record.fairness.gameSeed,
      });
    } finally {
      await api.sql(`UPDATE client_seeds SET seed = 'ana seed' WHERE player_id::text = $1`, [
        playerDbId(seat0),
      ]);
    }
    expect((await verifyGame(api.url, gameId)).ok).toBe(true);
  });

  it('fails at the round and seat of a tampered stored die', async () => {
    const round = record.rounds[2]!;
    const hand = round.reveal!.find((h) => h.dice.length > 0)!;
    const seat = hand.seat.position;
    const forged = [(hand.dice[0]! % 6) + 1, ...hand.dice.slice(1)];
    const id = dbId(gameId);
    await api.sql(
      `UPDATE game_events SET payload = jsonb_set(payload, $3::text[], $4::jsonb)
        WHERE game_id::text = $1 AND type = 'ROUND_STARTED' AND (payload->>'number')::int = $2`,
      [id, round.number, ['dice', String(seat)], JSON.stringify(forged)],
    );
    // The game is rebuilt from its events, by a server with an empty cache.
    await api.sql(`UPDATE games SET state = '{}'::jsonb, state_version = 0 WHERE id::text = $1`, [id]);
    await api.restart();
    const result = await verifyGame(api.url, gameId);
    expect(result.ok).toBe(false);
    expect(result.mismatch).toEqual({
      kind: 'HAND',
      round: 3,
      seat,
      expected: hand.dice.join(','),
      shown: forged.join(','),
    });
    expect(result.checked.rounds).toBe(2);
  });
});

function playerDbId(playerId: string): string {
  return Buffer.from(playerId, 'base64url').toString('utf8').slice('Player:'.length);
}

describe('a game whose first starter is drawn (CLASSIC)', () => {
  it('reveals k[0] at start and the verifier checks the starter with it', async () => {
    const players = await api.registerPlayers(['Di', 'Ed', 'Flo', 'Gus']);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'CLASSIC' }, players[0]!.token),
      'createGame',
    );
    for (const p of players.slice(1)) {
      accepted(await mutate(api.url, 'joinGame', { gameId: created.id }, p.token), 'joinGame');
    }
    expect((await fairnessOf(created.id)).rollOffKey).toBeNull();
    accepted(await mutate(api.url, 'startGame', { gameId: created.id }, players[0]!.token), 'startGame');
    const chain = await storedChain(created.id);
    expect((await fairnessOf(created.id)).rollOffKey).toBe(chain[0]!.toString('hex'));
    const record = await fetchGameRecord(api.url, created.id);
    checkOpenRoundSecret(record, chain, 1);
    expect(await verifyRecord(record)).toEqual({
      gameId: created.id,
      ok: true,
      checked: { rounds: 0, hands: 0, rollOffThrows: 0 },
      mismatch: null,
    });
    const lied = {
      ...record,
      rounds: [{ ...record.rounds[0]!, starter: { position: (record.rounds[0]!.starter.position + 1) % 4 } }],
    };
    expect((await verifyRecord(lied)).mismatch).toMatchObject({ kind: 'STARTER', round: 0 });
  });
});

describe('clientSeed', () => {
  const MESSAGE = 'clientSeed must be 1 to 64 printable ASCII characters (space to ~)';
  const BAD = ['', 'x'.repeat(65), 'é', 'line\nbreak', 'tab\t', '\u007f'];

  async function gamesHostedBy(player: Player): Promise<number> {
    const [row] = await api.sql<{ n: string }>('SELECT count(*) AS n FROM games WHERE host_id::text = $1', [
      playerDbId(player.id),
    ]);
    return Number(row!.n);
  }

  it.each(BAD)('createGame refuses %j with BAD_USER_INPUT and creates nothing', async (seed) => {
    const [host] = await api.registerPlayers(['Host']);
    const error = onlyError(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: seed }, host!.token),
    );
    expect([error.extensions?.code, error.message]).toEqual(['BAD_USER_INPUT', MESSAGE]);
    expect(await gamesHostedBy(host!)).toBe(0);
  });

  it.each(BAD)('joinGame refuses %j with BAD_USER_INPUT and seats nobody', async (seed) => {
    const [host, guest] = await api.registerPlayers(['Host', 'Guest']);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB' }, host!.token),
      'createGame',
    );
    const error = onlyError(
      await mutate(api.url, 'joinGame', { gameId: created.id, clientSeed: seed }, guest!.token),
    );
    expect([error.extensions?.code, error.message]).toEqual(['BAD_USER_INPUT', MESSAGE]);
    const game = await playView(api.url, created.id);
    expect([game.version, game.seats.length]).toEqual([created.version, 1]);
    expect((await fairnessOf(created.id)).clientSeeds.length).toBe(1);
  });

  it('accepts 64 characters and a single space, kept exactly', async () => {
    const [host, guest] = await api.registerPlayers(['Host', 'Guest']);
    const long = '~'.repeat(32) + ' !'.repeat(16);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB', clientSeed: long }, host!.token),
      'createGame',
    );
    accepted(
      await mutate(api.url, 'joinGame', { gameId: created.id, clientSeed: ' ' }, guest!.token),
      'joinGame',
    );
    expect((await fairnessOf(created.id)).clientSeeds.map((s) => s.seed)).toEqual([long, ' ']);
  });

  it('is refused on the other game mutations', async () => {
    const [host, guest] = await api.registerPlayers(['Host', 'Guest']);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB' }, host!.token),
      'createGame',
    );
    accepted(await mutate(api.url, 'joinGame', { gameId: created.id }, guest!.token), 'joinGame');
    const error = onlyError(
      await mutate(api.url, 'startGame', { gameId: created.id, clientSeed: 'x' }, host!.token),
    );
    expect([error.extensions?.code, error.message]).toEqual([
      'BAD_USER_INPUT',
      'clientSeed is given only with joinGame (or createGame)',
    ]);
    expect((await playView(api.url, created.id)).status).toBe('LOBBY');
  });

  it('a player who leaves the lobby and joins again has only the new seed', async () => {
    const [host, guest] = await api.registerPlayers(['Host', 'Guest']);
    const created = accepted(
      await mutate(api.url, 'createGame', { preset: 'PUB' }, host!.token),
      'createGame',
    );
    accepted(
      await mutate(api.url, 'joinGame', { gameId: created.id, clientSeed: 'first' }, guest!.token),
      'joinGame',
    );
    accepted(await mutate(api.url, 'leaveGame', { gameId: created.id }, guest!.token), 'leaveGame');
    const [left] = await api.sql<{ n: string }>(
      'SELECT count(*) AS n FROM client_seeds WHERE game_id::text = $1',
      [dbId(created.id)],
    );
    expect(left!.n).toBe('1');
    accepted(
      await mutate(api.url, 'joinGame', { gameId: created.id, clientSeed: 'second' }, guest!.token),
      'joinGame',
    );
    expect((await fairnessOf(created.id)).clientSeeds.map((s) => [s.seat.position, s.seed])).toEqual([
      [0, expect.stringMatching(/^[0-9a-f]{64}$/)],
      [1, 'second'],
    ]);
  });
});
