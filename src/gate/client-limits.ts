// The rate limits a client pays into: its address's, its player's and its socket's, all or none at a time.
import type { GraphQLError } from 'graphql';
import { rateLimited } from '../graphql/rate-limit-error';
import { AddressSockets } from './address-sockets';
import { RateLimiter, takeFromAll, type RateLimitBudget } from './rate-limiter';
import type { ServerLimits } from './server-limits';
import type { PlayerRecord } from '../store/player.repository';

/** A client as its rate limits know it: over HTTP one request, over WebSocket one socket. */
export interface Client {
  readonly transport: 'http' | 'socket';
  readonly viewer: PlayerRecord | null;
  /** Its address, as the per-IP limit counts it. */
  readonly address: string;
  /** The socket's own limit (WebSocket only; null when disabled). */
  readonly socket: RateLimiter | null;
  /** The bearer token it authenticated with (null for a spectator). */
  readonly token?: string | null;
}

export class ClientLimits {
  private readonly ip: RateLimiter | null;
  private readonly player: RateLimiter | null;
  private readonly registrations: RateLimiter | null;
  /** The sockets each address holds here (null: no cap). */
  readonly sockets: AddressSockets | null;

  constructor(
    private readonly limits: ServerLimits,
    /** Told of every refusal, by the limit that refused (metrics). */
    private readonly onLimited: (limit: string) => void = () => {},
  ) {
    this.ip = limits.perIp ? new RateLimiter(limits.perIp) : null;
    this.player = limits.perPlayer ? new RateLimiter(limits.perPlayer) : null;
    this.registrations = limits.registrationsPerIp ? new RateLimiter(limits.registrationsPerIp) : null;
    this.sockets = limits.socketsPerAddress === null ? null : new AddressSockets(limits.socketsPerAddress);
  }

  /** A socket slot of `address`: the function that gives it back, or null when it holds its cap. */
  takeSocketSlot(address: string): (() => void) | null {
    if (!this.sockets) return () => {};
    const release = this.sockets.take(address);
    if (!release) this.onLimited('sockets');
    return release;
  }

  /**
   * Charges a subscription's replay of `events` from the log: one token of each of the client's limits per
   * whole `replayEventsPerToken` events (a short replay costs only its operation's token, so a client that
   * follows many short games at once is not refused), and never more than the smallest of their bursts (a
   * long replay can always run once its client has waited). Null, or the refusal.
   */
  chargeReplay(client: Client, events: number): GraphQLError | null {
    let tokens = Math.floor(events / this.limits.replayEventsPerToken);
    for (const limit of [
      this.limits.perSocket,
      client.viewer ? this.limits.perPlayer : null,
      this.limits.perIp,
    ]) {
      if (limit) tokens = Math.min(tokens, Math.floor(limit.burst));
    }
    return tokens > 0 ? this.charge(client, tokens, 'replayed events') : null;
  }

  /** The limiters whose budgets hold across the processes (by name), for `RateLimitSync`. */
  shared(): Record<string, RateLimiter> {
    const shared: Record<string, RateLimiter> = {};
    if (this.ip) shared.ip = this.ip;
    if (this.player) shared.player = this.player;
    if (this.registrations) shared.registration = this.registrations;
    return shared;
  }

  /** A limit of its own for a new socket. */
  newSocketLimiter(): RateLimiter | null {
    return this.limits.perSocket ? new RateLimiter(this.limits.perSocket) : null;
  }

  /** One token from an address (each HTTP request, each WebSocket connection): 0, or the seconds to wait. */
  takeFromAddress(address: string): number {
    return this.refused('address', this.ip?.take(address) ?? 0);
  }

  /** One token from a player (each HTTP request with a token): 0, or the seconds to wait. */
  takeFromPlayer(player: PlayerRecord): number {
    return this.refused('player', this.player?.take(player.id) ?? 0);
  }

  /** One registration from an address's quota: null, or the refusal. */
  chargeRegistration(address: string): GraphQLError | null {
    const wait = this.refused('registration', this.registrations?.take(address) ?? 0);
    return wait > 0 ? rateLimited('address', wait, 'registrations') : null;
  }

  /**
   * The budget a request is charged to, as `extensions.rateLimit` reports it: the player's for a valid
   * token, otherwise the address's; null when that limit is off.
   */
  budget(viewer: PlayerRecord | null, address: string): RateLimitBudget | null {
    if (viewer) return this.player?.budget(viewer.id) ?? null;
    return this.ip?.budget(address) ?? null;
  }

  /** Takes `tokens` from each of the client's limits, or from none: null, or the refusal. */
  charge(
    client: Client,
    tokens: number,
    what: 'requests' | 'replayed events' = 'requests',
  ): GraphQLError | null {
    const waits = takeFromAll(
      [
        [client.socket, 'socket'],
        [client.viewer ? this.player : null, client.viewer?.id ?? ''],
        [this.ip, client.address],
      ],
      tokens,
    );
    const wait = Math.max(...waits);
    if (wait === 0) return null;
    // Over HTTP a player's refusal is the player's; a socket names the address when the address ran out.
    const who =
      client.transport === 'http'
        ? client.viewer
          ? 'player'
          : 'address'
        : wait === waits[2]
          ? 'address'
          : client.viewer
            ? 'player'
            : 'connection';
    this.onLimited(who === 'connection' ? 'socket' : who);
    return rateLimited(who, wait, what);
  }

  private refused(limit: string, wait: number): number {
    if (wait > 0) this.onLimited(limit);
    return wait;
  }
}
