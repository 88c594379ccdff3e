// Away seats over real HTTP on PostgreSQL: a seat taken over after its timeouts, played by a bot at bot speed
// (byBot), taken back with returnToGame or a move of one's own; a game no person plays ends at once; and a
// game whose only own moves are one player's changes no rating.
import { TestApi } from '../support/api-harness';
import { dataOf, type Player } from '../support/graphql-client';
import { keyOf } from '../support/sql';
import { sleep, until } from '../support/timing';

/** Long enough that a test can act between a turn's start and the away seat's bot move. */
const BOT_DELAY_MS = 3000;

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start({
    server: { botDelayMs: BOT_DELAY_MS, turnTimerIntervalMs: 100, ratingIntervalMs: 100 },
  });
});

afterAll(async () => {
  await api.close();
});

interface SeatData {
  position: number;
  away: boolean;
  diceCount: number;
  player: { id: string; isBot: boolean };
}
interface BidData {
  seq: number;
  quantity: number;
  face: number;
  byBot: boolean;
  timedOut: boolean;
  seat: { position: number };
}
interface GameData {
  id: string;
  status: string;
  version: number;
  turn: { position: number } | null;
  seats: SeatData[];
  currentRound: { bids: BidData[] } | null;
  places: { place: number; seat: { position: number } }[];
}
interface EventData {
  seq: number;
  type: string;
  player: { id: string } | null;
  seat: { position: number } | null;
  bid: { byBot: boolean; timedOut: boolean } | null;
  outcome: { byBot: boolean; caller: { position: number } } | null;
  game: { version: number };
}
interface Payload {
  game: GameData | null;
  userErrors: { code: string; message: string }[];
}

const GAME = `id status version turn { position }
  seats { position away diceCount player { id isBot } }
  currentRound { bids { seq quantity face byBot timedOut seat { position } } }
  places { place seat { position } }`;

async function run<T>(query: string, variables: object, player: Player | null): Promise<T> {
  return dataOf(await api.gql<T>(query, variables as Record<string, unknown>, player?.token));
}

async function mutation(name: string, player: Player | null, input: object): Promise<Payload> {
  const types: Record<string, string> = {
    createGame: 'CreateGameInput',
    placeBid: 'PlaceBidInput',
    callDudo: 'GameActionInput',
    callExact: 'GameActionInput',
  };
  const type = types[name] ?? 'GameInput';
  const data = await run<Record<string, Payload>>(
    `mutation($input: ${type}!) { ${name}(input: $input) { game { ${GAME} } userErrors { code message } } }`,
    { input },
    player,
  );
  return data[name]!;
}

async function accepted(name: string, player: Player, input: object): Promise<GameData> {
  const payload = await mutation(name, player, input);
  expect(payload.userErrors).toEqual([]);
  return payload.game!;
}

async function gameOf(id: string): Promise<GameData> {
  return (await run<{ game: GameData }>(`query($id: ID!) { game(id: $id) { ${GAME} } }`, { id }, null)).game;
}

async function eventsOf(id: string, afterSeq = 0): Promise<EventData[]> {
  const data = await run<{ game: { events: EventData[] } }>(
    `query($id: ID!, $after: Int) { game(id: $id) { events(afterSeq: $after, first: 500) {
       seq type player { id } seat { position } bid { byBot timedOut } outcome { byBot caller { position } }
       game { version } } } }`,
    { id, after: afterSeq },
    null,
  );
  return data.game.events;
}

/** A started game hosted by players[0] (seat order: seat 0 opens), the others joined, then `bots` bots. */
async function startedGame(players: readonly Player[], options: object, bots = 0): Promise<GameData> {
  const created = await accepted('createGame', players[0]!, {
    preset: 'CLASSIC',
    overrides: { firstStarter: 'SEAT_ORDER' },
    ...options,
  });
  for (const p of players.slice(1)) await accepted('joinGame', p, { gameId: created.id });
  for (let i = 0; i < bots; i++) {
    await run(
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
      { input: { gameId: created.id, level: 'NORMAL' } },
      players[0]!,
    );
  }
  return accepted('startGame', players[0]!, { gameId: created.id });
}

/** Moves a timed game's stored deadline into the past, as if its turn had run out. */
async function expireTurn(gameId: string): Promise<void> {
  await api.sql("UPDATE games SET turn_deadline = now() - interval '1 second' WHERE id = $1", [
    keyOf(gameId),
  ]);
}

function waitForVersion(id: string, version: number): Promise<GameData> {
  return until(`version ${version}`, async () => {
    const g = await gameOf(id);
    return g.version >= version ? g : null;
  });
}

describe('taken over after timeoutsToForfeit timeouts', () => {
  it('the seat goes away (SEAT_AWAY before the move), a bot plays it at bot speed, byBot; returnToGame gives it back', async () => {
    const [ann, bob, cid] = await api.registerPlayers(['Away Ann', 'Away Bob', 'Away Cid']);
    const g = await startedGame([ann!, bob!, cid!], { turnSeconds: 30, timeoutsToForfeit: 1 });
    expect(g.turn).toEqual({ position: 0 });
    await expireTurn(g.id);
    const away = await waitForVersion(g.id, g.version + 2);
    expect(away.version).toBe(g.version + 2);
    expect(away.seats.map((s) => s.away)).toEqual([true, false, false]);
    expect(away.currentRound!.bids).toEqual([
      expect.objectContaining({ seat: { position: 0 }, byBot: true, timedOut: true }),
    ]);
    const events = (await eventsOf(g.id)).filter((e) => e.game.version > g.version);
    expect(events.map((e) => [e.type, e.game.version])).toEqual([
      ['TURN_TIMED_OUT', g.version + 1],
      ['SEAT_AWAY', g.version + 1],
      ['BID_PLACED', g.version + 2],
    ]);
    expect(events[1]!.player).toEqual({ id: ann!.id });
    expect(events[1]!.seat).toEqual({ position: 0 });
    expect(events[2]!.bid).toEqual({ byBot: true, timedOut: true });
    const rows = await api.sql<{ position: number; away: boolean }>(
      'SELECT position, away FROM seats WHERE game_id = $1 ORDER BY position',
      [keyOf(g.id)],
    );
    expect(rows).toEqual([
      { position: 0, away: true },
      { position: 1, away: false },
      { position: 2, away: false },
    ]);

    // Refusals change nothing: NOT_AWAY for a seat its player plays, NOT_SEATED without a seat.
    const [dan] = await api.registerPlayers(['Away Dan']);
    const notAway = await mutation('returnToGame', bob!, { gameId: g.id });
    expect(notAway.userErrors).toEqual([
      { code: 'NOT_AWAY', message: 'your seat is not away: you are playing it' },
    ]);
    expect((await mutation('returnToGame', dan!, { gameId: g.id })).userErrors).toEqual([
      { code: 'NOT_SEATED', message: 'you have no seat in this game' },
    ]);
    expect(notAway.game!.version).toBe(away.version);

    // Ann takes her seat back: one step, SEAT_RETURNED.
    const back = await accepted('returnToGame', ann!, { gameId: g.id });
    expect(back.version).toBe(away.version + 1);
    expect(back.seats.map((s) => s.away)).toEqual([false, false, false]);
    const [returned] = await eventsOf(g.id, (await eventsOf(g.id)).length - 1);
    expect(returned).toMatchObject({ type: 'SEAT_RETURNED', player: { id: ann!.id }, seat: { position: 0 } });
  });

  it("a move of the player's own brings them back (SEAT_RETURNED, then the move, byBot false)", async () => {
    const [ann, bob] = await api.registerPlayers(['Own Ann', 'Own Bob']);
    const g = await startedGame([ann!, bob!], { turnSeconds: 30, timeoutsToForfeit: 1 });
    await expireTurn(g.id);
    const away = await waitForVersion(g.id, g.version + 2);
    expect(away.seats[0]!.away).toBe(true);
    // Bob raises; Ann, on turn and away, moves before the bot's think time is over.
    const [last] = away.currentRound!.bids;
    const raised = await accepted('placeBid', bob!, {
      gameId: g.id,
      quantity: last!.quantity + 1,
      face: last!.face,
    });
    expect(raised.turn).toEqual({ position: 0 });
    const own = await accepted('callDudo', ann!, { gameId: g.id });
    expect(own.version).toBe(raised.version + 2);
    expect(own.seats[0]!.away).toBe(false);
    const events = (await eventsOf(g.id)).filter((e) => e.game.version > raised.version);
    expect(events.slice(0, 2).map((e) => [e.type, e.game.version])).toEqual([
      ['SEAT_RETURNED', raised.version + 1],
      ['DUDO_CALLED', raised.version + 2],
    ]);
    const ended = events.find((e) => e.type === 'ROUND_ENDED')!;
    expect(ended.outcome).toEqual({ byBot: false, caller: { position: 0 } });
    const rounds = await api.sql<{ by_bot: boolean }>(
      'SELECT by_bot FROM rounds WHERE game_id = $1 AND number = 1',
      [keyOf(g.id)],
    );
    expect(rounds).toEqual([{ by_bot: false }]);
  });

  it('an away seat is played by a bot on each of its turns at bot speed, every bid and call of it byBot', async () => {
    const [ann, bob] = await api.registerPlayers(['Played Ann', 'Played Bob']);
    const g = await startedGame([ann!, bob!], { turnSeconds: 30, timeoutsToForfeit: 1 });
    await expireTurn(g.id);
    const away = await waitForVersion(g.id, g.version + 2);
    // Bob bids on; the bot answers for Ann without any deadline passing.
    for (let i = 0; i < 2; i++) {
      const now = await gameOf(g.id);
      if (now.status !== 'IN_PROGRESS' || now.turn?.position !== 1) break;
      const bids = now.currentRound!.bids;
      const last = bids[bids.length - 1];
      const bid = last ? { quantity: last.quantity + 1, face: last.face } : { quantity: 1, face: 3 };
      const after = await accepted('placeBid', bob!, { gameId: g.id, ...bid });
      const started = Date.now();
      await waitForVersion(g.id, after.version + 1);
      // At bot speed: the think time, not the 30 s turn.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    const stored = await api.sql<{ position: number; by_bot: boolean; timed_out: boolean | null }>(
      `SELECT b.position, b.by_bot, (e.payload->>'timedOut')::boolean AS timed_out FROM bids b
         JOIN game_events e ON e.game_id = b.game_id AND e.seq = b.seq
        WHERE b.game_id = $1 ORDER BY b.seq`,
      [keyOf(g.id)],
    );
    // Every bid of seat 0 was the server's (the first by the timeout), every bid of seat 1 Bob's own.
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const b of stored) expect(b.by_bot).toBe(b.position === 0);
    expect(stored[0]).toEqual({ position: 0, by_bot: true, timed_out: true });
    expect(
      stored
        .filter((b) => b.position === 0)
        .slice(1)
        .every((b) => b.timed_out === false),
    ).toBe(true);
    expect(away.seats[0]!.away).toBe(true);
    const calls = (await eventsOf(g.id)).filter((e) => e.type === 'ROUND_ENDED' && e.outcome);
    for (const c of calls) expect(c.outcome!.byBot).toBe(c.outcome!.caller.position === 0);
  });

  it('without awayAfterTimeouts the player forfeits as before', async () => {
    const [ann, bob, cid] = await api.registerPlayers(['Forfeit Ann', 'Forfeit Bob', 'Forfeit Cid']);
    const g = await startedGame([ann!, bob!, cid!], {
      turnSeconds: 30,
      timeoutsToForfeit: 1,
      awayAfterTimeouts: false,
    });
    await expireTurn(g.id);
    const after = await waitForVersion(g.id, g.version + 1);
    expect(after.seats.map((s) => [s.away, s.diceCount])).toEqual([
      [false, 0],
      [false, 5],
      [false, 5],
    ]);
    expect((await eventsOf(g.id)).map((e) => e.type)).not.toContain('SEAT_AWAY');
  });

  it('returnToGame outside play is GAME_NOT_IN_PROGRESS, and changes nothing', async () => {
    const [ann] = await api.registerPlayers(['Lobby Ann']);
    const lobby = await accepted('createGame', ann!, { preset: 'CLASSIC' });
    const r = await mutation('returnToGame', ann!, { gameId: lobby.id });
    expect(r.userErrors).toEqual([{ code: 'GAME_NOT_IN_PROGRESS', message: 'the game has not started' }]);
    expect(r.game!.version).toBe(lobby.version);
  });
});

describe('no person left in play', () => {
  it('host and three bots, the host leaves: FINISHED at once, the bots by dice held (ties by seat), the host last', async () => {
    const [host] = await api.registerPlayers(['Last Person']);
    const g = await startedGame([host!], {}, 3);
    expect(g.turn).toEqual({ position: 0 });
    const left = await accepted('leaveGame', host!, { gameId: g.id });
    expect(left.status).toBe('FINISHED');
    expect(left.version).toBe(g.version + 1);
    expect(left.places.map((p) => [p.place, p.seat.position])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 0],
    ]);
    const types = (await eventsOf(g.id)).filter((e) => e.game.version === left.version).map((e) => e.type);
    expect(types).toEqual(['PLAYER_LEFT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    // No bot moves after the end.
    await sleep(BOT_DELAY_MS + 500);
    expect((await gameOf(g.id)).version).toBe(left.version);
  });
});

describe('ratings count own moves only', () => {
  it("a game where only one person moved themselves (the other's seat played by the server) changes no rating", async () => {
    const [ann, bob] = await api.registerPlayers(['Rated Ann', 'Rated Bob']);
    const g = await startedGame([ann!, bob!], { turnSeconds: 30, timeoutsToForfeit: 1, rated: true });
    // Ann opens herself; Bob's turn runs out: he is away, and the bot calls or raises for him.
    const opened = await accepted('placeBid', ann!, { gameId: g.id, quantity: 1, face: 3 });
    await expireTurn(g.id);
    await waitForVersion(g.id, opened.version + 2);
    // Play on until a round has ended with an outcome: Ann answers on her turns, the bot on Bob's.
    await until('a round with an outcome', async () => {
      const now = await gameOf(g.id);
      const rounds = await api.sql<{ n: string }>(
        'SELECT count(*) AS n FROM rounds WHERE game_id = $1 AND outcome_kind IS NOT NULL',
        [keyOf(g.id)],
      );
      if (Number(rounds[0]!.n) > 0) return true;
      if (now.turn?.position === 0) {
        const bids = now.currentRound!.bids;
        if (bids.length > 0) await mutation('callDudo', ann!, { gameId: g.id });
        else await mutation('placeBid', ann!, { gameId: g.id, quantity: 1, face: 3 });
      }
      return null;
    });
    const finished = await accepted('leaveGame', ann!, { gameId: g.id });
    expect(finished.status).toBe('FINISHED');
    // Bob made no bid or call himself; Ann did.
    const own = await api.sql<{ seat: number; n: string }>(
      `SELECT (payload->>'seat')::int AS seat, count(*) AS n FROM game_events
        WHERE game_id = $1 AND type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED')
          AND (payload->>'byBot')::boolean = false GROUP BY 1`,
      [keyOf(g.id)],
    );
    expect(own.map((r) => r.seat)).toEqual([0]);
    const bobsBids = await api.sql<{ by_bot: boolean }>(
      'SELECT DISTINCT by_bot FROM bids WHERE game_id = $1 AND position = 1',
      [keyOf(g.id)],
    );
    expect(bobsBids.every((b) => b.by_bot)).toBe(true);
    await api.untilRatingApplierPassed(keyOf(g.id), 30_000);
    const ratings = await api.sql<{ n: string }>(
      'SELECT count(*) AS n FROM ratings WHERE player_id = ANY($1::uuid[])',
      [[keyOf(ann!.id, 'Player'), keyOf(bob!.id, 'Player')]],
    );
    expect(ratings).toEqual([{ n: '0' }]);
  });
});

describe('authentication, input and retries', () => {
  it('returnToGame and nudge need a player, refuse a seed and bad ids, and a retry with the key answers the same', async () => {
    const [ann, bob, cid] = await api.registerPlayers(['Input Ann', 'Input Bob', 'Input Cid']);
    const g = await startedGame([ann!, bob!, cid!], { turnSeconds: 30, timeoutsToForfeit: 1 });
    const text = (name: string): string =>
      `mutation($input: GameInput!) { ${name}(input: $input) { game { version } userErrors { code } } }`;
    for (const name of ['returnToGame', 'nudge']) {
      const anonymous = await api.gql(text(name), { input: { gameId: g.id } });
      expect(anonymous.body!.errors!.map((e) => e.extensions!.code)).toEqual(['UNAUTHENTICATED']);
      const seeded = await api.gql(text(name), { input: { gameId: g.id, clientSeed: 'abc' } }, ann!.token);
      expect(seeded.body!.errors!.map((e) => e.extensions!.code)).toEqual(['BAD_USER_INPUT']);
      const badId = await api.gql(text(name), { input: { gameId: 'not an id' } }, ann!.token);
      expect(badId.body!.errors!.map((e) => e.extensions!.code)).toEqual(['BAD_USER_INPUT']);
    }
    expect((await gameOf(g.id)).version).toBe(g.version);

    await expireTurn(g.id);
    const away = await waitForVersion(g.id, g.version + 2);
    expect(away.seats[0]!.away).toBe(true);
    const key = 'return-to-game-retry-0001';
    const first = await accepted('returnToGame', ann!, { gameId: g.id, idempotencyKey: key });
    const retry = await mutation('returnToGame', ann!, { gameId: g.id, idempotencyKey: key });
    expect(retry.userErrors).toEqual([]);
    expect(retry.game!.version).toBe(first.version);
    // Without the key, the same request is refused: the seat is no longer away.
    expect((await mutation('returnToGame', ann!, { gameId: g.id })).userErrors.map((e) => e.code)).toEqual([
      'NOT_AWAY',
    ]);
  });
});
