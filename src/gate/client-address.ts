// The client address per-IP limits count a request by, behind the trusted proxies.
import type { IncomingMessage } from 'node:http';

/** Most proxies a deployment may put in front of the API (TRUST_PROXY). */
export const MAX_TRUSTED_PROXIES = 10;

/**
 * The address per-IP rate limits count a request by. Directly exposed (`trustedProxies` 0) it is the TCP
 * peer. Behind N proxies we run, each appends the address it received the request from to
 * X-Forwarded-For, so the last N entries of [X-Forwarded-For..., peer] are theirs and the entry before them
 * is the client as our outermost proxy saw it; entries further left are the client's own claims and are
 * never used (a client cannot pick its bucket by sending the header).
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? '';
  if (trustedProxies <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
}

/** TRUST_PROXY: how many proxies in front of the API append to X-Forwarded-For (default 0: none). */
export function trustedProxiesFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_TRUSTED_PROXIES) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server, 0 to ${MAX_TRUSTED_PROXIES}; got "${value}"`,
    );
  }
  return n;
}
