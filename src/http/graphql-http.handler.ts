// Apollo Server behind a plain Node HTTP handler: bodies read within their bound, subscriptions sent away.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { Kind, parse } from 'graphql';
import type { HttpContext } from '../gate/request-gate';
import { serviceUnavailable } from '../graphql/errors';
import { OPERATION_LIMITS } from '../graphql/operation-costs';
import type { RateLimitBudget } from '../gate/rate-limiter';
import { isConnectionWaitTimeout } from '../store/connection-wait';
import { MAX_BODY_BYTES } from '../gate/server-limits';
import { errorBody, wasStamped, withRateLimit } from './rate-limit-extension';

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// Stream events rather than `for await`: the async iterator of a request costs several times as much per
// request, and almost every body arrives in one chunk.
function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    return Promise.reject(new BodyError(413, `request body over ${MAX_BODY_BYTES} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        reject(new BodyError(413, `request body over ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      req.off('error', reject);
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
    // A client gone before the end of its body: nothing to answer, but the request must not hang here.
    req.once('close', () => reject(new BodyError(400, 'the request was closed before its body ended')));
  });
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  budget: RateLimitBudget | null,
): void {
  // After a refused body the rest of it may still be arriving: close rather than read it.
  if (status === 413) res.once('finish', () => res.socket?.destroy());
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    ...(status === 413 ? { connection: 'close' } : {}),
  });
  res.end(
    errorBody(
      [
        {
          message,
          extensions: {
            code: 'BAD_USER_INPUT',
            reason: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
          },
        },
      ],
      budget,
    ),
  );
}

/**
 * Whether a document has a subscription operation. Those are served over WebSocket only: Apollo would run
 * one as a query, and graphql-js's validation throws on some (a root field under @skip/@include with a
 * variable), which Apollo answers with a 500.
 */
function hasSubscription(query: unknown): boolean {
  if (typeof query !== 'string' || !query.includes('subscription')) return false;
  try {
    return parse(query, { maxTokens: OPERATION_LIMITS.maxTokens, noLocation: true }).definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'subscription',
    );
  } catch {
    return false; // Apollo reports the syntax error.
  }
}

/**
 * Serves Apollo Server on a plain Node HTTP server (the WebSocket server shares it). `rateLimitOf` is the
 * budget a request was charged to, added to every JSON answer as `extensions.rateLimit`.
 */
export function graphqlHttpHandler(
  apollo: ApolloServer<HttpContext>,
  context: (req: IncomingMessage) => Promise<HttpContext>,
  rateLimitOf: (req: IncomingMessage) => RateLimitBudget | null,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let body: unknown = undefined;
    try {
      if (req.method === 'POST') {
        const raw = await readBody(req);
        const type = req.headers['content-type'] ?? '';
        if (type.startsWith('application/json') || type.startsWith('application/graphql-response+json')) {
          try {
            body = raw.length ? JSON.parse(raw) : undefined;
          } catch {
            throw new BodyError(400, 'the request body is not valid JSON');
          }
        } else {
          body = raw;
        }
      }
    } catch (error) {
      if (error instanceof BodyError) {
        return sendError(res, error.status, error.message, rateLimitOf(req));
      }
      throw error;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query =
      req.method === 'POST'
        ? (body as { query?: unknown } | undefined)?.query
        : url.searchParams.get('query');
    if (hasSubscription(query)) {
      return sendError(
        res,
        400,
        'subscriptions are served over WebSocket (graphql-transport-ws) at /graphql',
        rateLimitOf(req),
      );
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    let built: HttpContext | undefined;
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
      context: async () => {
        try {
          return (built = await context(req));
        } catch (error) {
          // Finding the player's token waited too long for a connection: a 503 to retry, not a 500.
          throw isConnectionWaitTimeout(error) ? serviceUnavailable() : error;
        }
      },
    });
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind === 'complete') {
      // Answers given before Apollo's plugins ran (no context, or a request it refused first) are stamped here.
      const json = /json/.test(response.headers.get('content-type') ?? '');
      const text =
        json && !wasStamped(built)
          ? withRateLimit(response.body.string, rateLimitOf(req))
          : response.body.string;
      if (text !== response.body.string) res.removeHeader('content-length');
      res.end(text);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  };
}
