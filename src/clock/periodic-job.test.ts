// Tests of the periodic job every background loop runs on: its schedule, its coalescing and its failure modes.
import { PeriodicJob, WAKE_LATE_MS, type PeriodicJobOptions } from './periodic-job';

/** A run the test ends when it chooses, one per call, recording the signal each got. */
function controlledRuns() {
  const pending: { resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  const signals: AbortSignal[] = [];
  const run = jest.fn(
    (signal: AbortSignal) =>
      new Promise<number>((resolve, reject) => {
        signals.push(signal);
        pending.push({ resolve, reject });
      }),
  );
  /** Ends the oldest unfinished run with `n`. */
  const finish = (n: number) => pending.shift()!.resolve(n);
  const fail = (error: unknown) => pending.shift()!.reject(error);
  return { run, signals, finish, fail, pending };
}

function job(options: Partial<PeriodicJobOptions> & Pick<PeriodicJobOptions, 'run'>) {
  const log = jest.fn();
  const counts: number[] = [];
  const periodic = new PeriodicJob({
    name: 'test job',
    intervalMs: 100,
    log,
    onRun: (n) => counts.push(n),
    ...options,
  });
  return { periodic, log, counts };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the interval', () => {
  it('runs every intervalMs once started, not before, and reports each count', async () => {
    let n = 0;
    const run = jest.fn(async () => ++n);
    const { periodic, counts, log } = job({ run });
    await jest.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled();
    periodic.start();
    expect(run).not.toHaveBeenCalled(); // no run at start unless asked
    await jest.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(counts).toEqual([1, 2, 3]);
    expect(log).not.toHaveBeenCalled();
    await periodic.stop();
  });

  it('runs at once with runAtStart, synchronously within start()', async () => {
    const run = jest.fn(async () => 7);
    const { periodic, counts } = job({ run, runAtStart: true });
    periodic.start();
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(0);
    expect(counts).toEqual([7]);
    await jest.advanceTimersByTimeAsync(100);
    expect(counts).toEqual([7, 7]);
    await periodic.stop();
  });

  it('starts once however often start() is called', async () => {
    const run = jest.fn(async () => 1);
    const { periodic } = job({ run, runAtStart: true });
    periodic.start();
    periodic.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(4); // at start, then at 100, 200 and 300: one interval
    await periodic.stop();
  });

  it('keeps a fixed rate: an interval falling during a long run is absorbed by it, not queued', async () => {
    const { run, finish } = controlledRuns();
    const { periodic, counts } = job({ run });
    periodic.start();
    await jest.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(150); // the interval at 200 finds the run still going
    expect(run).toHaveBeenCalledTimes(1);
    finish(5);
    await jest.advanceTimersByTimeAsync(0);
    expect(counts).toEqual([5]);
    expect(run).toHaveBeenCalledTimes(1); // nothing queued by the absorbed interval
    await jest.advanceTimersByTimeAsync(50); // the interval at 300
    expect(run).toHaveBeenCalledTimes(2);
    finish(0);
    await periodic.stop();
    expect(counts).toEqual([5, 0]);
  });

  it('unrefs the interval only when asked to, and wake-ups always', () => {
    const setIntervalSpy = jest.spyOn(global, 'setInterval');
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    try {
      const kept = job({ run: async () => 0 }).periodic;
      const unrefd = job({ run: async () => 0, unref: true }).periodic;
      kept.start();
      unrefd.start();
      const [keptTimer, unrefdTimer] = setIntervalSpy.mock.results.map((r) => r.value as NodeJS.Timeout);
      expect(keptTimer!.hasRef()).toBe(true);
      expect(unrefdTimer!.hasRef()).toBe(false);
      kept.wakeAt(Date.now() + 10);
      expect((setTimeoutSpy.mock.results.at(-1)!.value as NodeJS.Timeout).hasRef()).toBe(false);
      void kept.stop();
      void unrefd.stop();
    } finally {
      setIntervalSpy.mockRestore();
      setTimeoutSpy.mockRestore();
    }
  });
});

describe('runNow()', () => {
  it('runs at once and resolves to the count', async () => {
    const { periodic, counts } = job({ run: async () => 4 });
    await expect(periodic.runNow()).resolves.toBe(4);
    expect(counts).toEqual([4]);
  });

  it('during a run, returns that very run rather than starting another; after it, starts a new one', async () => {
    const { run, finish } = controlledRuns();
    const { periodic, counts } = job({ run });
    const first = periodic.runNow();
    const second = periodic.runNow();
    expect(second).toBe(first);
    expect(run).toHaveBeenCalledTimes(1);
    finish(3);
    await expect(second).resolves.toBe(3);
    expect(counts).toEqual([3]); // one run, reported once
    const third = periodic.runNow();
    expect(third).not.toBe(first);
    expect(run).toHaveBeenCalledTimes(2);
    finish(1);
    await expect(third).resolves.toBe(1);
    expect(counts).toEqual([3, 1]);
  });
});

describe('a failing run', () => {
  it('is logged with the job name, counts as 0 and does not stop the interval', async () => {
    const run = jest
      .fn<Promise<number>, [AbortSignal]>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockImplementationOnce(() => {
        throw new Error('thrown synchronously');
      })
      .mockResolvedValue(2);
    const { periodic, log, counts } = job({ run });
    periodic.start();
    await jest.advanceTimersByTimeAsync(300);
    expect(log.mock.calls).toEqual([
      ['test job: Error: database down'],
      ['test job: Error: thrown synchronously'],
    ]);
    expect(counts).toEqual([0, 0, 2]);
    await periodic.stop();
  });

  it('resolves runNow() to 0 instead of rejecting', async () => {
    const { periodic, log } = job({ run: () => Promise.reject(new Error('boom')) });
    await expect(periodic.runNow()).resolves.toBe(0);
    expect(log).toHaveBeenCalledWith('test job: Error: boom');
  });

  it('leaves no unhandled rejection, whoever started it', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { periodic, log } = job({ run: () => Promise.reject(new Error('boom')), runAtStart: true });
      periodic.start(); // nobody awaits this run
      periodic.wakeAt(Date.now()); // nor this one
      await jest.advanceTimersByTimeAsync(150);
      await periodic.stop();
      jest.useRealTimers();
      await new Promise((resolve) => setImmediate(resolve));
      expect(log).toHaveBeenCalledTimes(3); // at start, the wake-up, the interval at 100
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is still counted when onRun throws, which is logged too', async () => {
    const { periodic, log } = job({
      run: async () => 6,
      onRun: () => {
        throw new Error('metrics broke');
      },
    });
    await expect(periodic.runNow()).resolves.toBe(6);
    expect(log).toHaveBeenCalledWith('test job: Error: metrics broke');
  });
});

describe('stop()', () => {
  it('during a run: aborts its signal, clears the timers and resolves only once the run has ended', async () => {
    const { run, signals, finish } = controlledRuns();
    const { periodic, counts } = job({ run });
    periodic.start();
    await jest.advanceTimersByTimeAsync(100);
    periodic.wakeAt(Date.now() + 20);
    expect(signals[0]!.aborted).toBe(false);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    expect(signals[0]!.aborted).toBe(true);
    expect(periodic.stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false); // the run is still going
    expect(run).toHaveBeenCalledTimes(1); // neither the interval nor the wake-up fired meanwhile
    finish(9);
    await stopping;
    expect(counts).toEqual([9]);
    await jest.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('resolves, not rejects, when the run it waits for fails; and a second stop() resolves too', async () => {
    const { run, fail } = controlledRuns();
    const { periodic, log } = job({ run });
    void periodic.runNow();
    const stopping = periodic.stop();
    const again = periodic.stop();
    fail(new Error('late failure'));
    await expect(stopping).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('test job: Error: late failure');
  });

  it('is final: start() and wakeAt() afterwards do nothing', async () => {
    const run = jest.fn(async () => 1);
    const { periodic } = job({ run, runAtStart: true });
    await periodic.stop();
    periodic.start();
    periodic.wakeAt(Date.now());
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('leaves runNow() working once, with the signal already aborted', async () => {
    const { run, signals, finish } = controlledRuns();
    const { periodic } = job({ run });
    await periodic.stop();
    const ran = periodic.runNow();
    expect(run).toHaveBeenCalledTimes(1);
    expect(signals[0]!.aborted).toBe(true);
    finish(2);
    await expect(ran).resolves.toBe(2);
  });
});

describe('wakeAt()', () => {
  it('runs a few ms after the time asked, before the next interval', async () => {
    const run = jest.fn(async () => 1);
    const { periodic } = job({ run, intervalMs: 60_000 });
    periodic.start();
    periodic.wakeAt(Date.now() + 40);
    await jest.advanceTimersByTimeAsync(40 + WAKE_LATE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1); // once
    await periodic.stop();
  });

  it('keeps only the earliest pending wake-up', async () => {
    const run = jest.fn(async () => 1);
    const { periodic } = job({ run, intervalMs: 60_000 });
    const t0 = Date.now();
    periodic.wakeAt(t0 + 100);
    periodic.wakeAt(t0 + 50); // earlier: replaces it
    periodic.wakeAt(t0 + 80); // later than the pending one: ignored
    await jest.advanceTimersByTimeAsync(50 + WAKE_LATE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1); // neither 80 nor 100 fired
    periodic.wakeAt(t0 + 2000); // once fired, a new wake-up is taken again
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await periodic.stop();
  });

  it('fires at once (WAKE_LATE_MS late) for a time already past, and works before start()', async () => {
    const run = jest.fn(async () => 1);
    const { periodic } = job({ run });
    periodic.wakeAt(Date.now() - 10_000);
    await jest.advanceTimersByTimeAsync(WAKE_LATE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1); // no interval: not started
    await periodic.stop();
  });

  it('that falls during a run is absorbed by it', async () => {
    const { run, finish } = controlledRuns();
    const { periodic, counts } = job({ run, intervalMs: 60_000 });
    const first = periodic.runNow();
    periodic.wakeAt(Date.now() + 10);
    await jest.advanceTimersByTimeAsync(20);
    expect(run).toHaveBeenCalledTimes(1);
    finish(4);
    await first;
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(counts).toEqual([4]);
    await periodic.stop();
  });
});
