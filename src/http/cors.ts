// CORS for browser front-ends on other origins: the headers of every response, and preflight answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginPolicy } from '../gate/origin-policy';

const ALLOW_METHODS = 'GET, POST, OPTIONS';
const ALLOW_HEADERS =
  'content-type, authorization, apollo-require-preflight, x-apollo-operation-name, x-request-id';
/** Browsers cap it (Chromium at 2 hours); a day lets each use its own cap. */
const MAX_AGE_SECONDS = 86_400;
/** What a page's script may read besides the safelisted headers: when to retry, and the request's id. */
const EXPOSE_HEADERS = 'Retry-After, X-Request-Id';

/**
 * Sets the CORS headers of a response before anything else is written (so errors, 429s and 404s carry them
 * too), and answers a preflight. Returns true when the request was a preflight and has been answered.
 * No credentials mode: the API uses no cookies, so Access-Control-Allow-Credentials is never sent.
 */
export function applyCors(policy: OriginPolicy, req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  const allowOrigin = policy.allowOriginHeader(origin);
  // With a list the answer depends on the Origin: caches must keep one per origin.
  if (!policy.open) res.setHeader('vary', 'Origin');
  if (allowOrigin !== null) {
    res.setHeader('access-control-allow-origin', allowOrigin);
    res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
  }
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;
  if (allowOrigin === null) {
    res.writeHead(403, { 'content-type': 'text/plain' }).end('this origin may not call the API');
    return true;
  }
  res.writeHead(204, {
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': String(MAX_AGE_SECONDS),
    'content-length': '0',
  });
  res.end();
  return true;
}
