// The HTTP server: each request admitted by its address, then routed to /graphql, /health or a 404.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import { rateLimited } from '../graphql/rate-limit-error';
import type { HttpContext, RequestGate } from '../gate/request-gate';
import { graphqlHttpHandler } from './graphql-http.handler';

export interface HttpServer {
  readonly server: Server;
  /** Stops accepting; resolves once every connection is closed, each as soon as its response is sent. */
  close(): Promise<void>;
}

export function createHttpServer(
  apollo: ApolloServer<HttpContext>,
  gate: RequestGate,
  log: (message: unknown) => void,
): HttpServer {
  const handle = graphqlHttpHandler(apollo, (req) => gate.httpContext(req));
  // Responses not yet sent: once close() is called, each closes its connection when sent, so that a client's
  // keep-alive connection does not hold the shutdown until its idle timeout.
  const unsent = new Set<ServerResponse>();
  let stopping = false;
  const server = createServer((req, res) => {
    if (stopping) res.setHeader('connection', 'close');
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
    const path = (req.url ?? '/').split('?')[0];
    const wait = gate.admit(req);
    if (wait > 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(Math.ceil(wait)) });
      res.end(
        JSON.stringify({
          errors: [
            {
              message: rateLimited('address', wait).message,
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
            },
          ],
        }),
      );
      return;
    }
    if (path === '/graphql') {
      handle(req, res).catch((error: unknown) => {
        log(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
          }),
        );
      });
    } else if (path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the API is at /graphql');
    }
  });
  return {
    server,
    close() {
      stopping = true;
      for (const res of unsent) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      return closed;
    },
  };
}
