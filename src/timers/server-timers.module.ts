// The server's own clocks for one API process: turn deadlines and bots' moves, idle lobbies and expired
// idempotency keys, each a PeriodicJob started and stopped together.
import type { MoveService, ConnectionStates } from '../moves';
import type { GameStore } from '../store/game-store';
import { IdempotencyExpiryQueries } from '../store/idempotency-expiry.queries';
import { IdempotencyJanitor } from './idempotency-janitor.job';
import { LobbyExpiry } from './lobby-expiry';
import { TurnTimer } from './turn-timer';

/** The metric label of each clock (perudo_timer_runs_total{timer}). */
export type ServerTimerName = 'turn_timer' | 'idempotency_janitor' | 'lobby_expiry';

export interface ServerTimersOptions {
  readonly games: GameStore;
  readonly moves: MoveService;
  /** The database pool the idempotency janitor deletes through. */
  readonly pool: ConstructorParameters<typeof IdempotencyExpiryQueries>[0];
  /** Untimed games with disconnectSeconds take over a player on turn who stayed disconnected that long. */
  readonly presence: ConnectionStates;
  readonly log: (message: unknown) => void;
  /** How long a bot thinks before its move (ms): a move due sooner than this after another wakes the timer. */
  readonly botDelayMs: number;
  readonly turnTimerIntervalMs?: number;
  readonly lobbyIdleMs?: number;
  readonly lobbyExpiryIntervalMs?: number;
  /** Called after each run with what it did (metrics). */
  readonly onRun: (timer: ServerTimerName, count: number) => void;
}

export interface ServerTimers {
  start(): void;
  /** Stops every clock, once the runs in flight have ended. */
  stop(): Promise<void>;
}

export function createServerTimers(options: ServerTimersOptions): ServerTimers {
  const { moves, log, onRun } = options;
  const turnTimer = new TurnTimer({
    deadlines: options.games.turnDeadlines,
    moves,
    log,
    intervalMs: options.turnTimerIntervalMs,
    onRun: (applied) => onRun('turn_timer', applied),
    presence: options.presence,
  });
  const janitor = new IdempotencyJanitor(new IdempotencyExpiryQueries(options.pool), log, {
    onSweep: (deleted) => onRun('idempotency_janitor', deleted),
  });
  const lobbyExpiry = new LobbyExpiry(
    options.games.idleLobbies,
    moves,
    log,
    { idleMs: options.lobbyIdleMs, intervalMs: options.lobbyExpiryIntervalMs },
    (cancelled) => onRun('lobby_expiry', cancelled),
  );
  const unsubscribe = moves.onApplied((_gameId, _events, state) => {
    // A bot's move falls due a think time after this one: fire then rather than at the next poll.
    const due = moves.serverMoveDue(state);
    if (due !== null && due - Date.now() <= options.botDelayMs) turnTimer.wakeAt(due);
  });
  return {
    start() {
      turnTimer.start();
      janitor.start();
      lobbyExpiry.start();
    },
    async stop() {
      unsubscribe();
      await turnTimer.stop();
      await janitor.stop();
      await lobbyExpiry.stop();
    },
  };
}
