// Direct challenges over the API, on two processes sharing one database: accept, decline, cancel, expire
// (once across both), policies, blocks, the refusals, the rate, and a blocked player's chat hidden from the
// blocker alone, in history and live.
import type { App } from '../../src/app';
import { TestApi } from '../support/api-harness';
import { acceptedMutation, gql, mutate, type Player } from '../support/graphql-client';
import { playToEnd } from '../support/realtime-harness';
import { startServer } from '../support/server-launcher';
import { sleep } from '../support/timing';
import { connect, wsUrlOf, type WsConnection } from '../support/ws-client';
import { chatOf, sent, subscribeChat } from '../chat/chat-support';
import {
  challenged,
  challengeEvents,
  challengeMutation,
  codesOf,
  payload,
  playerEvents,
  setting,
  type ChallengeData,
} from './challenge-support';

const EXPIRY_INTERVAL_MS = 200;

let api: TestApi;
let second: App;
const sockets: WsConnection[] = [];
let registered = 0;

beforeAll(async () => {
  api = await TestApi.start({ server: { challengeExpiryIntervalMs: EXPIRY_INTERVAL_MS } });
  second = await startServer(api.database.url, {
    production: false,
    log: (m) => api.log.push(m),
    challengeExpiryIntervalMs: EXPIRY_INTERVAL_MS,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await second.stop();
  await api.close();
});

// Each test starts with fresh rates: a challenger makes at most 10 challenges a minute.
beforeEach(async () => {
  await api.sql(`UPDATE challenges SET created_at = created_at - interval '1 minute'`);
});

/** Players of their own for one test. */
async function players(...names: string[]): Promise<Player[]> {
  registered++;
  return api.registerPlayers(names.map((n) => `${n} ${registered}`));
}

function socket(url: string, player: Player): WsConnection {
  const conn = connect(wsUrlOf(url), player.token);
  sockets.push(conn);
  return conn;
}

/** A player's playerEvents on a process, once its subscription is live. */
async function eventsOf(url: string, player: Player) {
  const sub = playerEvents(socket(url, player));
  await sleep(300);
  return sub;
}

async function inviteCodeOf(gameId: string, seated: Player): Promise<string> {
  const reply = await gql<{ game: { inviteCode: string | null } }>(
    api.url,
    `query($id: ID!) { game(id: $id) { inviteCode } }`,
    { id: gameId },
    seated.token,
  );
  return reply.body.data!.game.inviteCode!;
}

function act(
  name: 'acceptChallenge' | 'declineChallenge' | 'cancelChallenge',
  c: ChallengeData,
  p: Player,
  url = api.url,
) {
  return payload(challengeMutation(url, name, { challengeId: c.id }, p));
}

/** The database key of a global ID (base64url of "Type:key"). */
const keyOf = (id: string): string => Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;

const statuses = (c: ChallengeData | null) => c!.invitees.map((i) => [i.player.id, i.status]).sort();

describe('answers', () => {
  test('accept: the invitee is seated, the challenger hears it on another process, starts, and the game plays', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const annEvents = await eventsOf(api.url, ann);
    const bobEvents = await eventsOf(second.url, bob);
    const before = Date.now();
    const c = await challenged(api.url, ann, [bob], {
      message: '  a duel?  ',
      expiresInSeconds: 30,
      clientMutationId: 'm1',
    });
    const after = Date.now();
    expect(c).toMatchObject({
      message: 'a duel?',
      status: 'OPEN',
      challenger: { id: ann.id },
      invitees: [{ status: 'OPEN', player: { id: bob.id } }],
      game: {
        status: 'LOBBY',
        visibility: 'PRIVATE',
        maxPlayers: 2,
        host: { id: ann.id },
        seats: [{ player: { id: ann.id } }],
      },
    });
    // 30 s from when the server took it: between the request's start and its answer (one clock, one machine).
    expect(Date.parse(c.expiresAt)).toBeGreaterThanOrEqual(before + 30_000);
    expect(Date.parse(c.expiresAt)).toBeLessThanOrEqual(after + 30_000);
    await bobEvents.until((s) => challengeEvents(s).length === 1, 5_000, 'CHALLENGE_RECEIVED');
    expect(challengeEvents(bobEvents)).toEqual([['CHALLENGE_RECEIVED', c.id]]);
    expect(bobEvents.items.find((e) => e.type === 'CHALLENGE_RECEIVED')!.game).toEqual({
      id: c.game.id,
      status: 'LOBBY',
    });

    // The held seat: nobody else takes it, not with the invite code, not as a bot.
    const code = await inviteCodeOf(c.game.id, ann);
    const stranger = await mutate(api.url, 'joinGame', { gameId: c.game.id, inviteCode: code }, cy.token);
    expect(stranger.body.data!.joinGame.userErrors.map((e) => e.code)).toEqual(['GAME_FULL']);
    const bot = await gql<{ addBot: { userErrors: { code: string }[] } }>(
      api.url,
      `mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }`,
      { input: { gameId: c.game.id, level: 'EASY' } },
      ann.token,
    );
    expect(bot.body.data!.addBot.userErrors.map((e) => e.code)).toEqual(['GAME_FULL']);

    const accepted = await act('acceptChallenge', c, bob, second.url);
    expect(accepted.userErrors).toEqual([]);
    expect(accepted.challenge).toMatchObject({
      id: c.id,
      status: 'ACCEPTED',
      invitees: [{ status: 'ACCEPTED' }],
    });
    expect(accepted.challenge!.game.seats.map((s) => s.player.id)).toEqual([ann.id, bob.id]);
    await annEvents.until((s) => challengeEvents(s).length === 1, 5_000, 'CHALLENGE_ACCEPTED');
    expect(challengeEvents(annEvents)).toEqual([['CHALLENGE_ACCEPTED', c.id]]);

    await acceptedMutation(api.url, 'startGame', ann, { gameId: c.game.id });
    const finished = await playToEnd(api.url, c.game.id, [ann, bob]);
    expect(finished.status).toBe('FINISHED');
    const mine = await gql<{ viewer: { challenges: { id: string }[] } }>(
      api.url,
      `{ viewer { challenges(status: ACCEPTED) { id } } }`,
      {},
      bob.token,
    );
    expect(mine.body.data!.viewer.challenges).toEqual([{ id: c.id }]);
  });

  test('decline: the seat is freed for anyone with the code, the challenger hears it; answering twice is CHALLENGE_NOT_OPEN', async () => {
    const [ann, bob, cy, dan] = await players('Ann', 'Bob', 'Cy', 'Dan');
    const annEvents = await eventsOf(second.url, ann);
    const c = await challenged(api.url, ann, [bob, cy]);
    expect(c.game.maxPlayers).toBe(3);
    const code = await inviteCodeOf(c.game.id, ann);
    const early = await mutate(api.url, 'joinGame', { gameId: c.game.id, inviteCode: code }, dan.token);
    expect(early.body.data!.joinGame.userErrors.map((e) => e.code)).toEqual(['GAME_FULL']);

    const declined = await act('declineChallenge', c, bob);
    expect(declined.userErrors).toEqual([]);
    expect(declined.challenge!.status).toBe('OPEN');
    expect(statuses(declined.challenge)).toEqual(
      [
        [bob.id, 'DECLINED'],
        [cy.id, 'OPEN'],
      ].sort(),
    );
    await annEvents.until((s) => challengeEvents(s).length === 1, 5_000, 'CHALLENGE_DECLINED');
    expect(challengeEvents(annEvents)).toEqual([['CHALLENGE_DECLINED', c.id]]);
    await acceptedMutation(api.url, 'joinGame', dan, { gameId: c.game.id, inviteCode: code });

    const accepted = await act('acceptChallenge', c, cy);
    expect(accepted.challenge!.status).toBe('ACCEPTED');
    expect(accepted.challenge!.game.seats.map((s) => s.player.id)).toEqual([ann.id, dan.id, cy.id]);
    const again = await act('declineChallenge', c, bob);
    expect(again.userErrors.map((e) => e.code)).toEqual(['CHALLENGE_NOT_OPEN']);
    expect(again.challenge!.id).toBe(c.id);
    expect((await act('acceptChallenge', c, cy)).userErrors.map((e) => e.code)).toEqual([
      'CHALLENGE_NOT_OPEN',
    ]);
  });

  test('cancel: nobody accepted, so the lobby is cancelled with it; with an accepted invitee the game stays', async () => {
    const [ann, bob, cy, dan] = await players('Ann', 'Bob', 'Cy', 'Dan');
    const c = await challenged(api.url, ann, [bob]);
    const cancelled = await act('cancelChallenge', c, ann);
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.challenge).toMatchObject({
      status: 'CANCELLED',
      invitees: [{ status: 'CANCELLED' }],
      game: { status: 'CANCELLED' },
    });
    expect((await act('acceptChallenge', c, bob)).userErrors.map((e) => e.code)).toEqual([
      'CHALLENGE_NOT_OPEN',
    ]);
    expect((await act('cancelChallenge', c, ann)).userErrors.map((e) => e.code)).toEqual([
      'CHALLENGE_NOT_OPEN',
    ]);

    const d = await challenged(api.url, ann, [bob, cy]);
    await act('acceptChallenge', d, bob);
    const withdrawn = await act('cancelChallenge', d, ann);
    expect(withdrawn.challenge!.status).toBe('CANCELLED');
    expect(statuses(withdrawn.challenge)).toEqual(
      [
        [bob.id, 'ACCEPTED'],
        [cy.id, 'CANCELLED'],
      ].sort(),
    );
    expect(withdrawn.challenge!.game.status).toBe('LOBBY');
    const code = await inviteCodeOf(d.game.id, ann);
    await acceptedMutation(api.url, 'joinGame', dan, { gameId: d.game.id, inviteCode: code });
    expect(await api.sql(`SELECT player_id FROM held_seats WHERE game_id = $1`, [keyOf(d.game.id)])).toEqual(
      [],
    );
  });

  test('expire: an unanswered challenge expires once across both processes, and its held seats are freed', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const annEvents = await eventsOf(api.url, ann);
    const bobEvents = await eventsOf(second.url, bob);
    const cyEvents = await eventsOf(second.url, cy);
    const c = await challenged(api.url, ann, [bob, cy], { expiresInSeconds: 30 });
    await act('acceptChallenge', c, bob);
    await sleep(1_000);
    expect(await api.sql(`SELECT status FROM challenges WHERE id = $1`, [keyOf(c.id)])).toEqual([
      { status: 'OPEN' },
    ]);
    // The clock moves past expiresAt: both processes' jobs look every 200 ms.
    await api.sql(`UPDATE challenges SET expires_at = now() - interval '1 second' WHERE game_id = $1`, [
      keyOf(c.game.id),
    ]);
    await annEvents.until(
      (s) => challengeEvents(s).some(([t]) => t === 'CHALLENGE_EXPIRED'),
      5_000,
      'CHALLENGE_EXPIRED',
    );
    await cyEvents.until(
      (s) => challengeEvents(s).some(([t]) => t === 'CHALLENGE_EXPIRED'),
      5_000,
      'CHALLENGE_EXPIRED',
    );
    await sleep(1_000);
    expect(challengeEvents(annEvents)).toEqual([
      ['CHALLENGE_ACCEPTED', c.id],
      ['CHALLENGE_EXPIRED', c.id],
    ]);
    expect(challengeEvents(cyEvents)).toEqual([
      ['CHALLENGE_RECEIVED', c.id],
      ['CHALLENGE_EXPIRED', c.id],
    ]);
    expect(challengeEvents(bobEvents)).toEqual([['CHALLENGE_RECEIVED', c.id]]);
    expect(cyEvents.items.find((e) => e.type === 'CHALLENGE_EXPIRED')!.challenge).toEqual({
      id: c.id,
      status: 'EXPIRED',
    });
    const after = await act('acceptChallenge', c, cy);
    expect(after.userErrors.map((e) => e.code)).toEqual(['CHALLENGE_NOT_OPEN']);
    expect(statuses(after.challenge)).toEqual(
      [
        [bob.id, 'ACCEPTED'],
        [cy.id, 'EXPIRED'],
      ].sort(),
    );
    expect(await api.sql(`SELECT player_id FROM held_seats WHERE game_id = $1`, [keyOf(c.game.id)])).toEqual(
      [],
    );
  });
});

describe('the game leaves its lobby', () => {
  test('a challenger who starts before every invitee answered: the invitations still open expire at once', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const cyEvents = await eventsOf(second.url, cy);
    const c = await challenged(api.url, ann, [bob, cy], { expiresInSeconds: 3_600 });
    await act('acceptChallenge', c, bob);
    await acceptedMutation(api.url, 'startGame', ann, { gameId: c.game.id });
    await cyEvents.until((s) => challengeEvents(s).length === 2, 5_000, 'CHALLENGE_EXPIRED');
    expect(challengeEvents(cyEvents)).toEqual([
      ['CHALLENGE_RECEIVED', c.id],
      ['CHALLENGE_EXPIRED', c.id],
    ]);
    const late = await act('acceptChallenge', c, cy);
    expect(late.userErrors.map((e) => e.code)).toEqual(['CHALLENGE_NOT_OPEN']);
    expect(late.challenge).toMatchObject({ status: 'EXPIRED', game: { status: 'IN_PROGRESS' } });
    expect(statuses(late.challenge)).toEqual(
      [
        [bob.id, 'ACCEPTED'],
        [cy.id, 'EXPIRED'],
      ].sort(),
    );
  });
});

describe('who may challenge whom', () => {
  test('refuse-all: a player with policy NOBODY refuses every challenge, without saying who refused', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const cyEvents = await eventsOf(api.url, cy);
    const set = await setting(
      api.url,
      'setChallengePolicy',
      { policy: 'NOBODY', clientMutationId: 'p1' },
      bob,
    );
    expect(set.body.data!.setChallengePolicy).toEqual({
      player: { id: bob.id },
      userErrors: [],
      clientMutationId: 'p1',
    });
    const before = await api.sql(`SELECT count(*)::int AS n FROM challenges`);
    const refused = await payload(
      challengeMutation(api.url, 'challengePlayers', { playerIds: [cy.id, bob.id], preset: 'PUB' }, ann),
    );
    expect(refused.challenge).toBeNull();
    expect(refused.userErrors).toEqual([
      {
        code: 'CHALLENGES_REFUSED',
        message: 'a player you challenged does not take challenges from you',
        field: null,
      },
    ]);
    expect(await api.sql(`SELECT count(*)::int AS n FROM challenges`)).toEqual(before);
    const policy = await gql<{
      viewer: { challengePolicy: string };
      player: { challengePolicy: string | null };
    }>(
      api.url,
      `query($id: ID!) { viewer { challengePolicy } player(id: $id) { challengePolicy } }`,
      { id: ann.id },
      bob.token,
    );
    expect(policy.body.data).toEqual({
      viewer: { challengePolicy: 'NOBODY' },
      player: { challengePolicy: null },
    });
    await setting(api.url, 'setChallengePolicy', { policy: 'EVERYONE' }, bob);
    const c = await challenged(api.url, ann, [cy, bob]);
    await cyEvents.until((s) => challengeEvents(s).length === 1, 5_000, 'CHALLENGE_RECEIVED');
    // The refused challenge never reached cy.
    expect(challengeEvents(cyEvents)).toEqual([['CHALLENGE_RECEIVED', c.id]]);
  });

  test('PLAYED_WITH: only players who shared a started game may challenge', async () => {
    const [ann, eve] = await players('Ann', 'Eve');
    await setting(api.url, 'setChallengePolicy', { policy: 'PLAYED_WITH' }, eve);
    const first = await payload(
      challengeMutation(api.url, 'challengePlayers', { playerIds: [eve.id], preset: 'PUB' }, ann),
    );
    expect(first.userErrors.map((e) => e.code)).toEqual(['CHALLENGES_REFUSED']);
    const game = await api.createGame(ann, { preset: 'PUB' });
    await acceptedMutation(api.url, 'joinGame', eve, { gameId: game.id });
    // Seated together in a lobby is not yet having played together.
    const lobby = await payload(
      challengeMutation(api.url, 'challengePlayers', { playerIds: [eve.id], preset: 'PUB' }, ann),
    );
    expect(lobby.userErrors.map((e) => e.code)).toEqual(['CHALLENGES_REFUSED']);
    await acceptedMutation(api.url, 'startGame', ann, { gameId: game.id });
    const c = await challenged(api.url, ann, [eve]);
    expect(c.invitees).toEqual([{ status: 'OPEN', player: { id: eve.id } }]);
  });

  test('a blocked player cannot challenge the blocker, alone or among others; unblocking lifts it', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const blocked = await setting(api.url, 'blockPlayer', { playerId: ann.id }, bob);
    expect(blocked.body.data!.blockPlayer).toEqual({
      player: { id: bob.id },
      userErrors: [],
      clientMutationId: null,
    });
    for (const invitees of [[bob], [cy, bob]]) {
      const refused = await payload(
        challengeMutation(
          api.url,
          'challengePlayers',
          { playerIds: invitees.map((p) => p.id), preset: 'PUB' },
          ann,
        ),
      );
      expect(refused.userErrors).toEqual([
        {
          code: 'CHALLENGES_REFUSED',
          message: 'a player you challenged does not take challenges from you',
          field: null,
        },
      ]);
    }
    // The blocker may still challenge the player they blocked.
    await challenged(api.url, bob, [ann]);
    const lists = await gql<{
      viewer: { blockedPlayers: { id: string }[] };
      player: { blockedPlayers: null };
    }>(
      api.url,
      `query($id: ID!) { viewer { blockedPlayers { id } } player(id: $id) { blockedPlayers { id } } }`,
      { id: bob.id },
      ann.token,
    );
    expect(lists.body.data).toEqual({ viewer: { blockedPlayers: [] }, player: { blockedPlayers: null } });
    const own = await gql<{ viewer: { blockedPlayers: { id: string }[] } }>(
      api.url,
      `{ viewer { blockedPlayers { id } } }`,
      {},
      bob.token,
    );
    expect(own.body.data!.viewer.blockedPlayers).toEqual([{ id: ann.id }]);
    await setting(api.url, 'unblockPlayer', { playerId: ann.id }, bob);
    await challenged(api.url, ann, [bob]);
  });
});

describe('refusals', () => {
  test("someone else's challenge is NOT_FOUND, for acting on it and for reading it", async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const c = await challenged(api.url, ann, [bob]);
    for (const name of ['acceptChallenge', 'declineChallenge', 'cancelChallenge'] as const) {
      const reply = await challengeMutation(api.url, name, { challengeId: c.id }, cy);
      expect(codesOf(reply)).toEqual(['NOT_FOUND']);
    }
    // An invitee is not the challenger, and the challenger is not an invitee.
    expect(codesOf(await challengeMutation(api.url, 'cancelChallenge', { challengeId: c.id }, bob))).toEqual([
      'NOT_FOUND',
    ]);
    expect(codesOf(await challengeMutation(api.url, 'acceptChallenge', { challengeId: c.id }, ann))).toEqual([
      'NOT_FOUND',
    ]);
    const node = (p: Player) =>
      gql<{ node: { id: string } | null }>(
        api.url,
        `query($id: ID!) { node(id: $id) { ... on Challenge { id } } }`,
        { id: c.id },
        p.token,
      );
    expect((await node(cy)).body.data!.node).toBeNull();
    expect((await node(bob)).body.data!.node).toEqual({ id: c.id });
    const theirs = await gql<{ player: { challenges: null } }>(
      api.url,
      `query($id: ID!) { player(id: $id) { challenges { id } } }`,
      { id: ann.id },
      cy.token,
    );
    expect(theirs.body.data!.player.challenges).toBeNull();
  });

  test('malformed input is BAD_USER_INPUT stating the rule', async () => {
    const [ann, bob, cy, dan] = await players('Ann', 'Bob', 'Cy', 'Dan');
    const cases: [Record<string, unknown>, string][] = [
      [{ playerIds: [ann.id] }, 'you cannot challenge yourself'],
      [{ playerIds: [bob.id, ann.id] }, 'you cannot challenge yourself'],
      [{ playerIds: [] }, 'playerIds must name 1 to 19 players'],
      [{ playerIds: [bob.id, bob.id] }, 'each player may be named once'],
      [
        { playerIds: [bob.id, cy.id, dan.id], overrides: { maxPlayers: 3 } },
        'challenge 1 to 2 other players (these rules seat 2 to 3)',
      ],
      [
        { playerIds: [bob.id], overrides: { minPlayers: 3 } },
        'challenge 2 to 9 other players (these rules seat 3 to 10)',
      ],
      [{ playerIds: [bob.id], expiresInSeconds: 29 }, 'expiresInSeconds must be an integer from 30 to 86400'],
      [
        { playerIds: [bob.id], expiresInSeconds: 86_401 },
        'expiresInSeconds must be an integer from 30 to 86400',
      ],
    ];
    for (const [input, message] of cases) {
      const reply = await challengeMutation(api.url, 'challengePlayers', { preset: 'PUB', ...input }, ann);
      expect([codesOf(reply), reply.body.errors?.[0]?.message]).toEqual([['BAD_USER_INPUT'], message]);
    }
    expect(codesOf(await setting(api.url, 'blockPlayer', { playerId: ann.id }, ann))).toEqual([
      'BAD_USER_INPUT',
    ]);
    expect(
      await api.sql(
        `SELECT count(*)::int AS n FROM challenges c JOIN players p ON p.id = c.challenger_id WHERE p.name = $1`,
        [ann.name],
      ),
    ).toEqual([{ n: 0 }]);
  });

  test('RATE_LIMITED past 10 challenges a minute, with retryAfterSeconds; refused ones do not count', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    await setting(api.url, 'setChallengePolicy', { policy: 'NOBODY' }, cy);
    const refused = await payload(
      challengeMutation(api.url, 'challengePlayers', { playerIds: [cy.id], preset: 'PUB' }, ann),
    );
    expect(refused.userErrors.map((e) => e.code)).toEqual(['CHALLENGES_REFUSED']);
    for (let i = 0; i < 10; i++) {
      const c = await challenged(api.url, ann, [bob]);
      // Cancelled, so that the open lobbies stay under the seat cap.
      await act('cancelChallenge', c, ann);
    }
    const over = await challengeMutation(
      api.url,
      'challengePlayers',
      { playerIds: [bob.id], preset: 'PUB' },
      ann,
    );
    expect(codesOf(over)).toEqual(['RATE_LIMITED']);
    const retry = over.body.errors![0]!.extensions!.retryAfterSeconds as number;
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    await api.sql(`UPDATE challenges SET created_at = created_at - interval '1 minute'`);
    await challenged(api.url, ann, [bob]);
  });

  test('a retry with the same idempotencyKey is answered as the first time and applied once', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const input = { playerIds: [bob.id], preset: 'PUB', idempotencyKey: 'duel-1' };
    const first = await payload(challengeMutation(api.url, 'challengePlayers', input, ann));
    const again = await payload(challengeMutation(api.url, 'challengePlayers', input, ann));
    expect(again.challenge!.id).toBe(first.challenge!.id);
    const accept = { challengeId: first.challenge!.id, idempotencyKey: 'yes-1' };
    const yes = await payload(challengeMutation(api.url, 'acceptChallenge', accept, bob));
    const yesAgain = await payload(challengeMutation(api.url, 'acceptChallenge', accept, bob));
    expect([yes.userErrors, yesAgain.userErrors]).toEqual([[], []]);
    expect(yesAgain.challenge!.status).toBe('ACCEPTED');
    const other = await payload(challengeMutation(api.url, 'declineChallenge', accept, bob));
    expect(other.userErrors.map((e) => e.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
  });
});

describe('a blocked player’s chat', () => {
  test('is hidden from the blocker only, in chat history and live, on every process, until unblocked', async () => {
    const [ann, bob, cy] = await players('Ann', 'Bob', 'Cy');
    const game = await api.createGame(ann, { preset: 'PUB' });
    for (const p of [bob, cy]) await acceptedMutation(api.url, 'joinGame', p, { gameId: game.id });
    await sent(api.url, { gameId: game.id, text: 'before' }, ann);
    // Bob follows the chat on the other process from before the block.
    const bobLive = subscribeChat(socket(second.url, bob), game.id);
    const cyLive = subscribeChat(socket(second.url, cy), game.id);
    await sleep(300);
    const blocked = await setting(api.url, 'blockPlayer', { playerId: ann.id }, bob);
    expect(blocked.body.data!.blockPlayer.userErrors).toEqual([]);
    await sleep(300);
    await sent(api.url, { gameId: game.id, text: 'after' }, ann);
    await sent(api.url, { gameId: game.id, text: 'from cy' }, cy);
    await cyLive.until((s) => s.items.length === 2, 5_000, 'two messages');
    await bobLive.until((s) => s.items.length === 1, 5_000, 'one message');
    await sleep(500);
    expect(bobLive.items.map((m) => m.text)).toEqual(['from cy']);
    expect(cyLive.items.map((m) => m.text)).toEqual(['after', 'from cy']);
    const texts = async (p: Player) => (await chatOf(api.url, game.id, p)).map((m) => m.text);
    expect(await texts(bob)).toEqual(['from cy']);
    expect(await texts(cy)).toEqual(['before', 'after', 'from cy']);
    expect(await texts(ann)).toEqual(['before', 'after', 'from cy']);
    // A replay from the start shows the blocker nothing of the blocked player either.
    const bobReplay = subscribeChat(socket(api.url, bob), game.id, 0);
    await bobReplay.until((s) => s.items.length === 1, 5_000, 'the replay');
    await sleep(300);
    expect(bobReplay.items.map((m) => m.seq)).toEqual([3]);
    await setting(api.url, 'unblockPlayer', { playerId: ann.id }, bob);
    expect(await texts(bob)).toEqual(['before', 'after', 'from cy']);
  });
});
