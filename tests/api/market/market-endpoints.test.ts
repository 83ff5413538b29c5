// The cron route against the real handlers and database (the health check: health.test.ts). The on-chain
// reader reads a local EVM (ganache) with real PulseX-style pools; msw plays DexScreener and
// CoinGecko (third-party services) with answers of their real shapes; so the authorised cron call
// runs a whole pass through all three real sources.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import * as cron from "@/app/api/cron/refresh/route";
import { resetEnvCache } from "@/lib/config/env";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { LOCAL_WPLS_USD, deployLocalMarket } from "@/tests/chain/local-market";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });
const SECRET = "cron-secret-for-jest-0123456789";

/** DexScreener: every asked token has a deep WPLS pair at $0.01 and a thin one at $5. */
const dexscreener = http.get("https://api.dexscreener.com/tokens/v1/pulsechain/:addresses", ({ params }) =>
  HttpResponse.json(
    String(params.addresses)
      .split(",")
      .flatMap((address) => [
        {
          chainId: "pulsechain",
          dexId: "pulsex",
          url: `https://dexscreener.com/pulsechain/${address}`,
          pairAddress: `0x${"1".repeat(40)}`,
          baseToken: { address, name: "Token", symbol: "TKN" },
          quoteToken: { address: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27", name: "Wrapped Pulse", symbol: "WPLS" },
          priceNative: "250.0",
          priceUsd: "0.01",
          txns: { h24: { buys: 10, sells: 12 } },
          volume: { h24: 12345.6 },
          priceChange: { h24: 3.21 },
          liquidity: { usd: 2_000_000, base: 1, quote: 1 },
          fdv: 9e9,
          marketCap: 5e8,
          pairCreatedAt: 1_700_000_000_000,
        },
        {
          chainId: "pulsechain",
          dexId: "9mm",
          pairAddress: `0x${"2".repeat(40)}`,
          baseToken: { address, name: "Token", symbol: "TKN" },
          quoteToken: { address: "0x0000000000000000000000000000000000000001", name: "X", symbol: "X" },
          priceNative: "1",
          priceUsd: "5.00",
          liquidity: { usd: 300 },
        },
      ]),
  ),
);
const coingecko = http.get("https://api.coingecko.com/api/v3/simple/price", ({ request }) => {
  const ids = new URL(request.url).searchParams.get("ids")!.split(",");
  return HttpResponse.json(Object.fromEntries(ids.map((id) => [id, { usd: 123.45, usd_market_cap: 6.7e10, usd_24h_change: -2.5 }])));
});
const server = setupServer(dexscreener, coingecko);
// The local chain's RPC is real; anything else unexpected is an error.
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === "127.0.0.1" ? undefined : print.error()) }));
afterAll(() => server.close());

jest.setTimeout(60_000);
let chain: LocalChain;
let hexAddress: string;
const envBefore = { ...process.env };
beforeAll(async () => {
  chain = await startLocalChain();
  const market = await deployLocalMarket(chain, [
    { coinId: "hex", name: "HEX", symbol: "HEX", decimals: 8, supply: "1000000000", priceUsd: 0.0075, poolWpls: 5_000_000 },
  ]);
  Object.assign(process.env, market.env);
  // The toy pools hold a few hundred dollars (HEX $300, PLS $1,800 of tracked liquidity): a floor
  // under them keeps this a test of the route; the floor has its own (refresh-on-chain.test.ts).
  process.env.MARKET_MIN_LIQUIDITY_USD = "100";
  resetEnvCache();
  hexAddress = market.addresses.hex!;
  // HEX and PLS come from the chain; the other PulseChain tokens through DexScreener, which is
  // as much data as moving a coin between sources takes.
  // The local HEX is another token than the seed's, so the seed's supply is no earlier reading of
  // it (a supply 600x off would be held a pass as a mint).
  await db().coin.update({ where: { id: "hex" }, data: { quoteId: hexAddress, contractAddress: hexAddress, circulatingSupply: null } });
  await db().coin.update({ where: { id: "pls" }, data: { quoteId: chain.contracts.wpls } });
  await db().coin.updateMany({ where: { quoteSource: "pulsex", id: { notIn: ["hex", "pls"] } }, data: { quoteSource: "dexscreener" } });
});
afterAll(async () => {
  process.env = envBefore;
  resetEnvCache();
  await chain?.stop();
});

function setSecret(value: string | undefined) {
  if (value === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = value;
  resetEnvCache();
}
afterEach(() => setSecret(undefined));

const refresh = (authorization?: string) =>
  call(cron.GET, "/api/cron/refresh", { headers: authorization ? { authorization } : {} });

describe("GET /api/cron/refresh", () => {
  test("with the secret runs one pass through the real sources; a second call within the lease is skipped", async () => {
    setSecret(SECRET);
    const quoted = await db().coin.count({ where: { quoteSource: { not: null } } });
    const res = await refresh(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ran: true, status: "ok", updated: quoted, failed: [], heldBack: [], lowLiquidity: [], deferred: 0 });
    // HEX from its pool on the chain (supply: all minted, none burned), its 24h change from
    // DexScreener; another token from DexScreener's deep pool, not the thin one; the majors
    // from CoinGecko.
    const hex = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
    expect(hex).toMatchObject({ priceSource: "pulsex", priceChange24h: 3.21, circulatingSupply: 1e9 });
    expect(hex.currentPrice).toBeCloseTo(0.0075, 9);
    expect(hex.marketCap).toBeCloseTo(7.5e6, 0);
    expect(hex.liquidityUsd).toBeCloseTo(2 * 5_000_000 * LOCAL_WPLS_USD, 6);
    expect((await db().coin.findUniqueOrThrow({ where: { id: "pls" } })).currentPrice).toBeCloseTo(LOCAL_WPLS_USD, 12);
    expect(await db().coin.findUniqueOrThrow({ where: { id: "plsx" } })).toMatchObject({
      currentPrice: 0.01,
      marketCap: 5e8,
      priceChange24h: 3.21,
      liquidityUsd: 2_000_000,
      priceSource: "dexscreener",
    });
    expect(await db().coin.findUniqueOrThrow({ where: { id: "btc" } })).toMatchObject({ currentPrice: 123.45, marketCap: 6.7e10, priceSource: "coingecko" });

    const again = await refresh(`Bearer ${SECRET}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ran: false });
  });

  test("a pass that reaches no source (the RPC and every API down) is a 503 with its report; a partial one stays 200 with its counts", async () => {
    setSecret(SECRET);
    const restore = setEnvVars({ PULSECHAIN_RPC_URL: "http://127.0.0.1:9/" });
    const down = () => HttpResponse.error();
    // The pass logs each coin's failure; this test reads them from the report.
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // The last test's pass holds the lease for the interval; this is the next interval's pass.
      await db().refreshLease.deleteMany();
      server.use(http.get("https://api.dexscreener.com/*", down), http.get("https://api.coingecko.com/*", down));
      const quoted = await db().coin.count({ where: { quoteSource: { not: null } } });
      const res = await refresh(`Bearer ${SECRET}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = res.body as { failed: { kind?: string }[] };
      expect(res.body).toMatchObject({
        ran: true,
        status: "failed",
        updated: 0,
        error: { code: "service_unavailable", message: expect.stringMatching(/^The refresh pass updated no coin; \d+ failed \(.*unreachable: \d+/) },
      });
      expect(body.failed).toHaveLength(quoted);
      expect(body.failed.every((failure) => failure.kind === "unreachable")).toBe(true);

      // CoinGecko back: the majors update, the PulseChain tokens still fail.
      await db().refreshLease.deleteMany();
      server.resetHandlers(dexscreener, coingecko);
      server.use(http.get("https://api.dexscreener.com/*", down));
      const partial = await refresh(`Bearer ${SECRET}`);
      expect(partial.status).toBe(200);
      expect(partial.body).toMatchObject({ ran: true, status: "partial", updated: expect.any(Number) });
      const counts = partial.body as { updated: number; failed: unknown[] };
      expect(counts.updated).toBeGreaterThan(0);
      expect(counts.failed.length).toBeGreaterThan(0);
      expect(partial.body).not.toHaveProperty("error");
    } finally {
      warn.mockRestore();
      server.resetHandlers(dexscreener, coingecko);
      restore();
    }
  });

  test("POST is 405 JSON", async () => {
    const res = await call(cron.POST, "/api/cron/refresh", { method: "POST" });
    expect(res.status).toBe(405);
  });
});
