// The saved-comparison endpoints end to end: real route handlers, a real seeded SQLite file,
// sessions from real SIWE sign-ins with real keys. Who may call them: tests/api/api/route-access.test.ts.
import * as list from "@/app/api/saved-comparisons/route";
import * as one from "@/app/api/saved-comparisons/[id]/route";
import { savedComparisonListSchema, savedComparisonSchema } from "@/lib/account/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, counts, errorOf, rowsOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const save = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(list.POST, "/api/saved-comparisons", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/saved-comparisons");
const remove = (user: SignedIn, id: string | number, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/saved-comparisons/${encodeURIComponent(String(id))}`, {
    method: "DELETE",
    headers,
    params: { id: String(id) },
  });
async function saved(user: SignedIn, coin1Id: string, coin2Id: string) {
  const res = await save(user, { coin1Id, coin2Id });
  if (res.status !== 201) throw new Error(`save ${coin1Id}/${coin2Id}: ${res.status} ${res.text}`);
  return savedComparisonSchema.parse(res.body);
}

describe("saving, listing and removing", () => {
  test("POST saves (201); the same ordered pair again is 200 with the same row and its first date", async () => {
    const user = await signIn();
    const first = await save(user, { coin1Id: "hex", coin2Id: "pls" });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const comparison = savedComparisonSchema.parse(first.body);
    expect(comparison).toMatchObject({ coin1Id: "hex", coin2Id: "pls", coin1: { id: "hex", symbol: "HEX" }, coin2: { id: "pls", symbol: "PLS" } });
    expect(Object.keys(first.body as object).sort()).toEqual(["coin1", "coin1Id", "coin2", "coin2Id", "id", "savedAt"]);

    await new Promise((resolve) => setTimeout(resolve, 10)); // a later save would have a later date
    const again = await save(user, { coin1Id: "hex", coin2Id: "pls" });
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    const second = savedComparisonSchema.parse(again.body);
    expect(second).toEqual(comparison);
    expect(second.savedAt).toBe(comparison.savedAt);

    const rows = await db().savedComparison.findMany({ where: { userId: user.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: comparison.id, coin1Id: "hex", coin2Id: "pls" });
    expect(rows[0]!.savedAt.toISOString()).toBe(comparison.savedAt);
  });

  test("the reversed pair is a different comparison (201, a second row)", async () => {
    const user = await signIn();
    const forward = await saved(user, "hex", "pls");
    const reversed = await save(user, { coin1Id: "pls", coin2Id: "hex" });
    expect(reversed.status).toBe(201);
    const back = savedComparisonSchema.parse(reversed.body);
    expect(back.id).not.toBe(forward.id);
    expect(back).toMatchObject({ coin1Id: "pls", coin2Id: "hex" });
    expect(await db().savedComparison.count({ where: { userId: user.userId } })).toBe(2);
  });

  test("GET lists newest first with both coins as they are today, private and uncached", async () => {
    const user = await signIn();
    const empty = await get(user);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");

    const made = [await saved(user, "hex", "pls"), await saved(user, "plsx", "btc"), await saved(user, "pls", "eth")];
    await db().coin.update({ where: { id: "plsx" }, data: { marketCap: 123_456_789 } });
    const res = await get(user);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const items = savedComparisonListSchema.parse(res.body);
    expect(items.map((c) => c.id)).toEqual(made.map((c) => c.id).reverse());
    expect(items.map((c) => [c.coin1Id, c.coin2Id])).toEqual([["pls", "eth"], ["plsx", "btc"], ["hex", "pls"]]);
    for (const c of items) {
      expect(c.coin1.id).toBe(c.coin1Id);
      expect(c.coin2.id).toBe(c.coin2Id);
    }
    expect(items[1]!.coin1.marketCap).toBe(123_456_789);
  });

  test("DELETE removes it (204, no body); again is 404 not_found", async () => {
    const user = await signIn();
    const keep = await saved(user, "hex", "pls");
    const gone = await saved(user, "pls", "hex");

    const res = await remove(user, gone.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await db().savedComparison.findMany({ where: { userId: user.userId } })).map((r) => r.id)).toEqual([keep.id]);
    expect(savedComparisonListSchema.parse((await get(user)).body).map((c) => c.id)).toEqual([keep.id]);

    const again = await remove(user, gone.id);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: expect.stringContaining(`"${gone.id}"`) });
    expect(await db().savedComparison.count({ where: { userId: user.userId } })).toBe(1);
  });
});

describe("one user's saved comparisons are invisible and untouchable to another", () => {
  test("A does not see B's, and A's DELETE of B's id is 404 with B's rows unchanged", async () => {
    const a = await signIn("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
    const b = await signIn("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");
    expect(a.userId).not.toBe(b.userId);
    const mine = await saved(a, "hex", "pls");
    const theirs = await saved(b, "hex", "pls"); // the same pair: a row of B's own
    const theirOther = await saved(b, "plsx", "pls");
    expect(theirs.id).not.toBe(mine.id);

    expect(savedComparisonListSchema.parse((await get(a)).body).map((c) => c.id)).toEqual([mine.id]);
    expect(savedComparisonListSchema.parse((await get(b)).body).map((c) => c.id)).toEqual([theirOther.id, theirs.id]);

    const before = await rowsOf(db(), b.userId);
    expect(before.saved).toHaveLength(2);
    for (const id of [theirs.id, theirOther.id]) {
      const res = await remove(a, id);
      expect(res.status).toBe(404);
      // Same answer as for an id that does not exist at all: nothing about B's row is revealed.
      expect(errorOf(res)).toEqual({ code: "not_found", message: `You have no saved comparison with id "${id}".` });
    }
    expect(await rowsOf(db(), b.userId)).toEqual(before);
    expect(await db().savedComparison.count({ where: { userId: a.userId } })).toBe(1);
  });
});

describe("invalid requests are 4xx JSON that say what is wrong, and write nothing", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signIn();
  });

  const pair = '{"coin1Id":"hex","coin2Id":"pls"}';
  const big = (bytes: number) => {
    const prefix = '{"coin1Id":"hex","coin2Id":"pls","pad":"';
    return `${prefix}${"x".repeat(bytes - prefix.length - 2)}"}`;
  };

  test.each([
    ["malformed JSON", 400, "bad_request", '{"coin1Id":"hex",', JSON_WRITE, /not valid JSON/],
    ["an empty body", 400, "bad_request", "", JSON_WRITE, /not valid JSON/],
    ["coin1Id a number", 400, "bad_request", { coin1Id: 5, coin2Id: "pls" }, JSON_WRITE, /coin1Id.*expected string/],
    ["coin2Id null", 400, "bad_request", { coin1Id: "hex", coin2Id: null }, JSON_WRITE, /coin2Id.*expected string/],
    ["coin ids in an array", 400, "bad_request", { coin1Id: ["hex"], coin2Id: "pls" }, JSON_WRITE, /coin1Id.*expected string/],
    ["a JSON array body", 400, "bad_request", ["hex", "pls"], JSON_WRITE, /expected object/],
    ["a missing coin2Id", 400, "bad_request", { coin1Id: "hex" }, JSON_WRITE, /coin2Id/],
    ["an empty object", 400, "bad_request", {}, JSON_WRITE, /coin1Id.*coin2Id/],
    ["an extra field", 400, "bad_request", { coin1Id: "hex", coin2Id: "pls", userId: 1 }, JSON_WRITE, /Unrecognized key.*userId/],
    ["an upper-case id", 400, "bad_request", { coin1Id: "HEX", coin2Id: "pls" }, JSON_WRITE, /coin1Id.*lowercase/],
    ["an id of 65 characters", 400, "bad_request", { coin1Id: "hex", coin2Id: "p".repeat(65) }, JSON_WRITE, /coin2Id.*1 to 64/],
    ["the same coin twice", 400, "bad_request", { coin1Id: "pls", coin2Id: "pls" }, JSON_WRITE, /different/],
    ["the same unknown coin twice", 400, "bad_request", { coin1Id: "nope", coin2Id: "nope" }, JSON_WRITE, /different/],
    ["a body over 16 KB", 413, "payload_too_large", big(16 * 1024 + 1), JSON_WRITE, /16 KB/],
    ["a declared Content-Length over 16 KB", 413, "payload_too_large", pair, { ...JSON_WRITE, "content-length": "20000" }, /16 KB/],
    ["Content-Type text/plain", 415, "unsupported_media_type", pair, { ...SAME_SITE, "content-type": "text/plain" }, /application\/json/],
    ["a form body", 415, "unsupported_media_type", "coin1Id=hex&coin2Id=pls", { ...SAME_SITE, "content-type": "application/x-www-form-urlencoded" }, /application\/json/],
    ["an unknown second coin", 422, "unknown_coin", { coin1Id: "hex", coin2Id: "no-such-coin" }, JSON_WRITE, /^No coin with id "no-such-coin"\.$/],
    ["two unknown coins", 422, "unknown_coin", { coin1Id: "nope-one", coin2Id: "nope-two" }, JSON_WRITE, /"nope-one", "nope-two"/],
  ] as const)("%s: %i %s", async (_name, status, code, body, headers, message) => {
    const before = await counts(db());
    const res = await user.browser.request(list.POST, "/api/saved-comparisons", {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(errorOf(res)).toEqual({ code, message: expect.stringMatching(message) });
    expect(await counts(db())).toEqual(before);
  });

  test.each([
    ["abc"],
    ["0"],
    ["-1"],
    ["1.5"],
    ["01"],
    ["1e3"],
    ["0x10"],
    [" 1"],
    [""],
    ["99999999999999999999"],
    ["9999999999999999"], // 16 digits, above Number.MAX_SAFE_INTEGER
    ["2147483648"], // above a 32-bit integer
    ["9007199254740991"], // Number.MAX_SAFE_INTEGER
    ["x".repeat(5000)],
  ])("DELETE /api/saved-comparisons/%s is 404 JSON, never 500", async (id) => {
    const existing = await save(user, { coin1Id: "hex", coin2Id: "pls" });
    expect([200, 201]).toContain(existing.status);
    const before = await counts(db());
    const res = await remove(user, id);
    expect(res.status).toBe(404);
    const error = errorOf(res);
    expect(error.code).toBe("not_found");
    expect(error.message.length).toBeLessThan(200);
    expect(await counts(db())).toEqual(before);
  });
});

describe("a coin that is deleted", () => {
  test("takes the comparisons it was in (as either coin) with it; they drop out of GET", async () => {
    await db().coin.create({
      data: {
        id: "doomed-saved-coin",
        symbol: "DOOM",
        name: "Doomed",
        currentPrice: 1,
        marketCap: 1_000,
        rank: 9_998,
        chain: "pulsechain",
        contractAddress: "0x000000000000000000000000000000000000d00b",
      },
    });
    const user = await signIn();
    const keep = await saved(user, "hex", "pls");
    await saved(user, "doomed-saved-coin", "pls");
    await saved(user, "hex", "doomed-saved-coin");
    expect(savedComparisonListSchema.parse((await get(user)).body)).toHaveLength(3);

    await db().coin.delete({ where: { id: "doomed-saved-coin" } });

    const res = await get(user);
    expect(res.status).toBe(200);
    expect(savedComparisonListSchema.parse(res.body).map((c) => c.id)).toEqual([keep.id]);
    expect(
      await db().savedComparison.count({ where: { OR: [{ coin1Id: "doomed-saved-coin" }, { coin2Id: "doomed-saved-coin" }] } }),
    ).toBe(0);

    const again = await save(user, { coin1Id: "doomed-saved-coin", coin2Id: "pls" });
    expect(again.status).toBe(422);
    expect(errorOf(again).message).toContain('"doomed-saved-coin"');
  });
});

describe("saves count for the most-compared ranking (counts only, no user)", () => {
  const savesOf = async (coin1Id: string, coin2Id: string) =>
    (await db().pairCount.findUnique({ where: { coin1Id_coin2Id: { coin1Id, coin2Id } } }))?.saves ?? 0;

  test("a new saved comparison (201) counts one save; a re-save (200) does not; removing keeps the count", async () => {
    const a = await signIn();
    const b = await signIn();
    const first = await save(a, { coin1Id: "eth", coin2Id: "btc" });
    expect(first.status).toBe(201);
    expect(await savesOf("eth", "btc")).toBe(1);

    expect((await save(a, { coin1Id: "eth", coin2Id: "btc" })).status).toBe(200);
    expect(await savesOf("eth", "btc")).toBe(1);

    expect((await save(b, { coin1Id: "eth", coin2Id: "btc" })).status).toBe(201);
    expect(await savesOf("eth", "btc")).toBe(2);
    expect(await savesOf("btc", "eth")).toBe(0); // the reversed pair is another comparison

    expect((await remove(a, savedComparisonSchema.parse(first.body).id)).status).toBe(204);
    expect(await savesOf("eth", "btc")).toBe(2);
    expect(await db().pairCount.findUnique({ where: { coin1Id_coin2Id: { coin1Id: "eth", coin2Id: "btc" } } })).toMatchObject({
      comparisons: 0,
    });
  });

  test("20 concurrent identical saves: one row, one save counted", async () => {
    const user = await signIn();
    const responses = await Promise.all(Array.from({ length: 20 }, () => save(user, { coin1Id: "bnb", coin2Id: "eth" })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await savesOf("bnb", "eth")).toBe(1);
  }, 60_000);

  test("refused saves count nothing", async () => {
    const user = await signIn();
    const before = await db().pairCount.findMany();
    await save(user, { coin1Id: "pls", coin2Id: "pls" });
    await save(user, { coin1Id: "pls", coin2Id: "no-such-coin" });
    await save(user, { coin1Id: "pls", coin2Id: "xrp" }, { "content-type": "application/json", origin: "https://evil.example" });
    await call(list.POST, "/api/saved-comparisons", { method: "POST", headers: JSON_WRITE, body: '{"coin1Id":"pls","coin2Id":"xrp"}' });
    expect(await db().pairCount.findMany()).toEqual(before);
  });
});

describe("methods the routes do not implement", () => {
  test.each([
    ["PUT", "/api/saved-comparisons", list.PUT, "GET, POST"],
    ["PATCH", "/api/saved-comparisons", list.PATCH, "GET, POST"],
    ["DELETE", "/api/saved-comparisons", list.DELETE, "GET, POST"],
    ["GET", "/api/saved-comparisons/1", one.GET, "DELETE"],
    ["POST", "/api/saved-comparisons/1", one.POST, "DELETE"],
    ["PUT", "/api/saved-comparisons/1", one.PUT, "DELETE"],
    ["PATCH", "/api/saved-comparisons/1", one.PATCH, "DELETE"],
  ])("%s %s is 405 JSON method_not_allowed", async (method, path, handler, allow) => {
    const res = await call(handler as Parameters<typeof call>[0], path, { method, params: { id: "1" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(errorOf(res)).toEqual({ code: "method_not_allowed", message: expect.stringContaining(allow) });
  });
});
