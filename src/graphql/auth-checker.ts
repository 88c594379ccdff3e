// Operations marked @Authorized() need a player: refused with UNAUTHENTICATED before their arguments are read.
import type { AuthChecker } from 'type-graphql';
import type { GraphQLContext } from './context';
import { unauthenticated } from './errors';

// Thrown rather than returning false: type-graphql's own error would carry another code and message. An
// arrow function: type-graphql takes a function with a prototype for a class to instantiate.
export const playerRequired: AuthChecker<GraphQLContext> = ({ context }) => {
  if (!context.viewer) throw unauthenticated();
  return true;
};
