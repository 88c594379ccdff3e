// Bearer tokens: making them and the digest that is stored.
import { createHash, randomBytes } from 'node:crypto';

/** A new secret bearer token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database does not leak tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
