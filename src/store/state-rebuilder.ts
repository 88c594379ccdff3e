// A game's state read afresh for the move path's cache, or rebuilt from the log as it was at a version.
import type { GameState } from '../engine';
import type { EventLog } from './event-log';
import type { GameReads } from './game-reads.repository';
import type { GameStateCache } from './game-state-cache';

/** A game's state read afresh (and cached), or as it was at an earlier version. */
export class StateRebuilder {
  constructor(
    private readonly log: EventLog,
    private readonly reads: GameReads,
    private readonly cache: GameStateCache,
  ) {}

  /** The game as stored now, put in the cache; null when there is no such game. */
  async loadFresh(gameId: string): Promise<GameState | null> {
    const state = await this.reads.load(gameId);
    if (state) this.cache.cacheState(gameId, state);
    return state;
  }

  /**
   * The game as it was at `version`: the cached state when it is that one (a retry sent at once), else
   * rebuilt from the log (see EventLog.stateAt).
   */
  async stateAt(gameId: string, version: number): Promise<GameState> {
    const cached = this.cache.get(gameId);
    if (cached?.version === version) return cached;
    return this.log.stateAt(gameId, version);
  }
}
