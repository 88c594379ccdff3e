// The RATE_LIMITED error of a client over its rate limit.
import { GraphQLError } from 'graphql';

export function rateLimited(who: string, retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(`too many requests from this ${who}: retry in ${retryAfterSeconds} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfterSeconds, http: { status: 429 } },
  });
}
