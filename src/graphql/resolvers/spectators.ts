// Games closed to spectators: what a viewer without a seat is told, and when a live stream loses its right.
import type { GraphQLError } from 'graphql';
import { keptOutOf, type FollowedPart, type GameState } from '../../engine';
import type { GameFeeds } from '../../realtime/game-feed';
import { apiError } from '../errors';

export function spectatorsNotAllowed(part: FollowedPart = 'game'): GraphQLError {
  return apiError(
    'SPECTATORS_NOT_ALLOWED',
    part === 'chat'
      ? 'this game allows no spectators: only its seated players may follow its chat'
      : 'this game allows no spectators: only its seated players may follow it',
  );
}

/** The error a new subscription to the part would get now, or null while the viewer may follow it. */
export function rightLost(
  part: FollowedPart,
  viewerId: string | null,
): (state: GameState) => GraphQLError | null {
  return (state) => (keptOutOf(state, viewerId, part) ? spectatorsNotAllowed(part) : null);
}

/**
 * Watches the viewer's right to follow a part of the game on the game's own feed, as `gameEvents` does: every
 * change of the game, made on any process, reaches it, and `end` is told the error a new subscription would
 * get once a change takes the right away (a watch that fails ends the stream too). Returns what stops it.
 */
export async function watchRight(
  feeds: GameFeeds,
  gameId: string,
  lost: (state: GameState) => GraphQLError | null,
  end: (error: unknown) => void,
): Promise<() => void> {
  const changes = await feeds.subscribe(gameId, null);
  void (async () => {
    try {
      for (;;) {
        const next = await changes.next();
        if (next.done) return;
        const error = lost(next.value.state);
        if (error) {
          end(error);
          return;
        }
      }
    } catch (error) {
      end(error);
    } finally {
      await changes.return();
    }
  })();
  return () => void changes.return();
}
