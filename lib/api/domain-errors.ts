// The one table from what the domain says went wrong (lib/errors/domain-error.ts) to what the API
// answers: each kind's error code, whose status lib/api/error-codes.ts fixes. Most kinds are
// answered under their own name; the domain's plain words for who may ask and what is down become
// the API's HTTP-shaped codes here, and nowhere else.
import { SIGN_IN_REFUSALS, type DomainError, type DomainErrorKind, type SignInRefusal } from "@/lib/errors/domain-error";
import type { ApiErrorCode } from "./error-codes";

const SIGN_IN_REFUSAL_CODES = Object.fromEntries(SIGN_IN_REFUSALS.map((kind) => [kind, kind])) as { [K in SignInRefusal]: K };

const DOMAIN_ERROR_CODES: Record<DomainErrorKind, ApiErrorCode> = {
  invalid_input: "bad_request",
  not_found: "not_found",
  unknown_coin: "unknown_coin",
  unsupported_format: "unsupported_format",
  not_signed_in: "unauthenticated",
  not_allowed: "forbidden",
  reauthentication_required: "reauthentication_required",
  csrf_failed: "csrf_failed",
  rate_limited: "rate_limited",
  unavailable: "service_unavailable",
  listings_closed: "listings_closed",
  push_unavailable: "push_unavailable",
  telegram_unavailable: "telegram_unavailable",
  already_listed: "already_listed",
  listing_changed: "listing_changed",
  slot_unavailable: "slot_unavailable",
  too_many_quotes: "too_many_quotes",
  payment_conflict: "payment_conflict",
  order_conflict: "order_conflict",
  not_a_token: "not_a_token",
  not_priceable: "not_priceable",
  under_liquidity_floor: "under_liquidity_floor",
  no_held_high: "no_held_high",
  payment_refused: "payment_refused",
  too_many_alerts: "too_many_alerts",
  too_many_api_keys: "too_many_api_keys",
  inconsistent_totals: "inconsistent_totals",
  sign_in_failed: "internal_error",
  ...SIGN_IN_REFUSAL_CODES,
};

/** The API's answer to a domain error: its code, and the headers its facts call for. */
export function apiErrorOf(error: DomainError): { code: ApiErrorCode; headers?: Record<string, string> } {
  const code = DOMAIN_ERROR_CODES[error.kind];
  const { retryAfterSeconds: seconds, refusalHeaders } = error.facts;
  if (refusalHeaders) return { code, headers: { ...refusalHeaders } };
  return seconds === undefined ? { code } : { code, headers: { "Retry-After": String(seconds) } };
}
