// A wallet's API keys end to end (issue 55): real route handlers, a real SQLite file, sessions from
// real SIWE sign-ins with real keys. The key is shown once, stored as its hash, found by
// findLiveApiKey until revoked, and nobody but its wallet lists or revokes it. Who may call the
// routes at all: tests/api/api/route-access.test.ts.
import { createHash } from "node:crypto";
import * as list from "@/app/api/api-keys/route";
import * as one from "@/app/api/api-keys/[id]/route";
import { API_KEY_PATTERN, displayPrefix } from "@/lib/api-keys/key-format";
import { API_KEY_LIMIT, apiKeyListSchema, createdApiKeySchema, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { createApiKey } from "@/lib/api-keys/store.server";
import { findLiveApiKey } from "@/lib/api-keys/verify.server";
import { getDb } from "@/lib/db/get-db.server";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { consumeRateLimit } from "@/lib/security/rate-limit.server";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { recordAppQueries } from "@/tests/helpers/app-queries";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const FOREIGN = { origin: "https://evil.example", "sec-fetch-site": "cross-site" } as const;

const post = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(list.POST, "/api/api-keys", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/api-keys");
const revoke = (user: SignedIn, id: string, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE", headers, params: { id } });

async function created(user: SignedIn, name = "My bot"): Promise<CreatedApiKey> {
  const res = await post(user, { name });
  if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${res.text}`);
  return createdApiKeySchema.parse(res.body);
}

async function listed(user: SignedIn) {
  const res = await get(user);
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return apiKeyListSchema.parse(res.body);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const liveCount = (userId: number) => db().apiKey.count({ where: { userId, revokedAt: null } });

const ruleOf = (seconds: number) => RATE_LIMIT_BUCKETS["api-key"].rules.find((rule) => rule.durationSeconds === seconds)!;
const minuteRule = ruleOf(60);
const dayRule = ruleOf(86_400);

describe("a key is shown once and stored as its hash", () => {
  test("POST is 201 with the key; GET lists it without the key; the row holds only its SHA-256 and prefix", async () => {
    const user = await signIn();
    const res = await post(user, { name: "  Price bot  " });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const key = createdApiKeySchema.parse(res.body);
    expect(Object.keys(res.body as object).sort()).toEqual(["createdAt", "dayLimit", "id", "minuteLimit", "name", "prefix", "secret", "usedLastDay"]);
    expect(key).toMatchObject({ name: "Price bot", prefix: key.secret.slice(0, 12), usedLastDay: 0, minuteLimit: minuteRule.points, dayLimit: dayRule.points });
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.secret).toHaveLength(48);

    const again = await get(user);
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(again.text).not.toContain(key.secret);
    expect(again.text).not.toContain(sha256(key.secret));
    const { secret: _secret, ...visible } = key;
    expect(again.body).toEqual([visible]);

    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "ApiKey" WHERE "userId" = ?`, user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: key.id, name: "Price bot", hash: sha256(key.secret), prefix: displayPrefix(key.secret), revokedAt: null });
    // Nothing stored is the key, or holds more of it than the 12 characters shown.
    for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(key.secret.slice(0, 13));
  });

  test("two keys are two different secrets, hashes and ids, listed oldest first", async () => {
    const user = await signIn();
    const first = await created(user, "first");
    const second = await created(user, "second");
    expect(new Set([first.secret, second.secret]).size).toBe(2);
    expect(new Set([first.id, second.id]).size).toBe(2);
    expect((await listed(user)).map((key) => key.name)).toEqual(["first", "second"]);
  });
});

describe("findLiveApiKey", () => {
  test("finds a key by the key itself until it is revoked; revoking is 204 once, then 404", async () => {
    const user = await signIn();
    const key = await created(user);
    expect(await findLiveApiKey(key.secret)).toEqual({ id: key.id });

    const res = await revoke(user, key.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await findLiveApiKey(key.secret)).toBeNull();
    expect(await listed(user)).toEqual([]);
    // The row stays, revoked: a revoked key never works again, and its id is never reused.
    expect(await db().apiKey.findUnique({ where: { id: key.id } })).toMatchObject({ revokedAt: expect.any(Date) });

    const again = await revoke(user, key.id);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: `You have no API key with id "${key.id}".` });
  });

  describe("reads the database once, by its unique index, for a well-formed key, and never for anything else", () => {
    const queries = recordAppQueries();

    test("a live key, a revoked key and an unknown well-formed key: one indexed lookup each", async () => {
      const user = await signIn();
      const live = await created(user, "live");
      const revoked = await created(user, "revoked");
      expect((await revoke(user, revoked.id)).status).toBe(204);
      const unknown = `pcmp_${"A".repeat(43)}`;
      expect(unknown).toMatch(API_KEY_PATTERN);

      for (const [token, expected] of [[live.secret, { id: live.id }], [revoked.secret, null], [unknown, null]] as const) {
        queries.length = 0;
        expect(await findLiveApiKey(token)).toEqual(expected);
        expect(queries).toHaveLength(1);
        expect(queries[0]).toMatch(/FROM [`"]?(main[`"]?\.[`"]?)?ApiKey[`"]? WHERE .*hash/i);
        const plan = await db().$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${queries[0]!.replace(/ LIMIT \?( OFFSET \?)?/i, "")}`, "x");
        expect(plan.map((row) => row.detail).join("; ")).toMatch(/USING INDEX ApiKey_hash_key/);
      }
    });

    test.each([
      ["empty", ""],
      ["the prefix alone", "pcmp_"],
      ["one character short", `pcmp_${"A".repeat(42)}`],
      ["one character long", `pcmp_${"A".repeat(44)}`],
      ["another prefix", `pcmk_${"A".repeat(43)}`],
      ["upper-case prefix", `PCMP_${"A".repeat(43)}`],
      ["a last character no key ends in", `pcmp_${"A".repeat(42)}B`],
      ["standard base64's + and /", `pcmp_${"A".repeat(41)}+/A`],
      ["padding", `pcmp_${"A".repeat(42)}=`],
      ["a space inside", `pcmp_${"A".repeat(20)} ${"A".repeat(22)}`],
      ["a trailing newline", `pcmp_${"A".repeat(43)}\n`],
      ["the Bearer word with it", `Bearer pcmp_${"A".repeat(43)}`],
      ["a non-ASCII letter", `pcmp_${"A".repeat(42)}\u00c5`],
      ["SQL", "pcmp_' OR 1=1 --"],
      ["10,000 characters", `pcmp_${"A".repeat(10_000)}`],
    ])("%s: null, without a query", async (_name, token) => {
      queries.length = 0;
      expect(await findLiveApiKey(token)).toBeNull();
      expect(queries).toEqual([]);
    });
  });
});

describe("one wallet's keys are invisible and untouchable to another", () => {
  test("B never lists A's key; B's DELETE of it is 404 as for an unknown id; it still works and is A's to revoke", async () => {
    const a = await signIn();
    const b = await signIn();
    const mine = await created(a, "A's key");
    const theirs = await created(b, "B's key");

    expect((await listed(a)).map((key) => key.id)).toEqual([mine.id]);
    expect((await listed(b)).map((key) => key.id)).toEqual([theirs.id]);
    expect((await get(b)).text).not.toContain(mine.prefix);

    const stranger = await revoke(b, mine.id);
    expect(stranger.status).toBe(404);
    const unknown = await revoke(b, "AAAAAAAAAAAAAAAA");
    // Same answer as for an id that does not exist at all: nothing about A's key is revealed.
    expect(errorOf(stranger)).toEqual({ code: "not_found", message: `You have no API key with id "${mine.id}".` });
    expect(errorOf(unknown)).toEqual({ code: "not_found", message: `You have no API key with id "AAAAAAAAAAAAAAAA".` });
    expect(await findLiveApiKey(mine.secret)).toEqual({ id: mine.id });
    expect((await listed(a)).map((key) => key.id)).toEqual([mine.id]);

    expect((await revoke(a, mine.id)).status).toBe(204);
    expect(await findLiveApiKey(mine.secret)).toBeNull();
    expect(await findLiveApiKey(theirs.secret)).toEqual({ id: theirs.id });
  });

  test("deleting a wallet's user row takes its keys with it", async () => {
    const user = await signIn();
    const key = await created(user);
    await db().user.delete({ where: { id: user.userId } });
    expect(await db().apiKey.count({ where: { id: key.id } })).toBe(0);
    expect(await findLiveApiKey(key.secret)).toBeNull();
  });
});

describe(`at most ${API_KEY_LIMIT} live keys per wallet`, () => {
  test(`the ${API_KEY_LIMIT + 1}th is 409 too_many_api_keys naming the limit; revoking one makes room; another wallet's keys do not count`, async () => {
    const user = await signIn();
    const other = await signIn();
    await created(other, "other's");
    const keys: CreatedApiKey[] = [];
    for (let i = 0; i < API_KEY_LIMIT; i++) keys.push(await created(user, `key ${i}`));

    const over = await post(user, { name: "one too many" });
    expect(over.status).toBe(409);
    expect(errorOf(over)).toEqual({ code: "too_many_api_keys", message: `You have ${API_KEY_LIMIT} API keys, the most a wallet can hold. Revoke one to create another.` });
    expect(await liveCount(user.userId)).toBe(API_KEY_LIMIT);

    expect((await revoke(user, keys[0]!.id)).status).toBe(204);
    expect((await post(user, { name: "in its place" })).status).toBe(201);
    expect((await post(user, { name: "and no more" })).status).toBe(409);
    expect(await liveCount(user.userId)).toBe(API_KEY_LIMIT);
    expect((await post(other, { name: "other's second" })).status).toBe(201);
  });

  test(`20 concurrent POSTs from one wallet: exactly ${API_KEY_LIMIT} are 201, the rest 409, never one more row`, async () => {
    const user = await signIn();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(user, { name: `racer ${i}` })));
    const statuses = responses.map((res) => res.status);
    expect({ created: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 409).length }).toEqual({ created: API_KEY_LIMIT, refused: 20 - API_KEY_LIMIT });
    expect(await db().apiKey.count({ where: { userId: user.userId } })).toBe(API_KEY_LIMIT);
    expect(await listed(user)).toHaveLength(API_KEY_LIMIT);
  });

  // Through HTTP the requests reach the database one after another (each first waits for its
  // session cookie to be decrypted); called directly, every count would run before any insert,
  // were they two statements.
  test("30 concurrent createApiKey calls for a wallet with 3 keys: 2 land, 28 are too_many_api_keys", async () => {
    const user = await signIn();
    for (let i = 0; i < 3; i++) await createApiKey(getDb(), user.userId, `existing ${i}`);
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => createApiKey(getDb(), user.userId, `direct ${i}`)));
    const refusals = results.filter((r) => r.status === "rejected").map((r) => ((r as PromiseRejectedResult).reason as { kind?: string }).kind ?? String((r as PromiseRejectedResult).reason));
    expect({ landed: results.length - refusals.length, refusals: new Set(refusals) }).toEqual({ landed: 2, refusals: new Set(["too_many_api_keys"]) });
    expect(await liveCount(user.userId)).toBe(API_KEY_LIMIT);
  });
});

describe("refused requests write nothing", () => {
  test("a POST or DELETE from another site's page is 403 forbidden, as every write is", async () => {
    const user = await signIn();
    const key = await created(user);
    const before = await db().apiKey.findMany({ orderBy: { id: "asc" } });
    for (const res of [await post(user, { name: "from elsewhere" }, { "content-type": "application/json", ...FOREIGN }), await revoke(user, key.id, FOREIGN)]) {
      expect({ status: res.status, error: errorOf(res) }).toEqual({ status: 403, error: { code: "forbidden", message: "This request must come from the site's own pages." } });
    }
    expect(await db().apiKey.findMany({ orderBy: { id: "asc" } })).toEqual(before);
    expect(await findLiveApiKey(key.secret)).toEqual({ id: key.id });
  });

  test("signed out, GET, POST and DELETE are 401 unauthenticated", async () => {
    const user = await signIn();
    const key = await created(user);
    const before = await db().apiKey.count();
    expect((await user.browser.signOut()).status).toBe(200);
    for (const res of [await get(user), await post(user, { name: "signed out" }), await revoke(user, key.id)]) {
      expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 401, code: "unauthenticated" });
    }
    expect(await db().apiKey.count()).toBe(before);
  });

  describe("bad bodies are 400 in the error JSON naming what is wrong", () => {
    let user: SignedIn;
    beforeAll(async () => {
      user = await signIn();
    });

    test.each([
      ["no name", {}, /name/],
      ["an empty name", { name: "" }, /name: Give the key a name/],
      ["a name of spaces", { name: "    " }, /name: Give the key a name/],
      ["a name of 41 characters", { name: "x".repeat(41) }, /name: A key's name is at most 40 characters/],
      ["a name on two lines", { name: "my\nbot" }, /name: .*one line/],
      ["a name that is a number", { name: 5 }, /name: .*expected string/],
      ["an extra field", { name: "bot", userId: 1 }, /Unrecognized key.*userId/],
      ["a JSON array", ["bot"], /expected object/],
      ["malformed JSON", '{"name":', /not valid JSON/],
      ["an empty body", "", /not valid JSON/],
    ])("%s", async (_name, body, message) => {
      const before = await db().apiKey.count();
      const res = await post(user, body);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(errorOf(res)).toEqual({ code: "bad_request", message: expect.stringMatching(message) });
      expect(await db().apiKey.count()).toBe(before);
    });

    test("a name of 40 characters, trimmed of its spaces, is taken", async () => {
      const name = "y".repeat(40);
      expect((await created(user, `  ${name} `)).name).toBe(name);
    });

    test.each([
      ["abc", "abc"],
      ["15 characters", "A".repeat(15)],
      ["17 characters", "A".repeat(17)],
      ["a slash inside", "AAAAAAAA/AAAAAAA"],
      ["nothing", ""],
      ["5,000 characters", "x".repeat(5000)],
    ])("DELETE of an id of %s is 404 JSON", async (_name, id) => {
      const res = await revoke(user, id);
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe("not_found");
      expect(errorOf(res).message.length).toBeLessThan(200);
    });
  });
});

describe("use in the last day", () => {
  test("is what the api-key bucket counted for each key, read without counting", async () => {
    const user = await signIn();
    const busy = await created(user, "busy");
    await created(user, "idle");
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit("api-key", { ip: "x", apiKey: busy.id })).allowed).toBe(true);

    const use = async () => Object.fromEntries((await listed(user)).map((key) => [key.name, key.usedLastDay]));
    expect(await use()).toEqual({ busy: 3, idle: 0 });
    // Listing counted nothing.
    expect(await use()).toEqual({ busy: 3, idle: 0 });
    await consumeRateLimit("api-key", { ip: "y", apiKey: busy.id });
    expect(await use()).toEqual({ busy: 4, idle: 0 });
    expect((await listed(user)).every((key) => key.dayLimit === dayRule.points && key.minuteLimit === minuteRule.points)).toBe(true);
  });
});
