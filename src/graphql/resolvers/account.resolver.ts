// The account mutations: renamePlayer and rotateToken.
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { invalidToken, unauthenticated } from '../errors';
import { RenamePlayerInput, RotateTokenInput } from '../inputs/account.input';
import { NameTakenError } from '../../store/name-taken';
import { toPlayer } from '../mappers/player.mapper';
import { PlayerPayload, TokenPayload } from '../types/account.type';
import * as valid from '../validation';

@Resolver()
export class AccountResolver {
  @Authorized()
  @Mutation(() => PlayerPayload, {
    description:
      "Renames the viewer (registerPlayer's name rules). Names are never copied into games or events: the new name shows everywhere, history and the export included.",
  })
  async renamePlayer(
    @Arg('input', () => RenamePlayerInput, { description: 'The new name.' }) input: RenamePlayerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const { name, skeletons } = valid.personName(input.name);
    const viewer = ctx.viewer!;
    await ctx.services.accounts.rename(viewer.id, name, skeletons).catch((error: unknown) => {
      throw error instanceof NameTakenError ? valid.nameTaken(name) : error;
    });
    return Object.assign(new PlayerPayload(), {
      player: toPlayer({ ...viewer, name }),
      userErrors: [],
      clientMutationId,
    });
  }

  @Mutation(() => TokenPayload, {
    description:
      "Replaces the viewer's token with a new one: every earlier token stops working at once on every process (HTTP UNAUTHENTICATED; sockets closed with 4403). A retry with the same idempotencyKey, sent with the replaced token within 24 hours, returns the same new token.",
  })
  async rotateToken(
    @Arg('input', () => RotateTokenInput, { description: 'An idempotencyKey for safe retries.' })
    input: RotateTokenInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TokenPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const result = await ctx.services.accounts.rotateToken({
      playerId: ctx.viewer?.id ?? null,
      token: ctx.token,
      retired: ctx.retiredToken,
      idempotencyKey,
    });
    if (result.kind === 'unauthenticated') throw unauthenticated();
    if (result.kind !== 'rotated') throw invalidToken();
    // A replay's viewer went with the replaced token: the payload shows the rotation's player.
    const [player] = ctx.retiredToken
      ? await ctx.services.players.findByIds([result.playerId])
      : [ctx.viewer!];
    return this.payload(player ? toPlayer(player) : null, result.token, clientMutationId);
  }

  private payload(
    player: TokenPayload['player'],
    token: string,
    clientMutationId: string | null,
  ): TokenPayload {
    return Object.assign(new TokenPayload(), { player, token, userErrors: [], clientMutationId });
  }
}
