// The mutation that creates a player: registerPlayer.
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { RegisterPlayerInput } from '../inputs/register-player.input';
import { NameTakenError } from '../../store/name-taken';
import { toPlayer } from '../mappers/player.mapper';
import { RegisterPlayerPayload } from '../types/payloads.type';
import * as valid from '../validation';
import { userError } from './game-mutation';

@Resolver()
export class RegistrationResolver {
  @Mutation(() => RegisterPlayerPayload, {
    description:
      'Creates a player and returns its secret token; a retry with the same idempotencyKey returns the same player and token.',
  })
  async registerPlayer(
    @Arg('input', () => RegisterPlayerInput, { description: 'The name.' }) input: RegisterPlayerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RegisterPlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.registrationKey(input.idempotencyKey);
    const { name, skeletons } = valid.personName(input.name);
    const result = await ctx.services.accounts
      .register(name, skeletons, idempotencyKey, ctx.chargeRegistration)
      .catch((error: unknown) => {
        throw error instanceof NameTakenError ? valid.nameTaken(name) : error;
      });
    if (result.kind === 'reused') {
      return Object.assign(new RegisterPlayerPayload(), {
        player: null,
        token: null,
        userErrors: [
          userError(
            'IDEMPOTENCY_KEY_REUSED',
            'this idempotencyKey was already used to register another name; use a new key',
            ['idempotencyKey'],
          ),
        ],
        clientMutationId,
      });
    }
    const { player, token } = result;
    return Object.assign(new RegisterPlayerPayload(), {
      player: toPlayer(player),
      token,
      userErrors: [],
      clientMutationId,
    });
  }
}
