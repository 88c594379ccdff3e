// The agent mutations of their owner (createAgent, rotateAgentToken, renameAgent, retireAgent), and a player's
// owner and agents.
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { AgentChange, AgentsService, AgentWithToken } from '../../agents/agents.service';
import { NameTakenError } from '../../store/name-taken';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { fromGlobalId } from '../ids';
import { AgentInput, CreateAgentInput, RenameAgentInput } from '../inputs/agent.input';
import { toPlayer } from '../mappers/player.mapper';
import { databaseCost, listCost } from '../operation-costs';
import { PlayerPayload, TokenPayload } from '../types/account.type';
import { Player } from '../types/player.type';
import * as valid from '../validation';
import { userError } from './game-mutation';

function service(ctx: GraphQLContext): AgentsService {
  if (!ctx.services.agents) throw new Error('agents are not wired in this process');
  return ctx.services.agents;
}

/** The same refusal for someone else's agent, a person, a retired agent's token, and an unknown id. */
function noSuchAgent(id: string) {
  return notFound(`agent ${id}`);
}

/** The database key of an agent's global ID: BAD_USER_INPUT when malformed, NOT_FOUND when not a player's. */
function agentKey(id: string): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput('agentId is not a valid ID', 'agentId');
  if (decoded.type !== 'Player') throw noSuchAgent(id);
  return decoded.playerId;
}

/** Runs a change that takes a name, NameTakenError answered as registerPlayer answers it. */
function named<T>(name: string, run: Promise<T>): Promise<T> {
  return run.catch((error: unknown) => {
    throw error instanceof NameTakenError ? valid.nameTaken(name) : error;
  });
}

function tokenPayload(
  outcome: AgentWithToken,
  clientMutationId: string | null,
  agentId: string,
): TokenPayload {
  const out: TokenPayload = Object.assign(new TokenPayload(), {
    player: null,
    token: null,
    userErrors: [],
    clientMutationId,
  });
  switch (outcome.kind) {
    case 'not_found':
      throw noSuchAgent(agentId);
    case 'refused':
      out.userErrors = [userError(outcome.code, outcome.message, outcome.field)];
      return out;
    case 'ok':
      return Object.assign(out, { player: toPlayer(outcome.agent), token: outcome.token });
  }
}

function playerPayload(
  outcome: AgentChange,
  clientMutationId: string | null,
  agentId: string,
): PlayerPayload {
  if (outcome.kind === 'not_found') throw noSuchAgent(agentId);
  return Object.assign(new PlayerPayload(), {
    player: toPlayer(outcome.agent),
    userErrors: [],
    clientMutationId,
  });
}

@Resolver(() => Player)
export class AgentResolver {
  @Authorized()
  @Mutation(() => TokenPayload, {
    description:
      "Registers an agent (a program's account) owned by the viewer, a person, with registerPlayer's name rules, and returns its own token (shown once). A person holds at most 10 agents that are not retired (AGENT_LIMIT_REACHED); an agent gets AGENTS_NOT_ALLOWED. A retry with the same idempotencyKey within 24 hours returns the same agent and token.",
  })
  async createAgent(
    @Arg('input', () => CreateAgentInput, { description: "The agent's name." }) input: CreateAgentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TokenPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const { name, skeletons } = valid.personName(input.name);
    const outcome = await named(
      name,
      service(ctx).create(ctx.viewer!, name, skeletons, idempotencyKey, ctx.chargeRegistration),
    );
    return tokenPayload(outcome, clientMutationId, '');
  }

  @Authorized()
  @Mutation(() => TokenPayload, {
    description:
      "Replaces the token of one of the viewer's agents: every earlier token of the agent stops working at once on every process (HTTP UNAUTHENTICATED; sockets closed with 4403). A retry with the same idempotencyKey within 24 hours returns the same new token. Any id but one of the viewer's agents that is not retired is NOT_FOUND.",
  })
  async rotateAgentToken(
    @Arg('input', () => AgentInput, { description: 'The agent.' }) input: AgentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TokenPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const agentId = agentKey(input.agentId);
    const outcome = await service(ctx).rotateToken(ctx.viewer!.id, agentId, idempotencyKey);
    return tokenPayload(outcome, clientMutationId, input.agentId);
  }

  @Authorized()
  @Mutation(() => PlayerPayload, {
    description:
      "Renames one of the viewer's agents (registerPlayer's name rules). Any id but one of the viewer's agents is NOT_FOUND.",
  })
  async renameAgent(
    @Arg('input', () => RenameAgentInput, { description: 'The agent and its new name.' })
    input: RenameAgentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    valid.idempotencyKey(input.idempotencyKey);
    const agentId = agentKey(input.agentId);
    const { name, skeletons } = valid.personName(input.name);
    const outcome = await named(name, service(ctx).rename(ctx.viewer!.id, agentId, name, skeletons));
    return playerPayload(outcome, clientMutationId, input.agentId);
  }

  @Authorized()
  @Mutation(() => PlayerPayload, {
    description:
      "Retires one of the viewer's agents, for good: every token of it stops working at once on every process (HTTP UNAUTHENTICATED; sockets closed with 4403), it is never seated again (its running games go on, the turn timer playing its turns) and it no longer counts against the limit of 10. Retiring it again changes nothing. Any id but one of the viewer's agents is NOT_FOUND.",
  })
  async retireAgent(
    @Arg('input', () => AgentInput, { description: 'The agent.' }) input: AgentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    valid.idempotencyKey(input.idempotencyKey);
    const agentId = agentKey(input.agentId);
    const outcome = await service(ctx).retire(ctx.viewer!.id, agentId);
    return playerPayload(outcome, clientMutationId, input.agentId);
  }

  @FieldResolver(() => Player, {
    nullable: true,
    complexity: databaseCost(),
    description: "An agent's owner (the person whose program plays it); null for people and bots.",
  })
  async owner(@Root() player: Player, @Ctx() ctx: GraphQLContext): Promise<Player | null> {
    if (!player.ownerId) return null;
    const owner = await ctx.playerLoader.load(player.ownerId);
    return owner ? toPlayer(owner) : null;
  }

  @FieldResolver(() => [Player], {
    nullable: true,
    complexity: databaseCost(listCost(10)),
    description: "The viewer's own agents, retired ones too, oldest first; null for any other player.",
  })
  async agents(@Root() player: Player, @Ctx() ctx: GraphQLContext): Promise<Player[] | null> {
    if (!ctx.viewer || ctx.viewer.id !== player.playerId) return null;
    return (await service(ctx).list(player.playerId)).map(toPlayer);
  }
}
