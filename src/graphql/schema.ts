import 'reflect-metadata';
import { DateTimeResolver } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { GameResolver } from './resolvers/game.resolver';
import { MutationResolver } from './resolvers/mutation.resolver';
import { PlayerResolver } from './resolvers/player.resolver';
import { QueryResolver } from './resolvers/query.resolver';
import { SeatResolver } from './resolvers/seat.resolver';
import { SubscriptionResolver } from './resolvers/subscription.resolver';

export const RESOLVERS = [
  QueryResolver,
  MutationResolver,
  SubscriptionResolver,
  GameResolver,
  SeatResolver,
  PlayerResolver,
] as const;

export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    scalarsMap: [{ type: Date, scalar: DateTimeResolver }],
    validate: false,
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
}
