// Who may see a game: the one rule every read path asks (game, chat, listings, live streams); the SQL of
// the listings (store/game-reads.repository listedToSql) states the same rule and is tested against it.
import { seatOf, tableOptions, type GameState, type PlayerId } from './state';

/** What of a game a viewer follows: the game and its events, or its table chat. */
export type FollowedPart = 'game' | 'chat';

/** A seat is the right to everything of the game, whatever its options. */
function seated(state: GameState, viewerId: PlayerId | null): boolean {
  return viewerId !== null && seatOf(state, viewerId) >= 0;
}

/**
 * A game without spectators stays open to viewers without a seat until it starts, so it can be found and
 * joined (a cancelled lobby never started).
 */
function closedToSpectators(state: GameState): boolean {
  return !tableOptions(state).allowSpectators && state.startedAt !== null;
}

/**
 * Whether a viewer is kept out of a part of the game: a game without spectators shows itself to viewers
 * without a seat until it starts, and its chat to them never. A viewer loses the right by being kicked,
 * leaving the lobby, or the start.
 */
export function keptOutOf(state: GameState, viewerId: PlayerId | null, part: FollowedPart): boolean {
  if (seated(state, viewerId)) return false;
  return part === 'chat' ? !tableOptions(state).allowSpectators : closedToSpectators(state);
}

/**
 * Whether the game is listed to a viewer (games, lobbyEvents, Player.games, the export): a PRIVATE game
 * only to its seated players, and one closed to spectators only to them too.
 */
export function listedTo(state: GameState, viewerId: PlayerId | null): boolean {
  if (seated(state, viewerId)) return true;
  return tableOptions(state).visibility === 'PUBLIC' && !closedToSpectators(state);
}
