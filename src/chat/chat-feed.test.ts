// Tests of the chat feeds' periodic check against storage: every interval while games are followed, one check
// at a time, and close() waits for the check in flight.
import type { ChangeBus } from '../realtime/change-bus';
import { ChatFeeds } from './chat-feed';
import type { ChatRepository } from './chat.repository';

const GAME = '00000000-0000-0000-0000-00000000000a';
const CHECK_INTERVAL_MS = 2_000;

/** A store with no messages whose checks (lastSeqs after the first) end when the test says. */
function controlledStore() {
  const checks: (() => void)[] = [];
  let calls = 0;
  const store = {
    mutedBy: () => Promise.resolve(new Set<string>()),
    page: () => Promise.resolve([]),
    lastSeqs: (ids: readonly string[]) => {
      calls++;
      const seqs = new Map(ids.map((id) => [id, 0]));
      // The first read is the subscription's own: it answers at once.
      if (calls === 1) return Promise.resolve(seqs);
      return new Promise<Map<string, number>>((resolve) => checks.push(() => resolve(seqs)));
    },
  };
  return { store: store as unknown as ChatRepository, checks, calls: () => calls };
}

const bus = { send: () => {}, onMessage: () => () => {}, onResync: () => () => {} } as unknown as ChangeBus;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('checks every interval while a game is followed, one check at a time; close() waits for it', async () => {
  const { store, checks, calls } = controlledStore();
  const feeds = new ChatFeeds(bus, store, () => {}, { load: () => Promise.resolve(null) });
  await jest.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
  expect(calls()).toBe(0);
  await feeds.subscribe(GAME, null, null);
  expect(calls()).toBe(1);
  await jest.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 3);
  expect(calls()).toBe(2);
  let closed = false;
  const closing = feeds.close().then(() => (closed = true));
  await jest.advanceTimersByTimeAsync(0);
  expect(closed).toBe(false);
  checks.shift()!();
  await closing;
  await jest.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 3);
  expect(calls()).toBe(2);
});
