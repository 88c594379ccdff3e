// The in-process cache of the latest known state of recently moved or read games.
import type { GameState } from '../engine';

const CACHE_SIZE = 2_000;

/**
 * The last state this process wrote or read per game, the oldest dropped first past CACHE_SIZE games. It may
 * be stale when another process moved since: every write is guarded by the version it was decided on, and a
 * stale guess is reloaded and retried.
 */
export class GameStateCache {
  private readonly states = new Map<string, GameState>();

  get(gameId: string): GameState | undefined {
    return this.states.get(gameId);
  }

  cacheState(gameId: string, state: GameState): void {
    this.states.delete(gameId);
    if (this.states.size >= CACHE_SIZE) this.states.delete(this.states.keys().next().value!);
    this.states.set(gameId, state);
  }

  /**
   * Replaces a cached state by a newer one, learnt from the log after another process moved: the next move
   * here is then decided on it instead of failing its version guard on the stale one and reloading. A game
   * not cached stays uncached, and an older state (a slow read) is ignored.
   */
  cacheNewerState(gameId: string, state: GameState): void {
    const cached = this.states.get(gameId);
    if (cached && cached.version < state.version) this.cacheState(gameId, state);
  }

  forget(gameId: string): void {
    this.states.delete(gameId);
  }
}
