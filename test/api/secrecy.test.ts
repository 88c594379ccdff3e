import { type GameData, seatedPlayer, TestApi } from '../support/api-harness';
import { accepted, dataOf, type GqlResponse, type Player } from '../support/graphql-client';

/**
 * The secrecy rule, over every path that reaches a seat or a round: a viewer sees its own dice in the open
 * round and nobody else's; a round's reveal is null while it is open and complete once it has ended. Checked
 * on the parsed response and on the raw text that went over the wire.
 */

const SEAT = `{ __typename position dice }`;

function roundSelection(reveal: boolean): string {
  return `{
    __typename id number ended starter ${SEAT} turn ${SEAT} palificoSeat ${SEAT} bids { seat ${SEAT} }
    outcome { caller ${SEAT} loser ${SEAT} gainer ${SEAT} bid { seat ${SEAT} } }
    ${reveal ? `reveal { seat ${SEAT} dice }` : ''}
  }`;
}

function gameSelection(reveal: boolean): string {
  const round = roundSelection(reveal);
  return `{
    __typename id status seats ${SEAT} viewerSeat ${SEAT} turn ${SEAT}
    currentRound ${round}
    rounds(first: 3) { nodes ${round} edges { node ${round} } }
    rollOff { seat ${SEAT} }
    legalActions { canBid canDudo canExact }
  }`;
}

interface Viewer {
  name: string;
  player: Player | null;
}

let api: TestApi;
let players: Player[];
/** Registered, but without a seat in the game being played. */
let outsider: Player;
let viewers: Viewer[];
let playing: GameData;
let lobbyId: string;
/** The dice every seat of the game being played held in each round, as its owner saw them. */
const dice = new Map<number, Map<number, number[]>>();
let openRound: number;
let roundIds: string[];

function seatOf(player: Player | null): number | null {
  if (!player) return null;
  const seat = playing.seats.find((s) => s.player.id === player.id);
  return seat ? seat.position : null;
}

async function recordDice(round: number): Promise<void> {
  const bySeat = new Map<number, number[]>();
  for (const p of players) {
    const view = await api.mustGame(playing.id, p);
    expect(view.currentRound!.number).toBe(round);
    bySeat.set(view.viewerSeat!.position, view.seats[view.viewerSeat!.position]!.dice!);
  }
  dice.set(round, bySeat);
}

beforeAll(async () => {
  api = await TestApi.start();
  players = await api.registerPlayers(['Ann', 'Bob', 'Cy']);
  outsider = await api.registerPlayer('Dot');
  viewers = [
    { name: 'the seated player Ann', player: players[0]! },
    { name: 'the seated player Bob', player: players[1]! },
    { name: 'the seated player Cy', player: players[2]! },
    { name: 'a registered player without a seat', player: outsider },
    { name: 'an anonymous client', player: null },
  ];

  // Round 1 is played to its end (a bid and a dudo); round 2 is open with one bid on the table.
  playing = await api.startedGame(players, { preset: 'CLASSIC' });
  await recordDice(1);
  let turn = seatedPlayer(playing, players, playing.turn!.position);
  let game = accepted(await api.placeBid(turn, { gameId: playing.id, quantity: 1, face: 2 }), 'bid');
  turn = seatedPlayer(playing, players, game.turn!.position);
  game = accepted(await api.mutate('callDudo', turn, { gameId: playing.id }), 'dudo');
  expect(game.currentRound!.number).toBe(2);
  await recordDice(2);
  turn = seatedPlayer(playing, players, game.turn!.position);
  game = accepted(await api.placeBid(turn, { gameId: playing.id, quantity: 1, face: 3 }), 'bid');
  openRound = 2;
  roundIds = (await api.allRounds(playing.id)).map((r) => r.id);
  expect(roundIds.length).toBe(2);

  // Another game, in its lobby, with the outsider seated: nobody has dice there.
  const lobby = await api.createGame(players[1]!, { preset: 'PUB' });
  accepted(await api.mutate('joinGame', outsider, { gameId: lobby.id }), 'join');
  lobbyId = lobby.id;
});

afterAll(async () => {
  await api.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Seen {
  seats: number;
  ownDice: number;
  reveals: number;
}

/**
 * Walks a response: every Seat shows dice only when it is the viewer's own seat in the open round of the game
 * being played; every Round's reveal is null while it is open and complete once it has ended.
 */
function checkTree(node: Json, viewer: Viewer, gameId: string | null, seen: Seen): void {
  if (Array.isArray(node)) {
    for (const item of node) checkTree(item, viewer, gameId, seen);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  let game = gameId;
  if (node.__typename === 'Game') game = node.id as string;
  if (node.__typename === 'Seat') {
    seen.seats++;
    const own = game === playing.id && node.position === seatOf(viewer.player);
    const expected = own ? dice.get(openRound)!.get(node.position as number)! : null;
    expect([viewer.name, game, node.position, node.dice]).toEqual([
      viewer.name,
      game,
      node.position,
      expected,
    ]);
    if (own) seen.ownDice++;
  }
  if (node.__typename === 'Round' && 'reveal' in node) {
    if (node.ended) {
      seen.reveals++;
      const hands = (node.reveal as { seat: { position: number }; dice: number[] }[]).map((h) => [
        h.seat.position,
        h.dice,
      ]);
      expect(hands).toEqual([...dice.get(node.number as number)!.entries()].sort((a, b) => a[0] - b[0]));
    } else {
      expect([viewer.name, node.number, node.reveal]).toEqual([viewer.name, node.number, null]);
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== '__typename') checkTree(value, viewer, game, seen);
  }
}

/** The raw text: the only dice arrays in it are the viewer's own and those of ended rounds' reveals. */
function checkText(text: string, viewer: Viewer, withReveal: boolean): void {
  const own = seatOf(viewer.player);
  const allowed = new Set<string>();
  if (own !== null) allowed.add(JSON.stringify(dice.get(openRound)!.get(own)));
  if (withReveal) {
    for (const [round, bySeat] of dice) {
      if (round !== openRound) for (const hand of bySeat.values()) allowed.add(JSON.stringify(hand));
    }
  }
  for (const match of text.matchAll(/"dice":(\[[^\]]*\])/g)) {
    expect([viewer.name, allowed.has(match[1]!)]).toEqual([viewer.name, true]);
  }
  for (const [seat, hand] of dice.get(openRound)!) {
    const written = JSON.stringify(hand);
    if (seat === own || allowed.has(written)) continue;
    expect([viewer.name, seat, text.includes(written)]).toEqual([viewer.name, seat, false]);
  }
  if (own === null && !withReveal) expect(text).not.toMatch(/"dice":\[\d/);
}

async function check(
  viewer: Viewer,
  query: string,
  variables: Record<string, unknown>,
  gameId: string | null = null,
): Promise<Seen> {
  const response = await api.gql<Json>(query, variables, viewer.player?.token);
  const data = dataOf(response);
  const seen: Seen = { seats: 0, ownDice: 0, reveals: 0 };
  checkTree(data, viewer, gameId, seen);
  checkText(response.text, viewer, query.includes('reveal'));
  return seen;
}

describe.each([
  ['with', true],
  ['without', false],
])('%s Round.reveal in the selection', (_with, reveal) => {
  const GAME = gameSelection(reveal);

  describe.each([
    ['a seated player (Ann)', 0],
    ['a seated player (Bob)', 1],
    ['a seated player (Cy)', 2],
    ['a registered player without a seat', 3],
    ['an anonymous client', 4],
  ])('as %s', (_name, index) => {
    let viewer: Viewer;
    beforeAll(() => {
      viewer = viewers[index]!;
    });

    it('game(id) and node(id) of the game', async () => {
      const seated = seatOf(viewer.player) !== null;
      for (const query of [
        `query($id: ID!) { game(id: $id) ${GAME} }`,
        `query($id: ID!) { node(id: $id) { ... on Game ${GAME} } }`,
      ]) {
        const seen = await check(viewer, query, { id: playing.id });
        // seats, viewerSeat, turn, and the seats of both rounds and of the roll-off
        expect(seen.seats).toBeGreaterThan(10);
        // The viewer's seat appears in seats, viewerSeat and possibly elsewhere: always with its dice.
        if (seated) expect(seen.ownDice).toBeGreaterThanOrEqual(2);
        else expect(seen.ownDice).toBe(0);
        // rounds.nodes and rounds.edges each show the ended round once.
        expect(seen.reveals).toBe(reveal ? 2 : 0);
      }
      const legal = dataOf(
        await api.gql<{ game: { legalActions: unknown } }>(
          `query($id: ID!) { game(id: $id) { legalActions { canBid } } }`,
          { id: playing.id },
          viewer.player?.token,
        ),
      );
      expect(legal.game.legalActions === null).toBe(!seated);
    });

    it('node(id) of an open and of an ended round', async () => {
      const ROUND = roundSelection(reveal);
      const open = await check(
        viewer,
        `query($id: ID!) { node(id: $id) { ... on Round ${ROUND} } }`,
        { id: roundIds[1] },
        playing.id,
      );
      expect(open.reveals).toBe(0);
      const ended = await check(
        viewer,
        `query($id: ID!) { node(id: $id) { ... on Round ${ROUND} } }`,
        { id: roundIds[0] },
        playing.id,
      );
      expect(ended.reveals).toBe(reveal ? 1 : 0);
    });

    it('games: the lobby, the games in play and all games', async () => {
      const seen = await check(
        viewer,
        `{
          all: games(first: 5) { nodes ${GAME} edges { node ${GAME} } }
          lobby: games(status: LOBBY, first: 5) { nodes ${GAME} }
          playing: games(status: IN_PROGRESS, first: 5) { nodes ${GAME} }
        }`,
        {},
      );
      expect(seen.reveals).toBe(reveal ? 6 : 0);
    });

    it('player.games and viewer.games', async () => {
      for (const p of [...players, outsider]) {
        await check(
          viewer,
          `query($id: ID!) { player(id: $id) { games(first: 5) { nodes ${GAME} edges { node ${GAME} } } } }`,
          { id: p.id },
        );
      }
      if (viewer.player) {
        await check(viewer, `{ viewer { games(first: 5) { nodes ${GAME} } } }`, {});
      }
    });

    it('game.rounds and currentRound', async () => {
      const ROUND = roundSelection(reveal);
      const seen = await check(
        viewer,
        `query($id: ID!) {
          game(id: $id) {
            __typename id
            currentRound ${ROUND}
            first: rounds(first: 1) { nodes ${ROUND} pageInfo { endCursor } }
            rounds(first: 5) { edges { node ${ROUND} } }
          }
        }`,
        { id: playing.id },
      );
      expect(seen.reveals).toBe(reveal ? 2 : 0);
    });
  });
});

describe('the checks themselves', () => {
  it("catch another seat's dice, an open round's reveal and a stray dice array", () => {
    const ann = viewers[0]!;
    const bobSeat = seatOf(players[1]!)!;
    const bobDice = dice.get(openRound)!.get(bobSeat)!;
    const seen = (): Seen => ({ seats: 0, ownDice: 0, reveals: 0 });
    const leakySeat: Json = {
      __typename: 'Game',
      id: playing.id,
      seats: [{ __typename: 'Seat', position: bobSeat, dice: bobDice }],
    };
    expect(() => checkTree(leakySeat, ann, null, seen())).toThrow();
    const openReveal: Json = { __typename: 'Round', number: openRound, ended: false, reveal: [] };
    expect(() => checkTree(openReveal, ann, playing.id, seen())).toThrow();
    expect(() => checkText(`{"hands":{"dice":${JSON.stringify(bobDice)}}}`, ann, false)).toThrow();
    expect(() => checkText(`{"x":${JSON.stringify(bobDice)}}`, ann, false)).toThrow();
    const annDice = dice.get(openRound)!.get(seatOf(ann.player)!)!;
    expect(() => checkText(`{"dice":${JSON.stringify(annDice)}}`, ann, false)).not.toThrow();
  });
});

describe('mutation payloads', () => {
  const PAYLOAD = `game ${gameSelection(true)} userErrors { code }`;

  async function mutate(
    viewer: Viewer,
    name: string,
    input: Record<string, unknown>,
    inputType: string,
  ): Promise<{ code: string | null; response: GqlResponse<Json> }> {
    const query = `mutation($input: ${inputType}!) { ${name}(input: $input) { ${PAYLOAD} } }`;
    const response = await api.gql<Json>(query, { input }, viewer.player?.token);
    const data = dataOf(response) as { [name: string]: { userErrors: { code: string }[] } };
    checkTree(data as unknown as Json, viewer, null, { seats: 0, ownDice: 0, reveals: 0 });
    checkText(response.text, viewer, true);
    return { code: data[name]!.userErrors[0]?.code ?? null, response };
  }

  it('show each player only its own dice, whether the move is accepted or refused', async () => {
    const current = await api.mustGame(playing.id);
    const turn = viewers.find((v) => seatOf(v.player) === current.turn!.position)!;
    const other = viewers.find((v) => v.player && seatOf(v.player) !== null && v !== turn)!;
    const outsiderViewer = viewers[3]!;

    expect(
      (await mutate(other, 'placeBid', { gameId: playing.id, quantity: 9, face: 6 }, 'PlaceBidInput')).code,
    ).toBe('NOT_YOUR_TURN');
    expect((await mutate(other, 'callExact', { gameId: playing.id }, 'GameActionInput')).code).toBe(
      'EXACT_NOT_ALLOWED',
    );
    expect((await mutate(outsiderViewer, 'joinGame', { gameId: playing.id }, 'GameInput')).code).toBe(
      'GAME_NOT_IN_LOBBY',
    );
    expect((await mutate(outsiderViewer, 'callDudo', { gameId: playing.id }, 'GameActionInput')).code).toBe(
      'NOT_IN_GAME',
    );
    expect((await mutate(outsiderViewer, 'leaveGame', { gameId: lobbyId }, 'GameInput')).code).toBe(null);
    expect(
      (await mutate(turn, 'placeBid', { gameId: playing.id, quantity: 2, face: 3 }, 'PlaceBidInput')).code,
    ).toBe(null);

    // The game goes on: the next player calls dudo, which ends round 2 and reveals it to everyone.
    const after = await api.mustGame(playing.id);
    const caller = viewers.find((v) => seatOf(v.player) === after.turn!.position)!;
    const query = `mutation($input: GameActionInput!) { callDudo(input: $input) { ${PAYLOAD} } }`;
    const response = await api.gql<{
      callDudo: { game: GameData & { rounds: { nodes: { reveal: unknown }[] } } };
    }>(query, { input: { gameId: playing.id } }, caller.player!.token);
    const payload = dataOf(response).callDudo;
    expect(payload.game.rounds.nodes.map((r) => r.reveal === null)).toEqual([false, false, true]);
    await recordDice(3);
    const ended = (await api.allRounds(playing.id))[1]!;
    expect(ended.reveal!.map((h) => [h.seat.position, h.dice])).toEqual(
      [...dice.get(2)!.entries()].sort((a, b) => a[0] - b[0]),
    );
    // From now on round 3 is the open round.
    openRound = 3;
    checkTree(dataOf(response) as unknown as Json, caller, null, { seats: 0, ownDice: 0, reveals: 0 });
    checkText(response.text, caller, true);
    for (const viewer of viewers) {
      await check(viewer, `query($id: ID!) { game(id: $id) ${gameSelection(true)} }`, { id: playing.id });
      await check(viewer, `query($id: ID!) { game(id: $id) ${gameSelection(false)} }`, { id: playing.id });
    }
  });

  it('show no dice to an anonymous client', async () => {
    const anonymous = viewers[4]!;
    const response = await api.gql<Json>(
      `mutation($input: GameInput!) { joinGame(input: $input) { ${PAYLOAD} } }`,
      { input: { gameId: playing.id } },
    );
    expect(response.body.errors!.map((e) => e.extensions!.code)).toEqual(['UNAUTHENTICATED']);
    expect(response.body.data).toBeNull();
    checkText(response.text, anonymous, false);
  });
});
