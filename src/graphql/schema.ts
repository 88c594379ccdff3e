import 'reflect-metadata';
import { DateTimeResolver } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { GameResolver } from './resolvers/game.resolver';
import { MutationResolver } from './resolvers/mutation.resolver';
import { PlayerResolver } from './resolvers/player.resolver';
import { QueryResolver } from './resolvers/query.resolver';
import { SeatResolver } from './resolvers/seat.resolver';

export const RESOLVERS = [
  QueryResolver,
  MutationResolver,
  GameResolver,
  SeatResolver,
  PlayerResolver,
] as const;

export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    scalarsMap: [{ type: Date, scalar: DateTimeResolver }],
    validate: false,
  });
}
