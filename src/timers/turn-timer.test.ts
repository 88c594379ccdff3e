// Tests of the turn timer's scheduling of overdue turns, over deadlines held in memory.
import type { MoveService } from '../moves';
import type { TurnDeadlineQueries } from '../store/turn-deadlines.queries';
import { TurnTimer } from './turn-timer';

/**
 * The timer's own scheduling, over a table of deadlines held in memory (the database side, deadlines firing
 * once across processes and restarts, is covered by test/api/turn-timer.test.ts).
 */
function table(due: string[], broken: Set<string>) {
  const fired: string[] = [];
  const asked: string[][] = [];
  const claimed = new Set<string>();
  const games = {
    // A claim holds a game until it is timed out or, when its timeout fails, until the lease runs out
    // (at once, here).
    async claimOverdue(limit: number, _leaseSeconds: number, skip: readonly string[] = []) {
      asked.push([...skip]);
      const batch = due.filter((id) => !skip.includes(id) && !claimed.has(id)).slice(0, limit);
      for (const id of batch) claimed.add(id);
      return batch.map((gameId) => ({ gameId, version: 1 }));
    },
    async serverMove(gameId: string) {
      claimed.delete(gameId);
      if (broken.has(gameId)) throw new Error(`game ${gameId} cannot be read`);
      fired.push(gameId);
      due.splice(due.indexOf(gameId), 1);
      return { kind: 'applied' };
    },
  } as unknown as TurnDeadlineQueries & MoveService;
  return { games, fired, asked };
}

/** A timer over the table that polls only when asked to (runNow). */
function timerOver(games: TurnDeadlineQueries & MoveService, batch: number, log = jest.fn()): TurnTimer {
  return new TurnTimer({ deadlines: games, moves: games, log, intervalMs: 60_000, batch });
}

it('leaves aside games whose timeout fails, so a full batch of them does not starve the others', async () => {
  const broken = new Set(['b1', 'b2', 'b3']);
  const { games, fired, asked } = table(['b1', 'b2', 'b3', 'ok1', 'ok2'], broken);
  const log = jest.fn();
  const timer = timerOver(games, 3, log);
  await timer.runNow(); // the three broken games fill the first batch; the next claim skips them
  expect(log).toHaveBeenCalledTimes(3);
  expect(asked).toEqual([[], ['b1', 'b2', 'b3']]);
  expect(fired.sort()).toEqual(['ok1', 'ok2']);
  await timer.runNow(); // still left aside
  expect(asked[2]).toEqual(['b1', 'b2', 'b3']);
  expect(log).toHaveBeenCalledTimes(3);
  await timer.stop();
});

it('drains every overdue turn in one tick, a batch at a time', async () => {
  const ids = Array.from({ length: 250 }, (_, i) => `g${i}`);
  const { games, fired, asked } = table([...ids], new Set());
  const timer = timerOver(games, 50);
  await timer.runNow();
  expect(fired.sort()).toEqual([...ids].sort());
  expect(asked).toHaveLength(6); // five full batches, then an empty claim
  await timer.stop();
});

it('fires a batch a few at a time, each once', async () => {
  const ids = Array.from({ length: 20 }, (_, i) => `g${i}`);
  const { games, fired } = table([...ids], new Set());
  const timer = timerOver(games, 50);
  await timer.runNow();
  expect(fired.sort()).toEqual([...ids].sort());
  await timer.stop();
});
