import type { Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { bearerToken, createContext, type Services } from '../graphql/context';
import type { PlayerRecord } from '../store/player.repository';
import { MAX_BODY_BYTES } from '../http/graphql-http.handler';

export interface WsServer {
  readonly connections: () => number;
  /** Closes every socket with 1001 (going away) and stops accepting new ones. */
  close(): Promise<void>;
}

type Extra = { viewer?: PlayerRecord | null };

/**
 * graphql-ws (`graphql-transport-ws`) on the HTTP server's /graphql path. The player comes from
 * `connectionParams.authorization`: a bad token closes the socket with 4403, no token is a spectator.
 */
export function startGraphqlWs(
  httpServer: Server,
  schema: GraphQLSchema,
  services: Services,
  production: boolean,
): WsServer {
  const wss = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: MAX_BODY_BYTES });
  const disposable = useServer<Record<string, unknown>, Extra>(
    {
      schema,
      isProd: production,
      connectionInitWaitTimeout: 10_000,
      onConnect: async (ctx) => {
        const auth = ctx.connectionParams?.authorization;
        if (auth === undefined || auth === null || auth === '') {
          ctx.extra.viewer = null;
          return true;
        }
        const token = typeof auth === 'string' ? bearerToken(auth) : null;
        const viewer = token ? await services.players.findByToken(token) : null;
        if (!viewer) return false;
        ctx.extra.viewer = viewer;
        return true;
      },
      context: (ctx) => createContext(services, ctx.extra.viewer ?? null),
    },
    wss,
  );
  return {
    connections: () => wss.clients.size,
    async close() {
      await disposable.dispose();
    },
  };
}
