// Games closed to spectators: what a viewer without a seat is told once such a game has started.
import type { GraphQLError } from 'graphql';
import { closedToSpectators, seatOf, type GameState } from '../../engine';
import { apiError } from '../errors';

/** Whether the viewer is kept out of the game: it allows no spectators, has started, and they hold no seat. */
export function keptOut(state: GameState, viewerId: string | null): boolean {
  return closedToSpectators(state) && (viewerId === null || seatOf(state, viewerId) < 0);
}

export function spectatorsNotAllowed(): GraphQLError {
  return apiError(
    'SPECTATORS_NOT_ALLOWED',
    'this game allows no spectators: only its seated players may follow it',
  );
}
