// Direct challenges, blocks and the challenge policy: their mutations, the Challenge's fields, the viewer's
// own challenges, blocks and policy on Player, and PlayerEvent.challenge.
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { LIMITS, TURN_SECONDS } from '../../engine';
import { askedRules } from '../../moves';
import type { SettingOutcome } from '../../challenges/blocks.service';
import {
  ChallengeInputError,
  EXPIRES_IN_SECONDS,
  type ChallengeOutcome,
  type KeyedRequest,
} from '../../challenges/challenge-rules';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { fromGlobalId } from '../ids';
import {
  CHALLENGE_MESSAGE_MAX_LENGTH,
  ChallengeIdInput,
  ChallengeInput,
  ChallengePolicyInput,
  PlayerIdInput,
} from '../inputs/challenge.input';
import { toPlayer } from '../mappers/player.mapper';
import { databaseCost } from '../operation-costs';
import { rateLimited } from '../rate-limit-error';
import { PlayerPayload } from '../types/account.type';
import {
  Challenge,
  ChallengeInvitee,
  ChallengePayload,
  ChallengePolicy,
  ChallengeStatus,
} from '../types/challenge.type';
import { toChallenge } from '../mappers/challenge.mapper';
import { Game } from '../types/game.type';
import { PlayerEvent } from '../types/player-event.type';
import { Player } from '../types/player.type';
import * as valid from '../validation';
import { requestHash, userError } from './game-mutation';
import { loadGame } from './query.resolver';

/** The challenges Player.challenges lists at most (newest first). */
const CHALLENGES_LISTED = 100;

/** The database key of a Challenge global ID; malformed IDs are BAD_USER_INPUT. */
function challengeKey(id: string): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput('challengeId is not a valid ID', 'challengeId');
  if (decoded.type !== 'Challenge') throw notFound(`challenge ${id}`);
  return decoded.challengeId;
}

function keyedRequest(
  operation: string,
  input: object & { idempotencyKey?: string | null },
  validated: object = {},
): KeyedRequest {
  return {
    idempotencyKey: valid.idempotencyKey(input.idempotencyKey),
    requestHash: requestHash(operation, { ...input, ...validated }),
  };
}

/** What a challenge mutation answers with its outcome. */
function challengePayload(outcome: ChallengeOutcome, clientMutationId: string | null): ChallengePayload {
  if (outcome.kind === 'not_found') throw notFound(outcome.what);
  if (outcome.kind === 'rate_limited') throw rateLimited('player', outcome.retryAfterSeconds, 'challenges');
  const refused = outcome.kind === 'refused';
  return Object.assign(new ChallengePayload(), {
    challenge: outcome.challenge ? toChallenge(outcome.challenge) : null,
    userErrors: refused ? [userError(outcome.error.code, outcome.error.message, outcome.error.field)] : [],
    clientMutationId,
  });
}

/** What a block or policy mutation answers: the viewer, whose settings changed. */
function settingPayload(
  ctx: GraphQLContext,
  outcome: SettingOutcome,
  what: string,
  clientMutationId: string | null,
) {
  if (outcome.kind === 'not_found') throw notFound(what);
  return Object.assign(new PlayerPayload(), {
    player: toPlayer(ctx.viewer!),
    userErrors:
      outcome.kind === 'key_reused'
        ? [userError('IDEMPOTENCY_KEY_REUSED', outcome.message, ['idempotencyKey'])]
        : [],
    clientMutationId,
  });
}

/** Runs a use case, turning its input errors into BAD_USER_INPUT. */
async function checked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChallengeInputError) throw badInput(error.message, error.field);
    throw error;
  }
}

@Resolver(() => Challenge)
export class ChallengeResolver {
  @Mutation(() => ChallengePayload, {
    description:
      "Challenges other people (the rules' minPlayers − 1, at least 1, to maxPlayers − 1): creates a PRIVATE lobby game you host with a seat held for each (the table seats you and them), and sends each CHALLENGE_RECEIVED. CHALLENGES_REFUSED when an invitee's policy or block refuses you (which one is not said); RATE_LIMITED past 10 challenges a minute.",
  })
  @Authorized()
  async challengePlayers(
    @Arg('input', () => ChallengeInput, { description: 'Whom to challenge, and the game.' })
    input: ChallengeInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChallengePayload> {
    const operation = 'challengePlayers';
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    if (input.playerIds.length < 1 || input.playerIds.length > LIMITS.maxPlayers - 1)
      throw badInput(`playerIds must name 1 to ${LIMITS.maxPlayers - 1} players`, 'playerIds');
    const inviteeIds = input.playerIds.map((id) => valid.playerKey(id, 'playerIds'));
    const turnSeconds = valid.intWithin(input.turnSeconds, 'turnSeconds', TURN_SECONDS);
    const message = valid.optionalText(input.message, 'message', CHALLENGE_MESSAGE_MAX_LENGTH);
    const expiresInSeconds =
      valid.intWithin(input.expiresInSeconds, 'expiresInSeconds', EXPIRES_IN_SECONDS) ??
      EXPIRES_IN_SECONDS.default;
    const rules = askedRules(input.preset, input.overrides);
    if (!rules.ok)
      return challengePayload({ kind: 'refused', error: rules.violation, challenge: null }, clientMutationId);
    const rated = input.rated ?? true;
    const request = { inviteeIds, rules: rules.rules, rated, turnSeconds, message, expiresInSeconds };
    const keyed = keyedRequest(operation, input, {
      ...request,
      playerIds: inviteeIds,
      overrides: rules.rules,
    });
    const outcome = await checked(() => ctx.services.challenges.challenge(ctx.viewer!.id, request, keyed));
    return challengePayload(outcome, clientMutationId);
  }

  @Mutation(() => ChallengePayload, {
    description:
      "An invitee accepts: seats you in the challenge's game (the challenger starts it as usual) and sends the challenger CHALLENGE_ACCEPTED.",
  })
  @Authorized()
  async acceptChallenge(
    @Arg('input', () => ChallengeIdInput, { description: 'The challenge.' }) input: ChallengeIdInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChallengePayload> {
    const challengeId = challengeKey(input.challengeId);
    const keyed = keyedRequest('acceptChallenge', input, { challengeId });
    const outcome = await ctx.services.challenges.accept(ctx.viewer!.id, challengeId, keyed);
    return challengePayload(outcome, valid.clientMutationId(input.clientMutationId));
  }

  @Mutation(() => ChallengePayload, {
    description: 'An invitee declines: your held seat is freed, and the challenger gets CHALLENGE_DECLINED.',
  })
  @Authorized()
  async declineChallenge(
    @Arg('input', () => ChallengeIdInput, { description: 'The challenge.' }) input: ChallengeIdInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChallengePayload> {
    const challengeId = challengeKey(input.challengeId);
    const keyed = keyedRequest('declineChallenge', input, { challengeId });
    const outcome = await ctx.services.challenges.decline(ctx.viewer!.id, challengeId, keyed);
    return challengePayload(outcome, valid.clientMutationId(input.clientMutationId));
  }

  @Mutation(() => ChallengePayload, {
    description:
      'The challenger withdraws an open challenge: the invitations not answered end (CANCELLED, no event) and their seats are freed; when nobody accepted yet, you leave the lobby too, which cancels the game. Otherwise the game stays for you and those who accepted.',
  })
  @Authorized()
  async cancelChallenge(
    @Arg('input', () => ChallengeIdInput, { description: 'The challenge.' }) input: ChallengeIdInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChallengePayload> {
    const challengeId = challengeKey(input.challengeId);
    const keyed = keyedRequest('cancelChallenge', input, { challengeId });
    const outcome = await ctx.services.challenges.cancel(ctx.viewer!.id, challengeId, keyed);
    return challengePayload(outcome, valid.clientMutationId(input.clientMutationId));
  }

  @Mutation(() => PlayerPayload, {
    description:
      "Blocks a player: they cannot challenge you, and their chat messages are hidden from you in every game (earlier ones included), as a mute that lasts. The payload's player is you.",
  })
  @Authorized()
  blockPlayer(
    @Arg('input', () => PlayerIdInput, { description: 'The player to block.' }) input: PlayerIdInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    return this.setBlock(input, true, ctx);
  }

  @Mutation(() => PlayerPayload, {
    description:
      "Lifts a block: the player may challenge you again, and you see their chat. The payload's player is you.",
  })
  @Authorized()
  unblockPlayer(
    @Arg('input', () => PlayerIdInput, { description: 'The player to unblock.' }) input: PlayerIdInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    return this.setBlock(input, false, ctx);
  }

  private async setBlock(
    input: PlayerIdInput,
    blocked: boolean,
    ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    const otherId = valid.playerKey(input.playerId, 'playerId');
    const keyed = keyedRequest(blocked ? 'blockPlayer' : 'unblockPlayer', input, { playerId: otherId });
    const outcome = await checked(() =>
      ctx.services.blocks.setBlock(ctx.viewer!.id, otherId, blocked, keyed),
    );
    return settingPayload(
      ctx,
      outcome,
      `player ${input.playerId}`,
      valid.clientMutationId(input.clientMutationId),
    );
  }

  @Mutation(() => PlayerPayload, {
    description:
      "Sets whose challenges you take: EVERYONE, PLAYED_WITH or NOBODY. The payload's player is you.",
  })
  @Authorized()
  async setChallengePolicy(
    @Arg('input', () => ChallengePolicyInput, { description: 'The policy.' }) input: ChallengePolicyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlayerPayload> {
    const keyed = keyedRequest('setChallengePolicy', input);
    const outcome = await ctx.services.blocks.setPolicy(ctx.viewer!.id, input.policy, keyed);
    return settingPayload(ctx, outcome, 'you', valid.clientMutationId(input.clientMutationId));
  }

  @FieldResolver(() => Player, { description: 'Who made the challenge (the game’s host at its creation).' })
  async challenger(@Root() challenge: Challenge, @Ctx() ctx: GraphQLContext): Promise<Player> {
    return toPlayer((await ctx.playerLoader.load(challenge.record.challengerId))!);
  }

  @FieldResolver(() => [ChallengeInvitee], { description: 'The players challenged and their answers.' })
  invitees(@Root() challenge: Challenge): ChallengeInvitee[] {
    return challenge.record.invitees.map((i) =>
      Object.assign(new ChallengeInvitee(), { status: ChallengeStatus[i.status], record: i }),
    );
  }

  @FieldResolver(() => Game, { description: "The challenge's PRIVATE game." })
  async game(@Root() challenge: Challenge, @Ctx() ctx: GraphQLContext): Promise<Game> {
    return (await loadGame(ctx, challenge.record.gameId))!;
  }
}

@Resolver(() => ChallengeInvitee)
export class ChallengeInviteeResolver {
  @FieldResolver(() => Player, { description: 'The invited player.' })
  async player(@Root() invitee: ChallengeInvitee, @Ctx() ctx: GraphQLContext): Promise<Player> {
    return toPlayer((await ctx.playerLoader.load(invitee.record.playerId))!);
  }
}

@Resolver(() => Player)
export class PlayerChallengesResolver {
  @FieldResolver(() => [Challenge], {
    nullable: true,
    complexity: databaseCost(),
    description: `The challenges the player made or was invited to, newest first (at most ${CHALLENGES_LISTED}): the viewer's own only, null for others.`,
  })
  async challenges(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => ChallengeStatus, {
      nullable: true,
      description: 'Only challenges with this status.',
    })
    status?: ChallengeStatus | null,
  ): Promise<Challenge[] | null> {
    if (ctx.viewer?.id !== player.playerId) return null;
    const records = await ctx.services.challenges.ofPlayer(
      player.playerId,
      status ?? null,
      CHALLENGES_LISTED,
    );
    return records.map(toChallenge);
  }

  @FieldResolver(() => ChallengePolicy, {
    nullable: true,
    complexity: databaseCost(),
    description:
      "Whose challenges the player takes (setChallengePolicy): the viewer's own only, null for others.",
  })
  async challengePolicy(@Root() player: Player, @Ctx() ctx: GraphQLContext): Promise<ChallengePolicy | null> {
    if (ctx.viewer?.id !== player.playerId) return null;
    return ChallengePolicy[await ctx.services.blocks.policy(player.playerId)];
  }

  @FieldResolver(() => [Player], {
    nullable: true,
    complexity: databaseCost(),
    description:
      "The players this player blocked, oldest block first: the viewer's own only, null for others.",
  })
  async blockedPlayers(@Root() player: Player, @Ctx() ctx: GraphQLContext): Promise<Player[] | null> {
    if (ctx.viewer?.id !== player.playerId) return null;
    const ids = await ctx.services.blocks.blocked(player.playerId);
    const players = await Promise.all(ids.map((id) => ctx.playerLoader.load(id)));
    return players.flatMap((p) => (p ? [toPlayer(p)] : []));
  }
}

@Resolver(() => PlayerEvent)
export class PlayerEventChallengeResolver {
  @FieldResolver(() => Challenge, {
    nullable: true,
    description: 'The challenge, for the CHALLENGE_* types (as it is when read); null for the others.',
  })
  async challenge(@Root() event: PlayerEvent, @Ctx() ctx: GraphQLContext): Promise<Challenge | null> {
    if (!event.challengeId) return null;
    const record = await ctx.services.challenges.read(event.challengeId, ctx.viewer?.id ?? null);
    return record ? toChallenge(record) : null;
  }
}
