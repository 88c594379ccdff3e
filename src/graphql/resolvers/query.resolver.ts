// The root queries: nodes, the viewer, games, players and rule presets.
import { databaseCost, listCost } from '../operation-costs';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Query, Resolver } from 'type-graphql';
import { keptOutOf, PRESET_NAMES, PRESETS, viewFor, type GameState } from '../../engine';
import type { GraphQLContext } from '../context';
import { decodeGameCursor, decodeLeaderboardCursor, encodeLeaderboardCursor } from '../cursors';
import { fromGlobalId } from '../ids';
import { toGameConnection } from '../mappers/connection.mapper';
import { toGame } from '../mappers/game.mapper';
import { toChatMessage } from '../mappers/chat-message.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { toRuleSet } from '../mappers/rule-set.mapper';
import { GameConnection } from '../types/connections.type';
import { GameStatus, RulePreset } from '../types/enums';
import { LeaderboardConnection, LeaderboardEdge, LeaderboardEntry } from '../types/leaderboard.type';
import { Rating } from '../types/rating.type';
import { pageInfo } from '../mappers/connection.mapper';
import { Game } from '../types/game.type';
import { Node } from '../types/node.interface';
import { Player } from '../types/player.type';
import { RuleSet } from '../types/rule-set.type';
import { badInput } from '../errors';
import { pageSize, playerKey } from '../validation';
import { chargeChatRead } from '../rounds-page-cost';
import { spectatorsNotAllowed } from './spectators';

/** The viewer's view of a game, or null when it does not exist. */
export async function loadGame(ctx: GraphQLContext, gameId: string): Promise<Game | null> {
  const state: GameState | null = await ctx.gameLoader.load(gameId);
  // A started game closed to spectators is null to viewers without a seat, with SPECTATORS_NOT_ALLOWED.
  if (state && keptOutOf(state, ctx.viewer?.id ?? null, 'game')) throw spectatorsNotAllowed();
  return state ? toGame(gameId, viewFor(state, ctx.viewer ? { playerId: ctx.viewer.id } : null)) : null;
}

@Resolver()
export class QueryResolver {
  @Query(() => Node, {
    nullable: true,
    description: 'Any object by its global ID; null when it does not exist.',
  })
  async node(
    @Arg('id', () => ID, { description: 'A global ID.' }) id: string,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Node | null> {
    const decoded = fromGlobalId(id);
    if (!decoded) throw badInput('id is not a valid ID', 'id');
    switch (decoded.type) {
      case 'Game':
        return loadGame(ctx, decoded.gameId);
      case 'Player': {
        const p = await ctx.playerLoader.load(decoded.playerId);
        return p ? toPlayer(p) : null;
      }
      case 'Round': {
        const game = await loadGame(ctx, decoded.gameId);
        return game?.roundAt(decoded.number - 1) ?? null;
      }
      case 'Seat': {
        // Read like its game (null, or SPECTATORS_NOT_ALLOWED); null once the player holds no seat there.
        const game = await loadGame(ctx, decoded.gameId);
        return game?.seats.find((s) => s.playerId === decoded.playerId) ?? null;
      }
      case 'ChatMessage': {
        const message = await ctx.services.chat.one(decoded.gameId, decoded.seq, ctx.viewer?.id ?? null);
        if (message) chargeChatRead(info, [message]);
        return message ? toChatMessage(message) : null;
      }
    }
  }

  @Query(() => Player, { nullable: true, description: 'The authenticated player; null when anonymous.' })
  viewer(@Ctx() ctx: GraphQLContext): Player | null {
    return ctx.viewer ? toPlayer(ctx.viewer) : null;
  }

  @Query(() => Game, { nullable: true, description: 'A game by its ID; null when it does not exist.' })
  game(
    @Arg('id', () => ID, { description: 'The game ID.' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Game | null> {
    // A well-formed ID of another type names no game: null, like an unknown game ID.
    const decoded = fromGlobalId(id);
    if (!decoded) throw badInput('id is not a valid ID', 'id');
    return decoded.type === 'Game' ? loadGame(ctx, decoded.gameId) : Promise.resolve(null);
  }

  @Query(() => GameConnection, {
    complexity: listCost(20),
    description: 'Games newest first: the lobby (status LOBBY) and history.',
  })
  async games(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => GameStatus, { nullable: true, description: 'Only games in this status.' })
    status?: GameStatus | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
    @Arg('preset', () => RulePreset, { nullable: true, description: 'Only games created from this preset.' })
    preset?: RulePreset | null,
    @Arg('playerId', () => ID, { nullable: true, description: 'Only games this player has a seat in.' })
    playerId?: string | null,
    @Arg('finishedAfter', () => Date, {
      nullable: true,
      description: 'Only games that ended (finished or cancelled) strictly after this time.',
    })
    finishedAfter?: Date | null,
    @Arg('finishedBefore', () => Date, {
      nullable: true,
      description: 'Only games that ended (finished or cancelled) strictly before this time.',
    })
    finishedBefore?: Date | null,
  ): Promise<GameConnection> {
    const cursor = decodeGameCursor(after);
    const page = await ctx.services.gameReads.list(
      {
        status: status ?? null,
        preset: preset ?? null,
        playerId: playerId ? playerKey(playerId, 'playerId') : null,
        finishedAfter: finishedAfter ?? null,
        finishedBefore: finishedBefore ?? null,
        listedTo: { viewerId: ctx.viewer?.id ?? null },
      },
      pageSize(first),
      cursor,
    );
    return toGameConnection(ctx, page, cursor !== null);
  }

  @Query(() => LeaderboardConnection, {
    complexity: databaseCost(listCost(20)),
    description:
      "A preset's leaderboard: rated players (never bots) by rating ordinal (mu - 3 sigma), highest first, equal ordinals by Player.id as strings; ranks 1, 2, ... over the players listed, across pages.",
  })
  async leaderboard(
    @Ctx() ctx: GraphQLContext,
    @Arg('preset', () => RulePreset, { description: 'The preset.' }) preset: RulePreset,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
    @Arg('includeProvisional', () => Boolean, {
      defaultValue: false,
      description:
        'List provisional ratings (fewer than 10 counted games) too; ranks count the players listed.',
    })
    includeProvisional: boolean = false,
  ): Promise<LeaderboardConnection> {
    const cursor = decodeLeaderboardCursor(after);
    const size = pageSize(first);
    const page = await ctx.services.ratings.leaderboard(
      preset,
      size,
      cursor && { ordinal: cursor.ordinal, playerId: cursor.playerId },
      includeProvisional,
    );
    const players = await Promise.all(page.rows.map((r) => ctx.playerLoader.load(r.playerId)));
    const edges = page.rows.map((row, i) => {
      const rank = (cursor?.rank ?? 0) + i + 1;
      return Object.assign(new LeaderboardEdge(), {
        cursor: encodeLeaderboardCursor({ ordinal: row.rating.ordinal, playerId: row.playerId, rank }),
        node: Object.assign(new LeaderboardEntry(), {
          rank,
          player: toPlayer(players[i]!),
          rating: Object.assign(new Rating(), row.rating),
        }),
      });
    });
    return Object.assign(new LeaderboardConnection(), {
      edges,
      pageInfo: pageInfo(
        page.hasNextPage,
        cursor !== null,
        edges.map((e) => e.cursor),
      ),
    });
  }

  @Query(() => Player, { nullable: true, description: 'A player by ID; null when it does not exist.' })
  async player(
    @Arg('id', () => ID, { description: 'The player ID.' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Player | null> {
    const decoded = fromGlobalId(id);
    if (!decoded) throw badInput('id is not a valid ID', 'id');
    if (decoded.type !== 'Player') return null;
    const p = await ctx.playerLoader.load(decoded.playerId);
    return p ? toPlayer(p) : null;
  }

  @Query(() => [RuleSet], { description: 'The rule presets games can be created from.' })
  rulePresets(): RuleSet[] {
    return PRESET_NAMES.map((name) => toRuleSet(PRESETS[name]));
  }
}
