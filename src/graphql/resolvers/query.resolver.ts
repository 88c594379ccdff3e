// The root queries: nodes, the viewer, games, players and rule presets.
import { webhookNode } from './webhook.resolver';
import { databaseCost, listCost } from '../operation-costs';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, ID, Info, Int, Query, Resolver } from 'type-graphql';
import { keptOutOf, PRESET_NAMES, PRESETS, viewFor, type GameState } from '../../engine';
import type { GraphQLContext } from '../context';
import { decodeGameCursor } from '../cursors';
import { fromGlobalId, playerGlobalId } from '../ids';
import { toGameConnection } from '../mappers/connection.mapper';
import { toGame } from '../mappers/game.mapper';
import { toChatMessage } from '../mappers/chat-message.mapper';
import { toChallenge } from '../mappers/challenge.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { toRuleSet } from '../mappers/rule-set.mapper';
import { GameConnection } from '../types/connections.type';
import { GameStatus, RulePreset } from '../types/enums';
import { LeaderboardConnection } from '../types/leaderboard.type';
import { LeaderboardArgs } from '../inputs/leaderboard.args';
import { leaderboardPage } from './leaderboard-page';
import { Game } from '../types/game.type';
import { Node } from '../types/node.interface';
import { Player } from '../types/player.type';
import { RuleSet } from '../types/rule-set.type';
import { badInput, notFound } from '../errors';
import { MAX_PLAYER_IDS, pageSize, playerKey, playerKeys } from '../validation';
import { chargeChatRead, chargeSharedHistory } from '../rounds-page-cost';
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
      case 'Webhook':
      case 'WebhookDelivery':
        return webhookNode(ctx, decoded);
      case 'Challenge': {
        const challenge = await ctx.services.challenges.read(decoded.challengeId, ctx.viewer?.id ?? null);
        return challenge ? toChallenge(challenge) : null;
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
    @Arg('playerIds', () => [ID], {
      nullable: true,
      description: `Only games every one of these players (at most ${MAX_PLAYER_IDS}) has a seat in; with playerId, that player too.`,
    })
    playerIds?: string[] | null,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<GameConnection> {
    const cursor = decodeGameCursor(after);
    const seated = playerKeys(playerIds ?? []);
    const players = await ctx.playerLoader.loadMany(seated);
    const unknown = seated.findIndex((_, i) => !players[i] || players[i] instanceof Error);
    if (unknown >= 0) throw notFound(`player ${playerGlobalId(seated[unknown]!)}`);
    const page = await ctx.services.gameReads.list(
      {
        status: status ?? null,
        preset: preset ?? null,
        playerId: playerId ? playerKey(playerId, 'playerId') : null,
        playerIds: seated,
        finishedAfter: finishedAfter ?? null,
        finishedBefore: finishedBefore ?? null,
        listedTo: { viewerId: ctx.viewer?.id ?? null },
      },
      pageSize(first),
      cursor,
    );
    if (info && page.seatsRead) chargeSharedHistory(info, page.seatsRead);
    return toGameConnection(ctx, page, cursor !== null);
  }

  @Query(() => LeaderboardConnection, {
    complexity: databaseCost(listCost(20)),
    description:
      "A preset's leaderboard of people: rated players (never bots nor agents) by rating ordinal (mu - 3 sigma), highest first, equal ordinals by Player.id as strings; ranks 1, 2, ... over the players listed, across pages.",
  })
  leaderboard(@Ctx() ctx: GraphQLContext, @Args() args: LeaderboardArgs): Promise<LeaderboardConnection> {
    return leaderboardPage(ctx, args, 'PEOPLE');
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
