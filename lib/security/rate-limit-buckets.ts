// The rate limits, as data: one bucket per kind of request, each with the keys it counts on.
// Pure (no I/O): lib/security/rate-limit.server.ts enforces it, tests and the bench read it.
//
// A request passes only when every rule of its bucket has points left; each rule counts on
// its own key (the client's IP, the wallet address, the IP together with a coin pair, or one
// key for everyone), in a fixed window of `durationSeconds` that starts at the key's first
// request. The budgets are set well above what a person does through the site, so only scripts
// meet them; "per IP" also covers a household or office behind one address, and carrier-grade
// NAT is why no per-IP budget is tighter than a few times a single person's use.

export type RateLimitKey =
  /** The client's IP address (lib/security/client-ip.server.ts); IPv6 counted per /64, one subscriber's usual block. */
  | "ip"
  /** The wallet address (signing in, signed in, or the operator), case-insensitive. */
  | "address"
  /** The client's IP and one ordered coin pair together ("hex/btc" is not "btc/hex"). */
  | "ip-pair"
  /** One key for every request of the bucket, whoever sends it: a total for the whole site (per store). */
  | "total"
  /** A Telegram chat or user: "chat:<id>" (a group), "user:<id>" (a private chat, the user typing an inline query, the user sending /list). */
  | "chat"
  /** An API key (its id, never the key itself): the open API's quota for its holder (issue 55). */
  | "api-key";

export type RateLimitRule = {
  key: RateLimitKey;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
};

/**
 * Where one rule stands for one caller after a request: points left in its window (0 when this
 * request was refused by it) and whole seconds until the window ends (the IETF RateLimit
 * header's r and t: lib/security/rate-limit-headers.ts).
 */
export type RuleStanding = { rule: RateLimitRule; remaining: number; resetSeconds: number };

export type RateLimitBucketSpec = {
  /** What it guards, for logs and readers. */
  guards: string;
  rules: readonly RateLimitRule[];
};

/** One wallet's listing-form checks and quotes: "order-quote"'s per-wallet rule, and the Telegram user's /list (same numbers). */
const QUOTES_PER_BUYER = { points: 10, durationSeconds: 600 } as const;

export const RATE_LIMIT_BUCKETS = {
  // POST /api/auth/nonce. Each nonce is a database row (10 minutes' life), and issuing them is
  // the cheapest request that writes. The wallet kit asks for one when its sign-in step opens
  // and again after a refused or cancelled signature: a person signing in uses 1 to 3, a few
  // retries within a minute maybe 6. 20 a minute per IP leaves room for several people behind
  // one address and holds a script to 200 live rows per IP.
  nonce: {
    guards: "SIWE nonces (POST /api/auth/nonce)",
    rules: [{ key: "ip", points: 20, durationSeconds: 60 }],
  },
  // The signed-message check (next-auth's credentials callback). A person submits one
  // signature per nonce; 10 a minute per IP is more than any retrying human. Counted per IP only,
  // before the message is read: a per-wallet budget here would let anyone lock a wallet out by
  // sending 5 forged sign-ins naming it. An ordinary wallet's signature is checked locally, for
  // free, and so is never refused for its wallet's sake; what costs is asking the chain about a
  // contract wallet, which "contract-wallet-check" limits.
  "sign-in": {
    guards: "sign-in attempts (signed SIWE messages)",
    rules: [{ key: "ip", points: 10, durationSeconds: 60 }],
  },
  // Asking PulseChain whether a signature that does not recover to the wallet it names is that
  // contract wallet's (EIP-1271 / EIP-6492: eth_getCode, then an eth_call). Sign-in spends it
  // only right before lib/auth/verify-signature.server.ts asks, so a signature that recovers
  // locally to its wallet never touches it. Contract-wallet sign-ins are rare and a person makes one, maybe a retry:
  // 5 a minute per wallet (however many IPs ask about it), 5 per IP (whatever wallets it names),
  // and 60 in total, one a second, which caps the RPC calls sign-in can cause at about 2 a second
  // however many addresses a flood comes from. A flood can still use up one contract wallet's 5
  // (or everyone's 60) and delay its owner's sign-in by a minute: telling a forged contract-wallet
  // signature from a real one takes the chain, and the chain is what is being protected.
  "contract-wallet-check": {
    guards: "contract-wallet signature checks on PulseChain (sign-in)",
    rules: [
      { key: "ip", points: 5, durationSeconds: 60 },
      { key: "address", points: 5, durationSeconds: 60 },
      { key: "total", points: 60, durationSeconds: 60 },
    ],
  },
  // Anonymous POST /api/comparisons (the most-compared counts). Compare Now waits 800 ms and
  // then loads a page, so a person manages a few a minute; 30 per IP is far above that. And a
  // pair counts at most once per client per minute: pressing Compare Now twice on the same pair
  // is one comparison, and a script cannot push a pair up the ranking from one address.
  "comparison-count": {
    guards: "anonymous comparison counts (POST /api/comparisons)",
    rules: [
      { key: "ip", points: 30, durationSeconds: 60 },
      { key: "ip-pair", points: 1, durationSeconds: 60 },
    ],
  },
  // Watchlist and saved-comparison writes of a signed-in user. Each is a click (add, save,
  // remove); 60 a minute is a click a second, sustained, per IP and per user.
  "account-write": {
    guards: "watchlist and saved-comparison writes",
    rules: [
      { key: "ip", points: 60, durationSeconds: 60 },
      { key: "address", points: 60, durationSeconds: 60 },
    ],
  },
  // "Send a test notification" (POST /api/alerts/test). Each press makes one outbound request
  // per browser the user subscribed, to push services on the internet, from the web server, and
  // waits for them (at most 10 s). A person presses it after turning alerts on in a browser, maybe
  // once more: 5 in 10 minutes per wallet, 10 per IP for a few people behind one address. Its own
  // bucket, so the account-write budget (60 a minute) cannot be spent on outbound requests.
  "test-notification": {
    guards: "test notifications (POST /api/alerts/test): outbound requests to push services",
    rules: [
      { key: "ip", points: 10, durationSeconds: 600 },
      { key: "address", points: 5, durationSeconds: 600 },
    ],
  },
  // Operators' writes (listings, tags, featured slots). Listing a coin reads the chain, so the
  // budget is lower than a user's: 30 a minute is still one every 2 seconds, more than a form
  // can be filled, and the CLI (scripts/admin.ts) does not go through HTTP at all.
  "admin-write": {
    guards: "operators' admin API writes",
    rules: [
      { key: "ip", points: 30, durationSeconds: 60 },
      { key: "address", points: 30, durationSeconds: 60 },
    ],
  },
  // Quotes from the listing form (POST /api/orders). Each reads the chain (the token, its pools)
  // and may hold slot days for 15 minutes, and a wallet may hold at most 3 open quotes anyway
  // (lib/orders/status.ts). A buyer makes one, maybe a few while changing their mind: 10 in
  // 10 minutes per wallet, 20 per IP for a few buyers behind one address.
  "order-quote": {
    guards: "listing and slot quotes (POST /api/orders)",
    rules: [
      { key: "ip", points: 20, durationSeconds: 600 },
      { key: "address", ...QUOTES_PER_BUYER },
    ],
  },
  // The Telegram Listing Bot's /list 0x… (lib/bot/listing.server.ts): the listing form's token
  // check, which reads the chain (the token's contract, its pools in each PulseX factory: 7 RPC
  // requests, one a multicall of ~56 reads) on the RPC the market pass depends on, with no
  // sign-in. Each Telegram user gets a buyer's budget, the API's per-wallet one (10 in 10
  // minutes). Telegram accounts are as free as wallets, so all of /list together also stops at 20
  // a minute: at most ~140 RPC requests a minute (2.3 a second, about what sign-in's
  // contract-wallet checks may cost), while buyers really send a few a day.
  "telegram-list": {
    guards: "the Telegram Listing Bot's token checks (/list 0x…), per Telegram user and in total",
    rules: [
      { key: "chat", ...QUOTES_PER_BUYER },
      { key: "total", points: 20, durationSeconds: 60 },
    ],
  },
  // The bot's answers (lib/bot/answers.server.ts): commands, inline queries and button presses,
  // per chat. Telegram lets the bot send 20 messages a minute to a group anyway, and a person
  // asks a few a minute; 20 a minute per chat leaves a busy group room and stops a flood from one
  // chat (or one user's inline typing) from costing the others anything.
  "telegram-chat": {
    guards: "the Telegram bot's answers, per chat",
    rules: [{ key: "chat", points: 20, durationSeconds: 60 }],
  },
  // Drawing a card's PNG (app/embed/…/card.png, issue 54): next/og lays out and rasterises 1200x630
  // on the server's CPU, tens of milliseconds each. The edge or a CDN answers every repeat of an
  // address, so only a new address reaches the app, and junk parameters are redirected to the
  // canonical one first; but ?hold= and ?mcap= take any number, so a script could ask for a new
  // image each time. A person draws a handful (the Embed dialog, a thread of cards seen first):
  // 30 a minute per IP; and 600 a minute in total bounds what all scripts together can take of the
  // CPU (10 a second), at the cost of new images, never cached ones or the HTML cards.
  "card-image": {
    guards: "drawing an embeddable card's PNG (a cache miss)",
    rules: [
      { key: "ip", points: 30, durationSeconds: 60 },
      { key: "total", points: 600, durationSeconds: 60 },
    ],
  },
  // The open API without a key (issue 55): every answer of the public reads that reaches the app
  // (lib/api/cors.ts isOpenRead; the edge answers repeats from its cache without counting them)
  // and every MCP request. A page that polls once a minute spends one or two; a person using the
  // site's own pages spends a few a minute (its selectors and lists call the same reads). 120 a
  // minute per IP, two a second sustained, leaves room for a household or an office behind one
  // address and stops a script that walks every coin. API_ANONYMOUS_PER_MINUTE changes it.
  "open-read": {
    guards: "the open API without a key (public reads and MCP), per IP",
    rules: [{ key: "ip", points: 120, durationSeconds: 60 }],
  },
  // The open API with a key (issue 55): per key, whatever IPs it comes from, instead of the IP
  // quota. A builder's backend or a bot polling a few dozen coins every minute stays well within
  // 600 a minute; the day's 50,000 (35 a minute on average) keeps one key from taking a sustained
  // share of the site a stranger could not.
  "api-key": {
    guards: "the open API with a key (public reads and MCP), per key",
    rules: [
      { key: "api-key", points: 600, durationSeconds: 60 },
      { key: "api-key", points: 50_000, durationSeconds: 86_400 },
    ],
  },
  // A chat over its budget is told to slow down once per window, then gets no answer at all.
  "telegram-slow-down": {
    guards: "the bot's one 'slow down' reply per chat and window",
    rules: [{ key: "chat", points: 1, durationSeconds: 60 }],
  },
} as const satisfies Record<string, RateLimitBucketSpec>;

export type RateLimitBucket = keyof typeof RATE_LIMIT_BUCKETS;

/**
 * The anonymous open API's rules in effect: the "open-read" bucket's, or, where the operator set
 * API_ANONYMOUS_PER_MINUTE, that many a minute per IP in their place. The limiter counts by them
 * and /developers states them.
 */
export function openReadRules(perMinute: number | undefined): readonly RateLimitRule[] {
  return perMinute === undefined ? RATE_LIMIT_BUCKETS["open-read"].rules : [{ key: "ip", points: perMinute, durationSeconds: 60 }];
}

export const RATE_LIMIT_BUCKET_NAMES = Object.keys(RATE_LIMIT_BUCKETS) as RateLimitBucket[];

/** The `pair` of a comparison count: the ordered pair of coin ids. */
export function comparisonPairKey(coin1Id: string, coin2Id: string): string {
  return `${coin1Id}/${coin2Id}`;
}
