// A player's record against another: Player.headToHead and the page of the games it counts.
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { decodeFinishedCursor, encodeFinishedCursor } from '../cursors';
import { badInput, notFound } from '../errors';
import { toGameConnection } from '../mappers/connection.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { databaseCost, listCost } from '../operation-costs';
import { chargeSharedHistory } from '../rounds-page-cost';
import { GameConnection } from '../types/connections.type';
import { RulePreset } from '../types/enums';
import { HeadToHead } from '../types/head-to-head.type';
import { Player } from '../types/player.type';
import { pageSize, playerKey } from '../validation';

@Resolver(() => Player)
export class PlayerHeadToHeadResolver {
  @FieldResolver(() => HeadToHead, {
    complexity: databaseCost(),
    description:
      "The player's record against an opponent over the FINISHED games both held a seat in, of a preset and finished in a period when given; a PRIVATE game counts only for a viewer seated in it.",
  })
  async headToHead(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('opponentId', () => ID, { description: 'The opponent: another player.' }) opponentId: string,
    @Arg('preset', () => RulePreset, {
      nullable: true,
      description: 'Only games of this preset; every preset when omitted.',
    })
    preset?: RulePreset | null,
    @Arg('finishedAfter', () => Date, {
      nullable: true,
      description: 'Only games that finished strictly after this time.',
    })
    finishedAfter?: Date | null,
    @Arg('finishedBefore', () => Date, {
      nullable: true,
      description: 'Only games that finished strictly before this time.',
    })
    finishedBefore?: Date | null,
  ): Promise<HeadToHead> {
    const opponentKey = playerKey(opponentId, 'opponentId');
    if (opponentKey === player.playerId) {
      throw badInput('opponentId must be another player than the one whose record it is', 'opponentId');
    }
    const opponent = await ctx.playerLoader.load(opponentKey);
    if (!opponent) throw notFound(`player ${opponentId}`);
    const filter = {
      preset: preset ?? null,
      finishedAfter: finishedAfter ?? null,
      finishedBefore: finishedBefore ?? null,
      viewerId: ctx.viewer?.id ?? null,
    };
    const record = await ctx.services.history.headToHead(player.playerId, opponentKey, filter);
    // The pair's stored results (one a game) were all read: priced by them, not a flat database read.
    chargeSharedHistory(info, record.rowsRead);
    return Object.assign(new HeadToHead(), {
      player,
      opponent: toPlayer(opponent),
      games: record.games,
      placedAbove: record.placedAbove,
      placedBelow: record.placedBelow,
      diceTaken: record.diceTaken,
      diceLost: record.diceLost,
      pair: { playerId: player.playerId, opponentId: opponentKey, filter },
    });
  }
}

@Resolver(() => HeadToHead)
export class HeadToHeadResolver {
  @FieldResolver(() => GameConnection, {
    complexity: databaseCost(listCost(20)),
    description: 'The games counted, newest first by finishedAt (equal times by id).',
  })
  async recent(
    @Root() record: HeadToHead,
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
  ): Promise<GameConnection> {
    const cursor = decodeFinishedCursor(after);
    const size = pageSize(first);
    const { playerId, opponentId, filter } = record.pair;
    // One more than the page tells whether another follows.
    const counted = await ctx.services.history.recent(playerId, opponentId, filter, size + 1, cursor);
    const page = counted.slice(0, size);
    const states = await ctx.gameLoader.loadMany(page.map((g) => g.id));
    const finishedAt = new Map(page.map((g) => [g.id, g.finishedAt]));
    const rows = page.flatMap((g, i) => {
      const state = states[i];
      return state && !(state instanceof Error)
        ? [{ id: g.id, state, createdAt: new Date(state.createdAt) }]
        : [];
    });
    return toGameConnection(ctx, { rows, hasNextPage: counted.length > size }, cursor !== null, (row) =>
      encodeFinishedCursor({ finishedAt: finishedAt.get(row.id)!, id: row.id }),
    );
  }
}
