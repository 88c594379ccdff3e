// Accounts wired for one API process: the players (cached), their tokens and names, and the change notices
// every process acts on.
import type { DatabaseClients } from '../database/prisma';
import type { ChangeBus } from '../realtime/change-bus';
import { backfillNameSkeletons } from '../store/name-skeleton.backfill';
import { PlayerRepository } from '../store/player.repository';
import { AccountChanges, type AccountChangeListener } from './account-changes';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

export interface AccountsOptions {
  readonly db: Pick<DatabaseClients, 'pool' | 'prisma'>;
  readonly bus: Pick<ChangeBus, 'send' | 'onMessage' | 'onResync'>;
  /** People's names unique by look (UTS #39 skeleton), stored and filled in at start. */
  readonly uniqueNames: boolean;
}

export interface Accounts {
  readonly players: PlayerRepository;
  /** Registering, renaming and token rotation. */
  readonly service: AccountsService;
  /** Whether a token is still a player's current one (sockets on an old one are closed). */
  isCurrent(playerId: string, token: string): Promise<boolean>;
  /** Adds what this process does on a change, after forgetting the cached player. */
  onChange(listener: AccountChangeListener): void;
}

export async function createAccounts(options: AccountsOptions): Promise<Accounts> {
  const { db, uniqueNames } = options;
  // A player's token or name changed, here or on another process (or notices were missed while the bus was
  // down): forget the player (every player) first.
  const changes = new AccountChanges(options.bus);
  const players = new PlayerRepository(db.prisma, { uniqueNames });
  changes.onChange((playerId) => (playerId === null ? players.forgetAll() : players.forget(playerId)));
  const repository = new AccountsRepository(db.pool, { uniqueNames });
  if (uniqueNames) await backfillNameSkeletons(db.pool);
  return {
    players,
    service: new AccountsService(repository, players, changes),
    isCurrent: (playerId, token) => repository.isCurrent(playerId, token),
    onChange: (listener) => changes.onChange(listener),
  };
}
