// GraphQL over HTTP for the benchmarks that drive spawned server processes: keep-alive connections, the
// data or a rejection with the errors, and registration.
import http from 'node:http';

export type BenchGql = <T>(url: string, query: string, variables: object, token?: string) => Promise<T>;

/**
 * A GraphQL poster over keep-alive connections (at most `maxSockets` open). node:http rather than global fetch
 * (undici), which costs the load generator about three times the CPU per request here, and the generator
 * shares the machine's two cores with the server and PostgreSQL. Rejects with the errors' messages.
 */
export function keepAliveGql(maxSockets: number): BenchGql {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const post = <T>(
    url: string,
    query: string,
    variables: object,
    token?: string,
    retried = false,
  ): Promise<T> => {
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
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                data?: T;
                errors?: { message: string }[];
              };
              if (parsed.errors?.length) reject(new Error(parsed.errors.map((e) => e.message).join('; ')));
              else if (!parsed.data) reject(new Error(`HTTP ${res.statusCode} without data`));
              else resolve(parsed.data);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as idle just as it was reused: the request never reached
        // the server, so it is sent once more (what Node's documentation of `reusedSocket` advises).
        if (!retried && req.reusedSocket && error.code === 'ECONNRESET')
          post<T>(url, query, variables, token, true).then(resolve, reject);
        else reject(error);
      });
      req.end(body);
    });
  };
  return post;
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

/** Registers `count` players named `name(0)`, `name(1)`, ..., `batch` requests at a time. */
export async function registerBenchPlayers(
  gql: BenchGql,
  url: string,
  count: number,
  name: (i: number) => string,
  batch: number,
): Promise<BenchPlayer[]> {
  const players: BenchPlayer[] = [];
  for (let i = 0; i < count; i += batch) {
    const n = Math.min(batch, count - i);
    players.push(
      ...(await Promise.all(Array.from({ length: n }, (_, k) => registerBenchPlayer(gql, url, name(i + k))))),
    );
  }
  return players;
}
