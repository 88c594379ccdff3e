// The database clients of one process: Prisma and raw SQL on one shared connection pool, and the advisory
// locks on a connection of their own.
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { AdvisoryLocks } from './advisory-locks';
import { CONNECTION_WAIT_MS } from './connection-wait';
import { PoolWatch } from './pool-watch';

export * from '../generated/prisma/client';

export interface DatabaseClients {
  /** The pool behind Prisma, for the few hot statements written in SQL. */
  readonly pool: Pool;
  readonly prisma: PrismaClient;
  /** Locks held across several statements, outside the pool (a holder's work takes from the pool). */
  readonly locks: AdvisoryLocks;
  /** How long the pool has kept its waiters waiting: readiness. */
  readonly watch: PoolWatch;
  close(): Promise<void>;
}

/** Prisma and raw SQL on one shared pool, so the process holds one set of connections. */
export function createDatabaseClients(
  url: string,
  log: (message: unknown) => void = console.error,
  max = 10,
): DatabaseClients {
  // No wait for a connection lasts forever: it ends with an error the API answers as SERVICE_UNAVAILABLE.
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECTION_WAIT_MS });
  // An idle connection the server closed (restart, terminate) must not crash the process: the pool drops it.
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const locks = new AdvisoryLocks(url);
  return {
    pool,
    prisma,
    locks,
    watch: new PoolWatch(pool),
    async close() {
      await locks.close();
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
