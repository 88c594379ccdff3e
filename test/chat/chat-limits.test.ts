// The table chat's bounds over the API: a text's bytes, a player's rate across games, a game's messages and
// how long its chat stays open, what reading chat costs, the export's page bound on a long chat's line, and a
// live gameChat ended (with nothing more delivered) once its viewer loses the right to read the chat.
import { TestApi } from '../support/api-harness';
import {
  accepted,
  errorsOf,
  gql,
  lobbyGame,
  mutate,
  startedGame,
  type Player,
} from '../support/graphql-client';
import { keyOf } from '../support/sql';
import { sleep } from '../support/timing';
import { connect, errorCodes, wsUrlOf, type WsConnection } from '../support/ws-client';
import { codesOf, sendChat, sent, subscribeChat, untilChatSeq } from './chat-support';

const PAGE_BYTES = 4_000;
const MAX_COST = 25_000;

let api: TestApi;
let ann: Player;
let bob: Player;
let cy: Player;
let dan: Player;
const sockets: WsConnection[] = [];

beforeAll(async () => {
  api = await TestApi.start({ server: { exportPageBytes: PAGE_BYTES } });
  [ann, bob, cy, dan] = await api.registerPlayers(['Ann', 'Bob', 'Cy', 'Dan']);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await api.close();
});

// Each test starts with fresh rates (at most 20 messages a minute per player across games).
beforeEach(async () => {
  await api.sql(`UPDATE chat_messages SET at = at - interval '1 minute'`);
});

function socket(player?: Player): WsConnection {
  const conn = connect(wsUrlOf(api.url), player?.token);
  sockets.push(conn);
  return conn;
}

/** A finished two-player game of Ann's: Bob leaves right after the start. */
async function finishedGame(players: [Player, Player] = [ann, bob]): Promise<string> {
  const game = await startedGame<{ id: string }>(api.url, players, { preset: 'PERUDO' }, 'id');
  accepted(await mutate(api.url, 'leaveGame', { gameId: game.id }, players[1].token, 'id'), 'leaveGame');
  return game.id;
}

/** Stores `count` messages of `author` in the game (seqs after `from`), an hour old: outside every rate. */
async function seedMessages(gameId: string, author: Player, count: number, text: string | null, from = 0) {
  await api.sql(
    `INSERT INTO chat_messages (game_id, seq, author_id, seat, text, emote, at)
     SELECT $1::uuid, $2::int + g, $3::uuid, NULL, $4::text,
            CASE WHEN $4::text IS NULL THEN 'WOW'::"Emote" END, now() - interval '1 hour'
       FROM generate_series(1, $5::int) g`,
    [keyOf(gameId), from, keyOf(author.id, 'Player'), text, count],
  );
}

function refusalCodes(reply: Awaited<ReturnType<typeof sendChat>>): string[] {
  return reply.body.data!.sendChatMessage.userErrors.map((e) => e.code);
}

test('a text holds at most 2,048 UTF-8 bytes: 2,049 are BAD_USER_INPUT, 2,048 are accepted', async () => {
  const gameId = (await lobbyGame(api.url, [ann, bob])).id;
  // 93 characters as people count them: within 280, each of at most 7 code points.
  const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 25 bytes
  const over = `${family.repeat(81)}${'é'.repeat(12)}`;
  expect(Buffer.byteLength(over)).toBe(2_049);
  const refused = await sendChat(api.url, { gameId, text: over }, ann);
  expect(errorsOf(refused).map((e) => [e.extensions?.code, e.message])).toEqual([
    ['BAD_USER_INPUT', 'text must be at most 2048 bytes in UTF-8 (it has 2049)'],
  ]);
  const fits = `${family.repeat(81)}${'é'.repeat(11)}a`;
  expect(Buffer.byteLength(fits)).toBe(2_048);
  expect((await sent(api.url, { gameId, text: fits }, ann)).text).toBe(fits);
  expect(await api.sql(`SELECT seq FROM chat_messages WHERE game_id = $1`, [keyOf(gameId)])).toEqual([
    { seq: 1 },
  ]);
});

test('a player sends at most 20 messages a minute across all games: the 21st is RATE_LIMITED until the first is a minute old', async () => {
  // Six public lobbies Ann does not sit in (spectators may chat), 4 messages in each of the first five.
  const hosts = [bob, bob, cy, cy, dan, dan];
  const games: string[] = [];
  for (const host of hosts) games.push((await lobbyGame(api.url, [host])).id);
  const beforeFirst = Date.now();
  await sent(api.url, { gameId: games[0], text: 'first' }, ann);
  const afterFirst = Date.now();
  for (let i = 1; i < 20; i++) await sent(api.url, { gameId: games[i % 5], emote: 'WOW' }, ann);
  const beforeLast = Date.now();
  const limited = await sendChat(api.url, { gameId: games[5], emote: 'LIAR' }, ann);
  const afterLast = Date.now();
  const [error] = errorsOf(limited);
  const retry = error!.extensions!.retryAfterSeconds as number;
  expect(error!.extensions!.code).toBe('RATE_LIMITED');
  // The first message leaves the window a minute after it was stored (between beforeFirst and afterFirst),
  // counted from the refusal (between beforeLast and afterLast), in whole seconds rounded up.
  expect(retry).toBeGreaterThanOrEqual(Math.ceil(60 - (afterLast - beforeFirst) / 1000));
  expect(retry).toBeLessThanOrEqual(Math.ceil(60 - (beforeLast - afterFirst) / 1000));
  expect(error!.message).toBe(
    `too many chat messages from this player across all games: retry in ${retry} s`,
  );
  // Refused messages do not count, and other players are not limited by Ann's messages.
  expect(codesOf(await sendChat(api.url, { gameId: games[5], text: 'again' }, ann))).toEqual([
    'RATE_LIMITED',
  ]);
  expect((await sent(api.url, { gameId: games[5], text: 'mine' }, bob)).seq).toBe(1);
  expect(
    await api.sql(
      `SELECT count(*)::int AS n FROM chat_messages WHERE author_id = $1 AND at > now() - interval '1 minute'`,
      [keyOf(ann.id, 'Player')],
    ),
  ).toEqual([{ n: 20 }]);
  // Once the first message is a minute old, the next is accepted.
  await api.sql(
    `UPDATE chat_messages SET at = at - interval '1 minute' WHERE game_id = $1 AND author_id = $2 AND seq = 1`,
    [keyOf(games[0]!), keyOf(ann.id, 'Player')],
  );
  expect((await sent(api.url, { gameId: games[5], emote: 'LIAR' }, ann)).seq).toBe(2);
});

test('a game keeps at most 2,000 messages: the 2,001st is CHAT_CLOSED, an emote too', async () => {
  const gameId = (await lobbyGame(api.url, [ann, bob])).id;
  await seedMessages(gameId, bob, 1_999, 'earlier');
  expect((await sent(api.url, { gameId, text: 'the last one' }, ann)).seq).toBe(2_000);
  for (const input of [{ text: 'one more' }, { emote: 'GOOD_GAME' }]) {
    const reply = await sendChat(api.url, { gameId, ...input }, bob);
    expect(reply.body.data!.sendChatMessage).toEqual({
      message: null,
      userErrors: [
        {
          code: 'CHAT_CLOSED',
          message: "this game's chat holds 2000 messages, as many as a game keeps: it is closed",
          field: null,
        },
      ],
      clientMutationId: null,
    });
  }
  // A spectator too; the refusal is kept under its idempotency key like any other.
  for (let i = 0; i < 2; i++) {
    const reply = await sendChat(api.url, { gameId, emote: 'WOW', idempotencyKey: 'full-1' }, cy);
    expect(refusalCodes(reply)).toEqual(['CHAT_CLOSED']);
  }
  expect(
    await api.sql(`SELECT count(*)::int AS n, max(seq) AS last FROM chat_messages WHERE game_id = $1`, [
      keyOf(gameId),
    ]),
  ).toEqual([{ n: 2_000, last: 2_000 }]);
});

test("a game's chat closes 10 minutes after the game finishes: CHAT_CLOSED, an emote too", async () => {
  const gameId = await finishedGame();
  const setFinished = (ago: string) =>
    api.sql(`UPDATE games SET finished_at = now() - $2::interval WHERE id = $1`, [keyOf(gameId), ago]);
  await setFinished('9 minutes 50 seconds');
  expect((await sent(api.url, { gameId, emote: 'GOOD_GAME' }, bob)).seq).toBe(1);
  await setFinished('10 minutes 1 second');
  for (const [input, player] of [
    [{ text: 'gg' }, ann],
    [{ emote: 'WELL_PLAYED' }, bob],
    [{ emote: 'WOW' }, cy],
  ] as const) {
    const reply = await sendChat(api.url, { gameId, ...input }, player);
    expect(reply.body.data!.sendChatMessage.userErrors).toEqual([
      {
        code: 'CHAT_CLOSED',
        message: "this game's chat closed 10 minutes after the game finished",
        field: null,
      },
    ]);
  }
  expect(await api.sql(`SELECT seq FROM chat_messages WHERE game_id = $1`, [keyOf(gameId)])).toEqual([
    { seq: 1 },
  ]);
});

describe('reading chat is charged by the bytes it returns', () => {
  let large: string;
  let emotes: string;
  // A stored text of 2,048 bytes costs 21 to read; an emote 1.
  const text = 'é'.repeat(1_024);

  beforeAll(async () => {
    large = await finishedGame();
    await seedMessages(large, bob, 500, text);
    emotes = await finishedGame();
    await seedMessages(emotes, bob, 500, null);
  });

  function aliased(n: number): string {
    const pages = Array.from({ length: n }, (_, i) => `a${i}: chat(first: 500) { text }`).join(' ');
    return `query($id: ID!) { game(id: $id) { ${pages} } }`;
  }

  test('pages of long texts are refused once their bytes pass the cost limit; emotes and one page are served', async () => {
    // Two pages: 2 x 500 x 21 = 21,000, within the limit (about 2 MB of text).
    const two = await gql<{ game: Record<string, { text: string }[]> }>(api.url, aliased(2), { id: large });
    expect(two.body.errors).toBeUndefined();
    expect([two.body.data!.game.a0!.length, two.body.data!.game.a1!.length]).toEqual([500, 500]);
    expect(two.body.data!.game.a0![0]!.text).toBe(text);
    // Three pages: the third takes the operation to 31,500.
    for (const n of [3, 30]) {
      const refused = await gql(api.url, aliased(n), { id: large });
      const errors = errorsOf(refused);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
      expect(errors.every((e) => e.extensions?.limit === 'cost' && e.extensions.max === MAX_COST)).toBe(true);
      const first = errors.reduce((a, b) =>
        (a.extensions!.value as number) <= (b.extensions!.value as number) ? a : b,
      );
      expect([first.extensions!.value, first.message]).toEqual([
        31_500,
        `the chat read would cost 31500 by its texts (1 per started 100 UTF-8 bytes, an emote 1); at most ${MAX_COST} is allowed (ask for smaller pages of chat)`,
      ]);
      expect(refused.body.data?.game ?? null).toBeNull();
    }
    // Thirty pages of emotes cost 30 x 500 = 15,000: served.
    const small = await gql<{ game: Record<string, unknown[]> }>(api.url, aliased(30), { id: emotes });
    expect(small.body.errors).toBeUndefined();
    expect(Object.values(small.body.data!.game).map((p) => p.length)).toEqual(Array(30).fill(500));
  });
});

test("the export checks its page bound before a line: a long chat's line that alone passes it is its page's only line", async () => {
  const [eve, fay] = await api.registerPlayers(['Eve', 'Fay']);
  const small1 = await finishedGame([eve!, fay!]);
  const big = await finishedGame([eve!, fay!]);
  await seedMessages(big, eve!, 3, 'é'.repeat(1_024));
  const small2 = await finishedGame([eve!, fay!]);
  const pages: string[][] = [];
  let after = '';
  for (;;) {
    const res = await fetch(
      `${api.url.replace(/\/graphql$/, '')}/export/games.ndjson?playerId=${eve!.id}${after}`,
    );
    expect(res.headers.get('x-export-page-bytes')).toBe(String(PAGE_BYTES));
    const lines = (await res.text()).split('\n').filter(Boolean);
    if (lines.length === 0) break;
    pages.push(lines.map((l) => (JSON.parse(l) as { id: string }).id));
    const bytes = lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    expect(lines.length === 1 || bytes <= PAGE_BYTES).toBe(true);
    if (lines.some((l) => l.includes(big))) expect(bytes).toBeGreaterThan(PAGE_BYTES);
    after = `&after=${pages[pages.length - 1]![lines.length - 1]}`;
  }
  expect(pages).toEqual([[small1], [big], [small2]]);
});

describe('gameChat follows the right to read the chat', () => {
  test('a kicked player and one who left a lobby without spectators: their gameChat ends, nothing later reaches them', async () => {
    const game = await lobbyGame(api.url, [ann, bob, cy, dan], { preset: 'PERUDO', allowSpectators: false });
    const gameId = game.id;
    await sent(api.url, { gameId, text: 'welcome' }, ann);
    const bobs = subscribeChat(socket(bob), gameId, 0);
    const cys = subscribeChat(socket(cy), gameId, 0);
    const dans = subscribeChat(socket(dan), gameId, 0);
    await Promise.all([bobs, cys, dans].map((s) => untilChatSeq(s, 1)));

    const kick = await gql<{ kickPlayer: { userErrors: unknown[] } }>(
      api.url,
      `mutation($input: SeatInput!) { kickPlayer(input: $input) { userErrors { code } } }`,
      { input: { gameId, position: 2 } },
      ann.token,
    );
    expect(kick.body.data!.kickPlayer.userErrors).toEqual([]);
    await sent(api.url, { gameId, text: 'after the kick' }, ann);
    await cys.ended();
    // The error a new subscription gets.
    expect(errorCodes(cys.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
    const again = subscribeChat(socket(cy), gameId, 0);
    await again.ended();
    expect(errorCodes(again.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
    expect((cys.errors[0] as { message: string }).message).toBe(
      (again.errors[0] as { message: string }).message,
    );

    // Dan leaves the lobby (now at position 2) once he has the message sent before.
    await untilChatSeq(dans, 2);
    accepted(await mutate(api.url, 'leaveGame', { gameId }, dan.token, 'id'), 'leaveGame');
    await sent(api.url, { gameId, text: 'after the leave' }, bob);
    await dans.ended();
    expect(errorCodes(dans.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);

    await untilChatSeq(bobs, 3);
    await sleep(300);
    expect(bobs.items.map((m) => m.text)).toEqual(['welcome', 'after the kick', 'after the leave']);
    expect(bobs.errors).toEqual([]);
    expect(cys.items.map((m) => m.text)).toEqual(['welcome']);
    expect(dans.items.map((m) => m.text)).toEqual(['welcome', 'after the kick']);
  });
});
