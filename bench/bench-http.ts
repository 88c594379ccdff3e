// GraphQL over HTTP for the benchmarks that drive spawned server processes: keep-alive connections, the
// data or a rejection with the errors, and registration.
import http from 'node:http';

export type BenchGql = <T>(url: string, query: string, variables: object, token?: string) => Promise<T>;

/** A GraphQL poster over keep-alive connections (at most `maxSockets` open). */
export function keepAliveGql(maxSockets: number): BenchGql {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return <T>(url: string, query: string, variables: object, token?: string) => {
    const target = new URL(url);
    const body = JSON.stringify({ query, variables });
    return new Promise<T>((resolve, reject) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              data?: T;
              errors?: unknown[];
            };
            if (parsed.errors || !parsed.data) reject(new Error(JSON.stringify(parsed.errors)));
            else resolve(parsed.data);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

export interface BenchPlayer {
  readonly id: string;
  readonly token: string;
}

/** Registers a player (names must be unique on a server process). */
export async function registerBenchPlayer(gql: BenchGql, url: string, name: string): Promise<BenchPlayer> {
  const d = await gql<{ registerPlayer: { player: { id: string }; token: string } }>(
    url,
    'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id } token } }',
    { input: { name } },
  );
  return { id: d.registerPlayer.player.id, token: d.registerPlayer.token };
}
