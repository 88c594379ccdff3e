// The metrics endpoint on a port of its own, so it is never exposed with the public API by accident.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (Prometheus text format) on `port` (0 picks one) of `host`. */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
  log: (message: unknown) => void,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: metrics are at GET /metrics');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        log(error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen({ port, host }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
