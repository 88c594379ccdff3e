// The HTTP server: each request named and admitted by its address, then routed to /graphql, /health, /ready
// or a 404, and logged in one line once answered.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import { rateLimited } from '../graphql/rate-limit-error';
import type { OriginPolicy } from '../gate/origin-policy';
import type { HttpContext, RequestGate } from '../gate/request-gate';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { requestIdFrom, type RequestRecord, type RequestRecords } from '../observability/request-scope';
import { applyCors } from './cors';
import { graphqlHttpHandler } from './graphql-http.handler';
import { errorBody } from './rate-limit-extension';
import { serveLanding, type LandingPageOptions } from './landing-page';

export interface HttpServer {
  readonly server: Server;
  /** Stops accepting; resolves once every connection is closed, each as soon as its response is sent. */
  close(): Promise<void>;
}

/** Whether the process can serve: null when ready, else why not. */
export type ReadinessCheck = () => Promise<string | null>;

export interface HttpServerOptions {
  readonly logger: Logger;
  readonly metrics: Metrics | null;
  readonly readiness: ReadinessCheck;
  /** The browser origins that may call (CORS). */
  readonly origins: OriginPolicy;
  /** Each GraphQL request's record, by its context (the Apollo plugin fills it in). */
  readonly records: RequestRecords<HttpContext>;
  /** GET /export/games.ndjson. */
  readonly exportGames: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** GET /export/decisions.ndjson. */
  readonly exportDecisions: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** A browser's page load of / or /graphql, /schema.graphql, /README.md and the explorer's files. */
  readonly landing?: LandingPageOptions;
}

export function createHttpServer(
  apollo: ApolloServer<HttpContext>,
  gate: RequestGate,
  options: HttpServerOptions,
): HttpServer {
  const { logger, metrics } = options;
  const pending = new WeakMap<IncomingMessage, RequestRecord>();
  const handle = graphqlHttpHandler(
    apollo,
    async (req) => {
      const context = await gate.httpContext(req);
      const record = pending.get(req);
      if (record) options.records.set(context, record);
      return context;
    },
    (req) => gate.rateLimitOf(req),
  );
  // Responses not yet sent: once close() is called, each closes its connection when sent, so that a client's
  // keep-alive connection does not hold the shutdown until its idle timeout.
  const unsent = new Set<ServerResponse>();
  let stopping = false;
  const server = createServer((req, res) => {
    const record: RequestRecord = {
      id: requestIdFrom(req.headers['x-request-id']),
      startedAt: performance.now(),
    };
    res.setHeader('x-request-id', record.id);
    if (stopping) res.setHeader('connection', 'close');
    unsent.add(res);
    const path = (req.url ?? '/').split('?')[0]!;
    res.once('close', () => {
      unsent.delete(res);
      logRequest(logger, metrics, record, req.method ?? '', path, res);
    });
    pending.set(req, record);
    if (applyCors(options.origins, req, res)) return;
    const wait = gate.admit(req);
    if (wait > 0) {
      record.outcome = 'RATE_LIMITED';
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(Math.ceil(wait)) });
      res.end(
        errorBody(
          [
            {
              message: rateLimited('address', wait).message,
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
            },
          ],
          path === '/graphql' ? gate.rateLimitOf(req) : null,
        ),
      );
      return;
    }
    if (options.landing && serveLanding(options.landing, req, res, path)) return;
    if (path === '/graphql') {
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error }, 'request failed');
        record.outcome = 'INTERNAL_SERVER_ERROR';
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          errorBody(
            [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
            gate.rateLimitOf(req),
          ),
        );
      });
    } else if (path === '/export/games.ndjson' || path === '/export/decisions.ndjson') {
      const serve = path === '/export/games.ndjson' ? options.exportGames : options.exportDecisions;
      serve(req, res).catch((error: unknown) => {
        logger.error({ err: error }, 'export failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end();
      });
    } else if (path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else if (path === '/ready') {
      const check = stopping ? Promise.resolve('shutting down') : options.readiness();
      check.then(
        (reason) => sendReadiness(res, reason),
        (error: unknown) => sendReadiness(res, String(error)),
      );
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

function sendReadiness(res: ServerResponse, reason: string | null): void {
  res.writeHead(reason === null ? 200 : 503, { 'content-type': 'application/json' });
  res.end(JSON.stringify(reason === null ? { ready: true } : { ready: false, reason }));
}

/**
 * One line per request: who, what, how long, how it ended. Never a token, a variable or the query text:
 * the record holds only the operation's name and type, its first root field and the outcome's code.
 * Probes (/health, /ready) log at debug level, so a load balancer's polling does not flood the log.
 */
function logRequest(
  logger: Logger,
  metrics: Metrics | null,
  record: RequestRecord,
  method: string,
  path: string,
  res: ServerResponse,
): void {
  const seconds = (performance.now() - record.startedAt) / 1000;
  if (record.operationType && metrics) metrics.request(record.operationType, record.rootField ?? '', seconds);
  const line = {
    reqId: record.id,
    method,
    path,
    status: res.statusCode,
    durationMs: Math.round(seconds * 1e4) / 10,
    ...(record.operationType ? { operationType: record.operationType } : {}),
    ...(record.operationName ? { operation: record.operationName } : {}),
    ...(record.rootField ? { field: record.rootField } : {}),
    ...(record.playerId ? { playerId: record.playerId } : {}),
    outcome: record.outcome ?? (res.statusCode < 400 ? 'OK' : `HTTP_${res.statusCode}`),
    ...(res.writableFinished ? {} : { aborted: true }),
  };
  if (path === '/health' || path === '/ready') logger.debug(line, 'request');
  else logger.info(line, 'request');
}
