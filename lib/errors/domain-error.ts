// What the domain throws when a request cannot be carried out: a kind that says what went wrong,
// a message for the person who asked, and the facts a caller may need (how long to wait). Never an
// HTTP status or an API code: lib/api/domain-errors.ts maps every kind to the API's code in one
// table, and the code decides the status (lib/api/error-codes.ts). So a domain module imports
// nothing of the API, and the bot or a CLI can catch the same errors and word them their own way.
//
// Pure: no imports, so any folder of lib/ may use it.

/**
 * Why a Sign-In with Ethereum was refused (lib/auth/siwe-rules.ts checks the message,
 * lib/auth/sign-in.server.ts the signature): each a kind of its own, and each its own 401 code.
 */
export const SIGN_IN_REFUSALS = [
  "message_malformed",
  "nonce_invalid",
  "domain_mismatch",
  "uri_mismatch",
  "chain_unsupported",
  "issued_at_invalid",
  "message_expired",
  "message_not_yet_valid",
  "signature_invalid",
  "signature_unverifiable",
  // A contract-wallet signature the chain would have to check, over the "contract-wallet-check" budget.
  "signature_check_limited",
] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

export const DOMAIN_ERROR_KINDS = [
  // Input the rules refuse (beyond what the schemas catch): a date in the past, a coin against itself.
  "invalid_input",
  "not_found",
  "unknown_coin",
  // An answer asked for in a format this site does not write (oEmbed's format=xml).
  "unsupported_format",
  // Who asks: not signed in, not an operator, a session too old for an operator's write.
  "not_signed_in",
  "not_allowed",
  "reauthentication_required",
  // The sign-in form's CSRF token is missing or stale.
  "csrf_failed",
  // Spent a rate limit's budget: facts.retryAfterSeconds says when to try again.
  "rate_limited",
  // Something the site depends on is down or not configured (the RPC, the sign-in secret).
  "unavailable",
  "listings_closed",
  "push_unavailable",
  "telegram_unavailable",
  // Listings and orders.
  "already_listed",
  "listing_changed",
  "slot_unavailable",
  "too_many_quotes",
  "payment_conflict",
  "order_conflict",
  "not_a_token",
  "not_priceable",
  "under_liquidity_floor",
  "no_held_high",
  "payment_refused",
  // Account data.
  "too_many_alerts",
  "too_many_api_keys",
  "inconsistent_totals",
  // Sign-in failed on our side (a refusal is one of SIGN_IN_REFUSALS).
  "sign_in_failed",
  ...SIGN_IN_REFUSALS,
] as const;

export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export type DomainErrorFacts = {
  /** rate_limited: whole seconds until the budget allows the next request (at least 1). */
  retryAfterSeconds?: number;
  /** rate_limited over HTTP: Retry-After and the IETF RateLimit fields (lib/security/rate-limit-headers.ts). */
  refusalHeaders?: Readonly<Record<string, string>>;
};

export class DomainError<K extends DomainErrorKind = DomainErrorKind> extends Error {
  constructor(
    readonly kind: K,
    message: string,
    readonly facts: DomainErrorFacts = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}
