// Every API endpoint, declared once: its method and path, who may call it, what its path, query
// and body must be, which rate-limit bucket it spends and how its answer may be cached. The
// server wrapper (lib/api/route.server.ts) enforces each declaration; the browser's client
// (lib/api/call-api.browser.ts) builds its requests and checks its bodies from the same one. Pure: no
// server code, and the browser loads it only with its first API call (zod is large).
import { z } from "@/lib/shared/zod";
import {
  bagSnapshotBodySchema,
  bagSnapshotIdSchema,
  bagSnapshotListSchema,
  bagSnapshotSchema,
  noContentSchema,
  savedComparisonBodySchema,
  savedComparisonIdSchema,
  savedComparisonListSchema,
  savedComparisonSchema,
  watchlistAddBodySchema,
  watchlistEntrySchema,
  watchlistSchema,
} from "@/lib/account/schemas";
import { authOkSchema, authUserSchema, csrfSchema, nonceSchema } from "@/lib/auth/schemas";
import {
  coinIdSchema,
  coinIndexQuerySchema,
  coinListQuerySchema,
  coinListSchema,
  coinPairBodySchema,
  coinDetailSchema,
  featuredComparisonListSchema,
  mostComparedPairListSchema,
  noQuerySchema,
  trendingQuerySchema,
} from "@/lib/coins/schemas";
import { createOrderBodySchema, orderIdSchema, orderListSchema, orderSchema, slotCalendarSchema, submitPaymentBodySchema } from "@/lib/orders/schemas";
import { orderTokenQuerySchema, orderTokenSchema } from "@/lib/orders/order-token-schema";
import {
  adminCoinListSchema,
  adminCoinSchema,
  featuredIdSchema,
  featuredSlotListSchema,
  featuredSlotSchema,
  listCoinBodySchema,
  listingPreviewQuerySchema,
  listingPreviewSchema,
  scheduleFeaturedBodySchema,
  updateCoinBodySchema,
  correctHighBodySchema,
} from "@/lib/listings/schemas";
import {
  operatorOrderIdSchema,
  operatorOrderListSchema,
  operatorOrderSchema,
  operatorOrdersQuerySchema,
  orderTaskIdSchema,
  orderTaskSchema,
  recordRefundBodySchema,
  rejectOrderBodySchema,
  cancelOrderBodySchema,
} from "@/lib/orders/operator-schemas";
import { signInBodySchema, signOutBodySchema } from "@/lib/auth/form-schemas";
import { pairAnswerSchema, pairQuerySchema } from "@/lib/compare/pair-answer-schema";
import { unmatchedTransferIdSchema, unmatchedTransferSchema, unmatchedTransfersSchema } from "@/lib/orders/unmatched-schemas";
import {
  alertFiringListSchema,
  alertIdSchema,
  alertRuleListSchema,
  alertRuleSchema,
  createAlertBodySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionIdSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  testNotificationSchema,
  updateAlertBodySchema,
  vapidKeySchema,
} from "@/lib/alerts/schemas";
import { renameCoinBodySchema } from "@/lib/listings/coin-rename-schema";
import { historyQuerySchema, historySchema } from "@/lib/history/schemas";
import { healthLiveSchema, healthSchema } from "@/lib/market/health-schema";
import { telegramConnectSchema, telegramLinkSchema, telegramUpdateSchema } from "@/lib/telegram/schemas";
import type { RateLimitBucket } from "@/lib/security/rate-limit-buckets";
import { safeReturnPath } from "@/lib/auth/login-redirect";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Who may call: anyone (`public`); only the site's own pages, no session (`site`: an Origin or
 * Sec-Fetch-Site from elsewhere is a 403); a signed-in wallet (`user`: 401 without a live
 * session; its writes are `site` too); an operator (`operator`: a `user` in OPERATOR_ADDRESSES,
 * 403 otherwise, whose writes need a recent signature); the scheduler (`cron`: the bearer secret);
 * Telegram (`telegram`: the webhook's secret header).
 */
export type Access = "public" | "site" | "user" | "operator" | "cron" | "telegram";

/**
 * `public`: any cache may keep it briefly (lib/api/responses.ts PUBLIC_CACHE_CONTROL);
 * `private`: one user's data, never stored by a shared cache; `none`: never stored at all.
 */
export type CachePolicy = "public" | "private" | "none";

export type Endpoint = {
  method: Method;
  /** What it does, in a line: the OpenAPI summary and docs/api.md's table say it. */
  summary: string;
  /** With `:name` for each path parameter, e.g. "/api/watchlist/:coinId". */
  path: string;
  access: Access;
  cache: CachePolicy;
  /** Path parameters; a value that fails is a 404 (no such thing can exist), said by notFound. */
  params?: z.ZodType;
  notFound?: (params: Record<string, string>) => string;
  /** The query string; unknown, repeated or malformed parameters are a 400 invalid_query. */
  query?: z.ZodType;
  /** The body: JSON, or for next-auth's forms url-encoded (`bodyType: "form"`). */
  body?: z.ZodType;
  bodyType?: "json" | "form";
  /** The budget this call spends (lib/security/rate-limit-buckets.ts); 429 when spent. */
  rateLimit?: RateLimitBucket;
  /** What a success carries, for the browser to check. */
  response: z.ZodType;
};

const coinIdParams = <K extends string>(name: K) => z.strictObject({ [name]: coinIdSchema } as Record<K, typeof coinIdSchema>);
const quoted = (value: string | undefined) => `"${(value ?? "").slice(0, 80)}"`;

export const endpoints = {
  // Public reads (spec section 7).
  coinList: {
    method: "GET",
    summary: "Every coin by rank; `?ids=` for just those (404 naming an unknown id); `?per_page=1..250&page=N` (CoinGecko's paging) for one page of either.",
    path: "/api/cryptocurrencies",
    access: "public",
    cache: "public",
    query: coinListQuerySchema,
    response: coinListSchema,
  },
  coin: {
    method: "GET",
    summary: "One coin.",
    path: "/api/cryptocurrencies/:id",
    access: "public",
    cache: "public",
    params: coinIdParams("id"),
    notFound: (params) => `No coin with id ${quoted(params.id)}.`,
    query: noQuerySchema,
    response: coinDetailSchema,
  },
  coinHistory: {
    method: "GET",
    summary: "A coin's price and market cap over a range, oldest first: at most one point per 5 min (1d), hour (7d), 4 h (30d) or day (1y, all).",
    path: "/api/cryptocurrencies/:id/history",
    access: "public",
    cache: "public",
    params: coinIdParams("id"),
    notFound: (params) => `No coin with id ${quoted(params.id)}.`,
    query: historyQuerySchema,
    response: historySchema,
  },
  coinIndex: {
    method: "GET",
    summary: "The coin selectors' index `{ version, coins: [[id, symbol, name, logoUrl], ...] }` by rank; `?v=` asks for that version, which the browser may keep for good.",
    path: "/api/coin-index",
    access: "public",
    cache: "public",
    query: coinIndexQuerySchema,
    response: z.unknown(),
  },
  bagTokens: {
    method: "GET",
    summary: "The bag page's token list: every listed PulseChain coin by rank with address, decimals, price, market cap and high market cap; `?v=` as for the coin index.",
    path: "/api/bag-tokens",
    access: "public",
    cache: "public",
    query: coinIndexQuerySchema,
    response: z.unknown(),
  },
  pair: {
    method: "GET",
    summary:
      "Coin 1 at coin 2's market cap, today and at its high, what each would take through coin 1's PulseX pools, and the ladder of targets (10% to 500%); `?supply1=` / `?supply2=` (circulating, total, staked) picks each coin's supply basis.",
    path: "/api/pairs/:coin1/:coin2",
    access: "public",
    cache: "public",
    params: z.strictObject({ coin1: coinIdSchema, coin2: coinIdSchema }),
    notFound: (params) => `No coins with ids ${quoted(params.coin1)} and ${quoted(params.coin2)}.`,
    query: pairQuerySchema,
    response: pairAnswerSchema,
  },
  featuredComparisons: {
    method: "GET",
    summary: "Up to 2 running featured comparisons, promoted first, with the multiplier and projected price.",
    path: "/api/comparisons/featured",
    access: "public",
    cache: "public",
    query: noQuerySchema,
    response: featuredComparisonListSchema,
  },
  mostCompared: {
    method: "GET",
    summary: "The most-compared pairs, by comparisons plus saves (10 unless `?limit=`).",
    path: "/api/trending/most-compared",
    access: "public",
    cache: "public",
    query: trendingQuerySchema,
    response: mostComparedPairListSchema,
  },
  pulsechainGainers: {
    method: "GET",
    summary: "The first 25 PulseChain coins by rank, best 24h change first.",
    path: "/api/trending/pulsechain-gainers",
    access: "public",
    cache: "public",
    query: trendingQuerySchema,
    response: coinListSchema,
  },
  recentlyListed: {
    method: "GET",
    summary: "The newest listings first (18 unless `?limit=`).",
    path: "/api/trending/recently-listed",
    access: "public",
    cache: "public",
    query: trendingQuerySchema,
    response: coinListSchema,
  },
  topGainers: {
    method: "GET",
    summary: "The 10 biggest 24h gainers across all coins.",
    path: "/api/trending/top-gainers",
    access: "public",
    cache: "public",
    query: trendingQuerySchema,
    response: coinListSchema,
  },
  // The API itself, described (lib/api/openapi.ts).
  openApi: {
    method: "GET",
    summary: "This API as an OpenAPI 3.1 document.",
    path: "/api/openapi.json",
    access: "public",
    cache: "public",
    query: noQuerySchema,
    response: z.unknown(),
  },
  health: {
    method: "GET",
    summary:
      "The service's health, for alerts: the database and how fresh the prices are; 503 with `status` \"stale\" (the newest price older than HEALTH_STALE_AFTER_MINUTES), \"draining\" (shutting down) or \"error\" (database unreachable).",
    path: "/api/health",
    access: "public",
    cache: "none",
    query: noQuerySchema,
    response: healthSchema,
  },
  healthLive: {
    method: "GET",
    summary: "Liveness, for container restarts: 200 while the process and its database answer, whatever the prices' age (503 when the database is unreachable).",
    path: "/api/health/live",
    access: "public",
    cache: "none",
    query: noQuerySchema,
    response: healthLiveSchema,
  },
  login: {
    method: "GET",
    summary: "Sends the visitor (303) to the page that connects a wallet and signs in, then back to `returnTo` or the referring page.",
    path: "/api/login",
    access: "public",
    cache: "none",
    query: z.strictObject({
      returnTo: z
        .string()
        .refine((value) => safeReturnPath(value) !== null, "must be a path on this site, such as /watchlist.")
        .optional(),
    }),
    response: z.unknown(),
  },

  // The anonymous count behind "Most Compared".
  countComparison: {
    method: "POST",
    summary: "Counts one comparison of an ordered pair for the most-compared ranking (204); stores no user, address or IP.",
    path: "/api/comparisons",
    access: "site",
    cache: "none",
    body: coinPairBodySchema,
    rateLimit: "comparison-count",
    response: noContentSchema,
  },

  // Sign-in (SIWE through next-auth).
  nonce: {
    method: "POST",
    summary: "A single-use nonce for a Sign-In with Ethereum message.",
    path: "/api/auth/nonce",
    access: "site",
    cache: "none",
    rateLimit: "nonce",
    response: nonceSchema,
  },
  csrf: {
    method: "GET",
    summary: "next-auth's CSRF token for the sign-in and sign-out forms.",
    path: "/api/auth/csrf",
    access: "public",
    cache: "none",
    query: noQuerySchema,
    response: csrfSchema,
  },
  signIn: {
    method: "POST",
    summary: "Signs in with a signed Sign-In with Ethereum message; sets the session cookie.",
    path: "/api/auth/callback/credentials",
    access: "site",
    cache: "none",
    body: signInBodySchema,
    bodyType: "form",
    rateLimit: "sign-in",
    response: authOkSchema,
  },
  signOut: {
    method: "POST",
    summary: "Ends the session.",
    path: "/api/auth/signout",
    access: "site",
    cache: "none",
    body: signOutBodySchema,
    bodyType: "form",
    response: authOkSchema,
  },
  authUser: {
    method: "GET",
    summary: "The signed-in user (401 when signed out).",
    path: "/api/auth/user",
    access: "public",
    cache: "none",
    query: noQuerySchema,
    response: authUserSchema,
  },

  // A signed-in user's own lists (spec sections 3 and 7).
  watchlist: {
    method: "GET",
    summary: "The user's watchlist, each entry with its coin.",
    path: "/api/watchlist",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: watchlistSchema,
  },
  watchlistAdd: {
    method: "POST",
    summary: "Adds a coin to the user's watchlist.",
    path: "/api/watchlist",
    access: "user",
    cache: "private",
    body: watchlistAddBodySchema,
    rateLimit: "account-write",
    response: watchlistEntrySchema,
  },
  watchlistRemove: {
    method: "DELETE",
    summary: "Removes a coin from the user's watchlist.",
    path: "/api/watchlist/:coinId",
    access: "user",
    cache: "private",
    params: coinIdParams("coinId"),
    notFound: (params) => `${quoted(params.coinId)} is not on your watchlist.`,
    rateLimit: "account-write",
    response: noContentSchema,
  },
  savedComparisons: {
    method: "GET",
    summary: "The user's saved comparisons, each with both coins.",
    path: "/api/saved-comparisons",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: savedComparisonListSchema,
  },
  saveComparison: {
    method: "POST",
    summary: "Saves a comparison (201 when new, which also counts one save for the ranking).",
    path: "/api/saved-comparisons",
    access: "user",
    cache: "private",
    body: savedComparisonBodySchema,
    rateLimit: "account-write",
    response: savedComparisonSchema,
  },
  removeSavedComparison: {
    method: "DELETE",
    summary: "Removes one of the user's saved comparisons.",
    path: "/api/saved-comparisons/:id",
    access: "user",
    cache: "private",
    // Someone else's comparison is "not found" too: its existence is not ours to reveal.
    params: z.strictObject({ id: savedComparisonIdSchema }),
    notFound: (params) => `You have no saved comparison with id ${quoted(params.id)}.`,
    rateLimit: "account-write",
    response: noContentSchema,
  },

  // Alerts (issue 39): a signed-in user's rules, what fired, and the browsers that receive them.
  alerts: {
    method: "GET",
    summary: "The user's alert rules, oldest first, each with its state (armed, waiting to re-arm, waiting for a market cap, paused, coin gone).",
    path: "/api/alerts",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: alertRuleListSchema,
  },
  createAlert: {
    method: "POST",
    summary: "Creates an alert rule (at most 50 per user): a coin reaching a multiple of another's market cap or all-time-high market cap, a price or market cap crossing a level, a new all-time high, or a 24h move.",
    path: "/api/alerts",
    access: "user",
    cache: "private",
    body: createAlertBodySchema,
    rateLimit: "account-write",
    response: alertRuleSchema,
  },
  updateAlert: {
    method: "PATCH",
    summary: "Pauses or resumes one of the user's alert rules.",
    path: "/api/alerts/:id",
    access: "user",
    cache: "private",
    // Someone else's rule is "not found" too.
    params: z.strictObject({ id: alertIdSchema }),
    notFound: (params) => `You have no alert ${quoted(params.id)}.`,
    body: updateAlertBodySchema,
    rateLimit: "account-write",
    response: alertRuleSchema,
  },
  deleteAlert: {
    method: "DELETE",
    summary: "Deletes one of the user's alert rules and its firings.",
    path: "/api/alerts/:id",
    access: "user",
    cache: "private",
    params: z.strictObject({ id: alertIdSchema }),
    notFound: (params) => `You have no alert ${quoted(params.id)}.`,
    rateLimit: "account-write",
    response: noContentSchema,
  },
  alertFirings: {
    method: "GET",
    summary: "The user's last 50 alert firings, newest first, each with its delivery status per channel.",
    path: "/api/alert-firings",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: alertFiringListSchema,
  },
  testNotification: {
    method: "POST",
    summary: "Sends a test notification to each of the user's browsers with alerts on.",
    path: "/api/alerts/test",
    access: "user",
    cache: "private",
    rateLimit: "test-notification",
    response: testNotificationSchema,
  },
  pushSubscriptions: {
    method: "GET",
    summary: "The browsers that receive the user's alerts (a label each; never the push endpoint).",
    path: "/api/push-subscriptions",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: pushSubscriptionListSchema,
  },
  addPushSubscription: {
    method: "POST",
    summary: "Adds this browser's Web Push subscription (one per browser per user; adding it again changes nothing; at most 10, an eleventh replaces the oldest). The endpoint must be a push service's (400 naming it otherwise).",
    path: "/api/push-subscriptions",
    access: "user",
    cache: "private",
    body: pushSubscriptionBodySchema,
    rateLimit: "account-write",
    response: pushSubscriptionSchema,
  },
  removePushSubscription: {
    method: "DELETE",
    summary: "Removes one of the user's browser subscriptions.",
    path: "/api/push-subscriptions/:id",
    access: "user",
    cache: "private",
    params: z.strictObject({ id: pushSubscriptionIdSchema }),
    notFound: (params) => `You have no browser subscription ${quoted(params.id)}.`,
    rateLimit: "account-write",
    response: noContentSchema,
  },
  vapidKey: {
    method: "GET",
    summary: "The server's VAPID public key for Web Push subscriptions (null when browser alerts are not configured).",
    path: "/api/push/vapid-key",
    access: "public",
    cache: "public",
    query: noQuerySchema,
    response: vapidKeySchema,
  },

  // Telegram (issue 40): the bot's webhook, and the user's chat for alerts.
  telegramWebhook: {
    method: "POST",
    summary: "Telegram's webhook: one update (a command, an inline query, a button), answered through the Bot API; each update_id is handled once.",
    path: "/api/telegram",
    access: "telegram",
    cache: "none",
    body: telegramUpdateSchema,
    response: z.object({ ok: z.literal(true) }),
  },
  telegramLink: {
    method: "GET",
    summary: "The user's Telegram chat for alerts: linked, blocked, stopped or none (never the chat id), and the bot's username (null without a bot).",
    path: "/api/telegram/link",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: telegramLinkSchema,
  },
  connectTelegram: {
    method: "POST",
    summary: "A one-time link (10 minutes, single use) that links the Telegram chat opening it to this user; 503 telegram_unavailable without a bot.",
    path: "/api/telegram/link",
    access: "user",
    cache: "private",
    rateLimit: "account-write",
    response: telegramConnectSchema,
  },
  unlinkTelegram: {
    method: "DELETE",
    summary: "Unlinks the user's Telegram chat: alerts stop going there.",
    path: "/api/telegram/link",
    access: "user",
    cache: "private",
    rateLimit: "account-write",
    response: noContentSchema,
  },

  // The listing form (issue 25): a buyer's quotes and orders, and the slots still free.
  orders: {
    method: "GET",
    summary: "The user's own listing and promotion orders, newest first.",
    path: "/api/orders",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: orderListSchema,
  },
  createOrder: {
    method: "POST",
    summary: "Quotes an order (a plan, a Homepage Compare slot, or both): the PLS amount to pay and until when the quote holds.",
    path: "/api/orders",
    access: "user",
    cache: "private",
    body: createOrderBodySchema,
    rateLimit: "order-quote",
    response: orderSchema,
  },
  submitPayment: {
    method: "POST",
    summary: "Submits an order's payment transaction; the server checks it on chain.",
    path: "/api/orders/:id/payment",
    access: "user",
    cache: "private",
    // Someone else's order is "not found" too.
    params: z.strictObject({ id: orderIdSchema }),
    notFound: (params) => `You have no order ${quoted(params.id)}.`,
    body: submitPaymentBodySchema,
    rateLimit: "account-write",
    response: orderSchema,
  },
  slotCalendar: {
    method: "GET",
    summary: "Which Homepage Compare days are free to book.",
    path: "/api/orders/calendar",
    access: "public",
    cache: "none",
    query: noQuerySchema,
    response: slotCalendarSchema,
  },
  // The token a buyer pasted, read as the quote will read it (it spends the quotes' budget: it
  // reads the chain as a quote does).
  orderToken: {
    method: "GET",
    summary: "Checks a token for the listing form: new, listed already, or refused with the reason.",
    path: "/api/orders/token",
    access: "user",
    cache: "private",
    query: orderTokenQuerySchema,
    rateLimit: "order-quote",
    response: orderTokenSchema,
  },

  // A signed-in user's bag snapshots (issue 23): the date and two totals, never a balance.
  bagSnapshots: {
    method: "GET",
    summary: "The user's saved bag totals, newest first.",
    path: "/api/bag-snapshots",
    access: "user",
    cache: "private",
    query: noQuerySchema,
    response: bagSnapshotListSchema,
  },
  saveBagSnapshot: {
    method: "POST",
    summary: "Saves the bag's total today and at its coins' highs.",
    path: "/api/bag-snapshots",
    access: "user",
    cache: "private",
    body: bagSnapshotBodySchema,
    rateLimit: "account-write",
    response: bagSnapshotSchema,
  },
  removeBagSnapshot: {
    method: "DELETE",
    summary: "Removes one of the user's bag snapshots.",
    path: "/api/bag-snapshots/:id",
    access: "user",
    cache: "private",
    // Someone else's snapshot is "not found" too.
    params: z.strictObject({ id: bagSnapshotIdSchema }),
    notFound: (params) => `You have no bag snapshot with id ${quoted(params.id)}.`,
    rateLimit: "account-write",
    response: noContentSchema,
  },

  // Operators (the admin page and its API).
  adminCoins: {
    method: "GET",
    summary: "Every coin with the operator's fields.",
    path: "/api/admin/coins",
    access: "operator",
    cache: "private",
    query: noQuerySchema,
    response: adminCoinListSchema,
  },
  // A read (any live operator session), though the page asks for it with a button.
  listingPreview: {
    method: "GET",
    summary: "The listing a token would get (cleaned name and symbol, first price); nothing is written.",
    path: "/api/admin/coins/preview",
    access: "operator",
    cache: "private",
    query: listingPreviewQuerySchema,
    response: listingPreviewSchema,
  },
  listCoin: {
    method: "POST",
    summary: "Lists a PulseChain token by its contract address.",
    path: "/api/admin/coins",
    access: "operator",
    cache: "private",
    body: listCoinBodySchema,
    rateLimit: "admin-write",
    response: adminCoinSchema,
  },
  updateCoin: {
    method: "PATCH",
    summary: "Edits a coin's listing.",
    path: "/api/admin/coins/:id",
    access: "operator",
    cache: "private",
    params: coinIdParams("id"),
    notFound: (params) => `No coin with id ${quoted(params.id)}.`,
    body: updateCoinBodySchema,
    rateLimit: "admin-write",
    response: adminCoinSchema,
  },
  correctHigh: {
    method: "POST",
    summary: "Corrects a coin's all-time high.",
    path: "/api/admin/coins/:id/high",
    access: "operator",
    cache: "private",
    params: coinIdParams("id"),
    notFound: (params) => `No coin with id ${quoted(params.id)}.`,
    body: correctHighBodySchema,
    rateLimit: "admin-write",
    response: adminCoinSchema,
  },
  // Issue 30: a PulseChain copy reads its Ethereum original's name ("WETH" for pWETH).
  renameCoin: {
    method: "POST",
    summary: "Sets a coin's display name and/or symbol in place of what its contract reads.",
    path: "/api/admin/coins/:id/rename",
    access: "operator",
    cache: "private",
    params: coinIdParams("id"),
    notFound: (params) => `No coin with id ${quoted(params.id)}.`,
    body: renameCoinBodySchema,
    rateLimit: "admin-write",
    response: adminCoinSchema,
  },
  featuredSlots: {
    method: "GET",
    summary: "The featured comparison slots, running and booked.",
    path: "/api/admin/featured",
    access: "operator",
    cache: "private",
    query: noQuerySchema,
    response: featuredSlotListSchema,
  },
  scheduleFeatured: {
    method: "POST",
    summary: "Schedules a featured comparison (a promoted one over a day whose seats orders hold is 409).",
    path: "/api/admin/featured",
    access: "operator",
    cache: "private",
    body: scheduleFeaturedBodySchema,
    rateLimit: "admin-write",
    response: featuredSlotSchema,
  },
  removeFeatured: {
    method: "DELETE",
    summary: "Removes a featured comparison slot (one an order paid for is 409: reject or refund the order instead).",
    path: "/api/admin/featured/:id",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: featuredIdSchema }),
    notFound: (params) => `No featured slot with id ${quoted(params.id)}.`,
    rateLimit: "admin-write",
    response: noContentSchema,
  },
  // The operator's queue of paid listings (issue 25): orders with their payments, the posts on X
  // they owe, and the operator's approve, reject, cancel (of an unpaid quote) and refund.
  operatorOrders: {
    method: "GET",
    summary: "The order queue, by status.",
    path: "/api/admin/orders",
    access: "operator",
    cache: "private",
    query: operatorOrdersQuerySchema,
    response: operatorOrderListSchema,
  },
  rejectOrder: {
    method: "POST",
    summary: "Rejects an order with the reason the buyer reads, taking down what it listed or booked.",
    path: "/api/admin/orders/:id/reject",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: operatorOrderIdSchema }),
    notFound: (params) => `No order ${quoted(params.id)}.`,
    body: rejectOrderBodySchema,
    rateLimit: "admin-write",
    response: operatorOrderSchema,
  },
  cancelOrder: {
    method: "POST",
    summary: "Cancels an unpaid quote (a stuck payment's) with the reason the buyer reads, freeing its seats; refused while its claimed payment is mined.",
    path: "/api/admin/orders/:id/cancel",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: operatorOrderIdSchema }),
    notFound: (params) => `No order ${quoted(params.id)}.`,
    body: cancelOrderBodySchema,
    rateLimit: "admin-write",
    response: operatorOrderSchema,
  },
  approveOrder: {
    method: "POST",
    summary: "Approves an order held for review; it goes live like any paid order.",
    path: "/api/admin/orders/:id/approve",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: operatorOrderIdSchema }),
    notFound: (params) => `No order ${quoted(params.id)}.`,
    rateLimit: "admin-write",
    response: operatorOrderSchema,
  },
  recordRefund: {
    method: "POST",
    summary: "Records an order's refund, read on chain.",
    path: "/api/admin/orders/:id/refund",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: operatorOrderIdSchema }),
    notFound: (params) => `No order ${quoted(params.id)}.`,
    body: recordRefundBodySchema,
    rateLimit: "admin-write",
    response: operatorOrderSchema,
  },
  // Transfers to a payment address that paid no order (issue 38): listed until marked handled.
  unmatchedTransfers: {
    method: "GET",
    summary: "Transfers to a payment address that paid no order, not yet handled, newest first (at most 200), and those under 1 PLS counted, not listed.",
    path: "/api/admin/orders/unmatched",
    access: "operator",
    cache: "private",
    response: unmatchedTransfersSchema,
  },
  unmatchedTransferHandled: {
    method: "POST",
    summary: "Marks an unmatched transfer handled (idempotent); it leaves the list.",
    path: "/api/admin/orders/unmatched/:id/handled",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: unmatchedTransferIdSchema }),
    notFound: (params) => `No unmatched transfer ${quoted(params.id)}.`,
    rateLimit: "admin-write",
    response: unmatchedTransferSchema,
  },
  unmatchedDustHandled: {
    method: "POST",
    summary: "Marks every unmatched transfer under 1 PLS recorded so far handled; the counted line starts again from none.",
    path: "/api/admin/orders/unmatched/dust/handled",
    access: "operator",
    cache: "private",
    rateLimit: "admin-write",
    response: unmatchedTransfersSchema,
  },
  orderTaskDone: {
    method: "POST",
    summary: "Marks an order's task (a post on X) done.",
    path: "/api/admin/order-tasks/:id/done",
    access: "operator",
    cache: "private",
    params: z.strictObject({ id: orderTaskIdSchema }),
    notFound: (params) => `No order task with id ${quoted(params.id)}.`,
    rateLimit: "admin-write",
    response: orderTaskSchema,
  },

  // Vercel Cron's entries: the market refresh, and the check of open listing orders.
  cronRefresh: {
    method: "GET",
    summary: "Runs one price refresh pass (the scheduler's call); 503 with the pass's report when it updated no coin and some failed, or reached no source.",
    path: "/api/cron/refresh",
    access: "cron",
    cache: "none",
    response: z.unknown(),
  },
  cronOrders: {
    method: "GET",
    summary: "Runs the orders' scheduled check (the scheduler's call).",
    path: "/api/cron/orders",
    access: "cron",
    cache: "none",
    response: z.unknown(),
  },
  cronDeliver: {
    method: "GET",
    summary: "Drains the alerts' outbox once (the scheduler's call, every minute): what it sent, retried, gave up, and how long it took.",
    path: "/api/cron/deliver",
    access: "cron",
    cache: "none",
    response: z.unknown(),
  },
  cronMaintenance: {
    method: "GET",
    summary: "Runs the whole-table maintenance (the scheduler's call, hourly): thins old price snapshots, at most once an hour, in batches.",
    path: "/api/cron/maintenance",
    access: "cron",
    cache: "none",
    response: z.unknown(),
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Parsed<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;
type Input<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;

export type ParamsOf<E> = Parsed<E, "params">;
export type QueryOf<E> = Parsed<E, "query">;
export type BodyOf<E> = Parsed<E, "body">;
export type BodyInputOf<E> = Input<E, "body">;
export type QueryInputOf<E> = Input<E, "query">;
export type ParamsInputOf<E> = Input<E, "params">;
export type ResponseOf<E> = E extends { response: infer S extends z.ZodType } ? z.output<S> : never;

export { describeZodIssues } from "./zod-message";
