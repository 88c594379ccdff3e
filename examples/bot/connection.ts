// One WebSocket for everything a bot follows, in any number of games: its own stream (playerEvents: whose
// turn it is, a game started or finished) and each game's event log (gameEvents). Every subscription resumes
// by itself after the connection drops (a server restart), with a growing pause between attempts. While it is
// connected, the bot's mutations go over it too (send).
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import {
  backoff,
  DEFAULT_RETRY,
  FatalError,
  sleep,
  type GraphqlBody,
  type OperationSocket,
  type RetryPolicy,
} from './transport';

export interface PlayerEvent {
  type: string;
  game: { id: string };
}

/** What the bot's own stream tells a game's driver; RESUMED: the stream was down, something may be missed. */
export type PlayerSignal = PlayerEvent['type'] | 'RESUMED';

/** How long a move waits for its answer on the socket before it is sent over HTTP instead. */
const SOCKET_ANSWER_MS = 10_000;

const PLAYER_EVENTS = 'subscription { playerEvents { type game { id } } }';

export class BotConnection implements OperationSocket {
  readonly client: Client;
  /** The socket has an acknowledged connection (operations may be sent on it). */
  connected = false;
  /** How many times the player stream was subscribed again after a loss. */
  playerResumes = 0;
  private readonly games = new Map<string, (signal: PlayerSignal) => void>();
  private closed = false;
  private following: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(
    url: string,
    token: string,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.client = createClient({
      url: url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0, // each subscription resumes by itself, from where it was
      lazy: true,
      on: {
        connected: () => {
          this.connected = true;
        },
        closed: () => {
          this.connected = false;
        },
      },
    });
  }

  /** One operation's answer over the socket, or null when it is down or went down before answering. */
  send<T>(query: string, variables: Record<string, unknown>): Promise<GraphqlBody<T> | null> {
    if (!this.connected || this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      let answer: GraphqlBody<T> | null = null;
      // A connection that died without a close frame answers nothing: the caller then goes over HTTP, with
      // the same idempotencyKey, so a move the server did apply is not played twice.
      const timer = setTimeout(() => {
        cancel();
        resolve(answer);
      }, SOCKET_ANSWER_MS);
      const settle = (result: GraphqlBody<T> | null): void => {
        clearTimeout(timer);
        resolve(result);
      };
      const cancel = this.client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            answer = result as GraphqlBody<T>;
          },
          // An array: the server refused the operation (its errors, as over HTTP); else the socket closed.
          error: (error) =>
            settle(Array.isArray(error) ? { errors: error as GraphqlBody<T>['errors'] } : answer),
          complete: () => settle(answer),
        },
      );
    });
  }

  /** Tells `signal` about the player stream's events of one game until the returned function is called. */
  watch(gameId: string, signal: (s: PlayerSignal) => void): () => void {
    this.games.set(gameId, signal);
    this.following ??= this.followPlayer();
    return () => {
      if (this.games.get(gameId) === signal) this.games.delete(gameId);
    };
  }

  /** Why the player stream stopped for good, if it did. */
  get fatal(): unknown {
    return this.failure;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.dispose();
    await this.following;
  }

  /** Follows playerEvents for as long as the connection is open, resubscribing after each loss. */
  private async followPlayer(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        const stream = this.client.iterate<{ playerEvents: PlayerEvent }>({ query: PLAYER_EVENTS });
        // Turns that began while the stream was down are not sent again: every game looks for itself.
        if (failures > 0 || this.playerResumes > 0)
          for (const signal of this.games.values()) signal('RESUMED');
        for await (const result of stream) {
          if (result.errors?.length) {
            const first = result.errors[0] as { message: string };
            throw new FatalError(`playerEvents: ${first.message}`);
          }
          failures = 0;
          const event = result.data!.playerEvents;
          this.games.get(event.game.id)?.(event.type);
        }
        if (this.closed) return;
        throw new Error('the player stream ended');
      } catch (error) {
        if (this.closed) return;
        if (error instanceof FatalError || (error as { code?: number }).code === 4403) {
          this.failure = error;
          return;
        }
        if (++failures > this.policy.maxRetries) {
          this.failure = error;
          return;
        }
        const delay = backoff(this.policy, failures);
        this.log(`lost the player stream; resuming in ${delay} ms`);
        await sleep(delay);
        this.playerResumes++;
      }
    }
  }
}
