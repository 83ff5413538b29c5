import * as list from "@/app/api/cryptocurrencies/route";
import * as one from "@/app/api/cryptocurrencies/[id]/route";
import { apiErrorSchema, coinListSchema, coinSchema } from "@/lib/coins/schemas";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

useTestDatabase();

describe("GET /api/cryptocurrencies", () => {
  test("returns every seeded coin by rank, in the shared shape, cacheable", async () => {
    const res = await call(list.GET, "/api/cryptocurrencies");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const coins = coinListSchema.parse(res.body);
    expect(coins.length).toBeGreaterThanOrEqual(60);
    expect(coins.map((c) => c.rank)).toEqual([...coins.map((c) => c.rank)].sort((a, b) => a - b));
    expect(coins.find((c) => c.id === "pls")).toMatchObject({ symbol: "PLS", chain: "pulsechain", priceSource: "snapshot" });
  });

  test("?ids= returns just those coins", async () => {
    const res = await call(list.GET, "/api/cryptocurrencies?ids=hex,pls");
    expect(res.status).toBe(200);
    expect(coinListSchema.parse(res.body).map((c) => c.id).sort()).toEqual(["hex", "pls"]);
  });

  test.each([
    ["an unknown id", "?ids=pls,no-such-coin", 404, /no-such-coin/],
    ["an empty ids list", "?ids=", 400, /ids/],
    ["an id with forbidden characters", "?ids=PLS%3Cscript%3E", 400, /lowercase/],
    ["an unknown parameter", "?limt=5", 400, /limt/],
    ["a repeated parameter", "?ids=pls&ids=hex", 400, /more than once/],
    ["more than 100 ids", `?ids=${Array.from({ length: 101 }, (_, i) => `c${i}`).join(",")}`, 400, /ids/],
  ])("%s is a %i JSON error", async (_name, query, status, message) => {
    const res = await call(list.GET, `/api/cryptocurrencies${query}`);
    expect(res.status).toBe(status);
    const { error } = apiErrorSchema.parse(res.body);
    expect(error.message).toMatch(message);
  });

  test("other methods get 405 JSON with an Allow header", async () => {
    const res = await call(list.POST, "/api/cryptocurrencies", { method: "POST", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(apiErrorSchema.parse(res.body).error.code).toBe("method_not_allowed");
  });
});

describe("GET /api/cryptocurrencies/{id}", () => {
  test("returns one coin", async () => {
    const res = await call(one.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } });
    expect(res.status).toBe(200);
    expect(coinSchema.parse(res.body)).toMatchObject({ id: "hex", symbol: "HEX" });
  });

  test.each([["no-such-coin"], ["HEX"], ["../etc/passwd"], ["x".repeat(500)], ["%00"]])(
    "%s is a 404 JSON error",
    async (id) => {
      const res = await call(one.GET, `/api/cryptocurrencies/${encodeURIComponent(id)}`, { params: { id } });
      expect(res.status).toBe(404);
      expect(apiErrorSchema.parse(res.body).error.code).toBe("not_found");
    },
  );

  test("a query string is refused", async () => {
    const res = await call(one.GET, "/api/cryptocurrencies/hex?x=1", { params: { id: "hex" } });
    expect(res.status).toBe(400);
  });
});
