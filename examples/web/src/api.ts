// The page's one client of the API (@perudo/client): every query, move and subscription goes through it, as
// the signed-in player (or anonymously). It follows the session, and tells api-status whether the API answers.
import { createClient, RequestError, ViewerDocument } from '@perudo/client';
import { apiReachable, apiUnreachable } from './api-status';
import { API_URL, WS_URL } from './config';
import { errorText } from './i18n/errors';
import { session } from './session';

export const client = createClient({
  url: API_URL,
  wsUrl: WS_URL,
  token: session.token(),
  // The page waits for the server for as long as it is open: requests and streams are sent again (every 5 s
  // at most) until it answers, while the notice says it cannot be reached.
  retry: { maxRetries: Infinity },
});

/** While the API is unreachable: one short request a second, whose answer (if any) clears the notice. */
const probe = (): void => {
  client.request(ViewerDocument, {}, { signal: AbortSignal.timeout(900) }).catch(() => {});
};

/**
 * Plays as the session's player. Called on every sign-in and sign-out, and before each route: the session
 * lives in localStorage, which the page may find changed (another tab, a script) without being told.
 */
export function followSession(): void {
  client.setToken(session.token());
}
session.onChange(followSession);

// A token the server no longer knows (its database was reset): sign out rather than fail forever.
client.on('unauthenticated', () => session.signOut());
client.on('reachable', (reachable) => (reachable ? apiReachable() : apiUnreachable(probe)));
// The token the open socket was opened with: a socket closed because the token changed (sign-in, sign-out)
// is no sign that the API went away.
let socketToken: string | null = null;
client.on('connection', (connected) => {
  if (connected) {
    socketToken = client.token;
    apiReachable();
  } else if (client.token === socketToken) apiUnreachable(probe);
});

/** What a stream that ended for good tells the page: a revoked token signs out, anything else is shown. */
export function streamFailed(error: Error, show: (message: string) => void): void {
  if (error instanceof RequestError && error.code === 'UNAUTHENTICATED') session.signOut();
  else show(errorText(error));
}
