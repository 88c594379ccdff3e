import { startApp, type App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { dataOf, gql, lobbyGame, registerPlayer, type Player, type Reply } from '../support/graphql-client';
import { sql } from '../support/sql';

/**
 * Names that cannot deceive, through the API of two processes on one database: registerPlayer,
 * renamePlayer and addBot refuse invisible and blank characters (emoji sequences keep their joiners), and
 * people's names are unique by look (UTS #39 skeletons, unique indexes): exact duplicates,
 * other cases and Cyrillic look-alikes are refused, also between concurrent registrations, and a bot may
 * not be named like a person. People registered before the rule keep their names: the oldest of
 * look-alikes holds the skeletons.
 */

let db: TestDatabase;
let a: App;
let b: App;

async function start(url: string): Promise<App> {
  return startApp({
    databaseUrl: url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    log: () => {},
    uniqueNames: true,
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  [a, b] = await Promise.all([start(db.url), start(db.url)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) { player { id name } token userErrors { code } }
}`;
const RENAME = `mutation($input: RenamePlayerInput!) {
  renamePlayer(input: $input) { player { id name } userErrors { code } }
}`;
const ADD_BOT = `mutation($input: AddBotInput!) {
  addBot(input: $input) { game { seats { player { name isBot } } } userErrors { code } }
}`;

type Registered = { registerPlayer: { player: { id: string; name: string }; token: string } };

function register(url: string, name: string, idempotencyKey?: string): Promise<Reply<Registered>> {
  return gql<Registered>(url, REGISTER, { input: { name, ...(idempotencyKey ? { idempotencyKey } : {}) } });
}

/** The reply's one top-level error as [code, message], or null when it succeeded. */
function refusal(reply: Reply<unknown>): [unknown, string] | null {
  const errors = reply.body?.errors;
  if (!errors) return null;
  expect(errors).toHaveLength(1);
  return [errors[0]!.extensions?.code, errors[0]!.message];
}

const taken = (name: string): [string, string] => [
  'BAD_USER_INPUT',
  `name must not look like another player's name: "${name}" is taken, or looks like a name that is (case, spacing and look-alike letters of other scripts do not make names different)`,
];
const invisible = (found: string): [string, string] => [
  'BAD_USER_INPUT',
  `name must not contain control, formatting, invisible or blank characters (found ${found}); joiners and variation selectors only inside emoji`,
];

async function playersNamed(pattern: string): Promise<{ name: string; name_skeleton: string | null }[]> {
  // The second key goes with the first: both set, or neither.
  const rows = await sql<{ name: string; name_skeleton: string | null; lower: string | null }>(
    db.url,
    `SELECT name, name_skeleton, name_skeleton_lower AS lower FROM players WHERE name ILIKE $1 ORDER BY created_at, id`,
    [pattern],
  );
  for (const row of rows) expect((row.name_skeleton === null) === (row.lower === null)).toBe(true);
  return rows.map(({ name, name_skeleton }) => ({ name, name_skeleton }));
}

describe('registerPlayer', () => {
  it('refuses invisible and blank characters, and takes family and flag emoji', async () => {
    const cases: [string, string][] = [
      ['Ann\u3164', 'U+3164'], // Hangul filler
      ['\u2800', 'U+2800'], // Braille blank
      ['Ann\u2066x', 'U+2066'], // left-to-right isolate
      ['Ann\u2069', 'U+2069'], // pop directional isolate
      ['An\u00ADn', 'U+00AD'], // soft hyphen
      ['Ann\u{E0041}\u{E0042}', 'U+E0041'], // tag characters
      ['A\u034Fnn', 'U+034F'], // combining grapheme joiner
      ['Ann\uFE0E', 'U+FE0E'], // a variation selector
      ['Ann\u061C', 'U+061C'], // Arabic letter mark
      ['Ann\u180E', 'U+180E'], // Mongolian vowel separator
      ['\uFFA0', 'U+FFA0'], // halfwidth Hangul filler
    ];
    for (const [name, found] of cases) {
      expect([name, refusal(await register(a.url, name))]).toEqual([name, invisible(found)]);
    }
    expect(await sql(db.url, 'SELECT count(*)::int AS n FROM players')).toEqual([{ n: 0 }]);
    for (const name of ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 'Flag \u{1F3F3}\uFE0F\u200D\u{1F308}']) {
      const reply = await register(a.url, name);
      expect(dataOf(reply).registerPlayer.player.name).toBe(name);
    }
  });

  it('refuses exact duplicates and look-alikes of a taken name, on either process', async () => {
    const alice = dataOf(await register(a.url, 'Alice')).registerPlayer.player;
    for (const [url, name] of [
      [a.url, 'Alice'],
      [b.url, 'Alice'],
      [b.url, '\u0410lice'], // Cyrillic А
      [a.url, 'ALICE'],
      [a.url, '  alice  '],
      [b.url, '\uFF21lice'], // fullwidth Ａ
      [a.url, '\u0410\u04C0ice'], // Cyrillic А and palochka Ӏ
    ] as const) {
      expect([name, refusal(await register(url, name))]).toEqual([name, taken(name.trim())]);
    }
    expect(await playersNamed('%lice')).toEqual([{ name: 'Alice', name_skeleton: 'alice' }]);
    // Names that only share letters are different names.
    expect(dataOf(await register(b.url, 'Alicia')).registerPlayer.player.name).toBe('Alicia');
    expect(alice.name).toBe('Alice');
  });

  it("refuses a bot's default name and its look-alikes", async () => {
    for (const name of ['HARD bot 1', 'easy BOT 2', 'N\u041ERMAL bot 3']) {
      expect([name, refusal(await register(a.url, name))]).toEqual([
        name,
        [
          'BAD_USER_INPUT',
          'name must not look like a bot\'s default name ("EASY bot 1", "NORMAL bot 2", "HARD bot 3", ...)',
        ],
      ]);
    }
  });

  it('answers a keyed retry of a registration with its player, not as a taken name', async () => {
    const key = 'unique-names-key-000000000001';
    const first = dataOf(await register(a.url, 'Keyed Kim', key)).registerPlayer;
    const again = dataOf(await register(b.url, 'Keyed Kim', key)).registerPlayer;
    expect(again).toEqual(first);
    // Another key with that name is another registration: refused.
    expect(refusal(await register(a.url, 'Keyed Kim', 'unique-names-key-000000000002'))).toEqual(
      taken('Keyed Kim'),
    );
  });

  it('of concurrent registrations of look-alike names exactly one wins, across two processes', async () => {
    const names = [
      'Zed',
      'ZED',
      'zed',
      'Z\u0435d',
      '\u0396ed',
      ' Zed ',
      'ZEd',
      'zeD',
      'Z\u0415D',
      '\uFF3Aed',
    ];
    const replies = await Promise.all(names.map((name, i) => register(i % 2 ? b.url : a.url, name)));
    const won = replies.filter((r) => !r.body?.errors);
    expect(won).toHaveLength(1);
    const winner = dataOf(won[0]!).registerPlayer.player.name;
    for (const [i, reply] of replies.entries()) {
      if (reply === won[0]) continue;
      expect([names[i], refusal(reply)]).toEqual([names[i], taken(names[i]!.trim())]);
    }
    expect(await playersNamed('%e%')).toContainEqual({ name: winner, name_skeleton: 'zed' });
    const rows = await sql<{ n: number }>(
      db.url,
      "SELECT count(*)::int AS n FROM players WHERE name_skeleton = 'zed'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('renamePlayer', () => {
  it('takes the same rules: look-alikes of another name refused, the own name in another case taken, the old name freed', async () => {
    const bob = await registerPlayer(a.url, 'Bob');
    const rob = await registerPlayer(a.url, 'Rob');
    const rename = (p: Player, name: string) => gql(b.url, RENAME, { input: { name } }, p.token);
    expect(refusal(await rename(rob, 'B\u043Eb'))).toEqual(taken('B\u043Eb')); // Cyrillic о
    expect(refusal(await rename(rob, 'BOB'))).toEqual(taken('BOB'));
    expect(refusal(await rename(rob, '\u0412ob'))).toEqual(taken('\u0412ob')); // Cyrillic В
    expect(refusal(await rename(rob, '\u0412\u041E\u0412'))).toEqual(taken('\u0412\u041E\u0412')); // ВОВ
    expect(refusal(await rename(rob, 'Rob\u2800'))).toEqual(invisible('U+2800'));
    expect(refusal(await rename(rob, 'Rob\u200Dby'))).toEqual(invisible('U+200D'));
    expect(await playersNamed('%ob')).toEqual([
      { name: 'Bob', name_skeleton: 'bob' },
      { name: 'Rob', name_skeleton: 'rob' },
    ]);
    // One's own name in another case is still one's own.
    expect(dataOf(await rename(bob, 'BOB'))).toEqual({
      renamePlayer: { player: { id: bob.id, name: 'BOB' }, userErrors: [] },
    });
    // A rename frees the old name for others.
    dataOf(await rename(bob, 'Robert \u{1F3F3}\uFE0F\u200D\u{1F308}'));
    expect(dataOf(await rename(rob, 'Bob'))).toEqual({
      renamePlayer: { player: { id: rob.id, name: 'Bob' }, userErrors: [] },
    });
    expect(await playersNamed('%ob%')).toEqual([
      { name: 'Robert \u{1F3F3}\uFE0F\u200D\u{1F308}', name_skeleton: expect.stringMatching(/^robert /) },
      { name: 'Bob', name_skeleton: 'bob' },
    ]);
  });
});

describe('addBot', () => {
  it("refuses a bot a person's name or a look-alike of one, and invisible characters; bots may share names", async () => {
    const host = await registerPlayer(a.url, 'Hostess');
    const carol = await registerPlayer(a.url, 'Carol');
    const lobby = await lobbyGame(a.url, [host]);
    const addBot = (name: string) =>
      gql(b.url, ADD_BOT, { input: { gameId: lobby.id, level: 'EASY', name } }, host.token);
    for (const name of ['Carol', 'CAROL', 'C\u0430rol', 'Hostess']) {
      expect([name, refusal(await addBot(name))]).toEqual([name, taken(name)]);
    }
    expect([
      ...(await sql(db.url, 'SELECT count(*)::int AS n FROM players WHERE bot_level IS NOT NULL')),
    ]).toEqual([{ n: 0 }]);
    expect(refusal(await addBot('Bot\u2066'))).toEqual(invisible('U+2066'));
    // A bot's name is its own: another bot, in this game or another, may have it too; bots hold no skeleton.
    const named = await addBot('Robo Carl');
    const again = await addBot('Robo Carl');
    expect(
      (dataOf(again) as { addBot: { game: { seats: { player: { name: string; isBot: boolean } }[] } } })
        .addBot.game.seats,
    ).toEqual([
      { player: { name: 'Hostess', isBot: false } },
      { player: { name: 'Robo Carl', isBot: true } },
      { player: { name: 'Robo Carl', isBot: true } },
    ]);
    expect(named.status).toBe(200);
    expect(
      await sql(db.url, 'SELECT name_skeleton, name_skeleton_lower FROM players WHERE bot_level IS NOT NULL'),
    ).toEqual([
      { name_skeleton: null, name_skeleton_lower: null },
      { name_skeleton: null, name_skeleton_lower: null },
    ]);
    void carol;
  });
});

it('keeps the names of people registered before the rule: the oldest of look-alikes holds the skeleton', async () => {
  const old = await createTestDatabase();
  let app: App | null = null;
  try {
    // As the migration leaves them: no skeletons; "Old" first, then two look-alikes, then another name.
    await sql(
      old.url,
      `INSERT INTO players (name, token_hash, created_at) VALUES
         ('OLD', repeat('1', 64), '2026-01-02'), ('Old', repeat('2', 64), '2026-01-01'),
         ('\u041Eld', repeat('3', 64), '2026-01-03'), ('Newer', repeat('4', 64), '2026-01-04')`,
    );
    app = await start(old.url);
    expect(
      await sql(old.url, 'SELECT name, name_skeleton, name_skeleton_lower FROM players ORDER BY created_at'),
    ).toEqual([
      { name: 'Old', name_skeleton: 'old', name_skeleton_lower: 'old' },
      { name: 'OLD', name_skeleton: null, name_skeleton_lower: null },
      { name: '\u041Eld', name_skeleton: null, name_skeleton_lower: null },
      { name: 'Newer', name_skeleton: 'newer', name_skeleton_lower: 'newer' },
    ]);
    // The names stay as they were; a new look-alike of theirs is refused.
    expect(refusal(await register(app.url, 'old'))).toEqual(taken('old'));
    expect(dataOf(await register(app.url, 'Older')).registerPlayer.player.name).toBe('Older');
  } finally {
    await app?.stop();
    await old.drop();
  }
});
