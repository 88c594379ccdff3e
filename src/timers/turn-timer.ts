// Fires the turn deadlines of timed games and the moves of bots, once across processes and after restarts.
import { randomInt } from 'node:crypto';
import { botMove, standInMove } from '../bots/bot-moves';
import type { Rng } from '../engine';
import type { BotDecider, ConnectionStates, MoveService, StandInDecider } from '../moves';
import type { OverdueTurn, TurnDeadlineQueries } from '../store/turn-deadlines.queries';
import { PeriodicJob } from '../clock/periodic-job';

/** Bots of real games draw their choices from the system's secure generator: nobody can predict them. */
const secureRng: Rng = { int: (n) => randomInt(n) };

/** The bots' moves of real games. */
export const playBots: BotDecider = (state) => botMove(state, secureRng);

/** What a NORMAL bot plays for a person whose timed turn ran out, from their seat's view. */
const playStandIn: StandInDecider = (state, seat) => standInMove(state, seat, secureRng);

/** How long a game whose timeout failed is left aside by this process. */
const FAILED_RETRY_MS = 30_000;

/** How long a claimed deadline is held by the process that claimed it before any process may claim it again. */
const CLAIM_LEASE_SECONDS = 10;

export interface TurnTimerOptions {
  readonly deadlines: TurnDeadlineQueries;
  readonly moves: MoveService;
  readonly log: (message: unknown) => void;
  /** Time between two polls. Defaults to 250 ms. */
  readonly intervalMs?: number;
  /** Deadlines claimed per query. Defaults to 100. */
  readonly batch?: number;
  /** Games timed out at once. Defaults to 8. */
  readonly concurrency?: number;
  /** Called after each run with the timeouts it applied (metrics). */
  readonly onRun?: (applied: number) => void;
  /** What bots play. Defaults to playBots. */
  readonly decideBot?: BotDecider;
  /** Whether players are connected, for disconnectSeconds; none: nobody is taken over for it. */
  readonly presence?: ConnectionStates | null;
}

/**
 * Fires the deadlines of timed turns, of bots' moves (a bot moves once its think time is over, and so does
 * the NORMAL bot that plays an away seat), of nudges and of disconnected players' turns. Deadlines
 * live in the database, so a deadline missed while every process was down fires at the next start, and each
 * fires once however many processes poll: the move is pinned to the game version the deadline belongs to.
 * Polls every interval once started; wakeAt() fires sooner for a deadline this process knows of (a bot moves
 * a short think time after the move before it, which a poll would round up).
 */
export class TurnTimer extends PeriodicJob {
  /** Games whose timeout just failed, and until when they are left aside so the others still fire. */
  private readonly failing = new Map<string, number>();
  private readonly deadlines: TurnDeadlineQueries;
  private readonly moves: MoveService;
  private readonly log: (message: unknown) => void;
  private readonly batch: number;
  private readonly concurrency: number;
  private readonly decideBot: BotDecider;
  private readonly presence: ConnectionStates | null;

  constructor(options: TurnTimerOptions) {
    // A database outage fails a run: the deadlines stay in the table and fire at a later one.
    super({
      name: 'turn timer',
      run: (stopping) => this.fireOverdue(stopping),
      intervalMs: options.intervalMs ?? 250,
      log: options.log,
      onRun: options.onRun,
    });
    this.deadlines = options.deadlines;
    this.moves = options.moves;
    this.log = options.log;
    this.batch = options.batch ?? 100;
    this.concurrency = options.concurrency ?? 8;
    this.decideBot = options.decideBot ?? playBots;
    this.presence = options.presence ?? null;
  }

  private async fireOverdue(stopping: AbortSignal): Promise<number> {
    let applied = 0;
    // Drained, not one batch a tick: with thousands of timed games more turns fall due in a tick than a
    // batch holds, and a cap per tick would make every deadline later than the one before.
    for (;;) {
      const now = Date.now();
      for (const [id, until] of this.failing) if (until <= now) this.failing.delete(id);
      const due = await this.deadlines.claimOverdue(this.batch, CLAIM_LEASE_SECONDS, [
        ...this.failing.keys(),
      ]);
      applied += await this.fire(due);
      if (due.length < this.batch || stopping.aborted) return applied;
    }
  }

  /** A few at a time: each is a move of its own game, so one slow game does not hold the others' timeouts. */
  private async fire(due: readonly OverdueTurn[]): Promise<number> {
    let next = 0;
    let applied = 0;
    const worker = async (): Promise<void> => {
      while (next < due.length) {
        const { gameId, version } = due[next++]!;
        try {
          const standIn = { decide: playStandIn, presence: this.presence };
          const result = await this.moves.serverMove(gameId, version, this.decideBot, standIn);
          if (result.kind === 'applied') applied++;
        } catch (error) {
          // This game comes due again when its claim runs out; this process leaves it aside a while longer.
          this.failing.set(gameId, Date.now() + FAILED_RETRY_MS);
          this.log(`turn timer: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, due.length) }, worker));
    return applied;
  }
}
