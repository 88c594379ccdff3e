// Fires the turn deadlines of timed games and the moves of bots, once across processes and after restarts.
import { randomInt } from 'node:crypto';
import { botMove } from '../bots/bot-moves';
import type { Rng } from '../engine';
import type { BotDecider, GameMoves } from '../store/game-moves.repository';
import type { OverdueTurn, TurnDeadlineQueries } from '../store/turn-deadlines.queries';

/** Bots of real games draw their choices from the system's secure generator: nobody can predict them. */
const secureRng: Rng = { int: (n) => randomInt(n) };

/** The bots' moves of real games. */
export const playBots: BotDecider = (state) => botMove(state, secureRng);

/** How long a game whose timeout failed is left aside by this process. */
const FAILED_RETRY_MS = 30_000;

/** How long a claimed deadline is held by the process that claimed it before any process may claim it again. */
const CLAIM_LEASE_SECONDS = 10;

/**
 * Fires the deadlines of timed turns and of bots' moves (a bot moves once its think time is over). Deadlines
 * live in the database, so a deadline missed while every process was down fires at the next start, and each
 * fires once however many processes poll: the move is pinned to the game version the deadline belongs to.
 */
export class TurnTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Games whose timeout just failed, and until when they are left aside so the others still fire. */
  private readonly failing = new Map<string, number>();
  /** A wake-up before the next poll, for a deadline this process knows of (a bot's think time). */
  private wake: { at: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly deadlines: TurnDeadlineQueries,
    private readonly moves: GameMoves,
    private readonly log: (message: unknown) => void,
    private readonly intervalMs = 250,
    private readonly batch = 100,
    private readonly concurrency = 8,
    /** Called after each run with the timeouts it applied (metrics). */
    private readonly onRun: (applied: number) => void = () => {},
    private readonly decideBot: BotDecider = playBots,
  ) {}

  /**
   * Fires at `epochMs` rather than at the next poll: a bot's move is due a short think time after the move
   * before it, which a poll would round up.
   */
  wakeAt(epochMs: number): void {
    if (this.stopped || (this.wake && this.wake.at <= epochMs)) return;
    if (this.wake) clearTimeout(this.wake.timer);
    // A few ms late, so that the database's clock has passed the deadline too.
    const timer = setTimeout(
      () => {
        this.wake = null;
        void this.tick();
      },
      Math.max(0, epochMs - Date.now()) + 5,
    );
    timer.unref();
    this.wake = { at: epochMs, timer };
  }

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
  }

  /** Fires every overdue turn now (also what each interval does). */
  tick(): Promise<void> {
    this.running ??= this.fireOverdue().finally(() => (this.running = null));
    return this.running;
  }

  private async fireOverdue(): Promise<void> {
    let applied = 0;
    try {
      // Drained, not one batch a tick: with thousands of timed games more turns fall due in a tick than a
      // batch holds, and a cap per tick would make every deadline later than the one before.
      for (;;) {
        const now = Date.now();
        for (const [id, until] of this.failing) if (until <= now) this.failing.delete(id);
        const due = await this.deadlines.claimOverdue(this.batch, CLAIM_LEASE_SECONDS, [
          ...this.failing.keys(),
        ]);
        applied += await this.fire(due);
        if (due.length < this.batch || this.stopped) break;
      }
    } catch (error) {
      // A database outage: the deadlines stay in the table and fire at a later tick.
      this.log(`turn timer: ${String(error)}`);
    }
    this.onRun(applied);
  }

  /** A few at a time: each is a move of its own game, so one slow game does not hold the others' timeouts. */
  private async fire(due: readonly OverdueTurn[]): Promise<number> {
    let next = 0;
    let applied = 0;
    const worker = async (): Promise<void> => {
      while (next < due.length) {
        const { gameId, version } = due[next++]!;
        try {
          if ((await this.moves.serverMove(gameId, version, this.decideBot)).kind === 'applied') applied++;
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wake) clearTimeout(this.wake.timer);
    this.wake = null;
    this.timer = null;
    await this.running;
  }
}
