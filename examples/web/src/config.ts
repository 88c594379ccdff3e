// Where the API is: ?api=<url> in the page's address, else VITE_API_URL at build time, else localhost:4000.
const DEFAULT_API_URL = 'http://localhost:4000/graphql';

function apiUrl(): string {
  const fromPage = new URLSearchParams(window.location.search).get('api');
  if (fromPage) return fromPage;
  const fromBuild = import.meta.env.VITE_API_URL as string | undefined;
  return fromBuild || DEFAULT_API_URL;
}

export const API_URL = apiUrl();
/** graphql-ws (graphql-transport-ws) is served on the same path as HTTP. */
export const WS_URL = API_URL.replace(/^http/, 'ws');
