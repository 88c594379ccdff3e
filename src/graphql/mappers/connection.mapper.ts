// The GraphQL page of games of a stored page, and page info.
import { viewFor } from '../../engine';
import type { GamePage, GameRow } from '../../store/game-reads.repository';
import type { GraphQLContext } from '../context';
import { encodeGameCursor } from '../cursors';
import { GameConnection, GameEdge } from '../types/connections.type';
import { PageInfo } from '../types/page-info.type';
import { toGame } from './game.mapper';

export function pageInfo(hasNextPage: boolean, hasPreviousPage: boolean, cursors: string[]): PageInfo {
  return Object.assign(new PageInfo(), {
    hasNextPage,
    hasPreviousPage,
    startCursor: cursors[0] ?? null,
    endCursor: cursors[cursors.length - 1] ?? null,
  });
}

/** `cursorOf`: each edge's cursor (default: the game's creation time and id, the order of game lists). */
export function toGameConnection(
  ctx: GraphQLContext,
  page: GamePage,
  hasPreviousPage: boolean,
  cursorOf: (row: GameRow) => string = (row) => encodeGameCursor({ createdAt: row.createdAt, id: row.id }),
): GameConnection {
  const viewer = ctx.viewer ? { playerId: ctx.viewer.id } : null;
  const edges = page.rows.map((row) => {
    ctx.gameLoader.prime(row.id, row.state);
    return Object.assign(new GameEdge(), {
      cursor: cursorOf(row),
      node: toGame(row.id, viewFor(row.state, viewer)),
    });
  });
  return Object.assign(new GameConnection(), {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: pageInfo(
      page.hasNextPage,
      hasPreviousPage,
      edges.map((e) => e.cursor),
    ),
  });
}
