// One attempt of a delivery: a POST that connects only to allowed addresses (checked on the address the socket
// actually connects to, so a DNS answer that changes between a check and the connection gains nothing),
// follows no redirect, reads at most a bounded part of the answer and gives up after the timeout.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { addressAllowed, forbiddenAddress } from './address-policy';
import type { WebhookSettings } from './webhook-settings';

export interface AttemptResult {
  /** A 2xx answer was read. */
  readonly ok: boolean;
  /** The answer's status, when one came. */
  readonly status: number | null;
  readonly durationMs: number;
  /** Why the attempt failed (timeout, network error, refused address, status). */
  readonly error: string | null;
}

class RefusedAddress extends Error {
  constructor(host: string, address: string) {
    super(`WEBHOOK_URL_NOT_ALLOWED: ${host} resolved to ${address}, a ${forbiddenAddress(address)} address`);
  }
}

export class WebhookSender {
  private readonly agents: { readonly http: http.Agent; readonly https: https.Agent };
  private readonly lookup: LookupFunction;

  constructor(private readonly settings: WebhookSettings) {
    const allowed = settings.allowAddresses;
    // Only allowed addresses are handed to the socket; a name with none of them fails to connect.
    this.lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error);
        const usable = addresses.filter((a) => addressAllowed(a.address, allowed));
        if (usable.length === 0)
          return callback(new RefusedAddress(hostname, addresses[0]?.address ?? 'no address'));
        if ((options as { all?: boolean }).all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      });
    }) as LookupFunction;
    const agentOptions = {
      keepAlive: true,
      maxSockets: settings.perEndpoint,
      maxTotalSockets: settings.concurrency,
      maxFreeSockets: settings.perEndpoint,
      // An idle kept-alive socket is closed after this long.
      timeout: 5_000,
      lookup: this.lookup,
    };
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  }

  /** Sends `body` to `url` with `headers`; never throws. */
  send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const started = performance.now();
    const done = (status: number | null, error: string | null): AttemptResult => ({
      ok: error === null && status !== null && status >= 200 && status < 300,
      status,
      durationMs: Math.round(performance.now() - started),
      error,
    });
    return new Promise<AttemptResult>((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve(done(null, 'the URL is not valid'));
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // A literal address is never looked up: it is checked here, and again on connection.
      if (isIP(host) !== 0 && !addressAllowed(host, this.settings.allowAddresses))
        return resolve(done(null, `WEBHOOK_URL_NOT_ALLOWED: ${host} is a ${forbiddenAddress(host)} address`));
      const secure = target.protocol === 'https:';
      if (!secure && !(target.protocol === 'http:' && this.settings.allowHttp))
        return resolve(done(null, 'WEBHOOK_URL_NOT_ALLOWED: the URL is not https'));
      let settled = false;
      const finish = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(status, error));
      };
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      });
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${this.settings.timeoutMs / 1000} s`));
      }, this.settings.timeoutMs);
      request.on('socket', (socket: Socket) => {
        const check = () => {
          const remote = socket.remoteAddress;
          if (remote && !addressAllowed(remote, this.settings.allowAddresses))
            request.destroy(
              new Error(
                `WEBHOOK_URL_NOT_ALLOWED: connected to ${remote}, a ${forbiddenAddress(remote)} address`,
              ),
            );
        };
        if (socket.remoteAddress) check();
        else socket.once('connect', check);
      });
      request.on('error', (error: Error) => finish(null, error.message.slice(0, 300)));
      request.on('response', (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough is known: the rest of a large answer is not read.
          if (read > this.settings.maxResponseBytes) {
            response.destroy();
            request.destroy();
            finish(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`);
          }
        });
        response.on('end', () =>
          finish(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`),
        );
        response.on('error', (error: Error) => finish(status, error.message.slice(0, 300)));
        response.on('aborted', () => finish(status, 'the answer was cut off'));
      });
      request.end(body);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
