// The retention of idempotency keys at its former path, for accounts.repository.ts until its import points at
// idempotency-expiry.queries.ts (then this file goes).
export { IDEMPOTENCY_RETENTION_MS } from './idempotency-expiry.queries';
