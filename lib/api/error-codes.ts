// Every error code the API answers, with its one HTTP status. A code never means two statuses,
// so callers name the code alone and this table decides (pure: the browser may read it too).
import { SIGN_IN_REFUSALS, type SignInRefusal } from "@/lib/errors/domain-error";

// Each sign-in refusal (lib/errors/domain-error.ts) is a 401 code of its own.
const SIGN_IN_REFUSAL_STATUS = Object.fromEntries(SIGN_IN_REFUSALS.map((code) => [code, 401])) as Record<SignInRefusal, 401>;

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_query: 400,
  unauthenticated: 401,
  // Signed in, but the wallet's signature is too old for this (admin writes): sign in again.
  reauthentication_required: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  already_listed: 409,
  // The chain no longer answers the listing preview the operator confirmed.
  listing_changed: 409,
  // The slot's days have no free featured seat, or the token already holds one of them, or unpaid
  // quotes hold as many days as they may; or an operator's promoted slot would take a seat an order holds.
  slot_unavailable: 409,
  // A wallet holds MAX_OPEN_QUOTES unpaid quotes already, or its client's unpaid quotes hold as many days as they may.
  too_many_quotes: 409,
  // The order is paid by another transaction, or closed, or the transaction paid another order.
  payment_conflict: 409,
  // An operator's reject or refund that the order's status (or another order on its coin) does not
  // allow, or removing a featured slot an order paid for.
  order_conflict: 409,
  // A user holds ALERT_RULE_LIMIT alert rules already (lib/alerts/schemas.ts).
  too_many_alerts: 409,
  // A wallet holds API_KEY_LIMIT live API keys already (lib/api-keys/schemas.ts).
  too_many_api_keys: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unknown_coin: 422,
  not_a_token: 422,
  not_priceable: 422,
  // A token whose best pool is under the liquidity floor cannot be bought a listing.
  under_liquidity_floor: 422,
  // An all-time high to set back to the highest held price, when the record holds none.
  no_held_high: 422,
  // A transaction that cannot pay the order: another sender, recipient, chain or amount, or reverted.
  payment_refused: 422,
  // A bag snapshot whose total at all-time highs is below its total today.
  inconsistent_totals: 422,
  rate_limited: 429,
  internal_error: 500,
  // oEmbed asked for a format other than JSON (its spec's 501: "cannot return a response in the requested format").
  unsupported_format: 501,
  service_unavailable: 503,
  // The database (a remote libSQL server) did not answer in time or cannot be reached (lib/db/config.ts).
  database_unavailable: 503,
  // No LISTING_PAYMENT_ADDRESS is configured: nothing can be ordered.
  listings_closed: 503,
  // No VAPID keys are configured: browser alerts cannot be turned on or sent.
  push_unavailable: 503,
  // No Telegram bot is configured (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME): no chat can be linked.
  telegram_unavailable: 503,
  ...SIGN_IN_REFUSAL_STATUS,
} as const;

export type ApiErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ApiErrorCode): number {
  return ERROR_STATUS[code];
}
