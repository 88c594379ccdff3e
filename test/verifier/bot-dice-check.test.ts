// The reference bot verifies every ended round's dice as it plays (real HTTP/WebSocket on PostgreSQL), and
// the check its live games run (@perudo/client's RoundCheck) names the round and seat of a die changed on
// the way.
import { runBot, type GameEvent } from '../../examples/bot-client';
import {
  createClient,
  GameFairnessDocument,
  RoundCheck,
  type Mismatch,
  type PerudoClient,
} from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase | undefined;
let app: App | undefined;
let reader: PerudoClient | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
  reader = createClient({ url: app.url });
});

afterAll(async () => {
  await reader?.close();
  await app?.stop();
  await database?.drop();
});

let gameId = '';
const ended: GameEvent[] = [];

it('two bots verify every round of a PERUDO game, each once and in order', async () => {
  const verified: [number[], number[]] = [[], []];
  let join!: (id: string) => void;
  const id = new Promise<string>((resolve) => (join = resolve));
  const host = runBot({
    url: app!.url,
    name: 'Dice host',
    create: { preset: 'PERUDO', players: 2 },
    onGame: join,
    onEvent: (e) => {
      if (e.type === 'ROUND_ENDED') ended.push(e);
    },
    onDiceVerified: (r) => verified[0].push(r),
  });
  gameId = await id;
  const guest = runBot({
    url: app!.url,
    name: 'Dice guest',
    gameId,
    onDiceVerified: (r) => verified[1].push(r),
  });
  const results = await Promise.all([host, guest]);
  expect(results.map((r) => r.status)).toEqual(['FINISHED', 'FINISHED']);
  const rounds = ended.map((e) => e.round!.number);
  expect(rounds.length).toBeGreaterThanOrEqual(5); // at most one die lost a round, 5 dice a player
  expect(rounds).toEqual(rounds.map((_, i) => i + 1));
  expect(verified).toEqual([rounds, rounds]);
});

it('names the round, seat, expected and shown dice of one die changed in an event', async () => {
  const event = ended[1]!;
  const hand = event.round!.reveal!.find((h) => h.dice.length > 0)!;
  const shown = hand.dice.map((d, i) => (i === 0 ? (d % 6) + 1 : d));
  const edited = {
    ...event,
    round: {
      ...event.round!,
      reveal: event.round!.reveal!.map((h) => (h === hand ? { ...h, dice: shown } : h)),
    },
  };
  const verified: number[] = [];
  const mismatches: Mismatch[] = [];
  // The live game's check, fed the events by hand: the fairness read anonymously over HTTP.
  const check = new RoundCheck(
    async () => (await reader!.request(GameFairnessDocument, { id: gameId })).game,
    {
      verified: (r) => verified.push(r),
      mismatch: (m) => mismatches.push(m),
    },
  );
  // As the live game hands them over: the reveal's seats by position only.
  for (const { round } of [ended[0]!, edited, ended[2]!]) {
    const reveal = round!.reveal!.map(({ seat, dice }) => ({ seat: { position: seat.position }, dice }));
    check.add({ number: round!.number, serverKey: round!.serverKey, reveal });
  }
  await check.settled();
  expect(verified).toEqual([1]);
  expect(mismatches).toEqual([
    {
      kind: 'HAND',
      round: 2,
      seat: hand.seat.position,
      expected: hand.dice.join(','),
      shown: shown.join(','),
    },
  ]);
});
