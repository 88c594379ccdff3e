// The client verifier (examples/verifier) against FAIRNESS.md's worked example and against the server's own
// derivation: whole rounds, one die changed, a key from another game, a gap filled later.
import {
  botClientSeed,
  chainKeys,
  fairHand,
  fairRollOff,
  gameSeedOf,
  serverClientSeed,
  sha256,
} from '../../src/engine/fair-dice';
import {
  botClientSeed as clientBotSeed,
  FairnessVerifier,
  fromHex,
  handTrace,
  serverClientSeed as clientServerSeed,
  type RoundInput,
} from '@perudo/client';

// FAIRNESS.md, "Worked example".
const EXAMPLE = {
  k0: '44656f99745ccd0e9b0e3b19257cf153cf9daa0bb7b2190570d8acbd5bc2bc94',
  k1: '6fa742cc2a1ce2405c21e54e4503e3694b8324a316bc940eaca29fb52afa30a5',
  k2: '19608c7735bb7e4e7b2d2b79968ce9e032c4c7787c2f34d04d2e9ea032c1deb6',
  commitment: '3a9e1b558897131e6a02aeb0903beef7e22a47ff5ef42d170e3f1500f02afd9b',
  gameSeed: 'd723773aa8969d2e5a029fee485e79c7e6a658378c195224ad204d6fda081c21',
};
const seeds = ['ann:2026', 'b', 'x y'];
const fairness = {
  algorithm: 'hmac-sha256-chain-v1',
  commitment: EXAMPLE.commitment,
  gameSeed: EXAMPLE.gameSeed,
  rollOffKey: EXAMPLE.k0,
  clientSeeds: seeds.map((seed, position) => ({ seat: { position }, seed })),
};
const reveal = (hands: number[][]): RoundInput['reveal'] =>
  hands.map((dice, position) => ({ seat: { position }, dice }));
const round1: RoundInput = {
  number: 1,
  serverKey: EXAMPLE.k1,
  reveal: reveal([
    [6, 6, 6, 4, 2],
    [6, 6, 4, 2, 6],
    [4, 4, 1, 5, 3],
  ]),
};
const round2: RoundInput = {
  number: 2,
  serverKey: EXAMPLE.k2,
  reveal: reveal([
    [4, 5, 4, 5],
    [1, 6, 1, 4],
    [4, 5, 3, 2],
  ]),
};
const rollOff = [4, 5, 2].map((value, position) => ({ attempt: 1, seat: { position }, value }));

describe('the worked example of FAIRNESS.md', () => {
  it('verifies its game seed, roll-off, first starter and both rounds', async () => {
    const v = await FairnessVerifier.create(fairness, { rollOff, firstStarter: { seats: 3, position: 2 } });
    expect(v.mismatch).toBeNull();
    expect(await v.addRound(round1)).toEqual([{ status: 'VERIFIED', round: 1, hands: 3 }]);
    expect(await v.addRound(round2)).toEqual([{ status: 'VERIFIED', round: 2, hands: 3 }]);
    expect(v.verifiedRounds).toEqual([1, 2]);
  });

  it('shows the message and bytes of seat 0 in round 1', async () => {
    const key = Uint8Array.from(Buffer.from(EXAMPLE.k1, 'hex'));
    const t = await handTrace(key, EXAMPLE.gameSeed, 1, 0, 5);
    expect(t.messages).toEqual([`${EXAMPLE.gameSeed}:1:0:0`]);
    expect(Buffer.from(t.bytes[0]!).toString('hex')).toBe(
      '3b1195bdd30809013f41044a385994ed6134e14b291ba788df8bc4554f8c2434',
    );
    expect(t.values).toEqual([6, 6, 6, 4, 2]);
  });

  it('finds one die changed: the round, the seat, expected and shown', async () => {
    const v = await FairnessVerifier.create(fairness, { rollOff });
    const edited = {
      ...round1,
      reveal: reveal([
        [6, 6, 6, 4, 2],
        [6, 6, 4, 2, 5],
        [4, 4, 1, 5, 3],
      ]),
    };
    const mismatch = { kind: 'HAND', round: 1, seat: 1, expected: '6,6,4,2,6', shown: '6,6,4,2,5' };
    expect(await v.addRound(edited)).toEqual([{ status: 'MISMATCH', round: 1, mismatch }]);
    expect(v.mismatch).toEqual(mismatch);
    // A mismatch stays: later rounds answer it again.
    expect(await v.addRound(round2)).toEqual([{ status: 'MISMATCH', round: 1, mismatch }]);
  });

  it('finds a changed roll-off throw and a wrong random starter', async () => {
    const edited = [rollOff[0]!, { ...rollOff[1]!, value: 6 }, rollOff[2]!];
    expect((await FairnessVerifier.create(fairness, { rollOff: edited })).mismatch).toEqual({
      kind: 'ROLL_OFF',
      round: 0,
      seat: 1,
      expected: '5',
      shown: '6',
    });
    expect(
      (await FairnessVerifier.create(fairness, { firstStarter: { seats: 3, position: 0 } })).mismatch,
    ).toEqual({ kind: 'STARTER', round: 0, seat: 0, expected: '2', shown: '0' });
  });

  it('finds a game seed that is not the client seeds joined in seat order', async () => {
    const swapped = {
      ...fairness,
      clientSeeds: [...fairness.clientSeeds].reverse().map((s, position) => ({ ...s, seat: { position } })),
    };
    const v = await FairnessVerifier.create(swapped);
    expect(v.mismatch?.kind).toBe('GAME_SEED');
    expect(v.mismatch?.shown).toBe(EXAMPLE.gameSeed);
  });

  it('verifies a gap when the missing key arrives', async () => {
    const v = await FairnessVerifier.create({ ...fairness, rollOffKey: null }, { rollOff });
    expect(await v.addRound(round2)).toEqual([{ status: 'WAITING', round: 2, missingKey: 1 }]);
    expect(v.waitingRounds).toEqual([2]);
    expect(await v.addRound(round1)).toEqual([
      { status: 'VERIFIED', round: 1, hands: 3 },
      { status: 'VERIFIED', round: 2, hands: 3 },
    ]);
    expect(v.waitingRounds).toEqual([]);
  });
});

describe('a game dealt by the server code', () => {
  const game = (label: string) => {
    const keys = chainKeys(sha256(label), 3);
    const clientSeeds = ['s0', 's1', 's2', 's3', 's4'];
    const gameSeed = gameSeedOf(clientSeeds);
    const hex = (r: number) => keys[r]!.toString('hex');
    const rounds: RoundInput[] = [1, 2, 3].map((r) => ({
      number: r,
      serverKey: hex(r),
      reveal: clientSeeds.map((_, p) => ({
        seat: { position: p },
        dice: fairHand(keys[r]!, gameSeed, r, p, 6 - r),
      })),
    }));
    return {
      fairness: {
        algorithm: 'hmac-sha256-chain-v1',
        commitment: sha256(keys[0]!).toString('hex'),
        gameSeed,
        rollOffKey: hex(0),
        clientSeeds: clientSeeds.map((seed, position) => ({ seat: { position }, seed })),
      },
      rollOff: [0, 1, 2, 3, 4].map((p) => ({
        attempt: 1,
        seat: { position: p },
        value: fairRollOff(keys[0]!, gameSeed, 1, p),
      })),
      rounds,
    };
  };

  it('verifies every round of 5 players, in order and out of order', async () => {
    const g = game('game A');
    const v = await FairnessVerifier.create(g.fairness, { rollOff: g.rollOff });
    expect(v.mismatch).toBeNull();
    expect(await v.addRound(g.rounds[2]!)).toEqual([{ status: 'WAITING', round: 3, missingKey: 2 }]);
    expect(await v.addRound(g.rounds[0]!)).toEqual([{ status: 'VERIFIED', round: 1, hands: 5 }]);
    expect(await v.addRound(g.rounds[1]!)).toEqual([
      { status: 'VERIFIED', round: 2, hands: 5 },
      { status: 'VERIFIED', round: 3, hands: 5 },
    ]);
  });

  it('refuses a key from another game', async () => {
    const a = game('game A');
    const b = game('game B');
    const v = await FairnessVerifier.create(a.fairness);
    const results = await v.addRound({ ...a.rounds[0]!, serverKey: b.rounds[0]!.serverKey });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      status: 'MISMATCH',
      round: 1,
      mismatch: { kind: 'CHAIN', round: 1, seat: null, expected: `SHA-256(k[1]) = ${a.fairness.rollOffKey}` },
    });
  });

  it('refuses a first key from another game when k[0] was not given', async () => {
    const a = game('game A');
    const b = game('game B');
    const v = await FairnessVerifier.create({ ...a.fairness, rollOffKey: null });
    const results = await v.addRound({ ...a.rounds[0]!, serverKey: b.rounds[0]!.serverKey });
    expect(results[0]).toMatchObject({
      status: 'MISMATCH',
      mismatch: { kind: 'COMMITMENT', round: 0, expected: a.fairness.commitment },
    });
  });
});

describe('server-drawn seeds (serverSeeds "hmac-sha256-k0-v1")', () => {
  // FAIRNESS.md, "Server-drawn seeds": k[0] of the worked example and a Player.id.
  const PLAYER = 'UGxheWVyOjdkM2YxYzJhLTViNmUtNGY4MC05YTFiLTJjM2Q0ZTVmNmE3Yg';
  const SEED = 'c726de8e9d862c24f4547771ea9584c399eb93b9f5d93978a6a00ce477184d03';

  it('derives the documented value, as the server does', async () => {
    expect(await clientServerSeed(fromHex(EXAMPLE.k0)!, PLAYER)).toBe(SEED);
    expect(serverClientSeed(Buffer.from(EXAMPLE.k0, 'hex'), PLAYER)).toBe(SEED);
  });
});

describe('bots\' seeds (serverSeeds "hmac-sha256-k0-v2")', () => {
  // FAIRNESS.md, "Server-drawn seeds": k[0] of the worked example and a bot at seat 1.
  const SEED = '39b3d324141fae2d9f96387753c0c5e24181a9a5b06ddd6ee4fd6741df38bd57';

  it('derives the documented value, as the server does', async () => {
    expect(await clientBotSeed(fromHex(EXAMPLE.k0)!, 1)).toBe(SEED);
    expect(botClientSeed(Buffer.from(EXAMPLE.k0, 'hex'), 1)).toBe(SEED);
  });
});
