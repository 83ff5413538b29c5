// The server's rules for a Sign-In with Ethereum (EIP-4361) message. Pure: the caller supplies
// the allowlist and the clock; nonce storage and signature checks live elsewhere.
import { getAddress, isAddress, type Address } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import type { SignInRefusal } from "@/lib/errors/domain-error";
import { MAX_MESSAGE_LENGTH } from "@/lib/auth/form-schemas";

/** The refusals of the message's own rules: the sign-in codes of the error table but the signature's. */
export type SiweRefusal = Exclude<SignInRefusal, "signature_invalid" | "signature_unverifiable" | "signature_check_limited">;

export type SiweRules = {
  /** Allowed site origins, e.g. ["https://pulsecompare.example"]. */
  origins: string[];
  chainId: number;
  now: Date;
  /** How old issuedAt may be. */
  maxAgeMs: number;
  /** How far ahead of our clock issuedAt / notBefore may be. */
  clockSkewMs: number;
};

export type CheckedSiweMessage = { address: Address; nonce: string; origin: string; issuedAt: Date };

export { MAX_MESSAGE_LENGTH };
const NONCE_PATTERN = /^[A-Za-z0-9]{16,64}$/;

export function checkSiweMessage(message: string, rules: SiweRules): { ok: true; value: CheckedSiweMessage } | { ok: false; refusal: SiweRefusal } {
  const refuse = (refusal: SiweRefusal) => ({ ok: false as const, refusal });
  if (message.length === 0 || message.length > MAX_MESSAGE_LENGTH) return refuse("message_malformed");

  const parsed = parseSiweMessage(message);
  const { address, domain, uri, chainId, nonce, issuedAt, version } = parsed;
  if (!address || !domain || !uri || chainId === undefined || !issuedAt || version !== "1") return refuse("message_malformed");
  if (nonce === undefined || !NONCE_PATTERN.test(nonce)) return refuse("nonce_invalid");
  // Lower-case and correctly checksummed addresses are accepted; a wrong checksum is not.
  if (!isAddress(address, { strict: true })) return refuse("message_malformed");
  if (!isCanonical(message, parsed, address)) return refuse("message_malformed");

  const origin = rules.origins.find((allowed) => new URL(allowed).host === domain);
  if (!origin) return refuse("domain_mismatch");
  if (parsed.scheme !== undefined && `${parsed.scheme}:` !== new URL(origin).protocol) return refuse("domain_mismatch");
  if (originOf(uri) !== origin || hasUserInfo(uri)) return refuse("uri_mismatch");
  if (chainId !== rules.chainId) return refuse("chain_unsupported");

  const now = rules.now.getTime();
  if (issuedAt.getTime() > now + rules.clockSkewMs || issuedAt.getTime() < now - rules.maxAgeMs) return refuse("issued_at_invalid");
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= now) return refuse("message_expired");
  if (parsed.notBefore && parsed.notBefore.getTime() > now + rules.clockSkewMs) return refuse("message_not_yet_valid");

  return { ok: true, value: { address: getAddress(address), nonce, origin, issuedAt } };
}

/**
 * The message must be exactly what the standard writer produces from the fields we parsed
 * (apart from the address's letter case), so that the text the wallet signed cannot mean
 * something other than what we checked: no extra lines, duplicate fields or smuggled values.
 */
function isCanonical(message: string, parsed: ReturnType<typeof parseSiweMessage>, address: string): boolean {
  const lines = message.split("\n");
  if (lines[1] !== address) return false;
  lines[1] = getAddress(address);
  try {
    return createSiweMessage(parsed as Parameters<typeof createSiweMessage>[0]) === lines.join("\n");
  } catch {
    return false; // e.g. an unparseable date
  }
}

/**
 * "https://user@site/" has the site's origin (URL leaves the user info out of it), but a URI
 * naming someone at the site is not the site, and a wallet showing it may read it otherwise.
 * Refused even when empty ("https://@site/", which URL forgets entirely), so read from the text.
 */
function hasUserInfo(uri: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[/\\]{2}[^/\\?#]*@/i.test(uri);
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}
