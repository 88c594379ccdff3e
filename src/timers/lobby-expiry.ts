// Cancels games left in their lobby too long, once across processes.
import type { GameMoves } from '../store/game-moves.repository';
import type { IdleLobbyQueries } from '../store/idle-lobbies.queries';

/** A day: a lobby nobody joined or left for that long is abandoned, and frees its players' open-game slots. */
export const DEFAULT_LOBBY_IDLE_MS = 24 * 60 * 60 * 1000;

export interface LobbyExpiryOptions {
  /** How long a lobby may stay unchanged. Defaults to DEFAULT_LOBBY_IDLE_MS. */
  readonly idleMs?: number;
  /** Time between two sweeps. Defaults to a minute. */
  readonly intervalMs?: number;
  /** Lobbies expired per query. */
  readonly batchSize?: number;
}

/**
 * Every interval, cancels the games that stayed in LOBBY unchanged for longer than `idleMs`. Each expiry is a
 * move pinned to the version found idle, so of several processes sweeping at once one applies it, and a
 * player joining meanwhile keeps the lobby open. The cancellation is a GAME_CANCELLED event like any other.
 */
export class LobbyExpiry {
  readonly idleMs: number;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly lobbies: IdleLobbyQueries,
    private readonly moves: GameMoves,
    private readonly log: (message: unknown) => void,
    options: LobbyExpiryOptions = {},
    /** Called after each sweep with the lobbies it cancelled (metrics). */
    private readonly onSweep: (cancelled: number) => void = () => {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_LOBBY_IDLE_MS;
    this.intervalMs = options.intervalMs ?? 60_000;
    this.batchSize = options.batchSize ?? 100;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
  }

  /** Cancels the idle lobbies now; resolves to how many this process cancelled. */
  sweep(): Promise<number> {
    this.running ??= this.expireIdle().finally(() => (this.running = null));
    return this.running;
  }

  private async expireIdle(): Promise<number> {
    let cancelled = 0;
    try {
      for (;;) {
        const idle = await this.lobbies.idleLobbies(this.idleMs, this.batchSize);
        let progressed = 0;
        for (const { gameId, version } of idle) {
          if (this.stopped) break;
          const result = await this.moves.expireLobby(gameId, version);
          // A refusal: another process expired it first, or it changed since it was found idle.
          if (result.kind === 'applied') cancelled++;
          if (result.kind === 'applied' || result.kind === 'refused') progressed++;
        }
        if (idle.length < this.batchSize || progressed === 0 || this.stopped) break;
      }
    } catch (error) {
      // A database outage: the lobbies stay idle and expire at a later sweep.
      this.log(`lobby expiry: ${String(error)}`);
    }
    this.onSweep(cancelled);
    return cancelled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
