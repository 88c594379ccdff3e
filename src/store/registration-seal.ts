// The sealing of a registration's token under its idempotency key, and the digests it is found by.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

// Each digest and derived key has a label of its own, so that no value computed from an idempotency key for
// one purpose equals one computed for another (or a token digest, or a game mutation's key).
const KEY_HASH_LABEL = 'perudo/registerPlayer/key-hash/v1\0';
const REQUEST_HASH_LABEL = 'perudo/registerPlayer/request-hash/v1\0';
const SEAL_INFO = 'perudo/registerPlayer/token-seal/v1';

const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealed token of a registration record and the salt its key was derived with. */
export interface SealedToken {
  readonly salt: Buffer;
  /** IV, ciphertext and GCM tag, in that order. */
  readonly sealed: Buffer;
}

/** The digest a registration record is found by; the key itself is never stored. */
export function registrationKeyHash(idempotencyKey: string): string {
  return createHash('sha256').update(KEY_HASH_LABEL).update(idempotencyKey, 'utf8').digest('hex');
}

/** The digest of what was asked, to tell a retry from another registration under the same key. */
export function registrationRequestHash(name: string): string {
  return createHash('sha256').update(REQUEST_HASH_LABEL).update(name, 'utf8').digest('hex');
}

function sealKey(idempotencyKey: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(idempotencyKey, 'utf8'), salt, SEAL_INFO, 32));
}

/**
 * Encrypts a player's token under a key derived from the idempotency key, so that only a client that
 * sends that key again can read it back. The player's ID is authenticated with it: the sealed token of
 * one player cannot pass for another's.
 */
export function sealToken(token: string, idempotencyKey: string, playerId: string): SealedToken {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(idempotencyKey, salt), iv);
  cipher.setAAD(Buffer.from(playerId, 'utf8'));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return { salt, sealed: Buffer.concat([iv, body, cipher.getAuthTag()]) };
}

/** The token sealed by sealToken; throws if the key, the player or the bytes do not match. */
export function openToken(sealed: SealedToken, idempotencyKey: string, playerId: string): string {
  const bytes = sealed.sealed;
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed token too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealKey(idempotencyKey, sealed.salt),
    bytes.subarray(0, IV_BYTES),
    { authTagLength: TAG_BYTES },
  );
  decipher.setAAD(Buffer.from(playerId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
