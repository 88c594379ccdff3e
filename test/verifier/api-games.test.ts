// The client verifier on games played through the API (real HTTP on PostgreSQL): every preset, each with a
// round voided by a leave and its roll-off or drawn first starter; then the same rounds fed newest first.
import { verifyGame, fetchGameRecord } from '../../examples/verify-game';
import { FairnessVerifier } from '@perudo/client';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { accepted, mutate, PLAY_FIELDS } from '../support/graphql-client';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

const PRESETS = ['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const;
let rollOffThrows = 0;

describe.each(PRESETS)('a %s game with a voided round', (preset) => {
  it('verifies every round, in order and newest first', async () => {
    const players = await api.registerPlayers([`${preset} a`, `${preset} b`, `${preset} c`]);
    const gameId = accepted(
      await mutate(api.url, 'createGame', { preset }, players[0]!.token),
      'createGame',
    ).id;
    for (const p of players.slice(1))
      accepted(await mutate(api.url, 'joinGame', { gameId }, p.token), 'joinGame');
    let game = accepted(
      await mutate<BotView>(api.url, 'startGame', { gameId }, players[0]!.token, PLAY_FIELDS),
      'startGame',
    );
    const rng = botRng(7);
    let moves = 0;
    let left = false;
    while (game.status === 'IN_PROGRESS') {
      const round = game.currentRound!;
      if (!left && round.number === 2 && round.bids.length === 1) {
        // A player not on turn leaves mid-round: the round is voided.
        const leaver = game.seats.find((s) => s.position !== game.turn!.position && s.diceCount > 0)!;
        const player = players.find((p) => p.id === leaver.player.id)!;
        game = accepted(
          await mutate<BotView>(api.url, 'leaveGame', { gameId }, player.token, PLAY_FIELDS),
          'leaveGame',
        );
        left = true;
        continue;
      }
      game = (await playTurn(api, game, players, { rng, exactRate: 0.3 })).game;
      if (++moves > 1500) throw new Error('the game does not end');
    }
    const record = await fetchGameRecord(api.url, gameId);
    const voided = (
      await api.gql<{ game: { rounds: { nodes: { number: number; voided: boolean }[] } } }>(
        'query($id: ID!) { game(id: $id) { rounds(first: 100) { nodes { number voided } } } }',
        { id: gameId },
      )
    ).body.data!.game.rounds.nodes.filter((r) => r.voided);
    expect(voided.map((r) => r.number)).toEqual([2]);

    const result = await verifyGame(api.url, gameId);
    const hands = record.rounds.reduce(
      (n, r) => n + (r.reveal ?? []).filter((h) => h.dice.length > 0).length,
      0,
    );
    expect(result).toEqual({
      gameId,
      ok: true,
      checked: { rounds: record.rounds.length, hands, rollOffThrows: record.rollOff.length },
      mismatch: null,
    });
    rollOffThrows += record.rollOff.length;

    // Newest first: every round waits for the key below it, then all verify when round 1 arrives.
    const verifier = await FairnessVerifier.create({ ...record.fairness, rollOffKey: null });
    const results = [];
    for (const round of [...record.rounds].reverse()) results.push(...(await verifier.addRound(round)));
    const n = record.rounds.length;
    expect(results.filter((r) => r.status === 'WAITING').map((r) => r.round)).toEqual(
      Array.from({ length: n - 1 }, (_, i) => n - i),
    );
    expect(results.filter((r) => r.status === 'VERIFIED').map((r) => r.round)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });
});

it('checked roll-off throws in these games', () => {
  expect(rollOffThrows).toBeGreaterThan(0);
});
