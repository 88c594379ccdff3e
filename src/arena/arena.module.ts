// The arena wired for one API process: its use case over the moves, and the reference bots its fills seat.
import type { MoveService } from '../moves';
import type { GameStore } from '../store/game-store';
import { ArenaRepository } from './arena.repository';
import { ArenaService } from './arena.service';
import { ReferenceBots } from './reference-bots';

type Pool = ConstructorParameters<typeof ArenaRepository>[0];

/**
 * arenaJoin over the moves, held to the seat cap (`seatCap` open games a player may sit in); the moves fill
 * arena tables with the reference bots from now on.
 */
export function createArena(pool: Pool, moves: MoveService, games: GameStore, seatCap: number): ArenaService {
  const bots = new ReferenceBots(pool);
  moves.useReferenceBots((preset, count, seated) => bots.pick(preset, count, seated));
  return new ArenaService(moves, games.moves, games.tables, new ArenaRepository(pool), bots, seatCap);
}
