// The challenges wired for one API process: repository, notices on the change bus, the use case, the expiry.
import type { MoveService, TablesService } from '../moves';
import { channel } from '../realtime/bus-channel';
import type { ChangeBus } from '../realtime/change-bus';
import type { PlayerEventFeed } from '../realtime/player-events';
import type { IdempotencyRecords } from '../store/idempotency.repository';
import type { OutboxSignal } from '../store/webhook-outbox';
import { ChallengeExpiry } from './challenge-expiry.job';
import { ChallengeNotices } from './challenge-notices';
import { CHALLENGE_EVENT } from './challenge-notices.codec';
import { BlocksService } from './blocks.service';
import { ChallengesRepository } from './challenges.repository';
import type { ChallengeGames } from './challenge-rules';
import { ChallengesService } from './challenges.service';

export interface ChallengesOptions {
  /** The database pool (only the repository speaks SQL). */
  readonly pool: ConstructorParameters<typeof ChallengesRepository>[0];
  readonly bus: ChangeBus;
  readonly log: (message: unknown) => void;
  readonly tables: TablesService;
  readonly moves: MoveService;
  /** The games as stored now. */
  readonly games: ChallengeGames;
  readonly idempotency: IdempotencyRecords;
  /** This process's playerEvents: challenge events reach their subscribers here. */
  readonly playerEvents: PlayerEventFeed;
  /** Told after a player's blocks changed (their chat hides the blocked players' messages). */
  readonly blocksChanged: (playerId: string) => void;
  /** Told when challenge events wrote webhook deliveries (the store's outbox signal). */
  readonly outbox: OutboxSignal;
  /** How often this process looks for challenges to expire (ms). */
  readonly expiryIntervalMs?: number;
}

export interface Challenges {
  readonly service: ChallengesService;
  readonly blocks: BlocksService;
  start(): void;
  /** Stops the expiry (once a run in flight has ended) and the delivery of events. */
  stop(): Promise<void>;
}

export function createChallenges(options: ChallengesOptions): Challenges {
  const store = new ChallengesRepository(options.pool);
  const events = channel(options.bus, 'challenge', CHALLENGE_EVENT);
  const notices = new ChallengeNotices(events, options.outbox);
  const service = new ChallengesService(
    store,
    notices,
    options.tables,
    options.moves,
    options.games,
    options.idempotency,
  );
  const blocks = new BlocksService(store, options.idempotency, options.blocksChanged);
  const expiry = new ChallengeExpiry(store, service, options.log, options.expiryIntervalMs);
  // Every process hears every event; the one where its player has a playerEvents subscription hands it out.
  const unsubscribe = events.onMessage((event) => {
    if (!options.playerEvents.follows(event.playerId)) return;
    options.games.load(event.gameId).then((state) => {
      if (state) options.playerEvents.deliver({ ...event, state });
    }, options.log);
  });
  return {
    service,
    blocks,
    start: () => expiry.start(),
    async stop() {
      unsubscribe();
      await expiry.stop();
    },
  };
}
