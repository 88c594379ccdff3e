// Lock order: startGame racing leaveGame and joinGame of one lobby never ends in an internal error.
import { TestApi, type GameData } from '../support/api-harness';
import { dataOf, type GamePayload, type GqlResponse, type Player } from '../support/graphql-client';
import { sleep } from '../support/timing';

/**
 * A start locks the game row and then its seats; a lobby leave or join rewrites the seats. Were they taken in
 * the other order, PostgreSQL would abort one of two racing moves with a deadlock and the client would get
 * INTERNAL_SERVER_ERROR. Every move takes the game row first, and a move that loses a race is decided again.
 */

const ROUNDS = 32;

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api.close();
});

type Payloads = GqlResponse<Record<string, GamePayload<GameData>>>;

/** 'applied', the one contract code of a refusal, or what else came back (an error, a malformed payload). */
function outcome(response: Payloads, mutation: string): string {
  const payload = response.status === 200 ? response.body.data?.[mutation] : undefined;
  if (!payload || response.body.errors) {
    const codes = (response.body.errors ?? []).map((e) => String(e.extensions?.code));
    return `error ${codes.join(',') || response.status}`;
  }
  if (payload.userErrors.length === 0 && payload.game) return 'applied';
  return payload.userErrors.map((e) => e.code).join(',');
}

/** The seats of a game as the database holds them: position, player, and whether the player left. */
async function storedSeats(gameId: string): Promise<{ position: number; player: string; left: boolean }[]> {
  return api.sql(
    `SELECT position, player_id AS player, left_at IS NOT NULL AS left FROM seats WHERE game_id = $1
      ORDER BY position`,
    [gameId],
  );
}

/** The database key inside a global id ("Game:<uuid>", "Player:<uuid>"). */
function key(id: string): string {
  return Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
}

function seatsOf(game: GameData): { position: number; player: string; left: boolean }[] {
  return game.seats.map((s) => ({ position: s.position, player: key(s.player.id), left: s.left }));
}

it(`startGame racing leaveGame and joinGame of one lobby, ${ROUNDS} times: applied or refused by the rules, never an internal error`, async () => {
  const watcher = await api.registerPlayer('Watcher');
  const outcomes: { start: string; leave: string; join: string }[] = [];
  const watched: (string | null)[] = [];
  const statuses: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [host, stayer, leaver, joiner] = (await api.registerPlayers(
      ['Host', 'Stayer', 'Leaver', 'Joiner'].map((n) => `${n}${round}`),
    )) as [Player, Player, Player, Player];
    const lobby = await api.createGame(host, { preset: 'CLASSIC' });
    for (const p of [stayer, leaver]) {
      expect(outcome(await api.mutate('joinGame', p, { gameId: lobby.id }), 'joinGame')).toBe('applied');
    }

    // Sent in a different order and spacing each round, so that each of the three gets to the database first.
    const moves = [
      () => api.mutate('startGame', host, { gameId: lobby.id }),
      () => api.mutate('leaveGame', leaver, { gameId: lobby.id }),
      () => api.mutate('joinGame', joiner, { gameId: lobby.id }),
    ];
    const delays = [0, 1, 2].map((i) => ((round + i) % 3) * (round % 4));
    const [[start, leave, join], viewer] = await Promise.all([
      Promise.all(
        moves.map(async (move, i) => {
          await sleep(delays[i]!);
          return move();
        }),
      ),
      // Another player's query meanwhile.
      api.gql<{ viewer: { id: string } | null }>('{ viewer { id } }', {}, watcher.token),
    ]);
    outcomes.push({
      start: outcome(start!, 'startGame'),
      leave: outcome(leave!, 'leaveGame'),
      join: outcome(join!, 'joinGame'),
    });
    watched.push(dataOf(viewer).viewer?.id ?? null);

    // The database's seats are the game's seats, and its row is at the game's version and status.
    const game = await api.mustGame(lobby.id);
    statuses.push(game.status);
    expect(await storedSeats(key(lobby.id))).toEqual(seatsOf(game));
    expect(
      await api.sql('SELECT version, status::text AS status FROM games WHERE id = $1', [key(lobby.id)]),
    ).toEqual([{ version: game.version, status: game.status }]);
    const o = outcomes[round]!;
    const seated = game.seats.filter((s) => !s.left).map((s) => s.player.id);
    expect(seated.sort()).toEqual(
      [
        host.id,
        stayer.id,
        ...(o.leave === 'applied' ? [] : [leaver.id]),
        ...(o.join === 'applied' ? [joiner.id] : []),
      ].sort(),
    );
  }

  const internal = outcomes.flatMap((o) => Object.values(o)).filter((o) => o.startsWith('error'));
  // The server's log says what went wrong when a move ended in an internal error.
  const serverLog = internal.length > 0 ? api.log.map((l) => (l instanceof Error ? l.stack : String(l))) : [];
  expect({ internal, serverLog }).toEqual({ internal: [], serverLog: [] });
  // The start and the leave always apply (a leave after the start forfeits); a join after the start is refused.
  for (const o of outcomes) {
    expect(o.start).toBe('applied');
    expect(o.leave).toBe('applied');
    expect(['applied', 'GAME_NOT_IN_LOBBY']).toContain(o.join);
  }
  expect(statuses).toEqual(Array.from({ length: ROUNDS }, () => 'IN_PROGRESS'));
  expect(watched).toEqual(Array.from({ length: ROUNDS }, () => watcher.id));
}, 120_000);
