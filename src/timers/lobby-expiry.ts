// Cancels games left in their lobby too long, once across processes.
import type { MoveService } from '../moves';
import type { IdleLobbyQueries } from '../store/idle-lobbies.queries';
import { PeriodicJob } from '../clock/periodic-job';

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
export class LobbyExpiry extends PeriodicJob {
  readonly idleMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly lobbies: IdleLobbyQueries,
    private readonly moves: MoveService,
    log: (message: unknown) => void,
    options: LobbyExpiryOptions = {},
    /** Called after each sweep with the lobbies it cancelled (metrics). */
    onSweep: (cancelled: number) => void = () => {},
  ) {
    // Sweeps at start, then every interval. A database outage fails a sweep: the lobbies stay idle and
    // expire at a later one.
    super({
      name: 'lobby expiry',
      run: (stopping) => this.expireIdle(stopping),
      intervalMs: options.intervalMs ?? 60_000,
      runAtStart: true,
      log,
      onRun: onSweep,
    });
    this.idleMs = options.idleMs ?? DEFAULT_LOBBY_IDLE_MS;
    this.batchSize = options.batchSize ?? 100;
  }

  private async expireIdle(stopping: AbortSignal): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const idle = await this.lobbies.idleLobbies(this.idleMs, this.batchSize);
      let progressed = 0;
      for (const { gameId, version } of idle) {
        if (stopping.aborted) break;
        const result = await this.moves.expireLobby(gameId, version);
        // A refusal: another process expired it first, or it changed since it was found idle.
        if (result.kind === 'applied') cancelled++;
        if (result.kind === 'applied' || result.kind === 'refused') progressed++;
      }
      if (idle.length < this.batchSize || progressed === 0 || stopping.aborted) return cancelled;
    }
  }
}
