// playerEvents: what concerns a player in any game, derived on every process from the change notices and the
// games' logs, and handed to that process's subscribers of the player (each event once per subscription).
import {
  applyEvent,
  playerNoticesOf,
  type GameEvent,
  type GameState,
  type PlayerNoticeKind,
} from '../engine';
import type { ChangeBus } from './change-bus';
import type { GameChange } from './game-change';
import { Inbox } from './inbox';

/** What playerEvents tells: a game's notices (playerNoticesOf), and the challenges'. */
export type PlayerEventKind =
  PlayerNoticeKind | 'CHALLENGE_RECEIVED' | 'CHALLENGE_ACCEPTED' | 'CHALLENGE_DECLINED' | 'CHALLENGE_EXPIRED';

export interface PlayerEventItem {
  readonly type: PlayerEventKind;
  readonly playerId: string;
  readonly gameId: string;
  /** The game right after the move that caused it. */
  readonly state: GameState;
  readonly at: Date;
  /** The challenge, for the CHALLENGE_* kinds (they come from the challenges, not from a game's events). */
  readonly challengeId?: string;
}

/** What the feed reads: a game's events after a seq, and its state at a version. */
export interface PlayerEventReads {
  events(gameId: string, range: { afterSeq?: number }): Promise<GameEvent[]>;
  stateAt(gameId: string, version: number): Promise<GameState>;
}

/** Games whose last state is kept, to read only their new events at the next notice. */
const KEPT_GAMES = 2_000;
/** How far back a first notice of a game looks for the start of its move (a move logs a few events). */
const MOVE_LOOKBACK = 50;
/** A subscriber's queue may not grow past this; a client that slow is disconnected. */
const MAX_QUEUED = 1_000;

/** The player events of one move (its events, each with the state right after it). */
export function playerEventsOf(
  gameId: string,
  steps: readonly { event: GameEvent; state: GameState }[],
): PlayerEventItem[] {
  return playerNoticesOf(steps).map((n) => ({
    type: n.type,
    playerId: n.playerId,
    gameId,
    state: steps[n.step]!.state,
    at: new Date(n.at),
  }));
}

/** One playerEvents subscription. */
export class PlayerEventStream extends Inbox<PlayerEventItem> {
  private readonly queue: PlayerEventItem[] = [];

  constructor(private readonly release: (stream: PlayerEventStream) => void) {
    super();
  }

  accept(item: PlayerEventItem): void {
    if (this.done) return;
    if (this.readerWaiting) return this.handOut(item);
    this.queue.push(item);
    if (this.queue.length > MAX_QUEUED)
      this.fail(new Error('the subscriber is too slow: events were not read'));
  }

  protected dequeue(): PlayerEventItem | undefined {
    return this.queue.shift();
  }

  protected onClose(): void {
    this.queue.length = 0;
    this.release(this);
  }
}

/**
 * Every process hears every committed move (the change bus); while it has playerEvents subscribers it reads
 * each move's events once (per game, in order), derives who they concern, and hands them to those players'
 * subscriptions here. A move is read once per process, whatever its number of subscribers.
 */
export class PlayerEventFeed {
  private readonly subscribers = new Map<string, Set<PlayerEventStream>>();
  /** The last state read of each game (most recently used last). */
  private readonly known = new Map<string, GameState>();
  /** Per game: the read in progress, and the highest seq heard of meanwhile. */
  private readonly reading = new Map<string, { until: number }>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: ChangeBus,
    private readonly reads: PlayerEventReads,
    private readonly log: (error: unknown) => void,
  ) {
    this.unsubscribe = bus.subscribe((change) => this.heard(change));
  }

  subscribe(playerId: string): PlayerEventStream {
    const stream = new PlayerEventStream((s) => {
      const set = this.subscribers.get(playerId);
      set?.delete(s);
      if (set && set.size === 0) this.subscribers.delete(playerId);
    });
    const set = this.subscribers.get(playerId) ?? new Set();
    set.add(stream);
    this.subscribers.set(playerId, set);
    return stream;
  }

  close(): void {
    this.unsubscribe();
  }

  /** Whether `playerId` has a subscription on this process. */
  follows(playerId: string): boolean {
    return this.subscribers.has(playerId);
  }

  /** Hands an event that is not a game's (a challenge's) to its player's subscriptions on this process. */
  deliver(item: PlayerEventItem): void {
    for (const s of this.subscribers.get(item.playerId) ?? []) s.accept(item);
  }

  private heard(change: GameChange): void {
    if (this.subscribers.size === 0) {
      // Nobody here listens: what is known would only go stale.
      this.known.clear();
      return;
    }
    const busy = this.reading.get(change.gameId);
    if (busy) {
      busy.until = Math.max(busy.until, change.seq);
      return;
    }
    const job = { until: change.seq };
    this.reading.set(change.gameId, job);
    void (async () => {
      try {
        for (;;) {
          if ((this.known.get(change.gameId)?.seq ?? 0) >= job.until) break;
          const asked = job.until;
          await this.read(change.gameId, asked);
          // Stop unless a newer notice came during the read (the log may lag a notice: the next one retries).
          if (job.until === asked) break;
        }
      } catch (error) {
        this.log(error);
      } finally {
        this.reading.delete(change.gameId);
      }
    })();
  }

  /** Reads the game's moves after the known state (or the move of `seq` for a game not known yet). */
  private async read(gameId: string, seq: number): Promise<void> {
    let state: GameState | null = this.known.get(gameId) ?? null;
    let events: GameEvent[];
    if (state) {
      events = await this.reads.events(gameId, { afterSeq: state.seq });
    } else {
      const tail = await this.reads.events(gameId, { afterSeq: Math.max(0, seq - MOVE_LOOKBACK) });
      const at = tail.find((e) => e.seq === seq);
      if (!at) return;
      events = tail.filter((e) => e.version >= at.version);
      state = at.version > 1 ? await this.reads.stateAt(gameId, at.version - 1) : null;
    }
    let move: { event: GameEvent; state: GameState }[] = [];
    const flush = () => {
      for (const item of playerEventsOf(gameId, move)) {
        for (const s of this.subscribers.get(item.playerId) ?? []) s.accept(item);
      }
      move = [];
    };
    for (const event of events) {
      if (state && event.seq <= state.seq) continue;
      if (move.length > 0 && move[0]!.event.version !== event.version) flush();
      state = applyEvent(state, event);
      move.push({ event, state });
    }
    flush();
    if (!state) return;
    this.known.delete(gameId);
    this.known.set(gameId, state);
    while (this.known.size > KEPT_GAMES) this.known.delete(this.known.keys().next().value!);
  }
}
