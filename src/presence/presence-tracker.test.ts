// Tests of the tracker's heartbeat: one beat at a time, and close() waits for the beat in flight before it
// removes the process (a late beat would write the process's row again).
import { PresenceTracker, type PresenceRows } from './presence-tracker';

const HEARTBEAT_MS = 100;

/** Rows whose beats end when the test says, recording every call in order. */
function controlledRows() {
  const calls: string[] = [];
  const beats: (() => void)[] = [];
  const rows: PresenceRows = {
    beat: () =>
      new Promise<boolean>((resolve) => {
        calls.push('beat');
        beats.push(() => resolve(false));
      }),
    connect: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
    expireStale: () => {
      calls.push('expireStale');
      return Promise.resolve([]);
    },
    removeProcess: () => {
      calls.push('removeProcess');
      return Promise.resolve();
    },
  };
  /** Ends the oldest beat still in flight. */
  const endBeat = () => beats.shift()!();
  return { rows, calls, endBeat };
}

const bus = { send: () => {}, onMessage: () => () => {}, onResync: () => () => {} };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('beats at once, then every interval, never two beats at once', async () => {
  const { rows, calls, endBeat } = controlledRows();
  const tracker = new PresenceTracker(rows, bus, () => {}, HEARTBEAT_MS);
  expect(calls).toEqual(['beat']);
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
  expect(calls).toEqual(['beat']);
  endBeat();
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(calls).toEqual(['beat', 'expireStale', 'beat']);
  endBeat();
  await tracker.close();
});

test('close() waits for the beat in flight, then removes the process and beats no more', async () => {
  const { rows, calls, endBeat } = controlledRows();
  const tracker = new PresenceTracker(rows, bus, () => {}, HEARTBEAT_MS);
  let closed = false;
  const closing = tracker.close().then(() => (closed = true));
  await jest.advanceTimersByTimeAsync(0);
  expect(closed).toBe(false);
  expect(calls).toEqual(['beat']);
  endBeat();
  await closing;
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
  expect(calls).toEqual(['beat', 'expireStale', 'removeProcess']);
});
