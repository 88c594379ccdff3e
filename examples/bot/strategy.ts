// The bot's strategy: a legal move chosen from the game as the bot sees it.
import type { GameState } from '@perudo/client';

export type Move = { kind: 'BID'; quantity: number; face: number } | { kind: 'DUDO' } | null;

/**
 * The strategy: bid the smallest legal quantity on the face the bot holds most of; call dudo instead when
 * even that bid looks unlikely given its own dice (or when it cannot bid at all).
 */
export function chooseMove(game: GameState): Move {
  const actions = game.legalActions;
  const me = game.viewerSeat?.position;
  const round = game.currentRound;
  if (!actions || me === undefined || !round) return null;
  const dice = game.seats[me]?.dice ?? [];
  const acesWild = game.rules.wildAces && !round.palifico;
  const unseen = game.seats.reduce((n, s) => n + s.diceCount, 0) - dice.length;
  const held = (face: number): number =>
    dice.filter((d) => d === face || (acesWild && face !== 1 && d === 1)).length;
  const likely = (face: number): number => held(face) + unseen * (acesWild && face !== 1 ? 1 / 3 : 1 / 6);
  const options = actions.canBid ? actions.minBids : [];
  let best: { face: number; minQuantity: number } | null = null;
  for (const option of options) {
    if (
      !best ||
      held(option.face) > held(best.face) ||
      (held(option.face) === held(best.face) &&
        likely(option.face) - option.minQuantity > likely(best.face) - best.minQuantity)
    ) {
      best = option;
    }
  }
  if (actions.canDudo && (!best || best.minQuantity > likely(best.face) + 1)) return { kind: 'DUDO' };
  if (best) return { kind: 'BID', quantity: best.minQuantity, face: best.face };
  return actions.canDudo ? { kind: 'DUDO' } : null;
}
