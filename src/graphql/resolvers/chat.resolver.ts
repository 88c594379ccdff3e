// The table chat: sending, muting, a game's chat as a query and as a live subscription.
import type { GraphQLResolveInfo } from 'graphql';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Info,
  Int,
  Mutation,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import { ChatAfterSeqError } from '../../chat/chat-feed';
import { ChatInputError, chatContent, chatRightMayChange, type ChatContent } from '../../chat/chat.service';
import type { ChatRecord } from '../../chat/chat.repository';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { ChatMessageInput } from '../inputs/chat-message.input';
import { MutePlayerInput } from '../inputs/mute-player.input';
import { toChatMessage } from '../mappers/chat-message.mapper';
import { toErrorCode } from '../mappers/enum.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { databaseCost, listCost } from '../operation-costs';
import { rateLimited } from '../rate-limit-error';
import { chargeChatRead } from '../rounds-page-cost';
import { ChatMessagePayload } from '../types/chat-message-payload.type';
import { ChatMessage } from '../types/chat-message.type';
import { Game } from '../types/game.type';
import { MutePlayerPayload } from '../types/mute-player-payload.type';
import { Player } from '../types/player.type';
import { Seat } from '../types/seat.type';
import { UserError } from '../types/user-error.type';
import * as valid from '../validation';
import { requestHash } from './game-mutation';
import { loadGame } from './query.resolver';
import { rightLost, watchRight } from './spectators';
import { onEnd } from './subscription.resolver';

/** Messages a page of `Game.chat` holds at most. */
export const MAX_CHAT_PAGE = 500;
const SEQ_MAX = 2_000_000_000;

function viewerId(ctx: GraphQLContext): string | null {
  return ctx.viewer?.id ?? null;
}

/** The content of a message, or BAD_USER_INPUT stating the rule it breaks. */
function contentOf(input: ChatMessageInput): ChatContent {
  try {
    return chatContent(input.text, input.emote);
  } catch (error) {
    if (error instanceof ChatInputError) throw badInput(error.message, error.field);
    throw error;
  }
}

interface GameChatArgs {
  gameId: string;
  afterSeq?: number | null;
}

@Resolver(() => ChatMessage)
export class ChatResolver {
  @Mutation(() => ChatMessagePayload, {
    description:
      "Sends a text or an emote to a game's table chat (seated players; any player where spectators are allowed); at most 5 messages per 10 s per player and game, and 20 a minute per player across games; a game keeps 2,000 messages and its chat closes 10 minutes after it finishes.",
  })
  @Authorized()
  async sendChatMessage(
    @Arg('input', () => ChatMessageInput, { description: 'The game and the message.' })
    input: ChatMessageInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChatMessagePayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const gameId = valid.gameKey(input.gameId);
    const content = contentOf(input);
    const outcome = await ctx.services.chat.send(ctx.viewer!.id, gameId, content, {
      idempotencyKey,
      requestHash: requestHash('sendChatMessage', { ...input, gameId, text: content.text ?? null }),
    });
    const payload: ChatMessagePayload = Object.assign(new ChatMessagePayload(), {
      message: null,
      userErrors: [],
      clientMutationId,
    });
    switch (outcome.kind) {
      case 'not_found':
        throw notFound('that game');
      case 'rate_limited':
        throw rateLimited(
          outcome.acrossGames ? 'player across all games' : 'player in this game',
          outcome.retryAfterSeconds,
          'chat messages',
        );
      case 'refused':
        payload.userErrors = [
          Object.assign(new UserError(), {
            code: toErrorCode(outcome.error.code),
            message: outcome.error.message,
            field: outcome.error.field ? [...outcome.error.field] : null,
          }),
        ];
        return payload;
      case 'sent':
        payload.message = toChatMessage(outcome.message);
        return payload;
    }
  }

  @Mutation(() => MutePlayerPayload, {
    description:
      "Mutes (or unmutes) a player for the viewer, in every game: their chat messages, earlier ones included, are left out of the viewer's chat, gameChat and node.",
  })
  @Authorized()
  async mutePlayer(
    @Arg('input', () => MutePlayerInput, { description: 'The player and whether to mute them.' })
    input: MutePlayerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MutePlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const mutedId = valid.playerKey(input.playerId, 'playerId');
    let found: boolean;
    try {
      found = await ctx.services.chat.mute(ctx.viewer!.id, mutedId, input.muted);
    } catch (error) {
      if (error instanceof ChatInputError) throw badInput(error.message, error.field);
      throw error;
    }
    if (!found) throw notFound(`player ${input.playerId}`);
    const player = await ctx.playerLoader.load(mutedId);
    return Object.assign(new MutePlayerPayload(), {
      player: player ? toPlayer(player) : null,
      muted: input.muted,
      userErrors: [],
      clientMutationId,
    });
  }

  @Subscription(() => ChatMessage, {
    description:
      "A game's chat in seq order: first the messages after afterSeq from storage (0: all of them), then live ones; omit afterSeq for only new messages. Messages of players the viewer muted are left out.",
    subscribe: async ({ args, context }) => {
      const { gameId, afterSeq } = args as GameChatArgs;
      const ctx = context as GraphQLContext;
      const key = valid.gameKey(gameId);
      const after = valid.intInRange(afterSeq, 'afterSeq', 0, SEQ_MAX);
      const state = await ctx.services.gameReads.load(key);
      if (!state) throw notFound(`game ${gameId}`);
      const lost = rightLost('chat', viewerId(ctx));
      const refused = lost(state);
      if (refused) throw refused;
      // A replay is paid for by its length, as gameEvents' is.
      if (after !== null) {
        const overBudget = ctx.chargeReplay?.(await ctx.services.chatFeeds.replayLength(key, after));
        if (overBudget) throw overBudget;
      }
      try {
        // Where the viewer's right can change, it is checked again on every change of the game, like
        // gameEvents, and before messages reach them.
        const changeable = chatRightMayChange(state);
        const stream = await ctx.services.chatFeeds.subscribe(
          key,
          viewerId(ctx),
          after,
          changeable ? lost : null,
        );
        let unwatch = (): void => {};
        try {
          if (changeable) unwatch = await watchRight(ctx.services.feeds, key, lost, (e) => stream.end(e));
        } catch (error) {
          await stream.return();
          throw error;
        }
        // A chat reader follows the game too (spectatorCount; seated players are left out when counting).
        const release = ctx.services.spectators?.follow(key, viewerId(ctx), ctx.socketKey);
        return onEnd(stream, () => {
          unwatch();
          release?.();
        });
      } catch (error) {
        if (error instanceof ChatAfterSeqError) throw badInput(error.message, 'afterSeq');
        throw error;
      }
    },
  })
  gameChat(
    @Root() record: ChatRecord,
    @Arg('gameId', () => ID, { description: 'The game whose chat to follow.' }) _gameId: string,
    @Arg('afterSeq', () => Int, { nullable: true, description: 'Replay the messages after this seq first.' })
    _afterSeq?: number | null,
  ): ChatMessage {
    return toChatMessage(record);
  }

  @FieldResolver(() => Game, { description: 'The game the message was sent to.' })
  async game(@Root() message: ChatMessage, @Ctx() ctx: GraphQLContext): Promise<Game> {
    return (await loadGame(ctx, message.record.gameId))!;
  }

  @FieldResolver(() => Player, { description: 'Who sent the message.' })
  async author(@Root() message: ChatMessage, @Ctx() ctx: GraphQLContext): Promise<Player> {
    return toPlayer((await ctx.playerLoader.load(message.record.authorId))!);
  }

  @FieldResolver(() => Seat, {
    nullable: true,
    description: "The author's seat in the game now; null when they sent without a seat, or hold none now.",
  })
  async seat(@Root() message: ChatMessage, @Ctx() ctx: GraphQLContext): Promise<Seat | null> {
    if (message.record.seat === null) return null;
    const game = await loadGame(ctx, message.record.gameId);
    return game?.seats.find((s) => s.playerId === message.record.authorId) ?? null;
  }
}

@Resolver(() => Game)
export class GameChatResolver {
  @FieldResolver(() => [ChatMessage], {
    complexity: databaseCost(listCost(100)),
    description:
      "The game's table chat after afterSeq, oldest first, without the messages of players the viewer muted (first counts what the viewer sees); empty for viewers without a seat in a game that allows no spectators. Each message read costs 1 per started 100 UTF-8 bytes of its text (an emote 1), into the operation's cost.",
  })
  async chat(
    @Root() game: Game,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('afterSeq', () => Int, {
      nullable: true,
      defaultValue: 0,
      description: 'Only the messages after this seq (0: from the start).',
    })
    afterSeq: number | null,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: 100,
      description: `Page size, 0 to ${MAX_CHAT_PAGE} (default 100).`,
    })
    first: number | null,
  ): Promise<ChatMessage[]> {
    const after = valid.intInRange(afterSeq, 'afterSeq', 0, SEQ_MAX) ?? 0;
    const size = valid.intInRange(first, 'first', 0, MAX_CHAT_PAGE) ?? 100;
    const state = await ctx.gameLoader.load(game.gameId);
    if (!state) return [];
    const page = await ctx.services.chat.page(state, game.gameId, viewerId(ctx), after, size);
    chargeChatRead(info, page);
    return page.map(toChatMessage);
  }
}
