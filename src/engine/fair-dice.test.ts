// Tests of the provably fair dice derivation and of the engine playing with a fair dice source.
import { createHash, createHmac } from 'node:crypto';
import { applyCommand } from './actions';
import type { ActionResult } from './commands';
import { createGame } from './lobby.actions';
import { mayRollDice, NO_DICE, rngDiceSource } from './dice-source';
import {
  chainKey,
  KeyChain,
  chainKeys,
  commitmentOf,
  fairDiceSource,
  FAIRNESS_ALGORITHM,
  fairFirstStarter,
  fairHand,
  fairRollOff,
  gameSeedOf,
  isClientSeed,
  botClientSeed,
  serverClientSeed,
  SERVER_SEEDS_BY_PLAYER_ID,
  SERVER_SEEDS_DERIVATION,
} from './fair-dice';
import { seededRng } from './random';
import { PRESETS } from './rules';
import type { GameState } from './state';
import { AT } from './testing/builders';

// The known vector, computed here with node:crypto alone, independently of the module.
const K = Buffer.alloc(32, 0x01);
const GAME_SEED = createHash('sha256').update('a:b').digest('hex');
const hmac = (key: Buffer, message: string): Buffer => createHmac('sha256', key).update(message).digest();

function ok(result: ActionResult): GameState {
  if (!result.ok) throw new Error(`refused: ${result.violation.message}`);
  return result.state;
}

describe('the fair-dice derivation (hmac-sha256-chain-v1)', () => {
  it('the game seed is hex SHA-256 of the client seeds joined by ":" in seat order', () => {
    expect(GAME_SEED).toBe('6783a31eabf68ccc0660f935c0826282bdd2241f3a80a9f2d10d59aea9ebb5d8');
    expect(gameSeedOf(['a', 'b'])).toBe(GAME_SEED);
    expect(gameSeedOf(['b', 'a'])).not.toBe(GAME_SEED);
  });

  it('a hand takes the HMAC bytes below 252 as b % 6 + 1, skipping the others (the vector has a 255)', () => {
    const bytes = [...hmac(K, `${GAME_SEED}:1:0:0`)];
    expect(bytes.slice(0, 6)).toEqual([152, 102, 220, 255, 127, 8]);
    expect(fairHand(K, GAME_SEED, 1, 0, 5)).toEqual([3, 1, 5, 2, 3]);
  });

  it('a hand longer than one HMAC block continues with c = 1', () => {
    const stream = [0, 1].flatMap((c) => [...hmac(K, `${GAME_SEED}:1:0:${c}`)]);
    const expected = stream.filter((b) => b < 252).map((b) => (b % 6) + 1);
    expect(expected.length).toBeGreaterThan(40);
    expect(fairHand(K, GAME_SEED, 1, 0, 40)).toEqual(expected.slice(0, 40));
  });

  it('seat and round are part of the message', () => {
    const die = (message: string): number => {
      const b = [...hmac(K, message)].find((x) => x < 252)!;
      return (b % 6) + 1;
    };
    expect(fairHand(K, GAME_SEED, 7, 3, 1)).toEqual([die(`${GAME_SEED}:7:3:0`)]);
    expect(fairHand(K, GAME_SEED, 2, 1, 1)).toEqual([die(`${GAME_SEED}:2:1:0`)]);
  });

  it('a roll-off throw is one die from "<gameSeed>:rolloff:<attempt>:<seat>:<c>"', () => {
    const b = hmac(K, `${GAME_SEED}:rolloff:1:2:0`);
    expect(b[0]).toBe(24);
    expect(fairRollOff(K, GAME_SEED, 1, 2)).toBe((24 % 6) + 1);
  });

  it('a random first starter is the first byte below 256 - 256 % seats, modulo seats', () => {
    const b = hmac(K, `${GAME_SEED}:starter:0`);
    expect([b[0], b[1]]).toEqual([243, 1]);
    // 3 seats: the limit is 255 and 243 % 3 = 0; 7 seats: the limit is 252 and 243 % 7 = 5.
    expect(fairFirstStarter(K, GAME_SEED, 3)).toBe(0);
    expect(fairFirstStarter(K, GAME_SEED, 7)).toBe(5);
    // 10 seats: the limit is 250, so 243 gives 3.
    expect(fairFirstStarter(K, GAME_SEED, 10)).toBe(3);
  });

  it('the chain goes down by SHA-256 from the root k[1000]; the commitment is SHA-256(k[0])', () => {
    const sha = (x: Buffer): Buffer => createHash('sha256').update(x).digest();
    expect(chainKey(K, 1000)).toEqual(K);
    expect(chainKey(K, 999)).toEqual(sha(K));
    expect(chainKey(K, 998)).toEqual(sha(sha(K)));
    let k: Buffer = K;
    for (let i = 0; i < 1000; i++) k = sha(k);
    expect(chainKey(K, 0)).toEqual(k);
    expect(commitmentOf(K)).toBe(sha(k).toString('hex'));
    const keys = chainKeys(K, 5);
    expect(keys).toHaveLength(6);
    keys.forEach((key, r) => expect(key).toEqual(chainKey(K, r)));
    expect(() => chainKey(K, 1001)).toThrow();
  });

  it('client seeds are 1 to 64 printable ASCII characters', () => {
    expect(['a', ' ', '~', 'x'.repeat(64), 'Hello, world! 123'].map(isClientSeed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'x'.repeat(65), 'é', 'a\nb', '\u007f', 'tab\there'].map(isClientSeed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the engine with a fair dice source', () => {
  function lobby(preset: 'PUB' | 'CLASSIC', players: number): GameState {
    let state = ok(createGame({ host: 'p0', rules: PRESETS[preset] }, AT));
    for (let i = 1; i < players; i++)
      state = ok(applyCommand(state, { type: 'JOIN', playerId: `p${i}` }, { dice: NO_DICE, at: AT }));
    return state;
  }

  it('rolls every hand of round r from k[r] and the roll-off from k[0]', () => {
    const root = Buffer.alloc(32, 0x2a);
    const state = ok(
      applyCommand(
        lobby('PUB', 3),
        { type: 'START', playerId: 'p0' },
        { dice: fairDiceSource(root, GAME_SEED), at: AT },
      ),
    );
    const k0 = chainKey(root, 0);
    expect(state.rollOff.length).toBeGreaterThanOrEqual(3);
    for (const t of state.rollOff) expect(t.value).toBe(fairRollOff(k0, GAME_SEED, t.attempt, t.seat));
    expect(state.rounds[0]!.dice).toEqual(
      [0, 1, 2].map((seat) => fairHand(chainKey(root, 1), GAME_SEED, 1, seat, 5)),
    );
  });

  it('draws a RANDOM first starter from k[0]', () => {
    const root = Buffer.alloc(32, 0x2a);
    const state = ok(
      applyCommand(
        lobby('CLASSIC', 4),
        { type: 'START', playerId: 'p0' },
        { dice: fairDiceSource(root, GAME_SEED), at: AT },
      ),
    );
    expect(state.rollOff).toEqual([]);
    expect(state.rounds[0]!.starter).toBe(fairFirstStarter(chainKey(root, 0), GAME_SEED, 4));
  });

  it('an Rng-backed source plays exactly as the Rng itself', () => {
    const viaRng = applyCommand(
      lobby('PUB', 4),
      { type: 'START', playerId: 'p0' },
      { rng: seededRng(5), at: AT },
    );
    const viaSource = applyCommand(
      lobby('PUB', 4),
      { type: 'START', playerId: 'p0' },
      { dice: rngDiceSource(seededRng(5)), at: AT },
    );
    expect(viaSource).toEqual(viaRng);
  });

  it('says which moves may roll: bids and lobby changes never do', () => {
    const inLobby = lobby('PUB', 2);
    const playing = ok(
      applyCommand(inLobby, { type: 'START', playerId: 'p0' }, { rng: seededRng(1), at: AT }),
    );
    expect(mayRollDice(inLobby, { type: 'START', playerId: 'p0' })).toBe(true);
    expect(mayRollDice(inLobby, { type: 'JOIN', playerId: 'p9' })).toBe(false);
    expect(mayRollDice(inLobby, { type: 'LEAVE', playerId: 'p1' })).toBe(false);
    expect(mayRollDice(playing, { type: 'BID', playerId: 'p0', quantity: 1, face: 2 })).toBe(false);
    expect(mayRollDice(playing, { type: 'DUDO', playerId: 'p0' })).toBe(true);
    expect(mayRollDice(playing, { type: 'EXACT', playerId: 'p0' })).toBe(true);
    expect(mayRollDice(playing, { type: 'LEAVE', playerId: 'p0' })).toBe(true);
    expect(mayRollDice(playing, { type: 'TIMEOUT', seat: 0 })).toBe(true);
  });
});

describe('KeyChain', () => {
  it('gives every key of the chain exactly as hashing the root down to it does', () => {
    const root = Buffer.alloc(32, 7);
    const chain = new KeyChain(root);
    for (const r of [0, 1, 24, 25, 26, 499, 975, 976, 999, 1000])
      expect(chain.key(r)).toEqual(chainKey(root, r));
    expect(chain.keys(30)).toEqual(chainKeys(root, 30));
    expect(() => chain.key(1001)).toThrow();
    expect(() => chain.key(-1)).toThrow();
  });
});

describe('server-drawn client seeds (SERVER_SEEDS_DERIVATION)', () => {
  // k[0] of FAIRNESS.md's worked example, and the value that document shows.
  const K0 = Buffer.from('44656f99745ccd0e9b0e3b19257cf153cf9daa0bb7b2190570d8acbd5bc2bc94', 'hex');
  const PLAYER = 'UGxheWVyOjdkM2YxYzJhLTViNmUtNGY4MC05YTFiLTJjM2Q0ZTVmNmE3Yg'; // Player.id of 7d3f1c2a-...

  it('is named apart from the dice derivation, which stays v1', () => {
    expect(SERVER_SEEDS_DERIVATION).toBe('hmac-sha256-k0-v2');
    expect(SERVER_SEEDS_BY_PLAYER_ID).toBe('hmac-sha256-k0-v1');
    expect(FAIRNESS_ALGORITHM).toBe('hmac-sha256-chain-v1');
  });

  it('is hex HMAC-SHA256(k[0], "server-seed:<playerId>"), a valid client seed', () => {
    const seed = serverClientSeed(K0, PLAYER);
    expect(seed).toBe('c726de8e9d862c24f4547771ea9584c399eb93b9f5d93978a6a00ce477184d03');
    expect(seed).toBe(hmac(K0, `server-seed:${PLAYER}`).toString('hex'));
    expect(isClientSeed(seed)).toBe(true);
  });

  it('differs by player and by chain', () => {
    expect(serverClientSeed(K0, `${PLAYER}x`)).not.toBe(serverClientSeed(K0, PLAYER));
    expect(serverClientSeed(chainKey(K, 0), PLAYER)).not.toBe(serverClientSeed(K0, PLAYER));
  });

  it('gives a bot hex HMAC-SHA256(k[0], "server-seed:bot:<position>") of its seat, FAIRNESS.md\'s value', () => {
    // Computed apart with node:crypto's createHmac on the same key and message.
    expect(botClientSeed(K0, 1)).toBe('39b3d324141fae2d9f96387753c0c5e24181a9a5b06ddd6ee4fd6741df38bd57');
    expect(botClientSeed(K0, 0)).toBe('3cfe7b904a8ed814ee6c50d93f54f6b1c12e942a323ea1c319ee6b5633c86728');
    expect(botClientSeed(K0, 10)).toBe('ac3667e9ec32c6045cc53472dcdf60cf09acc2002252e9dc77ee7083c22c4ed4');
    expect(botClientSeed(K0, 2)).toBe(hmac(K0, 'server-seed:bot:2').toString('hex'));
    expect(isClientSeed(botClientSeed(K0, 1))).toBe(true);
    expect(() => botClientSeed(K0, -1)).toThrow();
    expect(() => botClientSeed(K0, 1.5)).toThrow();
  });
});
