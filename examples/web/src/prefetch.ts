// The lobby's data, asked for by a few lines in the HTML before any script of the page has downloaded (see
// vite.config.ts). The lobby takes the answer once; a failure of any kind leaves it to the client to ask.
import type { LobbyPageQuery } from './gql/graphql';

type Answer = { data?: LobbyPageQuery; errors?: unknown } | null;

declare global {
  interface Window {
    __perudoLobby?: Promise<Answer>;
  }
}

/** The prefetched lobby, the first time only (the lobby shown again later asks afresh). */
export function takePrefetchedLobby(): Promise<LobbyPageQuery | null> {
  const pending = window.__perudoLobby;
  window.__perudoLobby = undefined;
  return (pending ?? Promise.resolve(null)).then(
    (body) => (body?.data && !body.errors ? body.data : null),
    () => null,
  );
}
