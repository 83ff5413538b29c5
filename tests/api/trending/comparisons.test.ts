// POST /api/comparisons end to end: the real handler counting into a real seeded SQLite file.
import * as route from "@/app/api/comparisons/route";
import { recordComparison, recordSave } from "@/lib/trending/pair-counts.server";
import { getDb } from "@/lib/db/get-db.server";
import type { PrismaClient } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn } from "@/tests/helpers/account-session";

// These tests are about counting itself (atomic under concurrency, one row per ordered pair), so
// the per-client limits on POST /api/comparisons are lifted here; tests/api/security/rate-limited-routes.test.ts
// checks them with the real limiter.
jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const post = (body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  call(route.POST, "/api/comparisons", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const countOf = async (coin1Id: string, coin2Id: string) =>
  db().pairCount.findUnique({ where: { coin1Id_coin2Id: { coin1Id, coin2Id } }, select: { comparisons: true, saves: true } });

/** Every count row, for before/after comparisons. */
const allCounts = () => db().pairCount.findMany({ orderBy: [{ coin1Id: "asc" }, { coin2Id: "asc" }] });

beforeEach(async () => {
  await db().pairCount.deleteMany();
});

describe("counting a comparison", () => {
  test("204 with no body, not cached; the ordered pair counts 1, then 2", async () => {
    const first = await post({ coin1Id: "hex", coin2Id: "btc" });
    expect(first.status).toBe(204);
    expect(first.text).toBe("");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await countOf("hex", "btc")).toEqual({ comparisons: 1, saves: 0 });

    expect((await post({ coin1Id: "hex", coin2Id: "btc" })).status).toBe(204);
    expect(await countOf("hex", "btc")).toEqual({ comparisons: 2, saves: 0 });
  });

  test("the reversed pair is a different comparison with its own count", async () => {
    await post({ coin1Id: "hex", coin2Id: "btc" });
    await post({ coin1Id: "btc", coin2Id: "hex" });
    await post({ coin1Id: "btc", coin2Id: "hex" });
    expect(await countOf("hex", "btc")).toEqual({ comparisons: 1, saves: 0 });
    expect(await countOf("btc", "hex")).toEqual({ comparisons: 2, saves: 0 });
  });

  test("stores counts only: no user, address or IP, even from a signed-in visitor", async () => {
    const user = await signIn();
    const res = await user.browser.request(route.POST, "/api/comparisons", {
      method: "POST",
      headers: { ...JSON_WRITE, "x-forwarded-for": "203.0.113.7", "user-agent": "jest" },
      body: JSON.stringify({ coin1Id: "pls", coin2Id: "eth" }),
    });
    expect(res.status).toBe(204);
    const columns = await db().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('PairCount')`);
    expect(columns.map((c) => c.name).sort()).toEqual(["coin1Id", "coin2Id", "comparisons", "saves", "updatedAt"]);
    const rows = await allCounts();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${user.address}|203\\.0\\.113\\.7|jest`, "i"));
  });

  test("50 concurrent counts of a new pair: all 204, exactly 50", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => post({ coin1Id: "plsx", coin2Id: "eth" })));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(204));
    expect(await countOf("plsx", "eth")).toEqual({ comparisons: 50, saves: 0 });
  }, 60_000);

  test("50 concurrent counts of a pair counted before: exactly 50 more", async () => {
    await post({ coin1Id: "eth", coin2Id: "plsx" });
    const responses = await Promise.all(Array.from({ length: 50 }, () => post({ coin1Id: "eth", coin2Id: "plsx" })));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(204));
    expect(await countOf("eth", "plsx")).toEqual({ comparisons: 51, saves: 0 });
  }, 60_000);

  test("30 concurrent comparisons and 20 concurrent saves of one pair: 30 and 20, in one row", async () => {
    await Promise.all([
      ...Array.from({ length: 30 }, () => post({ coin1Id: "pls", coin2Id: "btc" })),
      ...Array.from({ length: 20 }, () => recordSave(getDb(), "pls", "btc")),
    ]);
    expect(await countOf("pls", "btc")).toEqual({ comparisons: 30, saves: 20 });
    expect(await db().pairCount.count()).toBe(1);
  }, 60_000);
});

describe("invalid requests are 4xx JSON that say what is wrong, and count nothing", () => {
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
    ["a JSON array body", 400, "bad_request", ["hex", "pls"], JSON_WRITE, /expected object/],
    ["a missing coin2Id", 400, "bad_request", { coin1Id: "hex" }, JSON_WRITE, /coin2Id/],
    ["an empty object", 400, "bad_request", {}, JSON_WRITE, /coin1Id.*coin2Id/],
    ["an extra field", 400, "bad_request", { coin1Id: "hex", coin2Id: "pls", userId: 1 }, JSON_WRITE, /Unrecognized key.*userId/],
    ["an upper-case id", 400, "bad_request", { coin1Id: "HEX", coin2Id: "pls" }, JSON_WRITE, /coin1Id.*lowercase/],
    ["an id of 65 characters", 400, "bad_request", { coin1Id: "hex", coin2Id: "p".repeat(65) }, JSON_WRITE, /coin2Id.*1 to 64/],
    ["the same coin twice", 400, "bad_request", { coin1Id: "pls", coin2Id: "pls" }, JSON_WRITE, /coin2Id.*different/],
    ["a body over 16 KB", 413, "payload_too_large", big(16 * 1024 + 1), JSON_WRITE, /16 KB/],
    ["a declared Content-Length over 16 KB", 413, "payload_too_large", pair, { ...JSON_WRITE, "content-length": "20000" }, /16 KB/],
    ["Content-Type text/plain", 415, "unsupported_media_type", pair, { ...SAME_SITE, "content-type": "text/plain" }, /application\/json/],
    ["no Content-Type", 415, "unsupported_media_type", pair, SAME_SITE, /application\/json/],
    ["an unknown second coin", 422, "unknown_coin", { coin1Id: "hex", coin2Id: "no-such-coin" }, JSON_WRITE, /^No coin with id "no-such-coin"\.$/],
    ["two unknown coins", 422, "unknown_coin", { coin1Id: "nope-one", coin2Id: "nope-two" }, JSON_WRITE, /"nope-one", "nope-two"/],
  ] as const)("%s: %i %s", async (_name, status, code, body, headers, message) => {
    const res = await post(body, headers);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(errorOf(res)).toEqual({ code, message: expect.stringMatching(message) });
    expect(await allCounts()).toEqual([]);
  });

  test.each([["GET"], ["PUT"], ["PATCH"], ["DELETE"]] as const)("%s /api/comparisons is 405 JSON", async (method) => {
    const res = await call(route[method], "/api/comparisons", { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(errorOf(res).code).toBe("method_not_allowed");
  });
});

describe("the counting functions", () => {
  test("refuse two equal coins (400) and unknown coins (422), counting nothing", async () => {
    await expect(recordComparison(getDb(), "hex", "hex")).rejects.toMatchObject({ kind: "invalid_input" });
    await expect(recordSave(getDb(), "pls", "pls")).rejects.toMatchObject({ kind: "invalid_input" });
    await expect(recordComparison(getDb(), "hex", "no-such-coin")).rejects.toMatchObject({ kind: "unknown_coin" });
    await expect(recordSave(getDb(), "no-such-coin", "hex")).rejects.toMatchObject({ kind: "unknown_coin" });
    expect(await allCounts()).toEqual([]);
  });

  test("should Prisma ever split the upsert, an insert that loses the race (P2002) is retried as the increment", async () => {
    // Prisma runs this upsert as one INSERT ... ON CONFLICT on SQLite, so the race cannot be
    // provoked through it; the real client stands behind the stub for everything but the upsert.
    const real = getDb();
    const lost = new Prisma.PrismaClientKnownRequestError("Unique constraint failed", { code: "P2002", clientVersion: Prisma.prismaVersion.client });
    const racing = {
      ...real,
      coin: real.coin,
      pairCount: { upsert: jest.fn().mockRejectedValue(lost), update: real.pairCount.update.bind(real.pairCount) },
    } as unknown as PrismaClient;
    await recordComparison(real, "hex", "eth");
    await recordComparison(racing, "hex", "eth");
    await recordSave(racing, "hex", "eth");
    expect(await countOf("hex", "eth")).toEqual({ comparisons: 2, saves: 1 });
  });

  test("a deleted coin takes its pairs' counts with it (either side)", async () => {
    await db().coin.create({
      data: { id: "doomed-count-coin", symbol: "DOOM", name: "Doomed", currentPrice: 1, marketCap: 1_000, rank: 9_997, chain: "pulsechain" },
    });
    await recordComparison(getDb(), "doomed-count-coin", "pls");
    await recordSave(getDb(), "hex", "doomed-count-coin");
    await recordComparison(getDb(), "hex", "pls");
    expect(await db().pairCount.count()).toBe(3);

    await db().coin.delete({ where: { id: "doomed-count-coin" } });
    expect((await allCounts()).map((row) => [row.coin1Id, row.coin2Id])).toEqual([["hex", "pls"]]);
    const again = await post({ coin1Id: "doomed-count-coin", coin2Id: "pls" });
    expect(again.status).toBe(422);
    expect(errorOf(again)).toEqual({ code: "unknown_coin", message: 'No coin with id "doomed-count-coin".' });
  });
});
