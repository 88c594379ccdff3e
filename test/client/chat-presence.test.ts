import { createClient, type ChatMessage, type PerudoClient, type SeatPresence } from '@perudo/client';
import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { trackUpgradedSockets } from '../support/socket-cutter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** A table's chat and presence kept live by the client: each message once, in order, across a cut network. */

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

function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

it('delivers every chat message once in seq order after sockets are cut, and tells seats connected', async () => {
  const sockets = trackUpgradedSockets(app!.httpServer);
  const fast = { delayMs: 50, maxDelayMs: 200, maxRetries: 50 };
  const ana: PerudoClient = createClient({ url: app!.url, retry: fast });
  const bruno: PerudoClient = createClient({ url: app!.url, retry: fast });
  try {
    await ana.register('Ana Chat');
    await bruno.register('Bruno Chat');
    const id = (await ana.createGame({ preset: 'PERUDO', maxPlayers: 2 })).game!.id;
    expect((await bruno.joinGame(id)).userErrors).toEqual([]);

    // Bruno's live game holds his player stream: his seat counts as connected while it lasts.
    const brunoTable = bruno.game(id);
    await brunoTable.ready;
    const seatsNow = async (): Promise<boolean> =>
      (
        await ana.request<{ game: { seats: { position: number; connected: boolean }[] } }, object>(
          'query($id: ID!) { game(id: $id) { seats { position connected } } }',
          { id },
        )
      ).game.seats.some((seat) => seat.position === 1 && seat.connected);
    for (let i = 0; i < 100 && !(await seatsNow()); i++) await new Promise((r) => setTimeout(r, 50));

    const chat = ana.chat(id);
    const received: ChatMessage[] = [];
    chat.on('message', (m) => received.push(m));
    // gamePresence is not replayed: a live presence starts from a read of the seats.
    const presence = ana.presence(id);
    const told: SeatPresence[] = [];
    presence.on('change', (p) => told.push(p));
    await until(() => presence.seats.get(1)?.connected === true, "Bruno's seat connected");

    expect(await bruno.chat(id).send({ text: 'hola' })).toEqual([]);
    await until(() => received.length === 1, 'the first message');
    expect(sockets.cutAll()).toBeGreaterThanOrEqual(2);
    // Sent over HTTP or a new socket while Ana's stream is down: it arrives once when her chat resumes.
    expect(await bruno.chat(id).send({ text: 'otra vez' })).toEqual([]);
    expect(await bruno.chat(id).send({ emote: 'GOOD_GAME' })).toEqual([]);
    await until(() => received.length === 3, 'the messages sent during the cut');

    expect(received.map((m) => [m.seq, m.text, m.emote, m.author.name])).toEqual([
      [1, 'hola', null, 'Bruno Chat'],
      [2, 'otra vez', null, 'Bruno Chat'],
      [3, null, 'GOOD_GAME', 'Bruno Chat'],
    ]);
    expect(chat.messages).toEqual(received);
    expect(chat.lastSeq).toBe(3);
    expect(told.some((p) => p.seat.position === 1 && p.connected)).toBe(true);
    brunoTable.close();
    chat.close();
    presence.close();
  } finally {
    await Promise.all([ana.close(), bruno.close()]);
  }
});
