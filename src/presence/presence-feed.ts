// gamePresence streams: each change of a seat's connected or away, coalesced per seat.
import type { GameState } from '../engine';
import type { FeedItem } from '../realtime/game-feed';
import { Inbox } from '../realtime/inbox';
import { EVERYONE } from './presence-tracker';

/** A seat's presence as pushed to a subscriber, with the game's state it was read against. */
export interface PresenceItem {
  readonly gameId: string;
  readonly playerId: string;
  readonly position: number;
  readonly connected: boolean;
  readonly away: boolean;
  readonly at: Date;
  readonly state: GameState;
}

/** Reads which of a game's players are connected now (PresenceRepository.connectedOf). */
export type ConnectedOf = (gameId: string, playerIds: readonly string[]) => Promise<Set<string>>;

/** A change notice is read after this delay, so a burst of notices of one seat is one read (ms). */
export const SETTLE_MS = 100;
/** A seat's changes go out at most this often per subscription: a flapping socket cannot flood (ms). */
export const SEAT_GAP_MS = 1_000;
/** A subscriber's queue may not grow past this; a client that slow is disconnected. */
const MAX_QUEUED = 1_000;

interface SeatMark {
  connected: boolean;
  away: boolean;
  /** When this seat last went out (ms). */
  sentAt: number;
  timer: NodeJS.Timeout | null;
}

function awayOf(state: GameState, position: number): boolean {
  return (state.seats[position] as { away?: boolean } | undefined)?.away === true;
}

/**
 * One gamePresence subscription. Each notice about a seated person (from any process, through the tracker)
 * or a SEAT_AWAY / SEAT_RETURNED event marks the seat; the seat is read after SETTLE_MS, and at most once per
 * SEAT_GAP_MS, and goes out only when it differs from what this subscriber was last sent. The read always
 * takes the current state, so the last item sent matches the seat's state once the notices stop.
 */
export class PresenceStream extends Inbox<PresenceItem> {
  private readonly queue: PresenceItem[] = [];
  private readonly marks = new Map<string, SeatMark>();
  private readonly stopListening: () => void;

  private constructor(
    private readonly gameId: string,
    private state: GameState,
    private readonly events: AsyncIterator<FeedItem>,
    private readonly connectedOf: ConnectedOf,
    listen: (listener: (playerId: string) => void) => () => void,
    private readonly log: (error: unknown) => void,
  ) {
    super();
    this.stopListening = listen((playerId) => this.mark(playerId));
  }

  /** Starts from what the seats are now (nothing is replayed), then follows the game's events and notices. */
  static async open(
    gameId: string,
    state: GameState,
    events: AsyncIterator<FeedItem>,
    connectedOf: ConnectedOf,
    listen: (listener: (playerId: string) => void) => () => void,
    log: (error: unknown) => void,
  ): Promise<PresenceStream> {
    const stream = new PresenceStream(gameId, state, events, connectedOf, listen, log);
    const people = state.seats.filter((s) => !s.bot).map((s) => s.playerId);
    let connected: Set<string>;
    try {
      connected = await connectedOf(gameId, people);
    } catch (error) {
      // Leaves the game's feed and the notices: nothing was handed out yet.
      await stream.return();
      throw error;
    }
    state.seats.forEach((s, i) => {
      if (s.bot) return;
      stream.marks.set(s.playerId, {
        connected: connected.has(s.playerId),
        away: awayOf(state, i),
        sentAt: 0,
        timer: null,
      });
    });
    void stream.follow();
    return stream;
  }

  /** Follows the game: its state for the seats, and its away changes. */
  private async follow(): Promise<void> {
    try {
      for (;;) {
        const r = await this.events.next();
        if (r.done || this.done) return;
        this.state = r.value.state;
        const event = r.value.event as { type: string; playerId?: string };
        if (event.type === 'SEAT_AWAY' || event.type === 'SEAT_RETURNED' || event.type === 'PLAYER_JOINED')
          if (event.playerId) this.mark(event.playerId);
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private mark(playerId: string): void {
    if (this.done) return;
    if (playerId === EVERYONE) {
      for (const s of this.state.seats) if (!s.bot) this.mark(s.playerId);
      return;
    }
    const seat = this.state.seats.find((s) => s.playerId === playerId);
    if (!seat || seat.bot) return;
    let mark = this.marks.get(playerId);
    if (!mark) {
      mark = { connected: false, away: false, sentAt: 0, timer: null };
      this.marks.set(playerId, mark);
    }
    if (mark.timer) return;
    const delay = Math.max(SETTLE_MS, mark.sentAt + SEAT_GAP_MS - Date.now());
    const m = mark;
    m.timer = setTimeout(() => void this.read(playerId, m), delay);
  }

  private async read(playerId: string, mark: SeatMark): Promise<void> {
    try {
      const connected = (await this.connectedOf(this.gameId, [playerId])).has(playerId);
      mark.timer = null;
      if (this.done) return;
      const position = this.state.seats.findIndex((s) => s.playerId === playerId);
      if (position < 0) return;
      const away = awayOf(this.state, position);
      if (connected === mark.connected && away === mark.away) return;
      mark.connected = connected;
      mark.away = away;
      mark.sentAt = Date.now();
      this.push({
        gameId: this.gameId,
        playerId,
        position,
        connected,
        away,
        at: new Date(mark.sentAt),
        state: this.state,
      });
    } catch (error) {
      mark.timer = null;
      this.log(error);
      // Read again later: the last item must come to match the seat.
      this.mark(playerId);
    }
  }

  private push(item: PresenceItem): void {
    if (this.readerWaiting) return this.handOut(item);
    this.queue.push(item);
    if (this.queue.length > MAX_QUEUED)
      this.fail(new Error('the subscriber is too slow: changes were not read'));
  }

  protected dequeue(): PresenceItem | undefined {
    return this.queue.shift();
  }

  protected onClose(): void {
    this.queue.length = 0;
    this.stopListening();
    for (const m of this.marks.values()) if (m.timer) clearTimeout(m.timer);
    void this.events.return?.();
  }
}
