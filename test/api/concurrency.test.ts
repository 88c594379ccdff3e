import { type GameData, ROUND_FIELDS, type RoundData, seatedPlayer, TestApi } from '../support/api-harness';
import { keyOf } from '../support/sql';
import {
  accepted,
  dataOf,
  type GamePayload,
  type GqlResponse,
  payloadOf,
  type Player,
} from '../support/graphql-client';

/**
 * Many moves on one game at the same instant, through HTTP: the store must serialise them so that each is
 * decided on the state the previous one produced, and the version and history tell one consistent story.
 */

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

type Sent = { player: Player; kind: 'BID' | 'DUDO'; quantity?: number; face?: number };

function send(
  gameId: string,
  move: Sent,
  expectedVersion?: number,
): Promise<GqlResponse<Record<string, GamePayload<GameData>>>> {
  const input = { gameId, ...(expectedVersion === undefined ? {} : { expectedVersion }) };
  return move.kind === 'BID'
    ? api.placeBid(move.player, { ...input, quantity: move.quantity!, face: move.face! })
    : api.mutate('callDudo', move.player, input);
}

async function roundsOf(gameId: string): Promise<RoundData[]> {
  const data = dataOf(
    await api.gql<{ game: { rounds: { nodes: RoundData[] } } }>(
      `query($id: ID!) { game(id: $id) { rounds(first: 100) { nodes { ${ROUND_FIELDS} } } } }`,
      { id: gameId },
    ),
  );
  return data.game.rounds.nodes;
}

/** Every round's bids in order, as (seat, quantity, face). */
function bidsOf(rounds: readonly RoundData[]): [number, number, number, number][] {
  return rounds.flatMap((r) =>
    r.bids.map((b): [number, number, number, number] => [r.number, b.seat.position, b.quantity, b.face]),
  );
}

describe('20 concurrent moves with the same expectedVersion', () => {
  it.each([1, 2, 3])('apply exactly one (trial %i)', async (trial) => {
    const players = await api.registerPlayers(['A', 'B', 'C', 'D'].map((n) => `${n}${trial}`));
    const started = await api.startedGame(players, { preset: 'CLASSIC' });
    // One bid first, so that dudo is a legal answer too.
    const opener = seatedPlayer(started, players, started.turn!.position);
    const opened = accepted(await api.placeBid(opener, { gameId: started.id, quantity: 2, face: 3 }), 'open');
    const version = opened.version;
    const turn = opened.turn!.position;
    const next = seatedPlayer(opened, players, turn);
    const roundsBefore = await roundsOf(started.id);

    // Five moves from each player, all legal for the player whose turn it is.
    const moves: Sent[] = players.flatMap((player) => [
      { player, kind: 'BID', quantity: 2, face: 4 },
      { player, kind: 'BID', quantity: 3, face: 3 },
      { player, kind: 'BID', quantity: 4, face: 5 },
      { player, kind: 'BID', quantity: 5, face: 6 },
      { player, kind: 'DUDO' },
    ]);
    const responses = await Promise.all(moves.map((m) => send(started.id, m, version)));
    const payloads = responses.map((r) => payloadOf(r));

    const applied = payloads.flatMap((p, i) => (p.userErrors.length === 0 ? [i] : []));
    expect(applied.length).toBe(1);
    const winner = moves[applied[0]!]!;
    expect(winner.player.id).toBe(next.id);
    expect(payloads[applied[0]!]!.game!.version).toBe(version + 1);
    for (const [i, p] of payloads.entries()) {
      if (i === applied[0]) continue;
      expect(p.userErrors.length).toBe(1);
      const code = p.userErrors[0]!.code;
      if (moves[i]!.player.id === next.id) expect([i, code]).toEqual([i, 'STALE_VERSION']);
      else expect(['STALE_VERSION', 'NOT_YOUR_TURN']).toContain(code);
      // A refusal shows the game as it was when the move was decided: before or after the one applied move.
      expect([i, code, p.game!.version]).toEqual([i, code, code === 'STALE_VERSION' ? version + 1 : version]);
    }

    // The version grew by exactly 1 and the history has exactly that move.
    const after = await api.mustGame(started.id);
    expect(after.version).toBe(version + 1);
    const rounds = await roundsOf(started.id);
    if (winner.kind === 'BID') {
      expect(bidsOf(rounds)).toEqual([...bidsOf(roundsBefore), [1, turn, winner.quantity!, winner.face!]]);
      expect(rounds.length).toBe(1);
      expect(after.turn!.position).toBe((turn + 1) % players.length);
    } else {
      expect(bidsOf(rounds)).toEqual(bidsOf(roundsBefore));
      expect(rounds.length).toBe(2);
      expect(rounds[0]!.outcome!.kind).toBe('DUDO');
      expect(rounds[0]!.outcome!.caller.position).toBe(turn);
      expect(rounds[1]!.bids).toEqual([]);
    }
  });
});

describe('concurrent moves without expectedVersion', () => {
  it('seat exactly as many joiners as there are free seats', async () => {
    const [host, ...joiners] = await api.registerPlayers(Array.from({ length: 21 }, (_, i) => `Joiner ${i}`));
    const created = await api.createGame(host!, { preset: 'CLASSIC', maxPlayers: 10 });
    expect(created.maxPlayers).toBe(10);

    const payloads = (
      await Promise.all(joiners.map((p) => api.mutate('joinGame', p, { gameId: created.id })))
    ).map((r) => payloadOf(r));
    const joined = payloads.filter((p) => p.userErrors.length === 0);
    const refused = payloads.filter((p) => p.userErrors.length > 0);
    expect(joined.length).toBe(9);
    expect(refused.map((p) => p.userErrors.map((e) => e.code))).toEqual(refused.map(() => ['GAME_FULL']));
    // Each accepted join produced its own version, one after the other.
    expect(joined.map((p) => p.game!.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const game = await api.mustGame(created.id);
    expect(game.version).toBe(10);
    expect(game.seats.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const seated = game.seats.map((s) => s.player.id);
    expect(new Set(seated).size).toBe(10);
    expect(seated[0]).toBe(host!.id);
    const joinedIds = payloads.flatMap((p, i) => (p.userErrors.length === 0 ? [joiners[i]!.id] : []));
    expect([...seated.slice(1)].sort()).toEqual([...joinedIds].sort());
    // Each joiner's payload showed the seat it took.
    for (const [i, p] of payloads.entries()) {
      if (p.userErrors.length > 0) continue;
      expect(seated[p.game!.viewerSeat!.position]).toBe(joiners[i]!.id);
    }
  });

  it('free every seat when everyone leaves the lobby at once, and cancel the game', async () => {
    const players = await api.registerPlayers(Array.from({ length: 10 }, (_, i) => `Leaver ${i}`));
    const created = await api.createGame(players[0]!, { preset: 'PUB' });
    for (const p of players.slice(1))
      accepted(await api.mutate('joinGame', p, { gameId: created.id }), 'join');

    const payloads = (
      await Promise.all(players.map((p) => api.mutate('leaveGame', p, { gameId: created.id })))
    ).map((r) => payloadOf(r));
    expect(payloads.map((p) => p.userErrors)).toEqual(players.map(() => []));
    // Each leave is a step; a leaving host's hand-over is a step of its own (HOST_CHANGED), so the versions
    // are distinct and reach 20 plus the hand-overs.
    const [{ n }] = (await api.sql<{ n: string }>(
      "SELECT count(*) AS n FROM game_events WHERE game_id = $1 AND type = 'HOST_CHANGED'",
      [keyOf(created.id)],
    )) as [{ n: string }];
    const handOvers = Number(n);
    expect(handOvers).toBeGreaterThanOrEqual(1);
    const versions = payloads.map((p) => p.game!.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(10);
    expect(versions[9]).toBe(20 + handOvers);
    // The one who left last cancelled the game.
    const last = payloads.find((p) => p.game!.version === 20 + handOvers)!;
    expect(last.game!.status).toBe('CANCELLED');
    const game = await api.mustGame(created.id);
    expect([game.status, game.version, game.seats]).toEqual(['CANCELLED', 20 + handOvers, []]);
    expect(game.finishedAt).not.toBeNull();
  });

  it('start a game once when its host starts it many times at once', async () => {
    const players = await api.registerPlayers(['S1', 'S2', 'S3']);
    const created = await api.createGame(players[0]!, { preset: 'PERUDO' });
    for (const p of players.slice(1))
      accepted(await api.mutate('joinGame', p, { gameId: created.id }), 'join');
    const payloads = (
      await Promise.all(
        Array.from({ length: 10 }, () => api.mutate('startGame', players[0]!, { gameId: created.id })),
      )
    ).map((r) => payloadOf(r));
    const codes = payloads.map((p) => p.userErrors.map((e) => e.code).join());
    expect(codes.filter((c) => c === '').length).toBe(1);
    expect(codes.filter((c) => c === 'GAME_NOT_IN_LOBBY').length).toBe(9);
    const game = await api.mustGame(created.id);
    expect([game.status, game.version]).toEqual(['IN_PROGRESS', 4]);
    expect((await roundsOf(created.id)).length).toBe(1);
  });

  it('decide each bid on the state the previous one produced', async () => {
    const players = await api.registerPlayers(['P0', 'P1', 'P2', 'P3']);
    const started = await api.startedGame(players, { preset: 'CLASSIC' });
    const version = started.version;
    // Every player fires five bids on sixes; the quantities 1..20 are all different.
    const moves: Sent[] = started.seats.flatMap((seat, i) =>
      [1, 5, 9, 13, 17].map((q): Sent => ({
        player: seatedPlayer(started, players, seat.position),
        kind: 'BID',
        quantity: q + i,
        face: 6,
      })),
    );
    const payloads = (await Promise.all(moves.map((m) => send(started.id, m)))).map((r) => payloadOf(r));

    const applied = payloads.flatMap((p, i) =>
      p.userErrors.length === 0 ? [{ move: moves[i]!, game: p.game! }] : [],
    );
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const p of payloads) {
      if (p.userErrors.length > 0)
        expect(['NOT_YOUR_TURN', 'BID_NOT_HIGHER']).toContain(p.userErrors[0]!.code);
    }
    // The accepted bids took versions version+1, version+2, ... one each.
    applied.sort((a, b) => a.game.version - b.game.version);
    expect(applied.map((a) => a.game.version)).toEqual(applied.map((_, i) => version + 1 + i));
    const game: GameData = await api.mustGame(started.id);
    expect(game.version).toBe(version + applied.length);

    // The history is exactly the accepted bids, in version order: each by the seat whose turn it was, each
    // higher than the one before.
    const rounds = await roundsOf(started.id);
    expect(rounds.length).toBe(1);
    const seatOf = (p: Player): number => started.seats.find((s) => s.player.id === p.id)!.position;
    expect(rounds[0]!.bids.map((b) => [b.seat.position, b.quantity, b.face])).toEqual(
      applied.map((a) => [seatOf(a.move.player), a.move.quantity, a.move.face]),
    );
    let turn = started.turn!.position;
    let lastQuantity = 0;
    for (const bid of rounds[0]!.bids) {
      expect(bid.seat.position).toBe(turn);
      expect(bid.quantity).toBeGreaterThan(lastQuantity);
      lastQuantity = bid.quantity;
      turn = (turn + 1) % players.length;
    }
    expect(game.turn!.position).toBe(turn);
  });
});
