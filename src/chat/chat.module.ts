// The table chat wired for one API process: its repository, the live feeds and the use case on them.
import type { ChangeBus } from '../realtime/change-bus';
import type { IdempotencyRecords } from '../store/idempotency.repository';
import { ChatFeeds } from './chat-feed';
import { ChatRepository } from './chat.repository';
import { ChatService, type ChatGames } from './chat.service';

export interface ChatOptions {
  /** The database pool (only the repositories speak SQL). */
  readonly pool: ConstructorParameters<typeof ChatRepository>[0];
  readonly bus: ChangeBus;
  readonly log: (message: unknown) => void;
  /** The games as stored now: who may send and read. */
  readonly games: ChatGames;
  /** The keyed operations' records, shared with the moves (one store a process). */
  readonly idempotency: IdempotencyRecords;
}

export interface Chat {
  /** Sending, reading and muting. */
  readonly service: ChatService;
  /** The gameChat streams of this process. */
  readonly feeds: ChatFeeds;
  /** Ends the feeds once a check in flight has ended. */
  stop(): Promise<void>;
}

export function createChat(options: ChatOptions): Chat {
  const store = new ChatRepository(options.pool);
  const feeds = new ChatFeeds(options.bus, store, options.log, options.games);
  const service = new ChatService(store, options.games, options.idempotency, feeds);
  return { service, feeds, stop: () => feeds.close() };
}
