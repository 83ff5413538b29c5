// Who may call each API route, in one place: one row per declared endpoint (lib/api/contract.ts),
// each checked against its real route handler by its declared access, with real signed-in
// sessions (real keys, real SIWE sign-ins) on a real seeded SQLite file.
//   public:   an anonymous caller, even from another site's page, is not refused.
//   site:     a write from another site is 403 forbidden; the site's own pages (or a client that
//             sends neither Origin nor Sec-Fetch-Site) pass.
//   user:     no live session (none, forged, the hint cookie alone, signed out) is 401; a write from
//             another site is 403, signed in or not (the origin is checked first); a signed-in
//             wallet passes.
//   operator: the same 401s and 403s; a signed-in wallet that is not an operator is 403, and so is
//             everyone while OPERATOR_ADDRESSES is unset; an operator who signed over 15 minutes
//             ago is 401 reauthentication_required on writes and passes on reads (the 15 minutes
//             themselves: tests/api/listings/admin-reauth.test.ts); an operator passes.
//   cron:     no bearer, a wrong one, a session instead, or no secret configured at all is 401;
//             the secret passes.
//   telegram: no X-Telegram-Bot-Api-Secret-Token, a wrong one, a session instead, or no bot or secret
//             configured is 401; the secret passes.
// Refusals are the API's error JSON and nothing else, uncached, set no cookie, and write nothing
// (the database is compared before and after). "Passes" means the guard let the request through:
// what the handler then answers (400 for the empty body sent, 404 for an id that does not exist)
// is tested in each route's own file. The guard's verdict is recorded by wrapping
// lib/api/access.server.ts, so a handler's own 401 or 403 (GET /api/auth/user signed out, next-auth's
// CSRF check) is never taken for the guard's.
import { existsSync } from "node:fs";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { endpoints, type Access, type Endpoint, type EndpointName } from "@/lib/api/contract";
import { MARKET_REFRESH_LEASE, acquireLease } from "@/lib/market/lease.server";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { SAME_SITE, SESSION_COOKIE, forgedSessionCookies, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { SITE, useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

jest.mock("@/lib/api/access.server", () => {
  const actual = jest.requireActual("@/lib/api/access.server");
  const { DomainError } = jest.requireActual<typeof import("@/lib/errors/domain-error")>("@/lib/errors/domain-error");
  const { apiErrorOf } = jest.requireActual<typeof import("@/lib/api/domain-errors")>("@/lib/api/domain-errors");
  // The code the API answers the refusal with: a domain error's through the one table.
  const apiCodeOf = (error: unknown) => (error instanceof DomainError ? apiErrorOf(error).code : ((error as { code?: string }).code ?? "threw"));
  const verdicts: string[] = [];
  return {
    ...actual,
    verdicts,
    enforceAccess: async (...args: unknown[]) => {
      try {
        const user = await actual.enforceAccess(...args);
        verdicts.push("passed");
        return user;
      } catch (error) {
        verdicts.push(apiCodeOf(error));
        throw error;
      }
    },
  };
});
/** What the guard decided on each request since it was last emptied: "passed" or the refusal's code. */
const { verdicts } = jest.requireMock<{ verdicts: string[] }>("@/lib/api/access.server");

/**
 * The access each endpoint is reviewed to have. The contract is the one declaration the routes
 * enforce, so a changed or new endpoint changes what the checks below expect along with it; this
 * list is what makes such a change fail here until someone agrees with it.
 */
const REVIEWED: Record<Access, EndpointName[]> = {
  public: [
    "coinList",
    "coin",
    "coinHistory",
    "coinIndex",
    "bagTokens",
    "featuredComparisons",
    "oembed",
    "mostCompared",
    "pair",
    "pulsechainGainers",
    "recentlyListed",
    "topGainers",
    "openApi",
    // The MCP server: tools over public figures, for any AI client; no session, no cookie read.
    "mcp",
    "health",
    "healthLive",
    "login",
    "csrf",
    "authUser",
    "slotCalendar",
    "vapidKey",
  ],
  site: ["countComparison", "nonce", "signIn", "signOut"],
  user: [
    "watchlist",
    "watchlistAdd",
    "watchlistRemove",
    "savedComparisons",
    "saveComparison",
    "removeSavedComparison",
    "orders",
    "createOrder",
    "submitPayment",
    "orderToken",
    "bagSnapshots",
    "saveBagSnapshot",
    "removeBagSnapshot",
    "alerts",
    "createAlert",
    "updateAlert",
    "deleteAlert",
    "alertFirings",
    "testNotification",
    "pushSubscriptions",
    "addPushSubscription",
    "removePushSubscription",
    "telegramLink",
    "connectTelegram",
    "unlinkTelegram",
    "apiKeys",
    "createApiKey",
    "revokeApiKey",
  ],
  operator: [
    "adminCoins",
    "listingPreview",
    "listCoin",
    "updateCoin",
    "correctHigh",
    "renameCoin",
    "featuredSlots",
    "scheduleFeatured",
    "removeFeatured",
    "operatorOrders",
    "rejectOrder",
    "cancelOrder",
    "approveOrder",
    "recordRefund",
    "unmatchedTransfers",
    "unmatchedTransferHandled",
    "unmatchedDustHandled",
    "orderTaskDone",
  ],
  cron: ["cronRefresh", "cronOrders", "cronDeliver", "cronMaintenance"],
  telegram: ["telegramWebhook"],
};

/**
 * A valid body for each endpoint that takes one, sent with every refused request: were a guard to
 * let one through, the write would happen, and the before/after comparison of the database would
 * show it. (Requests that pass are sent without a body.)
 */
const TX_HASH = `0x${"ab".repeat(32)}`;
const SAMPLE_BODIES: Partial<Record<EndpointName, Record<string, unknown>>> = {
  countComparison: { coin1Id: "hex", coin2Id: "pls" },
  signIn: { csrfToken: "token", message: "a message", signature: "0x00" },
  signOut: { csrfToken: "token" },
  watchlistAdd: { coinId: "pls" },
  saveComparison: { coin1Id: "hex", coin2Id: "pls" },
  createOrder: { tokenAddress: "0x1111111111111111111111111111111111111111", plan: "target" },
  // A message in a chat: were the guard to let it through, the update would be recorded as handled.
  telegramWebhook: { update_id: 7001, message: { message_id: 1, date: 1_800_000_000, chat: { id: 42, type: "private" }, from: { id: 42, is_bot: false, first_name: "A" }, text: "/help" } },
  submitPayment: { txHash: TX_HASH },
  saveBagSnapshot: { totalToday: 1, totalAtHighs: 2 },
  createAlert: { kind: "reach", coinId: "plsx", otherCoinId: "hex", multiple: 0.5 },
  updateAlert: { paused: true },
  mcp: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  createApiKey: { name: "A stranger's key" },
  addPushSubscription: { endpoint: "https://push.example/send/abc", keys: { p256dh: `B${"p".repeat(86)}`, auth: "a".repeat(22) } },
  listCoin: { contractAddress: "0x1111111111111111111111111111111111111111" },
  updateCoin: { tags: ["meme"] },
  correctHigh: { reason: "A wrong high." },
  renameCoin: { name: "Renamed by a stranger", symbol: "STRANGE" },
  scheduleFeatured: { coin1Id: "pls", coin2Id: "eth", startsAt: "2026-01-01T00:00:00.000Z" },
  rejectOrder: { reason: "No." },
  cancelOrder: { reason: "No." },
  recordRefund: { txHash: TX_HASH },
};

/** Requests from other sites' pages, as browsers send them. */
const FOREIGN: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["an http Origin for the https site", { origin: "http://pulsecompare.example" }],
  ["Origin: null", { origin: "null" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { origin: SITE, "sec-fetch-site": "same-site" }],
  ["the site's Origin but Sec-Fetch-Site: cross-site", { origin: SITE, "sec-fetch-site": "cross-site" }],
  ["a foreign Origin beside Sec-Fetch-Site: same-origin", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
];

/** Requests the origin check lets through: the site's own pages, and clients that are no browser page. */
const OWN_PAGES: [string, Record<string, string>][] = [
  ["the site's own page", SAME_SITE],
  ["neither Origin nor Sec-Fetch-Site", {}],
  // The user's own action (a typed address, a bookmark): no other site can cause it.
  ["Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
];
/** A read sends neither: the origin check is for writes. */
const READ: [string, Record<string, string>][] = [["a read", {}]];

const API_DIR = path.join(REPO_ROOT, "app/api");
const CRON_SECRET = "cron-secret-for-the-route-access-table";
const TELEGRAM_SECRET = "telegram-secret-for-the-route-access-table";
const OPERATOR_KEY = generatePrivateKey();
const STALE_OPERATOR_KEY = generatePrivateKey();
const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;
const MINUTE = 60_000;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({
  OPERATOR_ADDRESSES: [OPERATOR_KEY, STALE_OPERATOR_KEY].map((key) => privateKeyToAccount(key).address).join(","),
  CRON_SECRET,
  // A bot whose Bot API server nobody answers at: the updates that pass the guard here are empty.
  TELEGRAM_BOT_TOKEN: "123456789:route-access-table-token-aaaaaaaaaaaa",
  TELEGRAM_BOT_USERNAME: "RouteAccessBot",
  TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
  TELEGRAM_API_ROOT: "http://127.0.0.1:9",
});

const sessionOf = (who: SignedIn) => ({ cookie: `${SESSION_COOKIE}=${who.browser.sessionCookie()}` });

let user: SignedIn;
let operator: SignedIn;
let staleOperator: SignedIn;
/** Cookies that name no live session; each must be a 401 wherever a session is needed. */
let noSession: [string, Record<string, string>][];

beforeAll(async () => {
  [user, operator, staleOperator] = [await signIn(), await signIn(OPERATOR_KEY), await signIn(STALE_OPERATOR_KEY)];
  // An operator who signed with the wallet 16 minutes ago (and used the session since).
  await db().authSession.updateMany({ where: { userId: staleOperator.userId }, data: { createdAt: new Date(Date.now() - 16 * MINUTE) } });
  const signedOut = await signIn();
  const signedOutCookie = sessionOf(signedOut);
  if ((await signedOut.browser.signOut()).status !== 200) throw new Error("sign-out failed");
  const forged = await forgedSessionCookies();
  noSession = [
    ["no cookie", {}],
    ["the signed-in hint alone", { cookie: HINT }],
    ...forged.map(([name, cookie]): [string, Record<string, string>] => [name, { cookie }]),
    ...forged.map(([name, cookie]): [string, Record<string, string>] => [`${name} beside the hint`, { cookie: `${HINT}; ${cookie}` }]),
    ["a signed-out session's cookie", signedOutCookie],
  ];
  // A pass the cron route would start is skipped: the lease is held for the whole file.
  await acquireLease(db(), MARKET_REFRESH_LEASE, "route-access-test", 60 * MINUTE);
});

// The handlers that do run (after the guard passed) may log: an operator's write to the audit log,
// a chain that does not answer. Neither is this file's subject.
beforeEach(() => {
  jest.spyOn(console, "info").mockImplementation(() => {});
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

type RouteModule = Record<string, Parameters<typeof call<Record<string, string | string[]>>>[0]>;

/** The route file an endpoint's path names (next-auth's actions: its catch-all), its URL and params. */
async function targetOf(endpoint: Endpoint) {
  const keys = [...endpoint.path.matchAll(/:([A-Za-z0-9]+)/g)].map((match) => match[1]!);
  // The smallest valid value of each path parameter: a coin id, a row id, or an API key's id.
  const value = ["pls", "1", "AAAAAAAAAAAAAAAA"].find((candidate) => endpoint.params?.safeParse(Object.fromEntries(keys.map((key) => [key, candidate]))).success);
  if (keys.length && !value) throw new Error(`${endpoint.path}: no sample value fits its path parameters`);
  const params: Record<string, string | string[]> = Object.fromEntries(keys.map((key) => [key, value!]));
  const url = endpoint.path.replace(/:([A-Za-z0-9]+)/g, () => value!);
  const direct = path.join(API_DIR, ...endpoint.path.split("/").slice(2).map((segment) => segment.replace(/^:(.+)$/, "[$1]")), "route.ts");
  if (existsSync(direct)) return { routeModule: (await import(direct)) as RouteModule, url, params };
  // Checked to be served there by tests/api/api/declared-routes.test.ts.
  const catchAll = (await import(path.join(API_DIR, "auth/[...nextauth]/route.ts"))) as RouteModule;
  return { routeModule: catchAll, url, params: { nextauth: endpoint.path.replace("/api/auth/", "").split("/") } };
}

type Sent = { caller: string; status: number; headers: Headers; body: unknown; guard: string[] };

/** One request to the endpoint's real handler; `withBody` sends its sample body. */
async function send(name: EndpointName, caller: string, headers: Record<string, string>, withBody: boolean): Promise<Sent> {
  const endpoint: Endpoint = endpoints[name];
  const { routeModule, url, params } = await targetOf(endpoint);
  const sample = SAMPLE_BODIES[name];
  const form = endpoint.bodyType === "form";
  const init: RequestInit = { method: endpoint.method, headers: { ...headers } };
  if (endpoint.body) {
    init.headers = { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", ...headers };
    const values = withBody ? sample : undefined;
    init.body = values === undefined ? "" : form ? new URLSearchParams(values as Record<string, string>).toString() : JSON.stringify(values);
  }
  verdicts.length = 0;
  const res = await call(routeModule[endpoint.method]!, url, { ...init, params });
  return { caller, status: res.status, headers: res.headers, body: res.body, guard: [...verdicts] };
}

/** What each refusal says. */
const REFUSALS = {
  signedOut: [401, "unauthenticated", /^Sign in with your wallet to continue\.$/],
  foreign: [403, "forbidden", /^This request must come from the site's own pages\.$/],
  notOperator: [403, "forbidden", /operators only/],
  staleSignature: [401, "reauthentication_required", /^Admin changes need a wallet signature from the last 15 minutes\./],
  noCronSecret: [401, "unauthenticated", /cron secret/],
  noTelegramSecret: [401, "unauthenticated", /webhook's secret token/],
} as const;

/** The guard refused as `refusal` says, in the API's error JSON (nothing else), uncached, setting no cookie. */
function expectRefused(res: Sent, refusal: keyof typeof REFUSALS): Sent {
  const [status, code, message] = REFUSALS[refusal];
  expect({ caller: res.caller, status: res.status, body: res.body, guard: res.guard }).toEqual({
    caller: res.caller,
    status,
    body: { error: { code, message: expect.stringMatching(message) } },
    guard: [code],
  });
  expect({ caller: res.caller, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), cookies: res.headers.getSetCookie() }).toEqual({
    caller: res.caller,
    type: expect.stringMatching(/^application\/json/),
    cache: "no-store",
    cookies: [],
  });
  return res;
}

/**
 * The guard let it through, and the answer is not a 401 or 403. GET /api/auth/user answers 401 for
 * nobody signed in on its own (its handler, after the guard passed).
 */
function expectPassed(name: EndpointName, res: Sent) {
  const ownRefusal = name === "authUser" && res.status === 401;
  expect({ caller: res.caller, guard: res.guard, refused: !ownRefusal && [401, 403].includes(res.status) }).toEqual({
    caller: res.caller,
    guard: ["passed"],
    refused: false,
  });
}

/**
 * Every row of every table, to show that refused requests wrote nothing; a table of history rows
 * (the seed's price snapshots) by its count and last row, which no endpoint updates in place.
 */
async function everything() {
  const tables = await db().$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%' ORDER BY name",
  );
  const rows: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [size] = await db().$queryRawUnsafe<{ count: bigint | number; last: bigint | number | null }[]>(`SELECT count(*) AS count, max(rowid) AS last FROM "${name}"`);
    rows[name] = Number(size!.count) > 1_000 ? size : await db().$queryRawUnsafe(`SELECT * FROM "${name}" ORDER BY rowid`);
  }
  return rows;
}

const rows = (Object.entries(endpoints) as [EndpointName, Endpoint][]).map(([name, endpoint]) => [name, endpoint.method, endpoint.path, endpoint.access] as const);

test("every endpoint's access is the reviewed one, and every access level has its rows", () => {
  const declared: Record<string, string[]> = {};
  for (const [name, , , access] of rows) (declared[access] ??= []).push(name);
  const sorted = (groups: Record<string, string[]>) => Object.fromEntries(Object.entries(groups).map(([access, names]) => [access, [...names].sort()]));
  expect(sorted(declared)).toEqual(sorted(REVIEWED));
});

test("every body an endpoint takes has a valid sample here, and only those", () => {
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const sample = SAMPLE_BODIES[name];
    expect({ name, sample: endpoint.body ? endpoint.body.safeParse(sample).success : sample === undefined }).toEqual({ name, sample: true });
  }
});

/** Per access level: the requests its guard must refuse (checked as they are sent), and those it must let through. */
const checks: Record<Access, { refuse: (name: EndpointName, write: boolean) => Promise<Sent[]>; pass: (name: EndpointName, write: boolean) => Promise<Sent[]> }> = {
  public: {
    refuse: async () => [],
    pass: async (name) => [
      await send(name, "anonymous", {}, false),
      await send(name, "anonymous, from another site's page", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, false),
    ],
  },

  site: {
    async refuse(name) {
      const refused: Sent[] = [];
      for (const [caller, headers] of FOREIGN) refused.push(expectRefused(await send(name, caller, headers, true), "foreign"));
      return refused;
    },
    async pass(name) {
      const passed: Sent[] = [];
      for (const [caller, headers] of OWN_PAGES) passed.push(await send(name, caller, headers, false));
      return passed;
    },
  },

  user: {
    async refuse(name, write) {
      const refused: Sent[] = [];
      for (const [caller, cookie] of noSession) {
        refused.push(expectRefused(await send(name, caller, { ...(write ? SAME_SITE : {}), ...cookie }, true), "signedOut"));
      }
      if (write) {
        for (const [caller, headers] of FOREIGN) {
          refused.push(expectRefused(await send(name, `signed in, ${caller}`, { ...headers, ...sessionOf(user) }, true), "foreign"));
        }
        // The origin is checked before the session is looked at.
        refused.push(expectRefused(await send(name, "signed out, from another site", FOREIGN[0]![1], true), "foreign"));
      }
      return refused;
    },
    async pass(name, write) {
      const passed: Sent[] = [];
      for (const [caller, headers] of write ? OWN_PAGES : READ) passed.push(await send(name, `signed in, ${caller}`, { ...headers, ...sessionOf(user) }, false));
      return passed;
    },
  },

  operator: {
    async refuse(name, write) {
      const headers = write ? SAME_SITE : {};
      const refused: Sent[] = [];
      for (const [caller, cookie] of noSession) {
        refused.push(expectRefused(await send(name, caller, { ...headers, ...cookie }, true), "signedOut"));
      }
      refused.push(expectRefused(await send(name, "a signed-in wallet that is no operator", { ...headers, ...sessionOf(user) }, true), "notOperator"));
      const restore = setEnvVars({ OPERATOR_ADDRESSES: "" });
      try {
        refused.push(expectRefused(await send(name, "an operator, with OPERATOR_ADDRESSES unset", { ...headers, ...sessionOf(operator) }, true), "notOperator"));
      } finally {
        restore();
      }
      if (write) {
        for (const [caller, foreign] of FOREIGN) {
          refused.push(expectRefused(await send(name, `the operator, ${caller}`, { ...foreign, ...sessionOf(operator) }, true), "foreign"));
        }
        // The origin is checked before the session is looked at.
        refused.push(expectRefused(await send(name, "signed out, from another site", FOREIGN[0]![1], true), "foreign"));
        refused.push(expectRefused(await send(name, "an operator who signed 16 minutes ago", { ...headers, ...sessionOf(staleOperator) }, true), "staleSignature"));
      }
      return refused;
    },
    async pass(name, write) {
      const passed: Sent[] = [];
      for (const [caller, headers] of write ? OWN_PAGES : READ) passed.push(await send(name, `the operator, ${caller}`, { ...headers, ...sessionOf(operator) }, false));
      // A read needs no recent signature.
      if (!write) passed.push(await send(name, "an operator who signed 16 minutes ago", sessionOf(staleOperator), false));
      return passed;
    },
  },

  cron: {
    async refuse(name) {
      const refused: Sent[] = [];
      const wrong: [string, Record<string, string>][] = [
        ["no Authorization", {}],
        ["the wrong secret", { authorization: `Bearer ${CRON_SECRET.slice(0, -1)}x` }],
        ["the secret without Bearer", { authorization: CRON_SECRET }],
        ["the secret with a character more", { authorization: `Bearer ${CRON_SECRET}x` }],
        ["an operator's session instead", sessionOf(operator)],
      ];
      for (const [caller, headers] of wrong) refused.push(expectRefused(await send(name, caller, headers, true), "noCronSecret"));
      const restore = setEnvVars({ CRON_SECRET: "" });
      try {
        const unset: [string, Record<string, string>][] = [
          ["no secret configured, no Authorization", {}],
          ["no secret configured, a guessed Bearer undefined", { authorization: "Bearer undefined" }],
          ["no secret configured, an empty Bearer", { authorization: "Bearer " }],
        ];
        for (const [caller, headers] of unset) refused.push(expectRefused(await send(name, caller, headers, true), "noCronSecret"));
      } finally {
        restore();
      }
      return refused;
    },
    pass: async (name) => [await send(name, "the scheduler, with the secret", { authorization: `Bearer ${CRON_SECRET}` }, false)],
  },

  telegram: {
    async refuse(name) {
      const refused: Sent[] = [];
      const header = "x-telegram-bot-api-secret-token";
      const wrong: [string, Record<string, string>][] = [
        ["no secret header", {}],
        ["the wrong secret", { [header]: `${TELEGRAM_SECRET.slice(0, -1)}x` }],
        ["the secret with a character more", { [header]: `${TELEGRAM_SECRET}x` }],
        ["the secret as a bearer token", { authorization: `Bearer ${TELEGRAM_SECRET}` }],
        ["a signed-in session instead", sessionOf(user)],
      ];
      for (const [caller, headers] of wrong) refused.push(expectRefused(await send(name, caller, headers, true), "noTelegramSecret"));
      for (const unset of ["TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_BOT_TOKEN"]) {
        const restore = setEnvVars({ [unset]: "" });
        try {
          refused.push(expectRefused(await send(name, `${unset} unset, the old secret`, { [header]: TELEGRAM_SECRET }, true), "noTelegramSecret"));
          refused.push(expectRefused(await send(name, `${unset} unset, an empty header`, { [header]: "" }, true), "noTelegramSecret"));
        } finally {
          restore();
        }
      }
      return refused;
    },
    pass: async (name) => [await send(name, "Telegram, with the secret", { "x-telegram-bot-api-secret-token": TELEGRAM_SECRET }, false)],
  },
};

test.each(rows)("%s: %s %s (%s)", async (name, method, _path, access) => {
  const write = method !== "GET";
  const before = await everything();
  const refused = await checks[access].refuse(name, write);
  expect(await everything()).toEqual(before);
  if (access !== "public") expect(refused.length).toBeGreaterThan(0);
  const passed = await checks[access].pass(name, write);
  expect(passed.length).toBeGreaterThan(0);
  for (const res of passed) expectPassed(name, res);
});
