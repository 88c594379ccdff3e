// The RATE_LIMITED error of a client over its rate limit.
import { GraphQLError } from 'graphql';

/** `what` names what ran out: requests in general, or registrations. */
export function rateLimited(
  who: string,
  retryAfterSeconds: number,
  what:
    | 'requests'
    | 'registrations'
    | 'chat messages'
    | 'wrong invite codes'
    | 'replayed events'
    | 'challenges' = 'requests',
): GraphQLError {
  return new GraphQLError(`too many ${what} from this ${who}: retry in ${retryAfterSeconds} s`, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfterSeconds,
      // Apollo sends these as the HTTP status and headers when this is the request's error.
      http: {
        status: 429,
        headers: new Map([['retry-after', String(Math.ceil(retryAfterSeconds))]]),
      },
    },
  });
}
