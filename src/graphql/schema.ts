// The executable GraphQL schema, built from the resolvers.
import 'reflect-metadata';
import { DateTimeResolver } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { playerRequired } from './auth-checker';
import { GameFairnessFieldResolver, GameFairnessResolver } from './resolvers/fairness.resolver';
import { GameResolver } from './resolvers/game.resolver';
import { RoundResolver } from './resolvers/round.resolver';
import { GameHistoryResolver } from './resolvers/game-history.resolver';
// The mutations by feature, in the order the Mutation type lists them.
import { RegistrationResolver } from './resolvers/registration.resolver';
import { AccountResolver } from './resolvers/account.resolver';
import { AgentResolver } from './resolvers/agent.resolver';
import { PlaceRatingResolver, PlayerRatingHistoryResolver } from './resolvers/rating.resolver';
import { LobbyResolver } from './resolvers/lobby.resolver';
import { PlayResolver } from './resolvers/play.resolver';
import { AwayResolver } from './resolvers/away.resolver';
import { PlayerResolver } from './resolvers/player.resolver';
import { QueryResolver } from './resolvers/query.resolver';
import { RoundKeyResolver } from './resolvers/round-key.resolver';
import { SeatResolver } from './resolvers/seat.resolver';
import { PresenceResolver, SeatPresenceResolver } from './resolvers/presence.resolver';
import { SubscriptionResolver } from './resolvers/subscription.resolver';
import { GameEventTableResolver, GameTableResolver, TablesResolver } from './resolvers/tables.resolver';
import { ChatResolver, GameChatResolver } from './resolvers/chat.resolver';
import { PlayerWebhooksResolver, WebhookResolver } from './resolvers/webhook.resolver';
import {
  ChallengeInviteeResolver,
  ChallengeResolver,
  PlayerChallengesResolver,
  PlayerEventChallengeResolver,
} from './resolvers/challenge.resolver';
import { HeadToHeadResolver, PlayerHeadToHeadResolver } from './resolvers/head-to-head.resolver';
import { ArenaResolver, GameArenaResolver } from './resolvers/arena.resolver';

export const RESOLVERS = [
  QueryResolver,
  RegistrationResolver,
  AccountResolver,
  AgentResolver,
  LobbyResolver,
  PlayResolver,
  AwayResolver,
  TablesResolver,
  GameTableResolver,
  GameEventTableResolver,
  ArenaResolver,
  GameArenaResolver,
  SubscriptionResolver,
  ChatResolver,
  GameChatResolver,
  WebhookResolver,
  PlayerWebhooksResolver,
  ChallengeResolver,
  ChallengeInviteeResolver,
  PlayerChallengesResolver,
  PlayerEventChallengeResolver,
  GameResolver,
  RoundResolver,
  GameHistoryResolver,
  SeatResolver,
  SeatPresenceResolver,
  PresenceResolver,
  PlayerResolver,
  PlayerHeadToHeadResolver,
  HeadToHeadResolver,
  GameFairnessFieldResolver,
  GameFairnessResolver,
  RoundKeyResolver,
  PlaceRatingResolver,
  PlayerRatingHistoryResolver,
] as const;

/** type-graphql names the root types but cannot describe them. */
const ROOT_DESCRIPTIONS: Record<string, string> = {
  Query: 'Reads: games, players and rule presets. Anonymous clients may read everything public.',
  Mutation:
    'Changes: registering, creating and joining games, and every move. All but registerPlayer need a player token.',
  Subscription: 'Live updates over WebSocket (graphql-transport-ws at /graphql).',
};

export async function createSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: RESOLVERS,
    scalarsMap: [{ type: Date, scalar: DateTimeResolver }],
    validate: false,
    authChecker: playerRequired,
    // Every subscription brings its own `subscribe` (realtime/); type-graphql still asks for a PubSub.
    pubSub: {
      publish() {
        throw new Error('subscriptions publish through the change bus');
      },
      subscribe() {
        throw new Error('subscriptions subscribe through realtime feeds');
      },
    },
  });
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (root) root.description = ROOT_DESCRIPTIONS[root.name] ?? null;
  }
  return schema;
}
