import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  acceptedMutation,
  lobbyGame,
  type Player,
  playView,
  registerPlayer,
} from '../support/graphql-client';
import { connect, type EventData, subscribeEvents, type WsConnection } from '../support/ws-client';

/**
 * What each event shows of the game: the state right after it, and nothing to act on while a move is
 * only half applied (a dudo called and not yet revealed, a round ended and the next not yet started).
 */

let database: TestDatabase | undefined;
let app: App | undefined;
let url = '';
const connections: WsConnection[] = [];
let players: Player[] = [];

const NOTHING = { canBid: false, canDudo: false, canExact: false, minBids: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  url = app.url;
  players = await Promise.all(['Ana', 'Ben', 'Cy'].map((n) => registerPlayer(url, n)));
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.dispose()));
  await app?.stop();
  await database?.drop();
});

function byPosition(position: number): Player {
  return players[position]!;
}

it('shows no legal action between the events of one move, and the round a leave voided', async () => {
  const lobby = await lobbyGame(url, players, { preset: 'PUB' });
  let game = await acceptedMutation(url, 'startGame', players[0]!, { gameId: lobby.id });
  // Every player follows the whole log.
  const streams = players.map((p) => {
    const c = connect(url.replace(/^http/, 'ws'), p.token);
    connections.push(c);
    return subscribeEvents(c, game.id, 0);
  });
  // The moves below come once the log is replayed: live events show the game right after each of them.
  await Promise.all(streams.map((s) => s.until((x) => x.items.at(-1)?.seq === game.lastEventSeq)));

  // A bid, a dudo on it, then a leave in the next round.
  const opener = byPosition(game.turn!.position);
  game = await acceptedMutation(url, 'placeBid', opener, { gameId: game.id, quantity: 1, face: 2 });
  const caller = byPosition(game.turn!.position);
  game = await acceptedMutation(url, 'callDudo', caller, { gameId: game.id });
  const round = game.currentRound!.number;
  expect(round).toBe(2);
  const leaver = byPosition(game.turn!.position);
  game = await acceptedMutation(url, 'leaveGame', leaver, { gameId: game.id });
  const last = (await playView(url, game.id)).lastEventSeq;
  await Promise.all(streams.map((s) => s.until((x) => x.items.at(-1)?.seq === last)));

  for (const [i, stream] of streams.entries()) {
    const items = stream.items;
    const of = (type: string): EventData[] => items.filter((e) => e.type === type);
    // Mid-move snapshots: nobody may act.
    for (const type of ['GAME_STARTED', 'DUDO_CALLED', 'ROUND_ENDED', 'PLAYER_ELIMINATED']) {
      for (const e of of(type)) expect([type, e.game.legalActions]).toEqual([type, NOTHING]);
    }
    const dudo = of('DUDO_CALLED')[0]!;
    expect(dudo.game.currentRound).toEqual({ number: 1 });
    expect(dudo.round).toMatchObject({ number: 1, ended: false });
    // The last event of each move shows what the viewer may do now.
    const started = of('ROUND_STARTED');
    expect(started.map((e) => e.round!.number)).toEqual([1, 2, 3]);
    for (const e of started) {
      const onTurn = e.game.turn!.position === i;
      expect(e.game.legalActions!.canBid).toBe(onTurn);
    }
    // The leave: its events name the round it voided.
    const left = of('PLAYER_LEFT');
    expect(left).toHaveLength(1);
    expect(left[0]!.round).toMatchObject({ number: 2, ended: false, voided: false });
    expect(left[0]!.game.legalActions).toEqual(NOTHING);
    const eliminated = of('PLAYER_ELIMINATED');
    expect(eliminated.at(-1)!.round).toMatchObject({ number: 2, ended: true, voided: true });
    expect(of('ROUND_ENDED').map((e) => [e.round!.number, e.round!.voided])).toEqual([
      [1, false],
      [2, true],
    ]);
  }
});
