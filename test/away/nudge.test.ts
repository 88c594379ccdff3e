// Stalling and disconnection in untimed games, over real HTTP and WebSocket on PostgreSQL: nudge's refusals in
// their order, its 60 s deadline, the takeover when it runs out, and disconnectSeconds. The server's clock is
// moved forward by the test (AppOptions.clock) instead of waiting minutes; stored deadlines are moved into
// the past with SQL, as the turn timer tests do.
import { TestApi } from '../support/api-harness';
import { dataOf, type Player } from '../support/graphql-client';
import { keyOf } from '../support/sql';
import { sleep, until } from '../support/timing';
import { connect, subscribeEvents, wsUrlOf } from '../support/ws-client';

let offsetMs = 0;
const clock = (): Date => new Date(Date.now() + offsetMs);

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start({ server: { botDelayMs: 50, turnTimerIntervalMs: 100, clock } });
});

afterAll(async () => {
  await api.close();
});

interface GameData {
  id: string;
  status: string;
  version: number;
  turnDeadline: string | null;
  turn: { position: number } | null;
  seats: { position: number; away: boolean }[];
  currentRound: { bids: { byBot: boolean; seat: { position: number } }[] } | null;
}
interface Payload {
  game: GameData | null;
  userErrors: { code: string; message: string }[];
}
interface EventData {
  type: string;
  player: { id: string } | null;
  seat: { position: number } | null;
  game: { version: number };
}

const GAME = `id status version turnDeadline turn { position } seats { position away }
  currentRound { bids { byBot seat { position } } }`;

async function mutation(name: string, player: Player, input: object): Promise<Payload> {
  const types: Record<string, string> = { createGame: 'CreateGameInput', placeBid: 'PlaceBidInput' };
  const type = types[name] ?? 'GameInput';
  const data = dataOf(
    await api.gql<Record<string, Payload>>(
      `mutation($input: ${type}!) { ${name}(input: $input) { game { ${GAME} } userErrors { code message } } }`,
      { input },
      player.token,
    ),
  );
  return data[name]!;
}

async function accepted(name: string, player: Player, input: object): Promise<GameData> {
  const payload = await mutation(name, player, input);
  expect(payload.userErrors).toEqual([]);
  return payload.game!;
}

async function gameOf(id: string): Promise<GameData> {
  return dataOf(await api.gql<{ game: GameData }>(`query($id: ID!) { game(id: $id) { ${GAME} } }`, { id }))
    .game;
}

async function eventsOf(id: string): Promise<EventData[]> {
  const data = dataOf(
    await api.gql<{ game: { events: EventData[] } }>(
      `query($id: ID!) { game(id: $id) { events(first: 500) { type player { id } seat { position } game { version } } } }`,
      { id },
    ),
  );
  return data.game.events;
}

async function startedGame(players: readonly Player[], options: object = {}): Promise<GameData> {
  const created = await accepted('createGame', players[0]!, {
    preset: 'CLASSIC',
    overrides: { firstStarter: 'SEAT_ORDER' },
    ...options,
  });
  for (const p of players.slice(1)) await accepted('joinGame', p, { gameId: created.id });
  return accepted('startGame', players[0]!, { gameId: created.id });
}

async function expireDeadline(gameId: string): Promise<void> {
  await api.sql("UPDATE games SET turn_deadline = now() - interval '1 second' WHERE id = $1", [
    keyOf(gameId),
  ]);
}

function codes(p: Payload): string[] {
  return p.userErrors.map((e) => e.code);
}

// First: the clock is still the system's (the nudge tests move it forward, past what the database's now() is).
describe('disconnectSeconds', () => {
  it('the player on turn who never connected is taken over disconnectSeconds after the turn began', async () => {
    const [ann, bob] = await api.registerPlayers(['Gone Ann', 'Gone Bob']);
    const g = await startedGame([ann!, bob!], { disconnectSeconds: 1 });
    const played = await until('the takeover', async () => {
      const now = await gameOf(g.id);
      return now.version >= g.version + 2 ? now : null;
    });
    expect(played.seats.map((s) => s.away)).toEqual([true, false]);
    expect(played.currentRound!.bids).toEqual([{ byBot: true, seat: { position: 0 } }]);
    const types = (await eventsOf(g.id)).filter((e) => e.game.version > g.version).map((e) => e.type);
    expect(types).toEqual(['SEAT_AWAY', 'BID_PLACED']);
  });

  it('a connected player is never taken over; once they disconnect, disconnectSeconds later they are', async () => {
    const [ann, bob] = await api.registerPlayers(['Here Ann', 'Here Bob']);
    const socket = connect(wsUrlOf(api.url), ann!.token);
    const created = await accepted('createGame', ann!, {
      preset: 'CLASSIC',
      overrides: { firstStarter: 'SEAT_ORDER' },
      disconnectSeconds: 2,
    });
    const sub = subscribeEvents(socket, created.id, 0);
    await sub.until((s) => s.items.length > 0);
    await accepted('joinGame', bob!, { gameId: created.id });
    const g = await accepted('startGame', ann!, { gameId: created.id });
    await sleep(4_000);
    expect((await gameOf(g.id)).version).toBe(g.version);
    sub.close();
    await socket.dispose();
    const disconnected = Date.now();
    const played = await until(
      'the takeover after the disconnection',
      async () => {
        const now = await gameOf(g.id);
        return now.version >= g.version + 2 ? now : null;
      },
      20_000,
    );
    // Counted from the disconnection, not from the turn's start (4 s before it).
    expect(Date.now() - disconnected).toBeGreaterThanOrEqual(1_900);
    expect(played.seats.map((s) => s.away)).toEqual([true, false]);
  });
});

describe('nudge', () => {
  it('refuses in order (GAME_NOT_IN_PROGRESS, NOT_IN_GAME, NUDGE_NOT_ALLOWED, NUDGE_TOO_EARLY), changing nothing', async () => {
    const [ann, bob, cid, dan] = await api.registerPlayers([
      'Nudge Ann',
      'Nudge Bob',
      'Nudge Cid',
      'Nudge Dan',
    ]);
    const lobby = await accepted('createGame', ann!, { preset: 'CLASSIC' });
    expect(codes(await mutation('nudge', ann!, { gameId: lobby.id }))).toEqual(['GAME_NOT_IN_PROGRESS']);
    const g = await startedGame([ann!, bob!, cid!]);
    expect(g.turn).toEqual({ position: 0 });
    // Not seated, and the player on turn themselves.
    expect(codes(await mutation('nudge', dan!, { gameId: g.id }))).toEqual(['NOT_IN_GAME']);
    expect(codes(await mutation('nudge', ann!, { gameId: g.id }))).toEqual(['NOT_IN_GAME']);
    const early = await mutation('nudge', bob!, { gameId: g.id });
    expect(early.userErrors).toEqual([
      { code: 'NUDGE_TOO_EARLY', message: 'a turn may be nudged once it is 120 s old: try again in 120 s' },
    ]);
    expect(early.game!.version).toBe(g.version);
    // A timed game: not allowed, whatever the turn's age.
    const timed = await startedGame([bob!, cid!], { turnSeconds: 60 });
    expect(codes(await mutation('nudge', cid!, { gameId: timed.id }))).toEqual(['NUDGE_NOT_ALLOWED']);
    expect((await gameOf(g.id)).version).toBe(g.version);
  });

  it('after 2 minutes: PLAYER_NUDGED, turnDeadline 60 s later, a second nudge changes nothing; then the seat goes away and a bot plays it', async () => {
    const [ann, bob, cid] = await api.registerPlayers(['Stall Ann', 'Stall Bob', 'Stall Cid']);
    const g = await startedGame([ann!, bob!, cid!]);
    expect(g.turnDeadline).toBeNull();
    offsetMs += 121_000;
    const nudged = await accepted('nudge', bob!, { gameId: g.id });
    expect(nudged.version).toBe(g.version + 1);
    const deadline = Date.parse(nudged.turnDeadline!);
    expect(deadline - clock().getTime()).toBeGreaterThan(59_000);
    expect(deadline - clock().getTime()).toBeLessThanOrEqual(60_000);
    const again = await mutation('nudge', cid!, { gameId: g.id });
    expect(again.userErrors).toEqual([]);
    expect(again.game!.version).toBe(nudged.version);
    expect(again.game!.turnDeadline).toBe(nudged.turnDeadline);
    const [event] = (await eventsOf(g.id)).filter((e) => e.type === 'PLAYER_NUDGED');
    expect(event).toEqual({
      type: 'PLAYER_NUDGED',
      player: { id: ann!.id },
      seat: { position: 0 },
      game: { version: nudged.version },
    });
    // The stored deadline is the nudge's.
    const [row] = await api.sql<{ turn_deadline: Date }>('SELECT turn_deadline FROM games WHERE id = $1', [
      keyOf(g.id),
    ]);
    expect(row!.turn_deadline.getTime()).toBe(deadline);

    // Ann does not move by the deadline: her seat is away, and a bot opens for her at bot speed.
    offsetMs += 61_000;
    await expireDeadline(g.id);
    const played = await until('the takeover and the bot move', async () => {
      const now = await gameOf(g.id);
      return now.version >= nudged.version + 2 ? now : null;
    });
    expect(played.seats.map((s) => s.away)).toEqual([true, false, false]);
    expect(played.currentRound!.bids).toEqual([{ byBot: true, seat: { position: 0 } }]);
    expect(played.turnDeadline).toBeNull();
    const after = (await eventsOf(g.id)).filter((e) => e.game.version > nudged.version);
    expect(after.map((e) => [e.type, e.game.version])).toEqual([
      ['SEAT_AWAY', nudged.version + 1],
      ['BID_PLACED', nudged.version + 2],
    ]);
    expect(after[0]!.player).toEqual({ id: ann!.id });
    // The seat on turn is a person again (Bob): an away seat or a bot on turn could not be nudged, Bob can
    // be once his turn is 2 minutes old.
    expect(codes(await mutation('nudge', cid!, { gameId: g.id }))).toEqual(['NUDGE_TOO_EARLY']);
  });

  it("the nudged player's move in time ends the nudge: no takeover", async () => {
    const [ann, bob] = await api.registerPlayers(['Quick Ann', 'Quick Bob']);
    const g = await startedGame([ann!, bob!]);
    offsetMs += 121_000;
    const nudged = await accepted('nudge', bob!, { gameId: g.id });
    const moved = await accepted('placeBid', ann!, { gameId: g.id, quantity: 1, face: 4 });
    expect(moved.turnDeadline).toBeNull();
    offsetMs += 61_000;
    await expireDeadline(g.id);
    await sleep(500);
    const now = await gameOf(g.id);
    expect(now.version).toBe(nudged.version + 1);
    expect(now.seats.map((s) => s.away)).toEqual([false, false]);
  });
});
