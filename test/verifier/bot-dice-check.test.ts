// The reference bot verifies every ended round's dice as it plays (real HTTP/WebSocket on PostgreSQL), and
// its check names the round and seat of a die changed on the way.
import { runBot, type GameEvent } from '../../examples/bot-client';
import { DiceCheck } from '../../examples/bot/dice-check';
import type { Mismatch } from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase | undefined;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

const read = async (query: string, variables: Record<string, unknown>): Promise<unknown> => {
  const response = await fetch(app!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return ((await response.json()) as { data: unknown }).data;
};

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
  const check = new DiceCheck(read, gameId, {
    onVerified: (r) => verified.push(r),
    onMismatch: (m) => mismatches.push(m),
  });
  check.onEvent(ended[0]!);
  check.onEvent(edited);
  check.onEvent(ended[2]!);
  await check.done();
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
