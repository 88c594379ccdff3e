// The database clients of one process: Prisma and raw SQL on one shared connection pool.
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';

export * from '../generated/prisma/client';

export interface DatabaseClients {
  /** The pool behind Prisma, for the few hot statements written in SQL. */
  readonly pool: Pool;
  readonly prisma: PrismaClient;
  close(): Promise<void>;
}

/** Prisma and raw SQL on one shared pool, so the process holds one set of connections. */
export function createDatabaseClients(
  url: string,
  log: (message: unknown) => void = console.error,
  max = 10,
): DatabaseClients {
  const pool = new Pool({ connectionString: url, max });
  // An idle connection the server closed (restart, terminate) must not crash the process: the pool drops it.
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    pool,
    prisma,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
