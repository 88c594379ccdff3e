// Reading a test database directly, to check what was or was not stored.
import { Client } from 'pg';

export async function sql<R extends Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The database key of a global ID of the given type. */
export function keyOf(globalId: string, type: 'Game' | 'Player' = 'Game'): string {
  const raw = Buffer.from(globalId, 'base64url').toString('utf8');
  if (!raw.startsWith(`${type}:`)) throw new Error(`${globalId} is not a ${type} ID`);
  return raw.slice(type.length + 1);
}
