// Which change bus a process uses: Redis pub/sub when it is given one, PostgreSQL LISTEN/NOTIFY otherwise.
import type { Pool } from 'pg';
import type { ChangeBus } from './change-bus';
import { PgChangeBus } from './pg-change-bus';
import { RedisChangeBus } from './redis-change-bus';

export interface ChangeBusOptions {
  readonly redisUrl?: string | null;
  /** The database the LISTEN connection goes to. */
  readonly databaseUrl: string;
  /** The pool notices are sent through. */
  readonly pool: Pool;
  readonly log: (message: unknown) => void;
  /** How long change notices are gathered (ms; 0 sends each at once); the bus's default when unset. */
  readonly noticeWindowMs?: number;
}

/** The bus that carries committed changes to every process, connected. */
export function startChangeBus(options: ChangeBusOptions): Promise<ChangeBus> {
  return options.redisUrl
    ? RedisChangeBus.start(options.redisUrl, options.log)
    : PgChangeBus.start(options.databaseUrl, options.pool, options.log, options.noticeWindowMs);
}
