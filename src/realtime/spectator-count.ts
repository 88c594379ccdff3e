// Spectators of each game across API processes: every process broadcasts, each second, who follows which
// game here without a seat; a count is the union of what the processes said in the last few seconds.
import { randomUUID } from 'node:crypto';
import { PeriodicJob } from '../clock/periodic-job';
import { channel, type Channel, type Codec } from './bus-channel';
import type { ChangeBus } from './change-bus';

/** One part of a process's report: which viewers (player ids, socket keys) follow which game there. */
interface ReportPart {
  readonly processId: string;
  /** 0 starts a new report; later parts add to it. */
  readonly part: number;
  /** `gameId=viewer,viewer`, joined by `;`. */
  readonly games: readonly string[];
}

const REPORT_PART: Codec<ReportPart> = {
  encode: (r) => `${r.processId}|${r.part}|${r.games.join(';')}`,
  decode(text) {
    const [processId, part, body] = text.split('|');
    if (!processId || part === undefined || body === undefined || !/^\d+$/.test(part)) return null;
    return { processId, part: Number(part), games: body ? body.split(';') : [] };
  },
};
/** How often each process tells the others its viewers (ms). */
const BROADCAST_MS = 1000;
/** A process's report counts this long (ms): a stopped process's viewers are gone within it. */
const REPORT_TTL_MS = 3500;
/** The longest broadcast text (PostgreSQL NOTIFY payloads are below 8000 bytes). */
const MAX_TEXT = 7000;

interface Report {
  readonly at: number;
  /** Viewer keys by game: "p:<playerId>" for a player, "a:<id>" for an anonymous follower. */
  readonly games: Map<string, Set<string>>;
}

/**
 * Who follows which game, on every process. A viewer is a player (once however many sockets they use) or an
 * anonymous subscription; whether a player holds a seat is decided when counting, on the game's state.
 */
export class SpectatorCount {
  readonly processId = randomUUID();
  /** This process's live followers: game -> viewer key -> subscriptions. */
  private readonly local = new Map<string, Map<string, number>>();
  /** The last report of each process (its parts by sequence), the own one included. */
  private readonly reports = new Map<string, Report>();
  private readonly broadcasts: PeriodicJob;
  /** The last report sent was empty: the next empty one is left unsent (the others' copies expire). */
  private sentEmpty = false;
  private readonly unsubscribe: () => void;
  private readonly reportParts: Channel<ReportPart>;

  constructor(
    bus: ChangeBus,
    log: (message: unknown) => void = console.error,
    private readonly now: () => number = Date.now,
  ) {
    this.reportParts = channel(bus, 'spectators', REPORT_PART);
    this.unsubscribe = this.reportParts.onMessage((part) => this.received(part));
    this.broadcasts = new PeriodicJob({
      name: 'spectator count',
      run: () => Promise.resolve(this.broadcast()),
      intervalMs: BROADCAST_MS,
      unref: true,
      log,
    });
    this.broadcasts.start();
  }

  /** Counts a follower of a game (gameEvents or gameChat) until the returned release is called. */
  follow(gameId: string, playerId: string | null, socketKey?: string): () => void {
    // An anonymous viewer is its socket (once however many subscriptions it holds), or the subscription.
    const key = playerId ? `p:${playerId}` : `a:${socketKey ?? randomUUID()}`;
    const viewers = this.local.get(gameId) ?? new Map<string, number>();
    this.local.set(gameId, viewers);
    viewers.set(key, (viewers.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (viewers.get(key) ?? 1) - 1;
      if (n > 0) viewers.set(key, n);
      else viewers.delete(key);
      if (viewers.size === 0 && this.local.get(gameId) === viewers) this.local.delete(gameId);
    };
  }

  /** Distinct followers of the game on every process, leaving out the players `seated` says hold a seat. */
  count(gameId: string, seated: (playerId: string) => boolean): number {
    const keys = new Set<string>(this.local.get(gameId)?.keys() ?? []);
    const fresh = this.now() - REPORT_TTL_MS;
    for (const [processId, report] of this.reports) {
      if (report.at < fresh) this.reports.delete(processId);
      else if (processId !== this.processId) for (const k of report.games.get(gameId) ?? []) keys.add(k);
    }
    let n = 0;
    for (const k of keys) if (!(k.startsWith('p:') && seated(k.slice(2)))) n++;
    return n;
  }

  /** Stops broadcasting and listening: resolves once a broadcast in progress is done. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.broadcasts.stop();
  }

  /**
   * Sends this process's followers, in parts that fit a notification, the first part starting a report;
   * returns how many parts it sent.
   */
  private broadcast(): number {
    if (this.local.size === 0 && this.sentEmpty) return 0;
    this.sentEmpty = this.local.size === 0;
    const parts: string[][] = [[]];
    let size = 0;
    for (const [gameId, viewers] of this.local) {
      const entry = `${gameId}=${[...viewers.keys()].join(',')}`;
      if (size + entry.length > MAX_TEXT && parts[parts.length - 1]!.length > 0) {
        parts.push([]);
        size = 0;
      }
      parts[parts.length - 1]!.push(entry);
      size += entry.length + 1;
    }
    parts.forEach((games, part) => {
      void this.reportParts.send({ processId: this.processId, part, games });
    });
    return parts.length;
  }

  private received({ processId, part, games: entries }: ReportPart): void {
    const previous = this.reports.get(processId);
    const games = part === 0 || !previous ? new Map<string, Set<string>>() : previous.games;
    for (const entry of entries) {
      const [gameId, viewers] = entry.split('=');
      if (gameId && viewers) games.set(gameId, new Set(viewers.split(',')));
    }
    this.reports.set(processId, { at: this.now(), games });
  }
}
