// The watchlist endpoints end to end: real route handlers, a real seeded SQLite file, sessions
// from real SIWE sign-ins with real keys. Who may call them: tests/api/api/route-access.test.ts.
import * as list from "@/app/api/watchlist/route";
import * as one from "@/app/api/watchlist/[coinId]/route";
import { watchlistEntrySchema, watchlistSchema } from "@/lib/account/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, counts, errorOf, rowsOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const add = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(list.POST, "/api/watchlist", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/watchlist");
const remove = (user: SignedIn, coinId: string, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/watchlist/${encodeURIComponent(coinId)}`, {
    method: "DELETE",
    headers,
    params: { coinId },
  });

describe("adding, listing and removing", () => {
  test("POST adds a coin (201, entry with its coin); the same coin again is 200 with the same entry and one row", async () => {
    const user = await signIn();
    const first = await add(user, { coinId: "pls" });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const entry = watchlistEntrySchema.parse(first.body);
    expect(entry).toMatchObject({ coinId: "pls", coin: { id: "pls", symbol: "PLS", chain: "pulsechain" } });
    expect(Math.abs(Date.parse(entry.addedAt) - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(first.body as object).sort()).toEqual(["addedAt", "coin", "coinId", "id"]);

    const again = await add(user, { coinId: "pls" });
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(watchlistEntrySchema.parse(again.body)).toEqual(entry);

    const rows = await db().watchlistEntry.findMany({ where: { userId: user.userId } });
    expect(rows).toEqual([expect.objectContaining({ id: entry.id, coinId: "pls", userId: user.userId })]);
  });

  test("accepts a JSON content type with parameters or in upper case", async () => {
    const user = await signIn();
    expect((await add(user, { coinId: "hex" }, { ...JSON_WRITE, "content-type": "application/json; charset=utf-8" })).status).toBe(201);
    expect((await add(user, { coinId: "plsx" }, { ...JSON_WRITE, "content-type": "Application/JSON" })).status).toBe(201);
  });

  test("GET lists newest first with each coin embedded, private and uncached", async () => {
    const user = await signIn();
    const empty = await get(user);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");

    for (const coinId of ["pls", "hex", "plsx", "btc"]) expect((await add(user, { coinId })).status).toBe(201);
    const res = await get(user);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const entries = watchlistSchema.parse(res.body);
    expect(entries.map((e) => e.coinId)).toEqual(["btc", "plsx", "hex", "pls"]);
    for (const e of entries) expect(e.coin.id).toBe(e.coinId);
    const stored = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
    expect(entries[2]!.coin).toMatchObject({ symbol: stored.symbol, name: stored.name, marketCap: stored.marketCap });
    const times = entries.map((e) => Date.parse(e.addedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("DELETE removes the coin (204, no body); again is 404 not_found", async () => {
    const user = await signIn();
    await add(user, { coinId: "pls" });
    await add(user, { coinId: "hex" });

    const res = await remove(user, "pls");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await db().watchlistEntry.findMany({ where: { userId: user.userId } })).map((r) => r.coinId)).toEqual(["hex"]);
    expect(watchlistSchema.parse((await get(user)).body).map((e) => e.coinId)).toEqual(["hex"]);

    const again = await remove(user, "pls");
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: expect.stringContaining('"pls"') });
    expect(await db().watchlistEntry.count({ where: { userId: user.userId } })).toBe(1);

    // Removed coins can be added back: a new entry.
    expect((await add(user, { coinId: "pls" })).status).toBe(201);
  });
});

describe("one user's watchlist is invisible and untouchable to another", () => {
  test("A does not see B's entries and cannot remove a coin only B watches", async () => {
    const a = await signIn("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
    const b = await signIn("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");
    expect(a.userId).not.toBe(b.userId);
    await add(a, { coinId: "pls" });
    await add(b, { coinId: "hex" });
    await add(b, { coinId: "pls" });

    expect(watchlistSchema.parse((await get(a)).body).map((e) => e.coinId)).toEqual(["pls"]);
    expect(watchlistSchema.parse((await get(b)).body).map((e) => e.coinId)).toEqual(["pls", "hex"]);

    const before = await rowsOf(db(), b.userId);
    const res = await remove(a, "hex");
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe("not_found");
    expect(await rowsOf(db(), b.userId)).toEqual(before);

    // A removing A's own "pls" leaves B's "pls" alone.
    expect((await remove(a, "pls")).status).toBe(204);
    expect(await rowsOf(db(), b.userId)).toEqual(before);
    expect(await db().watchlistEntry.count({ where: { userId: a.userId } })).toBe(0);
  });
});

describe("invalid requests are 4xx JSON that say what is wrong, and write nothing", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signIn();
  });

  const big = (bytes: number) => {
    const prefix = '{"coinId":"pls","pad":"';
    return `${prefix}${"x".repeat(bytes - prefix.length - 2)}"}`;
  };

  test.each([
    ["malformed JSON", 400, "bad_request", "{coinId: pls", JSON_WRITE, /not valid JSON/],
    ["an empty body", 400, "bad_request", "", JSON_WRITE, /not valid JSON/],
    ["coinId a number", 400, "bad_request", { coinId: 5 }, JSON_WRITE, /coinId.*expected string/],
    ["coinId null", 400, "bad_request", { coinId: null }, JSON_WRITE, /coinId.*expected string/],
    ["coinId an array", 400, "bad_request", { coinId: ["pls"] }, JSON_WRITE, /coinId.*expected string/],
    ["a JSON array body", 400, "bad_request", ["pls"], JSON_WRITE, /expected object/],
    ["a JSON string body", 400, "bad_request", '"pls"', JSON_WRITE, /expected object/],
    ["JSON null", 400, "bad_request", "null", JSON_WRITE, /expected object/],
    ["a missing coinId", 400, "bad_request", {}, JSON_WRITE, /coinId/],
    ["a misspelt key", 400, "bad_request", { coinid: "pls" }, JSON_WRITE, /coinId/],
    ["an extra field", 400, "bad_request", { coinId: "pls", note: "hi" }, JSON_WRITE, /Unrecognized key.*note/],
    ["an upper-case id", 400, "bad_request", { coinId: "PLS" }, JSON_WRITE, /coinId.*lowercase/],
    ["an id of 65 characters", 400, "bad_request", { coinId: "a".repeat(65) }, JSON_WRITE, /coinId.*1 to 64/],
    ["an empty id", 400, "bad_request", { coinId: "" }, JSON_WRITE, /coinId/],
    ["an id with a space", 400, "bad_request", { coinId: "pls " }, JSON_WRITE, /coinId/],
    ["a path in the id", 400, "bad_request", { coinId: "../pls" }, JSON_WRITE, /coinId/],
    ["a body over 16 KB", 413, "payload_too_large", big(16 * 1024 + 1), JSON_WRITE, /16 KB/],
    ["a body over 16 KB in multi-byte characters", 413, "payload_too_large", `{"coinId":"${"é".repeat(9000)}"}`, JSON_WRITE, /16 KB/],
    ["a declared Content-Length over 16 KB", 413, "payload_too_large", '{"coinId":"pls"}', { ...JSON_WRITE, "content-length": "100000" }, /16 KB/],
    ["Content-Type text/plain", 415, "unsupported_media_type", '{"coinId":"pls"}', { ...SAME_SITE, "content-type": "text/plain" }, /application\/json/],
    ["a form body", 415, "unsupported_media_type", "coinId=pls", { ...SAME_SITE, "content-type": "application/x-www-form-urlencoded" }, /application\/json/],
    ["no Content-Type", 415, "unsupported_media_type", undefined, SAME_SITE, /application\/json/],
    ["an unknown coin", 422, "unknown_coin", { coinId: "no-such-coin" }, JSON_WRITE, /"no-such-coin"/],
    ["a __proto__ key beside coinId", 400, "bad_request", '{"coinId":"pls","__proto__":{"x":1}}', JSON_WRITE, /Unrecognized key.*__proto__/],
    ["coinId only under __proto__", 400, "bad_request", '{"__proto__":{"coinId":"pls"}}', JSON_WRITE, /coinId/],
  ] as const)("%s: %i %s", async (_name, status, code, body, headers, message) => {
    const before = await counts(db());
    const res = await user.browser.request(list.POST, "/api/watchlist", {
      method: "POST",
      headers,
      body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(errorOf(res)).toEqual({ code, message: expect.stringMatching(message) });
    expect(await counts(db())).toEqual(before);
  });

  test("exactly 16 KB is read (and judged on its content); one byte more is 413", async () => {
    const atLimit = await add(user, big(16 * 1024));
    expect(atLimit.status).toBe(400);
    expect(errorOf(atLimit).message).toMatch(/pad/);
    expect((await add(user, big(16 * 1024 + 1))).status).toBe(413);
  });

  test.each([
    ["an upper-case id", "PLS"],
    ["an id too long", "a".repeat(65)],
    ["an unknown coin", "no-such-coin"],
    ["an empty id", ""],
    ["a path", "../pls"],
    ["a very long id", "x".repeat(5000)],
  ])("DELETE with %s is 404 JSON", async (_name, coinId) => {
    await add(user, { coinId: "pls" });
    const before = await counts(db());
    const res = await remove(user, coinId);
    expect(res.status).toBe(404);
    const error = errorOf(res);
    expect(error.code).toBe("not_found");
    expect(error.message.length).toBeLessThan(200);
    expect(await counts(db())).toEqual(before);
  });
});

describe("a coin that is deleted", () => {
  test("takes its watchlist entries with it: they drop out of GET, the rest stay", async () => {
    await db().coin.create({
      data: {
        id: "doomed-watch-coin",
        symbol: "DOOM",
        name: "Doomed",
        currentPrice: 1,
        marketCap: 1_000,
        rank: 9_999,
        chain: "pulsechain",
        contractAddress: "0x000000000000000000000000000000000000d00a",
      },
    });
    const a = await signIn();
    const b = await signIn();
    for (const user of [a, b]) {
      expect((await add(user, { coinId: "pls" })).status).toBe(201);
      expect((await add(user, { coinId: "doomed-watch-coin" })).status).toBe(201);
    }
    expect(watchlistSchema.parse((await get(a)).body).map((e) => e.coinId)).toEqual(["doomed-watch-coin", "pls"]);

    await db().coin.delete({ where: { id: "doomed-watch-coin" } });

    for (const user of [a, b]) {
      const res = await get(user);
      expect(res.status).toBe(200);
      expect(watchlistSchema.parse(res.body).map((e) => e.coinId)).toEqual(["pls"]);
    }
    expect(await db().watchlistEntry.count({ where: { coinId: "doomed-watch-coin" } })).toBe(0);

    const again = await add(a, { coinId: "doomed-watch-coin" });
    expect(again.status).toBe(422);
    expect(errorOf(again).code).toBe("unknown_coin");
  });
});

describe("methods the routes do not implement", () => {
  test.each([
    ["PUT /api/watchlist", list.PUT, "/api/watchlist", "GET, POST"],
    ["PATCH /api/watchlist", list.PATCH, "/api/watchlist", "GET, POST"],
    ["DELETE /api/watchlist", list.DELETE, "/api/watchlist", "GET, POST"],
    ["GET /api/watchlist/pls", one.GET, "/api/watchlist/pls", "DELETE"],
    ["POST /api/watchlist/pls", one.POST, "/api/watchlist/pls", "DELETE"],
    ["PUT /api/watchlist/pls", one.PUT, "/api/watchlist/pls", "DELETE"],
    ["PATCH /api/watchlist/pls", one.PATCH, "/api/watchlist/pls", "DELETE"],
  ])("%s is 405 JSON method_not_allowed", async (name, handler, path, allow) => {
    const res = await call(handler as Parameters<typeof call>[0], path, { method: name.split(" ")[0], params: { coinId: "pls" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(errorOf(res)).toEqual({ code: "method_not_allowed", message: expect.stringContaining(allow) });
  });
});
