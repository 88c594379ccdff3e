import { type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  gql,
  mutate,
  mutationText,
  onlyError,
  playView,
  registerPlayer,
  startedGame,
  type GameMutation,
  type GamePayload,
  type GqlError,
  type Player,
  type PlayView,
} from '../support/graphql-client';
import { EVENT_FIELDS, RawSocket, type EventData, type Frame } from '../support/ws-client';

/**
 * Moves sent on the graphql-ws socket (graphql-transport-ws `subscribe` frames carrying mutations): the same
 * authentication, secrecy, idempotency, version checks and limits as over HTTP, and a bad operation answered
 * with an error frame on a socket that stays open.
 */

/**
 * The cases, on a server that leaves out `eventPathOff` (EVENT_PATH_OFF): run on the fast paths and on the
 * general one (each viewer its own execution, mutations by graphql-js, each frame its own write).
 */
export function socketMoveCases(eventPathOff: readonly string[]): void {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startServer(database.url, { eventPathOff });
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.stop();
    await database?.drop();
  });

  async function socketOf(url: string, player?: Player | null): Promise<RawSocket> {
    const socket = await RawSocket.connect(url, player?.token);
    sockets.push(socket);
    return socket;
  }

  let nextId = 0;

  /** Sends a game mutation on the socket and resolves to its one result frame and the frame that ended it. */
  async function socketMutate(
    socket: RawSocket,
    name: GameMutation,
    input: object,
  ): Promise<{
    result: { data?: Record<string, GamePayload> | null; errors?: GqlError[] } | null;
    end: Frame;
  }> {
    const id = `m${++nextId}`;
    socket.subscribe(id, mutationText(name), { input });
    const end = await socket.end(id);
    const results = socket.results(id) as {
      data?: Record<string, GamePayload> | null;
      errors?: GqlError[];
    }[];
    return { result: results[0] ?? null, end };
  }

  /** The payload of an accepted socket mutation (no errors of any kind). */
  async function acceptedOnSocket(socket: RawSocket, name: GameMutation, input: object): Promise<PlayView> {
    const { result, end } = await socketMutate(socket, name, input);
    expect(end.type).toBe('complete');
    expect(result?.errors).toBeUndefined();
    const payload = result!.data![name]!;
    expect(payload.userErrors).toEqual([]);
    return payload.game!;
  }

  /** The smallest legal bid on the first face offered, or dudo when told or when no bid is legal. */
  function moveFor(view: PlayView, dudo: boolean): { name: GameMutation; input: object } {
    const base = { gameId: view.id, expectedVersion: view.version };
    const actions = view.legalActions!;
    if ((dudo && actions.canDudo) || !actions.canBid) return { name: 'callDudo', input: base };
    const bid = actions.minBids[0]!;
    return { name: 'placeBid', input: { ...base, quantity: bid.minQuantity, face: bid.face } };
  }

  async function fourPlayers(url: string, prefix: string): Promise<Player[]> {
    return Promise.all([1, 2, 3, 4].map((i) => registerPlayer(url, `${prefix}${i}`)));
  }

  describe('moves over the WebSocket', () => {
    it('refuses an anonymous move with the same code as over HTTP, and applies nothing', async () => {
      const url = app!.url;
      const players = await fourPlayers(url, 'Anon');
      const game = await startedGame(url, players);
      const move = moveFor(game, false);
      const overHttp = onlyError(await mutate(url, move.name, move.input));
      expect(overHttp.extensions?.code).toBe('UNAUTHENTICATED');

      const anonymous = await socketOf(url);
      const { result, end } = await socketMutate(anonymous, move.name, move.input);
      const errors = end.type === 'error' ? (end.payload as GqlError[]) : result!.errors!;
      expect(errors.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
      expect(errors[0]!.message).toBe(overHttp.message);
      expect((await playView(url, game.id)).version).toBe(game.version);
      expect(anonymous.closeState).toBeNull();
    });

    it('plays moves on each player’s socket; every gameEvents frame shows a player only their own dice', async () => {
      const url = app!.url;
      const players = await fourPlayers(url, 'Secret');
      const started = await startedGame(url, players);
      const seatOf = new Map(started.seats.map((s) => [s.player.id, s.position]));
      const socketsBySeat = new Map<number, RawSocket>();
      const query = `subscription($gameId: ID!) { gameEvents(gameId: $gameId, afterSeq: 0) { ${EVENT_FIELDS} } }`;
      for (const p of players) {
        const s = await socketOf(url, p);
        s.subscribe('events', query, { gameId: started.id });
        socketsBySeat.set(seatOf.get(p.id)!, s);
      }
      const spectator = await socketOf(url);
      spectator.subscribe('events', query, { gameId: started.id });

      // Ten moves, each sent by the mover on their own socket; the sixth is a dudo (a round ends, dice are re-rolled).
      let view = started;
      for (let i = 0; i < 10 && view.status === 'IN_PROGRESS'; i++) {
        const position = view.turn!.position;
        const mover = players.find((p) => seatOf.get(p.id) === position)!;
        const own = await playView(url, view.id, mover);
        const move = moveFor(own, i === 5);
        const after = await acceptedOnSocket(socketsBySeat.get(position)!, move.name, move.input);
        expect(after.version).toBe(own.version + 1);
        view = after;
      }
      const last = (await playView(url, started.id)).lastEventSeq;
      const everyone = [...socketsBySeat.entries(), [null, spectator] as const];
      for (const [position, socket] of everyone) {
        await socket.waitFor(
          (f) =>
            f.id === 'events' &&
            (f.payload as { data?: { gameEvents?: EventData } })?.data?.gameEvents?.seq === last,
          10_000,
        );
        const events = socket.results('events').map((r) => (r.data as { gameEvents: EventData }).gameEvents);
        expect(events.length).toBeGreaterThanOrEqual(last);
        let ownDice = 0;
        for (const event of events) {
          for (const seat of event.game.seats) {
            if (seat.position === position && !event.round?.ended) {
              if (seat.dice !== null) ownDice++;
            } else if (seat.position !== position) {
              expect({ seq: event.seq, seat: seat.position, dice: seat.dice }).toEqual({
                seq: event.seq,
                seat: seat.position,
                dice: null,
              });
            }
          }
          if (event.seat && event.seat.position !== position) expect(event.seat.dice).toBeNull();
          // A reveal only once its round has ended.
          if (event.round?.reveal) expect(event.round.ended).toBe(true);
        }
        if (position === null) expect(ownDice).toBe(0);
        else expect(ownDice).toBeGreaterThan(0);
      }
    });

    it('replays an idempotencyKey and refuses a stale expectedVersion, as over HTTP', async () => {
      const url = app!.url;
      const players = await fourPlayers(url, 'Idem');
      const started = await startedGame(url, players);
      const mover = players.find((p) => p.id === started.seats[started.turn!.position]!.player.id)!;
      const socket = await socketOf(url, mover);
      const own = await playView(url, started.id, mover);
      const move = moveFor(own, false);
      const input = { ...move.input, idempotencyKey: 'ws-move-1' };
      const first = await acceptedOnSocket(socket, move.name, input);
      expect(first.version).toBe(own.version + 1);
      const replay = await acceptedOnSocket(socket, move.name, input);
      expect(replay.version).toBe(first.version);
      expect((await playView(url, started.id)).version).toBe(first.version);

      // The next player's move with the version before the bid: refused, nothing applied.
      const next = players.find((p) => p.id === started.seats[first.turn!.position]!.player.id)!;
      const nextSocket = await socketOf(url, next);
      const nextView = await playView(url, started.id, next);
      const stale = moveFor({ ...nextView, version: own.version }, false);
      const { result, end } = await socketMutate(nextSocket, stale.name, stale.input);
      expect(end.type).toBe('complete');
      expect(result!.errors).toBeUndefined();
      expect(result!.data![stale.name]!.userErrors.map((e) => e.code)).toEqual(['STALE_VERSION']);
      expect((await playView(url, started.id)).version).toBe(first.version);
    });

    it('refuses a message of more mutations than allowed with the same error as HTTP, and keeps the socket open', async () => {
      const url = app!.url;
      const [player] = await fourPlayers(url, 'Many');
      const socket = await socketOf(url, player);
      const eleven = `mutation { ${Array.from({ length: 11 }, (_, i) => `l${i}: leaveGame(input: { gameId: "R2FtZTox" }) { userErrors { code } }`).join(' ')} }`;
      socket.subscribe('many', eleven);
      const end = await socket.end('many');
      expect(end).toEqual({
        id: 'many',
        type: 'error',
        payload: [
          {
            message: 'the operation runs 11 mutations; at most 10 are allowed',
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'mutations', value: 11, max: 10 },
          },
        ],
      });
      socket.subscribe('after', '{ viewer { id } }');
      expect(await socket.end('after')).toEqual({ id: 'after', type: 'complete' });
      expect(socket.results('after')).toEqual([{ data: { viewer: { id: player!.id } } }]);
    });

    it('answers a bad operation with an error frame and keeps the socket open for the next move', async () => {
      const url = app!.url;
      const players = await fourPlayers(url, 'Bad');
      const started = await startedGame(url, players);
      const mover = players.find((p) => p.id === started.seats[started.turn!.position]!.player.id)!;
      const socket = await socketOf(url, mover);

      socket.subscribe('syntax', 'mutation { placeBid(');
      const syntax = await socket.end('syntax');
      expect(syntax.type).toBe('error');
      const syntaxOverHttp = onlyError(await gql(url, 'mutation { placeBid(', {}, mover.token));
      // The same message, code and reason as over HTTP (where development mode adds a stack trace).
      expect(syntax.payload).toEqual([
        {
          message: syntaxOverHttp.message,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: 'GRAPHQL_PARSE_FAILED' },
        },
      ]);
      expect(syntaxOverHttp.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(syntaxOverHttp.extensions?.reason).toBe('GRAPHQL_PARSE_FAILED');

      socket.subscribe('unknown', 'mutation { placeBet(input: { gameId: "x" }) { clientMutationId } }');
      const unknown = await socket.end('unknown');
      expect(unknown.type).toBe('error');
      expect((unknown.payload as GqlError[]).map((e) => e.extensions?.code)).toEqual([
        'GRAPHQL_VALIDATION_FAILED',
      ]);

      // A move with a variable of the wrong type: refused, nothing applied.
      socket.subscribe('variables', mutationText('placeBid'), {
        input: { gameId: started.id, quantity: 'two' },
      });
      const variables = await socket.end('variables');
      // Variables are coerced when it runs: one result of errors alone, then complete.
      expect(variables).toEqual({ id: 'variables', type: 'complete' });
      const [coerced] = socket.results('variables');
      expect(coerced!.data).toBeUndefined();
      const coercedOverHttp = await gql(
        url,
        mutationText('placeBid'),
        { input: { gameId: started.id, quantity: 'two' } },
        mover.token,
      );
      // HTTP may stop at the first refused field of the input; each error it gives comes on the socket too.
      const overHttp = coercedOverHttp.body!.errors!.map((e) => [e.message, e.extensions?.code]);
      expect(overHttp.length).toBeGreaterThan(0);
      expect(coerced!.errors!.map((e) => [e.message, e.extensions?.code])).toEqual(
        expect.arrayContaining(overHttp),
      );
      expect(coerced!.errors!.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
      expect((await playView(url, started.id)).version).toBe(started.version);

      expect(socket.closeState).toBeNull();
      const move = moveFor(await playView(url, started.id, mover), false);
      const after = await acceptedOnSocket(socket, move.name, move.input);
      expect(after.version).toBe(started.version + 1);
    });
  });

  describe('the socket’s rate limit on moves', () => {
    let limited: App | undefined;

    afterAll(async () => {
      await limited?.stop();
    });

    it('charges each move to the socket’s budget and refuses past it with RATE_LIMITED, the socket open', async () => {
      limited = await startServer(database!.url, {
        eventPathOff,
        limits: { ...NO_RATE_LIMITS, perSocket: { perSecond: 1, burst: 3 } },
      });
      const url = limited.url;
      const players = await fourPlayers(url, 'Rate');
      const started = await startedGame(url, players);
      const mover = players.find((p) => p.id === started.seats[started.turn!.position]!.player.id)!;
      const socket = await socketOf(url, mover);
      // Stale moves (refused by the rules, so the game does not move on) spend the budget like any other.
      const stale = moveFor({ ...(await playView(url, started.id, mover)), version: 0 }, false);
      const ends: Frame[] = [];
      for (const id of ['r1', 'r2', 'r3', 'r4']) {
        socket.subscribe(id, mutationText(stale.name), { input: stale.input });
        ends.push(await socket.end(id));
      }
      expect(ends.map((f) => f.type)).toEqual(['complete', 'complete', 'complete', 'error']);
      const refused = (ends[3]!.payload as GqlError[])[0]!;
      const wait = refused.extensions?.retryAfterSeconds as number;
      expect(wait).toBeGreaterThan(0);
      expect(refused).toEqual({
        message: `too many requests from this player: retry in ${wait} s`,
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
      });
      expect(socket.closeState).toBeNull();
      // After the wait the move goes through.
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 50));
      const move = moveFor(await playView(url, started.id, mover), false);
      const after = await acceptedOnSocket(socket, move.name, move.input);
      expect(after.version).toBe(started.version + 1);
    });
  });
}
