// The `data` of a webhook body, in the API's own terms (global IDs; a finished game as its export line): what
// the endpoint's owner could read of the event at the time it happened, no more.
import { gameGlobalId, playerGlobalId, toGlobalId } from '../graphql/ids';
import type { GameExportQueries } from '../store/game-export.queries';
import { exportLine } from './export.handler';

/** What the renderer needs of a delivery. */
export interface WebhookEvent {
  readonly ownerId: string;
  readonly eventType: string;
  readonly gameId: string | null;
  readonly gameVersion: number | null;
  readonly challengeId: string | null;
}

/**
 * Renders a delivery's `data`: for GAME_FINISHED the game's export line (the owner played it, so a private
 * game is told too); for the other game events the game, its version right after the event, and the owner;
 * for challenges the challenge and its game.
 */
export function webhookDataRenderer(exports: GameExportQueries): (event: WebhookEvent) => Promise<unknown> {
  return async (event) => {
    const head = event.gameId ? await exports.headOf(event.gameId) : null;
    const common = {
      player: playerGlobalId(event.ownerId),
      ...(event.gameId && { game: gameGlobalId(event.gameId) }),
      ...(head && { gameName: head.name }),
      ...(event.gameVersion !== null && { gameVersion: event.gameVersion }),
    };
    if (event.challengeId) return { ...common, challenge: toGlobalId('Challenge', event.challengeId) };
    if (event.eventType === 'GAME_FINISHED' && head && head.status === 'FINISHED') {
      const [game] = await exports.games([head]);
      if (game) return JSON.parse(exportLine(game)) as unknown;
    }
    return common;
  };
}
