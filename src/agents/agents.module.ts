// Agents wired for one API process: their storage, and the account changes their tokens and names go through.
import type { Accounts } from '../accounts/accounts.module';
import type { DatabaseClients } from '../database/prisma';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';

export interface AgentsOptions {
  readonly db: Pick<DatabaseClients, 'pool'>;
  readonly accounts: Pick<Accounts, 'players' | 'service'>;
  /** Agents' names unique by look among people's and agents' (UTS #39 skeleton), as people's are. */
  readonly uniqueNames: boolean;
}

export function createAgents(options: AgentsOptions): { readonly service: AgentsService } {
  const repository = new AgentsRepository(options.db.pool, { uniqueNames: options.uniqueNames });
  return { service: new AgentsService(repository, options.accounts.players, options.accounts.service) };
}
