import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  dataOf,
  gql,
  mutate,
  onlyError,
  payloadOf,
  registerPlayer,
  type GamePayload,
  type Player,
  type Reply,
  type UserErrorData,
} from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { challenged, challengeMutation, payload } from '../challenges/challenge-support';
import { connect, subscribeEvents, wsUrlOf, type WsConnection } from '../support/ws-client';

/**
 * Agents through the API of two processes on one database: a person creates them (at most 10 that are not
 * retired), with registerPlayer's name rules; only their owner replaces their tokens, renames and retires
 * them, which revokes their tokens on both processes; and tables that refuse agents refuse their seats.
 */

let db: TestDatabase;
let a: App;
let b: App;
const sockets: WsConnection[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  [a, b] = await Promise.all([
    startServer(db.url, { uniqueNames: true }),
    startServer(db.url, { uniqueNames: true }),
  ]);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

interface PlayerFields {
  id: string;
  name: string;
  isBot: boolean;
  isAgent: boolean;
  retired: boolean;
  isArenaReference: boolean;
  owner: { id: string } | null;
}
const PLAYER_FIELDS = 'id name isBot isAgent retired isArenaReference owner { id }';

interface TokenReply {
  player: PlayerFields | null;
  token: string | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
}
const CREATE = `mutation($input: CreateAgentInput!) {
  createAgent(input: $input) { player { ${PLAYER_FIELDS} } token userErrors { code message field } clientMutationId }
}`;
const ROTATE = `mutation($input: AgentInput!) {
  rotateAgentToken(input: $input) { player { id name } token userErrors { code message field } clientMutationId }
}`;
const RENAME = `mutation($input: RenameAgentInput!) {
  renameAgent(input: $input) { player { ${PLAYER_FIELDS} } userErrors { code message field } clientMutationId }
}`;
const RETIRE = `mutation($input: AgentInput!) {
  retireAgent(input: $input) { player { ${PLAYER_FIELDS} } userErrors { code message field } clientMutationId }
}`;
const VIEWER = `{ viewer { ${PLAYER_FIELDS} agents { id name isAgent retired } } }`;

type ViewerReply = { viewer: (PlayerFields & { agents: { id: string }[] | null }) | null };

function createAgent(url: string, owner: Player, input: object): Promise<Reply<{ createAgent: TokenReply }>> {
  return gql<{ createAgent: TokenReply }>(url, CREATE, { input }, owner.token);
}

/** A new agent of `owner`'s, as a Player of the test client. */
async function agentOf(owner: Player, name: string, url = a.url): Promise<Player> {
  const created = dataOf(await createAgent(url, owner, { name })).createAgent;
  expect(created.userErrors).toEqual([]);
  return { id: created.player!.id, name: created.player!.name, token: created.token! };
}

function viewer(url: string, token: string): Promise<Reply<ViewerReply>> {
  return gql<ViewerReply>(url, VIEWER, {}, token);
}

function codeOf(reply: Reply<unknown>): unknown {
  return onlyError(reply).extensions?.code;
}

/** The one top-level error of a reply as [code, message]. */
function refusal(reply: Reply<unknown>): [unknown, string] {
  const error = onlyError(reply);
  return [error.extensions?.code, error.message];
}

/** A socket of `token` on `app` with a live subscription to the game's events. */
async function liveSocket(app: App, token: string, gameId: string): Promise<WsConnection> {
  const conn = connect(wsUrlOf(app.url), token);
  sockets.push(conn);
  const sub = subscribeEvents(conn, gameId, 0);
  await sub.until((s) => s.items.length > 0, 10_000, 'the replay');
  return conn;
}

async function unratedGame(host: Player): Promise<string> {
  const created = payloadOf(
    await mutate(a.url, 'createGame', { preset: 'PERUDO', rated: false }, host.token),
  );
  expect(created.userErrors).toEqual([]);
  return created.game!.id;
}

describe('createAgent', () => {
  it("registers an agent of the person's with its own token; only its owner sees it among their agents", async () => {
    const ann = await registerPlayer(a.url, 'Ann');
    const bob = await registerPlayer(a.url, 'Bob');
    const reply = dataOf(
      await createAgent(a.url, ann, { name: '  Ann Bot One ', clientMutationId: 'c1' }),
    ).createAgent;
    expect(reply.userErrors).toEqual([]);
    expect(reply.clientMutationId).toBe('c1');
    expect(reply.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const agentId = reply.player!.id;
    expect(reply.player).toEqual({
      id: agentId,
      name: 'Ann Bot One',
      isBot: false,
      isAgent: true,
      retired: false,
      isArenaReference: false,
      owner: { id: ann.id },
    });
    // Its token works on both processes; it is an agent owned by Ann, and owns no agents itself.
    for (const app of [a, b]) {
      expect(dataOf(await viewer(app.url, reply.token!)).viewer).toEqual({
        ...reply.player,
        agents: [],
      });
    }
    // Ann sees it among her agents; Bob sees no one's agents, and Ann as a person.
    expect(dataOf(await viewer(b.url, ann.token)).viewer).toEqual({
      id: ann.id,
      name: 'Ann',
      isBot: false,
      isAgent: false,
      retired: false,
      isArenaReference: false,
      owner: null,
      agents: [{ id: agentId, name: 'Ann Bot One', isAgent: true, retired: false }],
    });
    const seen = await gql<{ player: { agents: unknown; owner: unknown } }>(
      a.url,
      `query($id: ID!) { player(id: $id) { agents { id } owner { id } } }`,
      { id: ann.id },
      bob.token,
    );
    expect(dataOf(seen).player).toEqual({ agents: null, owner: null });
    const anonymous = await gql<{ player: { agents: unknown; owner: unknown } }>(
      a.url,
      `query($id: ID!) { player(id: $id) { agents { id } owner { id } isAgent } }`,
      { id: agentId },
    );
    expect(dataOf(anonymous).player).toEqual({ agents: null, owner: { id: ann.id }, isAgent: true });
    // Stored hashed, owned by Ann.
    expect(
      await sql(
        db.url,
        'SELECT owner_id::text AS owner, length(token_hash) AS n FROM players WHERE id = $1',
        [keyOf(agentId, 'Player')],
      ),
    ).toEqual([{ owner: keyOf(ann.id, 'Player'), n: 64 }]);
  });

  it('is refused to an agent (AGENTS_NOT_ALLOWED) and without a token (UNAUTHENTICATED)', async () => {
    const cleo = await registerPlayer(a.url, 'Cleo');
    const agent = await agentOf(cleo, 'Cleo Bot');
    const reply = dataOf(await createAgent(b.url, agent, { name: 'Grandchild' })).createAgent;
    expect(reply).toEqual({
      player: null,
      token: null,
      userErrors: [
        {
          code: 'AGENTS_NOT_ALLOWED',
          message: 'only a person may own agents: an agent cannot create one',
          field: [],
        },
      ],
      clientMutationId: null,
    });
    expect(codeOf(await gql(a.url, CREATE, { input: { name: 'Nobody Bot' } }))).toBe('UNAUTHENTICATED');
    expect(
      await sql(db.url, "SELECT count(*)::int AS n FROM players WHERE name IN ('Grandchild', 'Nobody Bot')"),
    ).toEqual([{ n: 0 }]);
  });

  it("takes registerPlayer's name rules: invisible characters and taken or look-alike names are BAD_USER_INPUT", async () => {
    const dora = await registerPlayer(a.url, 'Dora');
    expect(refusal(await createAgent(a.url, dora, { name: 'Bot\u3164' }))).toEqual([
      'BAD_USER_INPUT',
      'name must not contain control, formatting, invisible or blank characters (found U+3164); joiners and variation selectors only inside emoji',
    ]);
    expect(refusal(await createAgent(a.url, dora, { name: '   ' }))[0]).toBe('BAD_USER_INPUT');
    const taken = (name: string) => [
      'BAD_USER_INPUT',
      `name must not look like another player's name: "${name}" is taken, or looks like a name that is (case, spacing and look-alike letters of other scripts do not make names different)`,
    ];
    // A person's name, a look-alike of it, and another agent's name.
    await agentOf(dora, 'Dora Bot');
    for (const name of ['DORA', 'D\u043Era', 'dora bot']) {
      expect(refusal(await createAgent(b.url, dora, { name }))).toEqual(taken(name));
    }
    // Nobody may register as the agent either.
    const registered = await gql(a.url, `mutation { registerPlayer(input: { name: "Dora Bot" }) { token } }`);
    expect(refusal(registered)).toEqual(taken('Dora Bot'));
    expect(await sql(db.url, "SELECT count(*)::int AS n FROM players WHERE name ILIKE '%dora%'")).toEqual([
      { n: 2 },
    ]);
  });

  it('holds an owner to 10 agents that are not retired, also under concurrent creates; retiring frees a place', async () => {
    const eve = await registerPlayer(a.url, 'Eve');
    const replies = await Promise.all(
      Array.from({ length: 14 }, (_, i) => createAgent(i % 2 ? a.url : b.url, eve, { name: `Eve Bot ${i}` })),
    );
    const outcomes = replies.map((r) => dataOf(r).createAgent);
    const created = outcomes.filter((o) => o.userErrors.length === 0);
    const refused = outcomes.filter((o) => o.userErrors.length > 0);
    expect(created).toHaveLength(10);
    expect(refused.map((o) => [o.player, o.token, o.userErrors])).toEqual(
      Array.from({ length: 4 }, () => [
        null,
        null,
        [
          {
            code: 'AGENT_LIMIT_REACHED',
            message:
              'a person may hold at most 10 agents that are not retired: retire one (retireAgent) to create another',
            field: ['input'],
          },
        ],
      ]),
    );
    const owned = () =>
      sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM players WHERE owner_id = $1', [
        keyOf(eve.id, 'Player'),
      ]);
    expect(await owned()).toEqual([{ n: 10 }]);
    // The 11th is refused; after a retirement there is room for one more, and then none.
    expect(dataOf(await createAgent(a.url, eve, { name: 'Eve Late' })).createAgent.userErrors[0]?.code).toBe(
      'AGENT_LIMIT_REACHED',
    );
    const retired = dataOf(
      await gql<{ retireAgent: { player: PlayerFields } }>(
        b.url,
        RETIRE,
        { input: { agentId: created[0]!.player!.id } },
        eve.token,
      ),
    ).retireAgent.player;
    expect(retired.retired).toBe(true);
    expect(dataOf(await createAgent(a.url, eve, { name: 'Eve Late' })).createAgent.userErrors).toEqual([]);
    expect(dataOf(await createAgent(b.url, eve, { name: 'Eve Later' })).createAgent.userErrors[0]?.code).toBe(
      'AGENT_LIMIT_REACHED',
    );
    expect(await owned()).toEqual([{ n: 11 }]);
    // The owner's list: all 11, retired ones too, oldest first.
    const agents = dataOf(await viewer(a.url, eve.token)).viewer!.agents!;
    expect(agents).toHaveLength(11);
    expect(agents.filter((x) => (x as unknown as { retired: boolean }).retired)).toEqual([
      { id: retired.id, name: retired.name, isAgent: true, retired: true },
    ]);
    expect((agents[10] as unknown as { name: string }).name).toBe('Eve Late');
  });

  it('a retry with the same idempotencyKey returns the same agent and token and creates once', async () => {
    const finn = await registerPlayer(a.url, 'Finn');
    const key = randomUUID();
    const first = dataOf(
      await createAgent(a.url, finn, { name: 'Finn Bot', idempotencyKey: key }),
    ).createAgent;
    const again = dataOf(
      await createAgent(b.url, finn, { name: 'Finn Bot', idempotencyKey: key }),
    ).createAgent;
    expect(again).toEqual(first);
    expect(dataOf(await viewer(b.url, again.token!)).viewer?.id).toBe(first.player!.id);
    // The same key for another name is refused; another owner's same key is their own.
    expect(
      dataOf(await createAgent(a.url, finn, { name: 'Finn Other', idempotencyKey: key })).createAgent
        .userErrors,
    ).toEqual([
      {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'this idempotencyKey was already used to create an agent of another name; use a new key',
        field: ['idempotencyKey'],
      },
    ]);
    const gus = await registerPlayer(a.url, 'Gus');
    const gusAgent = dataOf(
      await createAgent(a.url, gus, { name: 'Gus Bot', idempotencyKey: key }),
    ).createAgent;
    expect(gusAgent.player?.owner).toEqual({ id: gus.id });
    expect(
      await sql(db.url, 'SELECT count(*)::int AS n FROM players WHERE owner_id = $1', [
        keyOf(finn.id, 'Player'),
      ]),
    ).toEqual([{ n: 1 }]);
  });
});

describe("an agent's owner", () => {
  it('alone rotates, renames and retires it: any other id is the same NOT_FOUND', async () => {
    const hal = await registerPlayer(a.url, 'Hal');
    const ida = await registerPlayer(a.url, 'Ida');
    const agent = await agentOf(hal, 'Hal Bot');
    const unknown = Buffer.from(`Player:${randomUUID()}`).toString('base64url');
    const game = await unratedGame(hal);
    for (const [caller, agentId] of [
      [ida, agent.id],
      [hal, ida.id],
      [hal, hal.id],
      [hal, unknown],
      [hal, game],
    ] as const) {
      for (const [query, input] of [
        [ROTATE, { agentId }],
        [RENAME, { agentId, name: 'Stolen Bot' }],
        [RETIRE, { agentId }],
      ] as const) {
        expect(refusal(await gql(b.url, query, { input }, caller.token))).toEqual([
          'NOT_FOUND',
          `agent ${agentId} does not exist`,
        ]);
      }
    }
    expect(refusal(await gql(a.url, RETIRE, { input: { agentId: 'nope' } }, hal.token))).toEqual([
      'BAD_USER_INPUT',
      'agentId is not a valid ID',
    ]);
    // Nothing changed: the agent works under its name.
    expect(dataOf(await viewer(a.url, agent.token)).viewer).toMatchObject({
      name: 'Hal Bot',
      retired: false,
    });
    // The owner renames it, under the name rules.
    const renamed = dataOf(
      await gql<{ renameAgent: { player: PlayerFields; clientMutationId: string } }>(
        a.url,
        RENAME,
        { input: { agentId: agent.id, name: 'Hal Bot Two', clientMutationId: 'r1', idempotencyKey: 'k' } },
        hal.token,
      ),
    ).renameAgent;
    expect(renamed.player).toMatchObject({ id: agent.id, name: 'Hal Bot Two', owner: { id: hal.id } });
    expect(renamed.clientMutationId).toBe('r1');
    for (const app of [b, a]) {
      expect(dataOf(await viewer(app.url, agent.token)).viewer?.name).toBe('Hal Bot Two');
    }
    expect(
      refusal(await gql(a.url, RENAME, { input: { agentId: agent.id, name: 'IDA' } }, hal.token))[1],
    ).toBe(
      `name must not look like another player's name: "IDA" is taken, or looks like a name that is (case, spacing and look-alike letters of other scripts do not make names different)`,
    );
  });

  it('rotating its token revokes every earlier one at once on both processes; a keyed retry rotates once', async () => {
    const jo = await registerPlayer(a.url, 'Jo');
    const agent = await agentOf(jo, 'Jo Bot');
    const game = await unratedGame(jo);
    expect(payloadOf(await mutate(a.url, 'joinGame', { gameId: game }, agent.token)).userErrors).toEqual([]);
    const socketA = await liveSocket(a, agent.token, game);
    const socketB = await liveSocket(b, agent.token, game);
    const ownerSocket = await liveSocket(b, jo.token, game);
    const closed = Promise.all([socketA.nextClose(), socketB.nextClose()]);

    const started = Date.now();
    const input = { agentId: agent.id, idempotencyKey: 'rotate-1', clientMutationId: 'm1' };
    const rotated = dataOf(
      await gql<{ rotateAgentToken: TokenReply }>(a.url, ROTATE, { input }, jo.token),
    ).rotateAgentToken;
    expect(rotated.player).toEqual({ id: agent.id, name: 'Jo Bot' });
    expect(rotated.clientMutationId).toBe('m1');
    expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.token).not.toBe(agent.token);
    for (const app of [b, a]) {
      const refused = await viewer(app.url, agent.token);
      expect({ status: refused.status, code: codeOf(refused) }).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      expect(dataOf(await viewer(app.url, rotated.token!)).viewer?.id).toBe(agent.id);
    }
    expect((await closed).map((c) => c.code)).toEqual([4403, 4403]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ownerSocket.closes).toEqual([]);
    // The owner's retry with the key, on the other process: the same token, and it still works.
    const retry = dataOf(
      await gql<{ rotateAgentToken: TokenReply }>(
        b.url,
        ROTATE,
        { input: { agentId: agent.id, idempotencyKey: 'rotate-1' } },
        jo.token,
      ),
    ).rotateAgentToken;
    expect(retry.token).toBe(rotated.token);
    expect(dataOf(await viewer(a.url, rotated.token!)).viewer?.id).toBe(agent.id);
    // The replaced token may not even retry a rotation of its own.
    expect(
      codeOf(
        await gql(
          a.url,
          `mutation { rotateToken(input: { idempotencyKey: "rotate-1" }) { token } }`,
          {},
          agent.token,
        ),
      ),
    ).toBe('UNAUTHENTICATED');
  });

  it('retiring it revokes its tokens on both processes, for good; retiring again changes nothing', async () => {
    const kim = await registerPlayer(a.url, 'Kim');
    const agent = await agentOf(kim, 'Kim Bot');
    const game = await unratedGame(kim);
    expect(payloadOf(await mutate(a.url, 'joinGame', { gameId: game }, agent.token)).userErrors).toEqual([]);
    const socket = await liveSocket(b, agent.token, game);
    const closed = socket.nextClose();
    const started = Date.now();
    const retired = dataOf(
      await gql<{ retireAgent: { player: PlayerFields } }>(
        a.url,
        RETIRE,
        { input: { agentId: agent.id } },
        kim.token,
      ),
    ).retireAgent.player;
    expect(retired).toEqual({
      id: agent.id,
      name: 'Kim Bot',
      isBot: false,
      isAgent: true,
      retired: true,
      isArenaReference: false,
      owner: { id: kim.id },
    });
    for (const app of [a, b]) expect(codeOf(await viewer(app.url, agent.token))).toBe('UNAUTHENTICATED');
    expect((await closed).code).toBe(4403);
    expect(Date.now() - started).toBeLessThan(5_000);
    const again = dataOf(
      await gql<{ retireAgent: { player: PlayerFields } }>(
        b.url,
        RETIRE,
        { input: { agentId: agent.id } },
        kim.token,
      ),
    ).retireAgent.player;
    expect(again).toEqual(retired);
    // Its token is never renewed.
    expect(refusal(await gql(a.url, ROTATE, { input: { agentId: agent.id } }, kim.token))).toEqual([
      'NOT_FOUND',
      `agent ${agent.id} does not exist`,
    ]);
    const [row] = await sql<{ retired: boolean }>(
      db.url,
      'SELECT retired_at IS NOT NULL AS retired FROM players WHERE id = $1',
      [keyOf(agent.id, 'Player')],
    );
    expect(row).toEqual({ retired: true });
  });
});

describe('tables and agents', () => {
  const GAME_FIELDS = 'id rated allowAgents seats { player { id } }';

  it('allowAgents: omitted, false for a rated game and true for an unrated one; as given otherwise', async () => {
    const lou = await registerPlayer(a.url, 'Lou');
    const cases: [object, { rated: boolean; allowAgents: boolean }][] = [
      [{}, { rated: true, allowAgents: false }],
      [{ rated: true }, { rated: true, allowAgents: false }],
      [{ rated: false }, { rated: false, allowAgents: true }],
      [
        { rated: true, allowAgents: true },
        { rated: true, allowAgents: true },
      ],
      [
        { rated: false, allowAgents: false },
        { rated: false, allowAgents: false },
      ],
    ];
    for (const [input, expected] of cases) {
      const reply = payloadOf(
        await mutate<{ rated: boolean; allowAgents: boolean }>(
          a.url,
          'createGame',
          { preset: 'PERUDO', ...input },
          lou.token,
          'rated allowAgents',
        ),
      );
      expect([input, reply.game]).toEqual([input, expected]);
    }
  });

  it("refuses an agent's seat at a table with allowAgents false and takes it at one with true", async () => {
    const max = await registerPlayer(a.url, 'Max');
    const nia = await registerPlayer(a.url, 'Nia');
    const agent = await agentOf(max, 'Max Bot');
    const closedTable = payloadOf(await mutate(a.url, 'createGame', { preset: 'PERUDO' }, max.token)).game!
      .id;
    const refused = payloadOf(
      await mutate(b.url, 'joinGame', { gameId: closedTable }, agent.token, GAME_FIELDS),
    );
    expect(refused.userErrors).toEqual([
      {
        code: 'AGENTS_NOT_ALLOWED',
        message:
          'this table does not seat agents (allowAgents is false): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)',
        field: null,
      },
    ]);
    // A person is seated there as ever.
    const joined = payloadOf(
      await mutate<{ seats: { player: { id: string } }[] }>(
        a.url,
        'joinGame',
        { gameId: closedTable },
        nia.token,
        GAME_FIELDS,
      ),
    );
    expect(joined.game?.seats.map((s) => s.player.id)).toEqual([max.id, nia.id]);
    const openTable = payloadOf(
      await mutate(a.url, 'createGame', { preset: 'PERUDO', allowAgents: true }, max.token),
    ).game!.id;
    const seated = payloadOf(
      await mutate<{ seats: { player: { id: string } }[]; allowAgents: boolean }>(
        b.url,
        'joinGame',
        { gameId: openTable },
        agent.token,
        GAME_FIELDS,
      ),
    );
    expect(seated.userErrors).toEqual([]);
    expect(seated.game?.seats.map((s) => s.player.id)).toEqual([max.id, agent.id]);
    expect(seated.game?.allowAgents).toBe(true);
    // An agent hosts only a table that takes agents.
    const hosted = payloadOf(await mutate(a.url, 'createGame', { preset: 'PERUDO' }, agent.token));
    expect(hosted.userErrors).toEqual([
      {
        code: 'AGENTS_NOT_ALLOWED',
        message: 'an agent cannot host a table that refuses agents: create it with allowAgents true',
        field: ['allowAgents'],
      },
    ]);
    const stored = await sql(
      db.url,
      'SELECT allow_agents FROM games WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[keyOf(closedTable), keyOf(openTable)]],
    );
    expect(stored).toEqual([{ allow_agents: false }, { allow_agents: true }]);
  });

  const quickPlay = (player: Player) =>
    gql<Record<string, GamePayload<{ id: string; allowAgents: boolean }>>>(
      a.url,
      `mutation($input: QuickPlayInput!) {
         quickPlay(input: $input) { game { id allowAgents } userErrors { code message field } clientMutationId }
       }`,
      { input: { preset: 'PERUDO' } },
      player.token,
    );

  it("refuses an agent's quickPlay before any table is touched", async () => {
    const oz = await registerPlayer(a.url, 'Oz');
    const agent = await agentOf(oz, 'Oz Bot');
    const before = await sql(db.url, 'SELECT count(*)::int AS n, max(version) AS v FROM games');
    const reply = payloadOf(await quickPlay(agent));
    expect(reply).toEqual({
      game: null,
      userErrors: [
        {
          code: 'AGENTS_NOT_ALLOWED',
          message:
            'quick play seats people only (its tables are rated and refuse agents): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)',
          field: null,
        },
      ],
      clientMutationId: null,
    });
    expect(await sql(db.url, 'SELECT count(*)::int AS n, max(version) AS v FROM games')).toEqual(before);
    // A person's quick-play table refuses agents.
    const table = payloadOf(await quickPlay(oz)).game!;
    expect(table.allowAgents).toBe(false);
    expect(
      payloadOf(await mutate(a.url, 'joinGame', { gameId: table.id }, agent.token)).userErrors[0]?.code,
    ).toBe('AGENTS_NOT_ALLOWED');
  });

  it("refuses an agent's acceptance of a rated challenge (its table refuses agents) and takes an unrated one", async () => {
    const pia = await registerPlayer(a.url, 'Pia');
    const agent = await agentOf(pia, 'Pia Bot');
    const rated = await challenged(a.url, pia, [agent], { rated: true });
    const refused = await payload(
      challengeMutation(b.url, 'acceptChallenge', { challengeId: rated.id }, agent),
    );
    expect(refused.userErrors).toEqual([
      {
        code: 'AGENTS_NOT_ALLOWED',
        message:
          'this table does not seat agents (allowAgents is false): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)',
        field: null,
      },
    ]);
    const unrated = await challenged(a.url, pia, [agent], { rated: false });
    const accepted = await payload(
      challengeMutation(b.url, 'acceptChallenge', { challengeId: unrated.id }, agent),
    );
    expect(accepted.userErrors).toEqual([]);
    expect(accepted.challenge?.game.seats.map((s) => s.player.id)).toEqual([pia.id, agent.id]);
    expect(
      await sql(db.url, 'SELECT allow_agents FROM games WHERE id = ANY($1::uuid[]) ORDER BY created_at', [
        [keyOf(rated.game.id), keyOf(unrated.game.id)],
      ]),
    ).toEqual([{ allow_agents: false }, { allow_agents: true }]);
  });

  it('a rematch keeps allowAgents: false for a table of people, true for one an agent played (which it may host)', async () => {
    const quinn = await registerPlayer(a.url, 'Quinn');
    const rae = await registerPlayer(a.url, 'Rae');
    const agent = await agentOf(quinn, 'Quinn Bot');
    type Table = { id: string; allowAgents: boolean; seats: { player: { id: string } }[] };
    const play = async (mutation: string, input: object, player: Player) =>
      payloadOf(
        await gql<Record<string, GamePayload<Table>>>(
          a.url,
          `mutation($input: GameInput!) {
             ${mutation}(input: $input) { game { ${GAME_FIELDS} } userErrors { code message field } clientMutationId }
           }`,
          { input },
          player.token,
        ),
      );
    /** A two-seat game of `input` between `host` and `guest`, played to its end (the guest leaves). */
    const finished = async (input: object, host: Player, guest: Player): Promise<string> => {
      const created = payloadOf(
        await mutate(a.url, 'createGame', { preset: 'PERUDO', maxPlayers: 2, ...input }, host.token),
      );
      const gameId = created.game!.id;
      for (const [mutation, player] of [
        ['joinGame', guest],
        ['startGame', host],
        ['leaveGame', guest],
      ] as const) {
        expect((await play(mutation, { gameId }, player)).userErrors).toEqual([]);
      }
      return gameId;
    };
    // People's rated table: its rematch refuses agents as it did.
    const closed = await finished({}, quinn, rae);
    const rematch = await play('rematch', { gameId: closed }, rae);
    expect(rematch.game?.allowAgents).toBe(false);
    expect((await play('joinGame', { gameId: rematch.game!.id }, agent)).userErrors[0]?.code).toBe(
      'AGENTS_NOT_ALLOWED',
    );
    // A table that took the agent: its rematch, asked for by the agent, takes it again.
    const open = await finished({ rated: false }, quinn, agent);
    const again = await play('rematch', { gameId: open }, agent);
    expect(again.userErrors).toEqual([]);
    expect(again.game?.allowAgents).toBe(true);
    expect(again.game?.seats.map((s) => s.player.id)).toEqual([agent.id]);
  });
});
