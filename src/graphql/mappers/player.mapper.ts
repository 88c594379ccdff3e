// The GraphQL Player of a stored player.
import type { PlayerRecord } from '../../store/player.repository';
import { playerGlobalId } from '../ids';
import { BotLevel } from '../types/enums';
import { Player } from '../types/player.type';

export function toPlayer(p: PlayerRecord): Player {
  return Object.assign(new Player(), {
    id: playerGlobalId(p.id),
    playerId: p.id,
    name: p.name,
    createdAt: p.createdAt,
    isBot: p.botLevel !== null,
    botLevel: p.botLevel === null ? null : BotLevel[p.botLevel],
    isAgent: p.ownerId !== null,
    retired: p.retired,
    isArenaReference: p.arenaReference !== null,
    ownerId: p.ownerId,
  });
}
