// Table chat over the API: who may send, the text rules, the rate, mutes, idempotency, replay and live on one
// process, chat beside (never in) the game's state and log, and the export.
import { TestApi } from '../support/api-harness';
import {
  accepted,
  acceptedMutation,
  errorsOf,
  gql,
  lobbyGame,
  mutate,
  startedGame,
  type Player,
} from '../support/graphql-client';
import { playToEnd } from '../support/realtime-harness';
import { runBot } from '../../examples/bot-client';
import { until } from '../support/timing';
import { connect, errorCodes, wsUrlOf, type WsConnection } from '../support/ws-client';
import { sleep } from '../support/timing';
import { chatOf, codesOf, mute, sendChat, sent, subscribeChat, untilChatSeq } from './chat-support';

let api: TestApi;
let ann: Player;
let bob: Player;
let cy: Player;
const sockets: WsConnection[] = [];

beforeAll(async () => {
  api = await TestApi.start();
  [ann, bob, cy] = await api.registerPlayers(['Ann', 'Bob', 'Cy']);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await api.close();
});

// Each test starts with fresh rates: a player sends at most 20 messages a minute across games, and these
// tests send more than that in all.
beforeEach(async () => {
  await api.sql(`UPDATE chat_messages SET at = at - interval '1 minute'`);
});

function socket(player?: Player): WsConnection {
  const conn = connect(wsUrlOf(api.url), player?.token);
  sockets.push(conn);
  return conn;
}

async function newLobby(
  players: Player[] = [ann, bob],
  input: object = { preset: 'PERUDO' },
): Promise<string> {
  return (await lobbyGame(api.url, players, input)).id;
}

describe('sending', () => {
  test('a seated player sends a text and an emote: seqs from 1, the author and seat, the text trimmed', async () => {
    const gameId = await newLobby();
    const reply = await sendChat(api.url, { gameId, text: '  hola  ', clientMutationId: 'c1' }, ann);
    expect(reply.body.errors).toBeUndefined();
    const first = reply.body.data!.sendChatMessage;
    expect(first.userErrors).toEqual([]);
    expect(first.clientMutationId).toBe('c1');
    expect(first.message).toMatchObject({
      seq: 1,
      text: 'hola',
      emote: null,
      author: { id: ann.id, name: 'Ann' },
      seat: { position: 0 },
    });
    const second = await sent(api.url, { gameId, emote: 'NICE_BID' }, bob);
    expect(second).toMatchObject({ seq: 2, text: null, emote: 'NICE_BID', seat: { position: 1 } });
    expect((await chatOf(api.url, gameId)).map((m) => [m.seq, m.text, m.emote])).toEqual([
      [1, 'hola', null],
      [2, null, 'NICE_BID'],
    ]);
    // The message is a node.
    const node = await gql<{ node: { seq: number; text: string } | null }>(
      api.url,
      `query($id: ID!) { node(id: $id) { ... on ChatMessage { seq text game { id } } } }`,
      { id: first.message!.id },
    );
    expect(node.body.data!.node).toEqual({ seq: 1, text: 'hola', game: { id: gameId } });
  });

  test('a spectator (authenticated, unseated) may send where spectators are allowed; anonymous may not', async () => {
    const gameId = await newLobby();
    const message = await sent(api.url, { gameId, text: 'hi from the rail' }, cy);
    expect(message).toMatchObject({ seq: 1, seat: null, author: { id: cy.id } });
    const anonymous = await sendChat(api.url, { gameId, text: 'hello' }, null);
    expect(codesOf(anonymous)).toEqual(['UNAUTHENTICATED']);
    expect(await api.sql(`SELECT seq FROM chat_messages WHERE game_id = $1`, [await keyOf(gameId)])).toEqual([
      { seq: 1 },
    ]);
  });

  test('a game without spectators: only seated players send and read; others are refused at any status', async () => {
    const gameId = await newLobby([ann, bob], { preset: 'PERUDO', allowSpectators: false });
    await sent(api.url, { gameId, text: 'seated only' }, ann);
    const refused = (await sendChat(api.url, { gameId, emote: 'WOW' }, cy)).body.data!.sendChatMessage;
    expect(refused.message).toBeNull();
    expect(refused.userErrors.map((e) => e.code)).toEqual(['SPECTATORS_NOT_ALLOWED']);
    expect(await chatOf(api.url, gameId, cy)).toEqual([]);
    expect(await chatOf(api.url, gameId, null)).toEqual([]);
    expect((await chatOf(api.url, gameId, bob)).map((m) => m.text)).toEqual(['seated only']);
    const sub = subscribeChat(socket(cy), gameId, 0);
    await sub.ended();
    expect(errorCodes(sub.errors)).toEqual(['SPECTATORS_NOT_ALLOWED']);
    expect(sub.items).toEqual([]);
  });

  test('chat off: texts are refused with CHAT_DISABLED, emotes are accepted', async () => {
    const gameId = await newLobby([ann, bob], { preset: 'PERUDO', chat: false });
    const refused = (await sendChat(api.url, { gameId, text: 'hello' }, ann)).body.data!.sendChatMessage;
    expect(refused.userErrors).toEqual([
      { code: 'CHAT_DISABLED', message: 'this game has chat off: send an emote instead', field: ['text'] },
    ]);
    expect((await sent(api.url, { gameId, emote: 'GOOD_GAME' }, ann)).seq).toBe(1);
  });

  test('a cancelled game refuses chat with GAME_NOT_IN_PROGRESS', async () => {
    const gameId = await newLobby([ann]);
    accepted(await mutate(api.url, 'leaveGame', { gameId }, ann.token), 'leaveGame');
    const refused = (await sendChat(api.url, { gameId, emote: 'OOPS' }, ann)).body.data!.sendChatMessage;
    expect(refused.userErrors.map((e) => e.code)).toEqual(['GAME_NOT_IN_PROGRESS']);
  });

  test('a player the host kicked may not chat: KICKED before any other code', async () => {
    const gameId = await newLobby([ann, bob, cy], { preset: 'PERUDO', allowSpectators: false, chat: false });
    const kick = await gql<{ kickPlayer: { userErrors: unknown[] } }>(
      api.url,
      `mutation($input: SeatInput!) { kickPlayer(input: $input) { userErrors { code } } }`,
      { input: { gameId, position: 2 } },
      ann.token,
    );
    expect(kick.body.data!.kickPlayer.userErrors).toEqual([]);
    // Unseated in a game without spectators and chat off, yet the first code is KICKED.
    const refused = (await sendChat(api.url, { gameId, text: 'let me back' }, cy)).body.data!.sendChatMessage;
    expect(refused.userErrors.map((e) => e.code)).toEqual(['KICKED']);
  });

  test('an unknown game is NOT_FOUND', async () => {
    const gameId = await newLobby([ann]);
    const other = Buffer.from('Game:00000000-0000-4000-8000-000000000000').toString('base64url');
    expect(gameId).not.toBe(other);
    expect(codesOf(await sendChat(api.url, { gameId: other, text: 'x' }, ann))).toEqual(['NOT_FOUND']);
  });
});

async function keyOf(gameId: string): Promise<string> {
  return Buffer.from(gameId, 'base64url').toString('utf8').split(':')[1]!;
}

describe('text rules', () => {
  let gameId: string;
  beforeAll(async () => {
    gameId = await newLobby([cy, ann]);
  });

  async function refusal(input: Record<string, unknown>): Promise<{ code: unknown; message: string }> {
    const reply = await sendChat(api.url, { gameId, ...input }, cy);
    const errors = errorsOf(reply);
    expect(errors).toHaveLength(1);
    return { code: errors[0]!.extensions?.code, message: errors[0]!.message };
  }

  test('characters are counted as people see them: a family emoji is one of 280, 281 letters are refused', async () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const text = `${family}${'a'.repeat(279)}`;
    const message = await sent(api.url, { gameId, text }, cy);
    expect(message.text).toBe(text);
    expect(await refusal({ text: 'a'.repeat(281) })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'text must be at most 280 characters',
    });
    expect((await sent(api.url, { gameId, text: 'a'.repeat(280) }, ann)).text).toHaveLength(280);
  });

  test('bidi controls, control characters, separators and invisible texts are refused', async () => {
    const bidi =
      'text must not contain bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) or line/paragraph separators';
    const control = 'text must not contain control characters (no tabs or line breaks)';
    expect(await refusal({ text: 'abc\u202Edef' })).toEqual({ code: 'BAD_USER_INPUT', message: bidi });
    expect(await refusal({ text: 'a\u2066b' })).toEqual({ code: 'BAD_USER_INPUT', message: bidi });
    expect(await refusal({ text: 'a\u200Fb' })).toEqual({ code: 'BAD_USER_INPUT', message: bidi });
    expect(await refusal({ text: 'a\u2028b' })).toEqual({ code: 'BAD_USER_INPUT', message: bidi });
    expect(await refusal({ text: 'a\tb' })).toEqual({ code: 'BAD_USER_INPUT', message: control });
    expect(await refusal({ text: 'a\nb' })).toEqual({ code: 'BAD_USER_INPUT', message: control });
    expect(await refusal({ text: 'a\u0000b' })).toEqual({ code: 'BAD_USER_INPUT', message: control });
    expect(await refusal({ text: 'a\u0085b' })).toEqual({ code: 'BAD_USER_INPUT', message: control });
    expect(await refusal({ text: ' \u3000 ' })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'text must not be empty',
    });
    for (const blank of ['\u3164', '\u2800', '\uFFA0', '\u200B\u200D', '\u115F\u1160']) {
      expect(await refusal({ text: blank })).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'text must contain something visible',
      });
    }
    expect(await refusal({ text: `a${'\u0301'.repeat(16)}` })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'text must not have a character of more than 16 code points',
    });
    expect(await refusal({ text: 'hi', emote: 'WOW' })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'give exactly one of text and emote',
    });
    expect(await refusal({})).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'give exactly one of text and emote',
    });
  });

  test('ZWJ, ZWNJ and variation selectors are fine; the text is kept as given, HTML included', async () => {
    const texts = ['\u2764\uFE0F', 'a\u200Cb', '<img src=x onerror=alert(1)>', '\u{1F44D}\u{1F3FD}'];
    for (const text of texts) expect((await sent(api.url, { gameId, text }, ann)).text).toBe(text);
  });
});

describe('rate', () => {
  test('5 accepted messages per 10 s per player and game; the 6th is RATE_LIMITED with retryAfterSeconds', async () => {
    const gameId = await newLobby([ann, bob]);
    const other = await newLobby([ann, bob]);
    // A refused message does not count.
    expect(codesOf(await sendChat(api.url, { gameId, text: '\u202E' }, ann))).toEqual(['BAD_USER_INPUT']);
    const started = Date.now();
    for (let i = 1; i <= 5; i++) expect((await sent(api.url, { gameId, text: `m${i}` }, ann)).seq).toBe(i);
    const limited = await sendChat(api.url, { gameId, emote: 'LIAR' }, ann);
    const elapsed = Date.now() - started;
    const errors = errorsOf(limited);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.extensions?.code).toBe('RATE_LIMITED');
    const retry = errors[0]!.extensions?.retryAfterSeconds as number;
    expect(Number.isInteger(retry)).toBe(true);
    // The first of the five leaves the window 10 s after it was accepted.
    expect(retry).toBeGreaterThanOrEqual(Math.floor(10 - elapsed / 1000));
    expect(retry).toBeLessThanOrEqual(10);
    expect(errors[0]!.message).toBe(
      `too many chat messages from this player in this game: retry in ${retry} s`,
    );
    expect(limited.status).toBe(429);
    // Other players of the game, and the same player in another game, are not limited.
    expect((await sent(api.url, { gameId, text: 'mine' }, bob)).seq).toBe(6);
    expect((await sent(api.url, { gameId: other, text: 'elsewhere' }, ann)).seq).toBe(1);
    expect((await chatOf(api.url, gameId)).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('concurrent sends of one player never pass the limit, and seqs stay without gaps', async () => {
    const gameId = await newLobby([bob, cy]);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendChat(api.url, { gameId, text: `burst ${i}` }, bob)),
    );
    const accepted = replies.filter((r) => r.body.data?.sendChatMessage?.message);
    const limited = replies.filter((r) => codesOf(r)[0] === 'RATE_LIMITED');
    expect([accepted.length, limited.length]).toEqual([5, 7]);
    const seqs = accepted.map((r) => r.body.data!.sendChatMessage.message!.seq).sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('idempotency', () => {
  test('a retry with the same key returns the first message and stores it once; other input is refused', async () => {
    const gameId = await newLobby([ann, bob]);
    const first = await sent(api.url, { gameId, text: 'once', idempotencyKey: 'chat-key-1' }, ann);
    const again = await sent(api.url, { gameId, text: 'once', idempotencyKey: 'chat-key-1' }, ann);
    expect(again).toEqual(first);
    const reused = (await sendChat(api.url, { gameId, text: 'other', idempotencyKey: 'chat-key-1' }, ann))
      .body.data!.sendChatMessage;
    expect(reused.message).toBeNull();
    expect(reused.userErrors.map((e) => [e.code, e.field])).toEqual([
      ['IDEMPOTENCY_KEY_REUSED', ['idempotencyKey']],
    ]);
    const [concurrentA, concurrentB] = await Promise.all([
      sent(api.url, { gameId, emote: 'WOW', idempotencyKey: 'chat-key-2' }, ann),
      sent(api.url, { gameId, emote: 'WOW', idempotencyKey: 'chat-key-2' }, ann),
    ]);
    expect(concurrentA).toEqual(concurrentB);
    expect((await chatOf(api.url, gameId)).map((m) => [m.seq, m.text ?? m.emote])).toEqual([
      [1, 'once'],
      [2, 'WOW'],
    ]);
  });
});

describe('mute', () => {
  test("a muted player's messages are left out of chat, gameChat (replay and live) and node, for the muter only", async () => {
    const gameId = await newLobby([ann, bob, cy]);
    const a1 = await sent(api.url, { gameId, text: 'ann 1' }, ann);
    await sent(api.url, { gameId, text: 'bob 1' }, bob);
    await sent(api.url, { gameId, text: 'ann 2' }, ann);
    await sent(api.url, { gameId, text: 'cy 1' }, cy);
    const reply = await mute(api.url, bob, ann.id, true);
    expect(reply.body.data!.mutePlayer).toEqual({
      player: { id: ann.id },
      muted: true,
      userErrors: [],
      clientMutationId: null,
    });
    expect((await chatOf(api.url, gameId, bob)).map((m) => m.text)).toEqual(['bob 1', 'cy 1']);
    // `first` counts what the viewer sees.
    expect((await chatOf(api.url, gameId, bob, { first: 2 })).map((m) => m.seq)).toEqual([2, 4]);
    expect((await chatOf(api.url, gameId, cy)).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    const node = (viewer: Player) =>
      gql<{ node: { seq: number } | null }>(
        api.url,
        `query($id: ID!) { node(id: $id) { ... on ChatMessage { seq } } }`,
        { id: a1.id },
        viewer.token,
      );
    expect((await node(bob)).body.data!.node).toBeNull();
    expect((await node(cy)).body.data!.node).toEqual({ seq: 1 });

    const bobLive = subscribeChat(socket(bob), gameId, 0);
    const cyLive = subscribeChat(socket(cy), gameId, 0);
    await untilChatSeq(cyLive, 4);
    await untilChatSeq(bobLive, 4);
    await sent(api.url, { gameId, text: 'ann 3' }, ann);
    await sent(api.url, { gameId, text: 'cy 2' }, cy);
    await untilChatSeq(cyLive, 6);
    await untilChatSeq(bobLive, 6);
    expect(bobLive.items.map((m) => m.seq)).toEqual([2, 4, 6]);
    expect(cyLive.items.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);

    // Unmuted: the earlier messages come back, and live ones arrive again.
    expect((await mute(api.url, bob, ann.id, false)).body.data!.mutePlayer.muted).toBe(false);
    expect((await chatOf(api.url, gameId, bob)).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    await sleep(100);
    await sent(api.url, { gameId, text: 'ann 4' }, ann);
    await untilChatSeq(bobLive, 7);
    expect(bobLive.items.map((m) => m.seq)).toEqual([2, 4, 6, 7]);
    expect(bobLive.errors).toEqual([]);
  });

  test('muting yourself is BAD_USER_INPUT, an unknown player NOT_FOUND, anonymous UNAUTHENTICATED', async () => {
    expect(codesOf(await mute(api.url, ann, ann.id))).toEqual(['BAD_USER_INPUT']);
    const nobody = Buffer.from('Player:00000000-0000-4000-8000-000000000000').toString('base64url');
    expect(codesOf(await mute(api.url, ann, nobody))).toEqual(['NOT_FOUND']);
    expect(codesOf(await mute(api.url, null, bob.id))).toEqual(['UNAUTHENTICATED']);
  });
});

describe('live on one process', () => {
  test('gameChat replays after afterSeq, then goes on live; without afterSeq only new messages come', async () => {
    const gameId = await newLobby([ann, bob]);
    for (let i = 1; i <= 3; i++) await sent(api.url, { gameId, text: `before ${i}` }, i % 2 ? ann : bob);
    const all = subscribeChat(socket(), gameId, 0);
    const resumed = subscribeChat(socket(bob), gameId, 2);
    const fresh = subscribeChat(socket(ann), gameId);
    await untilChatSeq(all, 3);
    await untilChatSeq(resumed, 3);
    await sleep(200);
    await sent(api.url, { gameId, emote: 'LAUGH' }, ann);
    await Promise.all([untilChatSeq(all, 4), untilChatSeq(resumed, 4), untilChatSeq(fresh, 4)]);
    expect(all.items.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(resumed.items.map((m) => m.seq)).toEqual([3, 4]);
    expect(fresh.items.map((m) => m.seq)).toEqual([4]);
    expect(all.items[3]).toMatchObject({ emote: 'LAUGH', author: { id: ann.id } });
    const beyond = subscribeChat(socket(), gameId, 9);
    await beyond.ended();
    expect(errorCodes(beyond.errors)).toEqual(['BAD_USER_INPUT']);
  });
});

describe('not game state', () => {
  test('chat never changes Game.version nor the log: a move with the expectedVersion read before it is accepted', async () => {
    const game = await startedGame(api.url, [ann, bob], { preset: 'PERUDO' });
    const before = game.version;
    const lastEvent = game.lastEventSeq;
    const turn = game.turn!.position === 0 ? ann : bob;
    await sent(api.url, { gameId: game.id, text: 'good luck' }, ann);
    await sent(api.url, { gameId: game.id, emote: 'THINKING' }, bob);
    const after = await acceptedMutation(api.url, 'placeBid', turn, {
      gameId: game.id,
      quantity: 1,
      face: 2,
      expectedVersion: before,
    });
    expect(after.version).toBe(before + 1);
    const events = await gql<{ game: { events: { seq: number; type: string }[] } }>(
      api.url,
      `query($id: ID!) { game(id: $id) { events(afterSeq: 0, first: 500) { seq type } } }`,
      { id: game.id },
    );
    const types = events.body.data!.game.events.map((e) => e.type);
    expect(types[types.length - 1]).toBe('BID_PLACED');
    expect(events.body.data!.game.events).toHaveLength(lastEvent + 1);
  });
});

describe('export', () => {
  test('a finished game is exported with its chat, unmuted, oldest first, with the seat at sending', async () => {
    const game = await startedGame(api.url, [ann, bob], { preset: 'PERUDO' });
    const m1 = await sent(api.url, { gameId: game.id, text: '<b>gl</b>' }, ann);
    const m2 = await sent(api.url, { gameId: game.id, emote: 'GOOD_GAME' }, cy);
    await mute(api.url, ann, cy.id, true);
    await playToEnd(api.url, game.id, [ann, bob]);
    const res = await fetch(api.url.replace('/graphql', `/export/games.ndjson?playerId=${bob.id}`));
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; chat: unknown });
    const line = lines.find((l) => l.id === game.id)!;
    expect(line.chat).toEqual([
      { seq: 1, author: ann.id, seat: 0, text: '<b>gl</b>', emote: null, at: m1.at },
      { seq: 2, author: cy.id, seat: null, text: null, emote: 'GOOD_GAME', at: m2.at },
    ]);
    await mute(api.url, ann, cy.id, false);
  }, 60_000);
});

describe('the reference bot client', () => {
  test('answers with OOPS when it loses a die and GOOD_GAME at the end', async () => {
    let joinGame!: (id: string) => void;
    const gameIdOf = new Promise<string>((resolve) => (joinGame = resolve));
    const host = runBot({
      url: api.url,
      name: 'Emote host',
      create: { preset: 'PERUDO', players: 2, overrides: { startingDice: 2 } },
      onGame: joinGame,
      emotes: true,
    });
    const gameId = await gameIdOf;
    const guest = runBot({ url: api.url, name: 'Emote guest', gameId, emotes: true });
    const results = await Promise.all([host, guest]);
    const rounds = await gql<{
      game: { rounds: { nodes: { outcome: { loser: { player: { id: string } } | null } | null }[] } };
    }>(
      api.url,
      `query($id: ID!) { game(id: $id) { rounds(first: 100) { nodes { outcome { loser { player { id } } } } } } }`,
      { id: gameId },
    );
    const losers = rounds.body.data!.game.rounds.nodes.flatMap((r) =>
      r.outcome?.loser ? [r.outcome.loser.player.id] : [],
    );
    const want = (id: string) => [...losers.filter((l) => l === id).map(() => 'OOPS'), 'GOOD_GAME'];
    const byAuthor = async () => {
      const chat = await chatOf(api.url, gameId);
      return Object.fromEntries(
        results.map((r) => [r.playerId, chat.filter((m) => m.author.id === r.playerId).map((m) => m.emote)]),
      );
    };
    await until('both GOOD_GAME emotes', async () => {
      const now = await byAuthor();
      return results.every((r) => now[r.playerId]!.includes('GOOD_GAME'));
    });
    expect(await byAuthor()).toEqual(Object.fromEntries(results.map((r) => [r.playerId, want(r.playerId)])));
  }, 60_000);
});

test('the messages are stored in order in the database too', async () => {
  const rows = await api.sql<{ n: string }>(`SELECT count(*) AS n FROM chat_messages`);
  expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  const gaps = await api.sql(
    `SELECT game_id FROM chat_messages GROUP BY game_id HAVING max(seq) <> count(*) OR min(seq) <> 1`,
  );
  expect(gaps).toEqual([]);
});
