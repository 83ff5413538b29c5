// What an API key looks like (issue 55): `pcmp_` and 32 random bytes in base64url, 48 characters
// in all. Only its SHA-256 is stored; its first characters are shown to recognise it by. No I/O
// beyond the random bytes, no React: the store, the check and the tests share it.
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "pcmp_";

/**
 * Exactly what generateApiKey writes: the prefix and 43 base64url characters, the last of which
 * carries 2 bits of the 32 bytes and 4 zero bits (so it is one of 16). A token that fails this
 * cannot be a key, and is refused without reading the database.
 */
export const API_KEY_PATTERN = /^pcmp_[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** How many of a key's characters the /developers page shows: the prefix and 7 more (42 bits). */
export const API_KEY_DISPLAY_LENGTH = 12;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export const isWellFormedApiKey = (token: string): boolean => API_KEY_PATTERN.test(token);

/** The stored form: SHA-256 of the whole key, hex. The key itself is never stored or logged. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What the page shows of a key: "pcmp_AbCdEfG". */
export const displayPrefix = (key: string): string => key.slice(0, API_KEY_DISPLAY_LENGTH);

/** A key's row id: 12 random bytes, base64url (16 characters). Rate limits count by it, never by the key. */
export function generateApiKeyId(): string {
  return randomBytes(12).toString("base64url");
}
