/**
 * What a game whose only person is away costs: one account seats 19 HARD bots at 10 dice, lets its first
 * turn run out (its seat goes away) and the server is watched for a while. Reports the moves (game versions)
 * the server made per minute in that game after the takeover, and what the game shows.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
 *     npm run bench:away -- --seconds 30
 */
import { startApp } from '../src/app';
import { migrate } from '../src/database/migrate';
import { DEFAULT_LIMITS, NO_RATE_LIMITS } from '../src/gate/server-limits';
import { registerPlayer } from '../test/support/graphql-client';
import { keepAliveGql } from './bench-http';
import { benchDatabase, integerOptions } from './bench-support';

// One keep-alive poster for the bench's requests (bench/bench-http.ts).
const gql = keepAliveGql(8);

async function main(): Promise<void> {
  const { seconds } = integerOptions(process.argv.slice(2), { seconds: 30 });
  const db = await benchDatabase('all_away_bench');
  try {
    await migrate(db.url);
    const app = await startApp({
      databaseUrl: db.url,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
      limits: { ...DEFAULT_LIMITS, ...NO_RATE_LIMITS },
    });
    try {
      const url = `${app.url}`;
      const { token } = await registerPlayer(url, 'Away Owner');
      const created = await gql<{ createGame: { game: { id: string } } }>(
        url,
        `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code message } } }`,
        {
          input: {
            preset: 'CLASSIC',
            maxPlayers: 20,
            overrides: { startingDice: 10, maxPlayers: 20, firstStarter: 'SEAT_ORDER' },
            turnSeconds: 5,
            timeoutsToForfeit: 1,
          },
        },
        token,
      );
      if (!created.createGame.game) throw new Error(JSON.stringify(created));
      const gameId = created.createGame.game.id;
      for (let i = 0; i < 19; i++) {
        await gql(
          url,
          'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
          { input: { gameId, level: 'HARD' } },
          token,
        );
      }
      await gql(
        url,
        'mutation($input: GameInput!) { startGame(input: $input) { game { id } } }',
        { input: { gameId } },
        token,
      );
      const look = () =>
        gql<{
          game: { version: number; status: string; seats: { away: boolean }[] };
        }>(url, 'query($id: ID!) { game(id: $id) { version status seats { away } } }', { id: gameId }).then(
          (d) => d.game,
        );
      // The first turn (the owner's) runs out 5 s after the start: the seat goes away.
      for (;;) {
        const g = await look();
        if (g.seats[0]!.away) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const from = await look();
      const started = Date.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const to = await look();
      const minutes = (Date.now() - started) / 60_000;
      const perMinute = (to.version - from.version) / minutes;
      console.log(
        JSON.stringify({
          seconds,
          versionAfterTakeover: from.version,
          versionAtEnd: to.version,
          status: to.status,
          movesPerMinute: Math.round(perMinute * 10) / 10,
        }),
      );
    } finally {
      await app.stop();
    }
  } finally {
    await db.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
