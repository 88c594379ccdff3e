// How the global setup tells test workers where their databases come from.
/** Environment variables through which the global setup tells test workers where their databases come from. */
export const ADMIN_URL_VAR = 'PERUDO_TEST_ADMIN_URL';
export const TEMPLATE_VAR = 'PERUDO_TEST_TEMPLATE_DB';

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
