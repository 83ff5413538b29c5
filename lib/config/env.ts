// The one module that reads process.env. Everything else asks it for validated values,
// so a misconfigured deployment fails at start-up with a message, not later with a stack.
import { isIP } from "node:net";
import { getAddress, isAddress } from "viem";
import { z } from "zod";

/** A comma-separated list of EVM addresses, EIP-55 checksummed. */
const addressList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine((item) => isAddress(item, { strict: false }), { message: "not an address" }).transform((item) => getAddress(item))).min(1));
const address = z.string().trim().refine((item) => isAddress(item, { strict: false }), { message: "not an address" }).transform((item) => getAddress(item));

/**
 * TRUST_PROXY: "vercel", or proxies as a comma-separated list of IPs, CIDR ranges and the keyword
 * `loopback` (127.0.0.0/8 and ::1). Parsed here; lib/security/client-ip.server.ts applies it.
 */
export type TrustProxy = { kind: "vercel" } | { kind: "proxies"; entries: string[] };

function isIpOrCidr(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** "https://host" or "https://host:port" (a trailing slash allowed), nothing more: what an origin is. */
function isExactHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    // A path, query, fragment or credentials all show in href and never in origin.
    return url.protocol === "https:" && url.href === `${url.origin}/`;
  } catch {
    return false;
  }
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value.toLowerCase() === "vercel") return { kind: "vercel" };
    const entries = value.split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
    const bad = entries.filter((entry) => !isIpOrCidr(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `TRUST_PROXY must be "vercel" or a comma-separated list of IPs, CIDR ranges and "loopback"${bad.length ? ` (not understood: ${bad.join(", ")})` : ""}`,
      });
      return z.NEVER;
    }
    return { kind: "proxies", entries };
  });

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .min(1)
    .refine((url) => /^(file:|libsql:|https?:|wss?:)/.test(url), {
      message: "DATABASE_URL must start with file:, libsql:, http(s): or ws(s):",
    })
    .default("file:./data/app.db"),
  DATABASE_AUTH_TOKEN: z.string().trim().min(1).optional(),
  /**
   * How long one request to a remote libSQL server (http:, https:, libsql: URLs) may take before it
   * fails, and the API answers 503 database_unavailable instead of waiting (lib/db/config.ts).
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8_000),
  /** Public origin of the site, for absolute URLs in metadata; e.g. https://pulsecompare.example */
  NEXT_PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** Signs the session cookie (a next-auth JWT). At least 32 characters; required in production. */
  NEXTAUTH_SECRET: z.string().trim().min(32, "NEXTAUTH_SECRET must be at least 32 characters").optional(),
  /**
   * Origins where wallet sign-in is accepted: a SIWE message's domain and URI must match one.
   * Comma-separated; defaults to NEXT_PUBLIC_SITE_URL. Never derived from request headers.
   */
  AUTH_ORIGINS: z
    .string()
    .transform((value) => value.split(",").map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)).min(1))
    .optional(),
  /** PulseChain JSON-RPC endpoint the server uses (on-chain prices, listings, contract-wallet signature checks). */
  PULSECHAIN_RPC_URL: z.url({ protocol: /^https?$/ }).default("https://rpc.pulsechain.com"),
  /** How long the server waits for one answer of that RPC before retrying it (a slow self-hosted node, a local test chain). */
  PULSECHAIN_RPC_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(8_000),
  /**
   * The contracts the on-chain PulseX reader uses; the defaults are PulseChain mainnet's
   * (lib/market/onchain/contracts.ts). Overridden only to point it at another chain, e.g. a local one.
   */
  PULSEX_WPLS_ADDRESS: address.optional(),
  PULSEX_FACTORIES: addressList.optional(),
  PULSEX_STABLECOINS: addressList.optional(),
  /**
   * Tokens a PulseChain token may be priced against besides WPLS and the stablecoins (HEX, PLSX
   * and INC on mainnet by default): the route with the most USD liquidity wins.
   */
  PULSEX_BASE_TOKENS: addressList.optional(),
  MULTICALL3_ADDRESS: address.optional(),
  /** The HEX contract whose globals() give staked HEX, for HEX's "liquid and staked" supply basis (mainnet HEX by default). */
  PULSEX_HEX_ADDRESS: address.optional(),
  /** Wallets that may use the admin page and its API (listings, featured slots). None: nobody. */
  OPERATOR_ADDRESSES: addressList.optional(),
  /** Market data APIs (overridable to point a refresh at a mock or a proxy). */
  DEXSCREENER_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.dexscreener.com"),
  COINGECKO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.coingecko.com/api/v3"),
  /** GeckoTerminal's public API, for the history backfill's PulseChain pools (`npm run market:backfill`). */
  GECKOTERMINAL_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.geckoterminal.com/api/v2"),
  /** Optional CoinGecko demo key (sent as x-cg-demo-api-key). */
  COINGECKO_API_KEY: z.string().trim().min(1).optional(),
  /** Minutes between market refreshes on a Node host; 0 turns the schedule off (Vercel uses cron). */
  MARKET_REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  /** The liquidity floor: a DEX price publishes only from a pool with at least this tracked USD liquidity. */
  MARKET_MIN_LIQUIDITY_USD: z.coerce.number().min(0).default(5_000),
  /** How long one refresh pass may run before it stops starting new work (Vercel functions end at 60 s). */
  MARKET_PASS_BUDGET_SECONDS: z.coerce.number().min(1).max(3_600).default(45),
  /**
   * How long the server (and `npm run market:worker`) may take to stop after SIGTERM: open requests
   * and a refresh pass in flight finish within it, and whatever is left is dropped at its end
   * (lib/http/shutdown.server.ts). Keep it under the platform's own limit (docker stop: 10 s by default).
   */
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(600).default(8),
  /**
   * After SIGTERM, how long the web server keeps accepting while GET /api/health answers 503
   * "draining", so that a balancer polling it stops sending first; then it stops listening
   * (lib/http/shutdown.server.ts). Part of SHUTDOWN_GRACE_S. 0: stop listening at once.
   */
  SHUTDOWN_ANNOUNCE_S: z.coerce.number().min(0).max(60).default(1),
  /** GET /api/health answers 503 "stale" when the newest accepted price is older than this. */
  HEALTH_STALE_AFTER_MINUTES: z.coerce.number().min(1).max(10_080).default(30),
  /** Bearer token Vercel Cron sends to /api/cron/refresh and /api/cron/orders; without it the routes refuse everyone. */
  CRON_SECRET: z.string().trim().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  /**
   * Redis for the rate limits (lib/security/rate-limit.server.ts), e.g. redis://:password@host:6379/0
   * or rediss:// for TLS: the store every instance shares, so a budget holds across instances.
   * Unset: each process keeps its own counts in memory (right for one instance).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * The open API's quota without a key, per IP and minute (lib/security/rate-limit-buckets.ts
   * "open-read", 120 when unset). Benchmarks that measure a route's own throughput from one
   * address raise it.
   */
  API_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  /**
   * Who may tell the server a client's IP address (lib/security/client-ip.server.ts), for the rate limits.
   * The proxies in front (the edge, deploy/nginx/), as IPs, CIDR ranges or "loopback":
   * X-Forwarded-For is walked from the right past trusted hops to the client, and the app must be
   * reachable only through them. "vercel": Vercel's x-vercel-forwarded-for / x-real-ip. Unset
   * (a laptop): X-Forwarded-For as Next passes it, which a client can write (a warning at start
   * in production).
   */
  TRUST_PROXY: trustProxy.optional(),
  /**
   * The wallet that receives listing and promotion payments in PLS (lib/orders). Unset: the
   * listing form says listings are closed and nothing can be ordered.
   */
  LISTING_PAYMENT_ADDRESS: address.optional(),
  /** How many blocks deep a payment must be before the server accepts it. */
  LISTING_CONFIRMATIONS: z.coerce.number().int().min(1).max(1_000).default(3),
  /**
   * Minutes after a quote expires during which a payment mined late is still accepted, while the
   * PLS price stays within 5% of the quote; later payments go to an operator for review.
   */
  LISTING_GRACE_MINUTES: z.coerce.number().int().min(0).max(1_440).default(60),
  /**
   * Web Push (browser alerts, lib/alerts): the VAPID key pair (`npx web-push generate-vapid-keys`)
   * and a contact the push services may write to ("mailto:ops@example.com" or an https URL).
   * Unset: /alerts says browser alerts are not available on this site; rules still fire and are
   * listed there.
   */
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{80,100}$/, "a base64url P-256 public key").optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{40,50}$/, "a base64url P-256 private key").optional(),
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:|https:\/\/)/, "mailto: or an https URL").optional(),
  /**
   * Origins, besides the known push services' (lib/alerts/push-endpoint.ts), where a browser's push
   * endpoint may point: a self-hosted push service, the tests' local one. Comma-separated exact
   * https origins ("https://push.internal.example", "https://127.0.0.1:8443"), admitted as they are,
   * whatever address they name: list only servers you run.
   */
  PUSH_EXTRA_ORIGINS: z
    .string()
    .transform((value) => value.split(",").map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isExactHttpsOrigin, { message: "each must be an https origin, with no path (https://host or https://host:port)" }).transform((origin) => new URL(origin).origin)))
    .default([]),
  /**
   * The Telegram bot (lib/telegram, docs/telegram.md): BotFather's token, the bot's username
   * (without "@", for t.me links), the secret Telegram sends with every webhook update
   * (X-Telegram-Bot-Api-Secret-Token; 1-256 of A-Z a-z 0-9 _ -), and the Bot API server (Telegram's,
   * a self-hosted one, or the tests' local one). No token: no bot, and nothing else changes.
   */
  TELEGRAM_BOT_TOKEN: z.string().trim().regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, "a bot token from BotFather (digits, a colon, then the secret)").optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ""))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "a Telegram bot username (5 to 32 letters, digits and _)"))
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z.string().trim().regex(/^[A-Za-z0-9_-]{16,256}$/, "16 to 256 of A-Z, a-z, 0-9, _ and -").optional(),
  TELEGRAM_API_ROOT: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")).default("https://api.telegram.org"),
  /** The Contact dialog's 'Telegram' channel (a t.me group or account link) and 'Mail' address; unset: 'Coming Soon'. */
  CONTACT_TELEGRAM_URL: z.url({ protocol: /^https$/ }).optional(),
  CONTACT_EMAIL: z.email().optional(),
  /** Set by Vercel on its builds and functions; only read to warn when TRUST_PROXY is missing there. */
  VERCEL: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The schema's variables as the process has them, an empty value as unset. The schema is the one
 * list: a variable declared there is read here. NODE_ENV and NEXT_PUBLIC_SITE_URL are read by
 * name as well, because Next writes those into the server's code at build time (its `define`:
 * NODE_ENV and every NEXT_PUBLIC_*), and a container built with NEXT_PUBLIC_SITE_URL as a build
 * argument does not have it at run time: a lookup by a computed name would miss it there.
 */
function readEnvironment(): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(envSchema.shape)) values[name] = process.env[name] || undefined;
  values.NODE_ENV = process.env.NODE_ENV || undefined;
  values.NEXT_PUBLIC_SITE_URL = process.env.NEXT_PUBLIC_SITE_URL || undefined;
  return values;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(readEnvironment());
  if (!parsed.success) {
    // Every bad variable at once (zod checks them all): one fix-up, not one restart per variable.
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change DATABASE_URL between suites; this forgets the cached values. */
export function resetEnvCache(): void {
  cached = undefined;
}
