// `extensions.rateLimit` on every HTTP response: the budget the request was charged to, errors included.
import type { ApolloServerPlugin } from '@apollo/server';
import type { HttpContext } from '../gate/request-gate';
import type { RateLimitBudget } from '../gate/rate-limiter';

/** The contexts whose response the plugin stamped; the others are stamped by the handler (see below). */
const stamped = new WeakSet<HttpContext>();

/**
 * Stamps each response Apollo sends through its plugins (the context was built: results, validation
 * errors, refusals of the operation) without encoding it twice. Taken last, once every charge is made.
 */
export function rateLimitPlugin(
  budgetOf: (context: HttpContext) => RateLimitBudget | null,
): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          stamped.add(contextValue);
          const budget = budgetOf(contextValue);
          if (!budget || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, rateLimit: budget };
        },
      };
    },
  };
}

/** Whether the plugin stamped the response of this context. */
export function wasStamped(context: HttpContext | undefined): boolean {
  return context !== undefined && stamped.has(context);
}

/**
 * A JSON response body with `extensions.rateLimit` added: for the answers Apollo gives before any plugin
 * runs (a bad token, a player over its limit, a body that is not a GraphQL request) and the server's own.
 * Those bodies are small; a body that is not a JSON object is returned as it is.
 */
export function withRateLimit(body: string, budget: RateLimitBudget | null): string {
  if (!budget) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const object = parsed as { extensions?: Record<string, unknown> };
  return JSON.stringify({ ...object, extensions: { ...object.extensions, rateLimit: budget } });
}

/** A JSON error body of the server's own (`{ errors, extensions }`). */
export function errorBody(
  errors: readonly { message: string; extensions: Record<string, unknown> }[],
  budget: RateLimitBudget | null,
): string {
  return JSON.stringify(budget ? { errors, extensions: { rateLimit: budget } } : { errors });
}
