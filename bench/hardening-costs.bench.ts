// What two attacks cost the server, to compare builds: 30 aliases of a long open round's bids (bytes, bids
// and time of the answer), and how many games one account can create and leave running (open-games cap).
// Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:hardening
import { startApp } from '../src/app';
import { migrate } from '../src/database/migrate';
import { gameGlobalId } from '../src/graphql/ids';
import { DEFAULT_LIMITS, NO_RATE_LIMITS } from '../src/gate/server-limits';
import { benchDatabase } from './bench-support';
import { seedLongOpenRound } from './long-open-round';

async function post(
  url: string,
  query: string,
  variables: object,
  token?: string,
): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  return { text, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const db = await benchDatabase('bench_hardening');
  try {
    await migrate(db.url);
    const { id } = await seedLongOpenRound(db.url, 150);

    const app = await startApp({
      databaseUrl: db.url,
      port: 0,
      host: '127.0.0.1',
      production: true,
      limits: { ...DEFAULT_LIMITS, ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 20 },
      log: () => {},
    });
    try {
      const attack = `query($id: ID!) { ${Array.from(
        { length: 30 },
        (_, i) =>
          `a${i}: game(id: $id) { currentRound { bids { seq quantity face at seat { position diceCount } } } }`,
      ).join(' ')} }`;
      const times: number[] = [];
      let bytes = 0;
      let bids = 0;
      for (let i = 0; i < 20; i++) {
        const { text, ms } = await post(app.url, attack, { id: gameGlobalId(id) });
        times.push(ms);
        bytes = Buffer.byteLength(text);
        bids = (text.match(/"seq":/g) ?? []).length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `aliases attack: ${bids} bids, ${bytes} bytes per answer; p50 ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms (20 runs)`,
      );

      // One account creates games, two others join, it starts and leaves each: how many are created.
      const register = async (name: string): Promise<string> => {
        const { text } = await post(
          app.url,
          'mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }',
          { n: name },
        );
        return (JSON.parse(text) as { data: { registerPlayer: { token: string } } }).data.registerPlayer
          .token;
      };
      const host = await register('Host');
      const game = (op: string, input: object, token: string) =>
        post(
          app.url,
          `mutation($i: ${op === 'createGame' ? 'CreateGameInput' : 'GameInput'}!) { ${op}(input: $i) { game { id status } userErrors { code } } }`,
          { i: input },
          token,
        ).then(
          (r) =>
            (
              JSON.parse(r.text) as {
                data: Record<
                  string,
                  { game: { id: string; status: string } | null; userErrors: { code: string }[] }
                >;
              }
            ).data[op]!,
        );
      let created = 0;
      let refused = '';
      for (let i = 0; i < 30; i++) {
        const made = await game('createGame', { preset: 'PUB' }, host);
        if (!made.game) {
          refused = made.userErrors.map((e) => e.code).join(',');
          continue;
        }
        created++;
        for (const name of [`Joiner ${i} a`, `Joiner ${i} b`])
          await game('joinGame', { gameId: made.game.id }, await register(name));
        await game('startGame', { gameId: made.game.id }, host);
        await game('leaveGame', { gameId: made.game.id }, host);
      }
      console.log(
        `create, start, leave x30 by one account: ${created} created, the rest refused (${refused || 'none'})`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
