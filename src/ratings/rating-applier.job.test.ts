// Tests of the rating applier's schedule: a game that ends here is rated at once, whenever it ends.
import type { ApplyOptions, RatingsRepository } from './ratings.repository';
import { RatingApplier } from './rating-applier.job';

/** A repository whose applyPending calls the test ends when it chooses, recording what each was asked. */
function controlledRepository() {
  const calls: ApplyOptions[] = [];
  const pending: { resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  const ratings = {
    applyPending: (options: ApplyOptions) =>
      new Promise<number>((resolve, reject) => {
        calls.push(options);
        pending.push({ resolve, reject });
      }),
  } as unknown as RatingsRepository;
  const finish = async (n: number) => {
    pending.shift()!.resolve(n);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  const fail = async () => {
    pending.shift()!.reject(new Error('database down'));
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { ratings, calls, pending, finish, fail };
}

it('names each game that ended here to a run, also one that ends while a run is finishing, without waiting for the interval', async () => {
  const repo = controlledRepository();
  const applier = new RatingApplier(repo.ratings, () => {}, { intervalMs: 3_600_000 });
  applier.gameFinished('g1');
  expect(repo.calls.map((c) => c.gameIds)).toEqual([['g1']]);
  // g2 ends during the run: the next batch of the same run names it.
  applier.gameFinished('g2');
  await repo.finish(1);
  expect(repo.calls.map((c) => c.gameIds)).toEqual([['g1'], ['g2']]);
  // g3 ends after that batch found nothing more, before the run has ended: a new run names it.
  const ending = repo.finish(0);
  applier.gameFinished('g3');
  await ending;
  for (let i = 0; i < 10; i++) await Promise.resolve();
  expect(repo.calls.map((c) => c.gameIds)).toEqual([['g1'], ['g2'], ['g3']]);
  await repo.finish(0);
  expect(repo.pending).toHaveLength(0);
  await applier.stop();
});

it('keeps the games of a failed run for the next run, without retrying at once', async () => {
  const repo = controlledRepository();
  const log = jest.fn();
  const applier = new RatingApplier(repo.ratings, log, { intervalMs: 3_600_000 });
  applier.gameFinished('g1');
  applier.gameFinished('g2');
  await repo.fail();
  expect(repo.pending).toHaveLength(0);
  expect(log).toHaveBeenCalledWith('rating applier: Error: database down');
  await Promise.all([applier.runNow(), repo.finish(0)]);
  expect(repo.calls.map((c) => c.gameIds)).toEqual([['g1'], ['g1', 'g2']]);
  await applier.stop();
});

it('looks a day back at its first run (games a crash left behind a cursor that moved on), then the default window', async () => {
  const repo = controlledRepository();
  const applier = new RatingApplier(repo.ratings, () => {}, { intervalMs: 3_600_000 });
  void applier.runNow();
  await repo.finish(0);
  void applier.runNow();
  await repo.finish(0);
  expect(repo.calls.map((c) => c.lateWindowMs)).toEqual([86_400_000, undefined]);
  await applier.stop();
});
