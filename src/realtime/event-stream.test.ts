// Tests of one subscription's stream of game events: replay, then live items, in order.
import {
  applyCommand,
  applyEvent,
  createGame,
  PRESETS,
  seededRng,
  type Command,
  type GameEvent,
  type GameState,
} from '../engine';
import type { GameReads } from '../store/game-reads.repository';
import { EventStream, type FeedItem } from './event-stream';

type GameFeed = ConstructorParameters<typeof EventStream>[0];

/**
 * One subscription's stream, on a feed and a log held in memory: live items reach every stream as the same
 * objects (so spectators can share one execution of each), a replay is folded as it is read, and nothing
 * is reordered, skipped or repeated.
 */

const AT = '2026-11-22T00:00:00.000Z';

function play(): { log: GameEvent[]; states: GameState[] } {
  const rng = seededRng(3);
  const created = createGame({ host: 'a', rules: PRESETS.CLASSIC }, AT);
  if (!created.ok) throw new Error('create');
  let state = created.state;
  const log = [...created.events];
  const step = (command: (s: GameState) => Command): void => {
    const r = applyCommand(state, command(state), { rng, at: AT });
    if (!r.ok) throw new Error(r.violation.message);
    state = r.state;
    log.push(...r.events);
  };
  const onTurn = (s: GameState): string => s.seats[s.rounds.at(-1)!.turn!]!.playerId;
  step(() => ({ type: 'JOIN', playerId: 'b' }));
  step(() => ({ type: 'START', playerId: 'a' }));
  step((s) => ({ type: 'BID', playerId: onTurn(s), quantity: 1, face: 2 }));
  step((s) => ({ type: 'DUDO', playerId: onTurn(s) })); // DUDO_CALLED, ROUND_ENDED, ROUND_STARTED
  const states: GameState[] = [];
  let folded: GameState | null = null;
  for (const e of log) states.push((folded = applyEvent(folded, e)));
  return { log, states };
}

function streamOn(log: GameEvent[], feedState: GameState): EventStream {
  const feed = { gameId: 'g', state: feedState } as unknown as GameFeed;
  const repo = {
    events: async (_id: string, range: { afterSeq?: number }) =>
      log.filter((e) => e.seq > (range.afterSeq ?? 0)),
  } as unknown as GameReads;
  return new EventStream(feed, repo, () => {});
}

async function read(stream: EventStream, n: number): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for (let i = 0; i < n; i++) items.push((await stream.next()).value as FeedItem);
  return items;
}

it('hands every stream the feed’s own live items, queued or awaited', async () => {
  const { log, states } = play();
  const liveFrom = log.findIndex((e) => e.type === 'BID_PLACED');
  const live: FeedItem[] = log
    .slice(liveFrom)
    .map((event, i) => ({ gameId: 'g', event, state: states[liveFrom + i]! }));
  const waiting = streamOn(log, states[liveFrom - 1]!);
  const queued = streamOn(log, states[liveFrom - 1]!);
  await waiting.start(null);
  await queued.start(null);
  const first = waiting.next();
  for (const item of live) {
    waiting.accept(item);
    queued.accept(item);
  }
  const got = [
    [(await first).value as FeedItem, ...(await read(waiting, live.length - 1))],
    await read(queued, live.length),
  ];
  expect(live.map((i) => i.event.type)).toEqual([
    'BID_PLACED',
    'DUDO_CALLED',
    'ROUND_ENDED',
    'ROUND_STARTED',
  ]);
  for (const items of got) items.forEach((item, k) => expect(item).toBe(live[k]));
});

it('replays the log from afterSeq with the state after each event, then goes on live', async () => {
  const { log, states } = play();
  const last = log.length;
  const stream = streamOn(log, states[last - 1]!);
  await stream.start(2);
  const replayed = await read(stream, last - 2);
  expect(replayed.map((i) => i.event.seq)).toEqual(log.slice(2).map((e) => e.seq));
  replayed.forEach((item, k) => expect(item.state).toEqual(states[k + 2]));
  // A live item after the replay, and a repeat of one already replayed (ignored).
  const next: FeedItem = {
    gameId: 'g',
    event: { ...log[last - 1]!, seq: last + 1 } as GameEvent,
    state: states[last - 1]!,
  };
  stream.accept({ gameId: 'g', event: log[last - 1]!, state: states[last - 1]! });
  stream.accept(next);
  expect((await stream.next()).value).toBe(next);
});
