// The pool cache in the database and what it saves each pass, on a real local EVM and a real
// SQLite file: a second source (another instance, another pass) reads no getPair; a supply is
// re-read once its reading is an hour old, pools rediscovered once a day; and listing accepts a
// token whose only pool is against DAI or HEX, through a preview that writes no cache row.
import type { Address } from "viem";
import { listCoin, previewListing } from "@/lib/listings/coins.server";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createPrismaPoolCache } from "@/lib/market/onchain/prisma-pool-cache.server";
import { configuredPulseXContracts, configuredSources } from "@/lib/market/run.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { SELECTORS, startRpcProxy, type RpcProxy } from "@/tests/chain/rpc-proxy";
import { useTestDatabase } from "@/tests/helpers/test-database";


jest.setTimeout(90_000);

const { db } = useTestDatabase({ seed: true });

let chain: LocalChain;
let proxy: RpcProxy;
let contracts: PulseXContracts;
let hexBase: Address;
let daiOnly: Address; // one pool, against DAI
let hexOnly: Address; // one pool, against HEX
let plain: Address; // a WPLS pool

// WPLS: the one DAI pool, 30,000 DAI / 1B WPLS = $0.00003. HEX: 500M WPLS / 100,000 HEX = $0.15.
// Both are over the liquidity floor a base's pool needs ($60,000 and $30,000).
const WPLS_USD = 30_000 / 1_000_000_000;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  hexBase = await chain.deployToken("HEX", "HEX", 8, "1000000000");
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3, baseTokens: [hexBase] };
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "1000000000");
  await chain.addLiquidity(factoryV2, hexBase, "100000", wpls, "500000000");
  daiOnly = await chain.deployToken("Dai Paired", "DAIP", 18, "1000000");
  await chain.addLiquidity(factoryV1, daiOnly, "1000", dai, "250"); // $0.25 each
  hexOnly = await chain.deployToken("Hex Paired", "HEXP", 18, "2000000");
  await chain.addLiquidity(factoryV2, hexOnly, "1000", hexBase, "100"); // 0.1 HEX = $0.015 each
  plain = await chain.deployToken("Plain", "PLN", 18, "1000000");
  await chain.addLiquidity(factoryV2, plain, "1000", wpls, "100000"); // 100 WPLS = $0.003 each
  proxy = await startRpcProxy(chain.rpcUrl);
});

afterAll(async () => {
  await proxy?.stop();
  await chain?.stop();
});

const client = () => createPulseChainClient(proxy.url, { retries: 0 });
const getPairs = () => proxy.requests.flatMap((request) => request.calls ?? []).filter((call) => call.selector === SELECTORS.getPair).length;
const supplyReads = () => proxy.requests.flatMap((request) => request.calls ?? []).filter((call) => call.selector === SELECTORS.totalSupply).length;

describe("the pool cache in the database", () => {
  const requests = () => [
    { coinId: "daip", quoteId: daiOnly },
    { coinId: "hexp", quoteId: hexOnly },
    { coinId: "pln", quoteId: plain },
  ];

  test("a pass saves each token's pools, token order and supply; a second source reads them and runs no getPair", async () => {
    const start = new Date("2026-11-23T00:00:00Z");
    const first = createPulseXSource({ client: client(), contracts, poolCache: createPrismaPoolCache(db()), now: () => start });
    const firstResult = await first.fetchQuotes(requests());
    expect(firstResult.failures).toEqual([]);
    expect(getPairs()).toBeGreaterThan(0);

    const row = await db().pulseXPoolCache.findUniqueOrThrow({ where: { token: daiOnly } });
    expect(row).toMatchObject({ decimals: 18, supplyRaw: (1_000_000n * 10n ** 18n).toString(), discoveredAt: start, supplyReadAt: start });
    // Stored in the text form Prisma itself writes, so raw SQL compares like with like.
    const [stored] = await db().$queryRawUnsafe<{ discoveredAt: string; supplyReadAt: string }[]>(
      `SELECT "discoveredAt" || '' AS "discoveredAt", "supplyReadAt" || '' AS "supplyReadAt" FROM "PulseXPoolCache" WHERE "token" = ?`,
      daiOnly,
    );
    expect(stored).toEqual({ discoveredAt: "2026-11-23T00:00:00.000+00:00", supplyReadAt: "2026-11-23T00:00:00.000+00:00" });
    const pools = JSON.parse(row.pools) as { base: string; factory: string; tokenIsToken0: boolean }[];
    expect(pools).toEqual([{ pair: expect.any(String), factory: chain.contracts.factoryV1, base: chain.contracts.dai, tokenIsToken0: BigInt(daiOnly) < BigInt(chain.contracts.dai) }]);
    // The bases have rows too: 3 coins + WPLS, DAI, HEX.
    expect(await db().pulseXPoolCache.count()).toBe(6);

    // Another instance, 5 minutes later: the pools come from the database.
    proxy.requests.length = 0;
    const later = new Date(start.getTime() + 5 * 60_000);
    const second = createPulseXSource({ client: client(), contracts, poolCache: createPrismaPoolCache(db()), now: () => later });
    const secondResult = await second.fetchQuotes(requests());
    expect(getPairs()).toBe(0);
    expect(proxy.requests.map((request) => request.method)).toEqual(["eth_chainId", "eth_blockNumber", "eth_call"]);
    // A twelfth of 3 supplies, rounded up: one is re-read, the others come from the cache.
    expect(supplyReads()).toBe(1);
    expect(secondResult.quotes.get("daip")).toMatchObject({ price: expect.closeTo(0.25, 12), circulatingSupply: 1_000_000, liquidityUsd: expect.closeTo(500, 9) });
    expect(secondResult.quotes.get("hexp")).toMatchObject({ price: expect.closeTo(0.1 * 5_000 * WPLS_USD, 12), circulatingSupply: 2_000_000 });
    expect(secondResult.quotes.get("pln")!.price).toBeCloseTo(100 * WPLS_USD, 15);

    // Two hours on, every supply reading is over an hour old: all three are re-read; the pools,
    // under a day old, are not looked for again. A day on, they are.
    proxy.requests.length = 0;
    await createPulseXSource({ client: client(), contracts, poolCache: createPrismaPoolCache(db()), now: () => new Date(start.getTime() + 2 * 3_600_000) }).fetchQuotes(requests());
    expect(supplyReads()).toBe(3);
    expect(getPairs()).toBe(0);
    proxy.requests.length = 0;
    await createPulseXSource({ client: client(), contracts, poolCache: createPrismaPoolCache(db()), now: () => new Date(start.getTime() + 25 * 3_600_000) }).fetchQuotes(requests());
    // A 24th of the 6 stale rows, rounded up: one token is rediscovered per pass.
    expect(getPairs()).toBeGreaterThan(0);
    expect(getPairs()).toBeLessThanOrEqual(2 * 2); // one token × 2 bases other than itself × 2 factories, at most
  });
});

describe("listing through a base other than WPLS", () => {
  test("a token whose only pool is against DAI, or against HEX, previews and lists; the preview writes no cache row", async () => {
    await db().pulseXPoolCache.deleteMany();
    const deps = { client: client(), contracts };
    const daiPreview = await previewListing(db(), daiOnly, deps);
    // 250 DAI / 1,000 DAIP = $0.25; tracked liquidity 2 × 250 × $1.
    expect(daiPreview).toMatchObject({ symbol: "DAIP", currentPrice: expect.closeTo(0.25, 12), liquidityUsd: expect.closeTo(500, 9), marketCap: expect.closeTo(250_000, 6) });
    expect(await db().pulseXPoolCache.count()).toBe(0);

    const listed = await listCoin(db(), { contractAddress: hexOnly }, deps);
    // 100 HEX / 1,000 HEXP = 0.1 HEX = 0.1 × $0.15; tracked 2 × 100 HEX × $0.15 = $30.
    expect(listed).toMatchObject({ symbol: "HEXP", currentPrice: expect.closeTo(0.015, 12), liquidityUsd: expect.closeTo(30, 9), marketCap: expect.closeTo(2_000_000 * 0.015, 6) });
  });
});

describe("the refresh pass's configured source", () => {
  test("keeps its pools in the app's database and takes PULSEX_BASE_TOKENS as its bases", async () => {
    await db().pulseXPoolCache.deleteMany();
    const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
    const restore = setEnvVars({
      PULSECHAIN_RPC_URL: chain.rpcUrl,
      PULSEX_WPLS_ADDRESS: wpls,
      PULSEX_FACTORIES: `${factoryV1},${factoryV2}`,
      PULSEX_STABLECOINS: dai,
      MULTICALL3_ADDRESS: multicall3,
      PULSEX_BASE_TOKENS: hexBase,
      // The change source it carries gets a closed port: no call leaves the machine.
      DEXSCREENER_API_URL: "http://127.0.0.1:9",
    });
    try {
      expect(configuredPulseXContracts().baseTokens).toEqual([hexBase]);
      const pulsex = configuredSources().find((source) => source.name === "pulsex")!;
      const { quotes } = await pulsex.fetchQuotes([{ coinId: "hexp", quoteId: hexOnly }]);
      expect(quotes.get("hexp")!.price).toBeCloseTo(0.015, 12);
      // HEXP and the bases WPLS, DAI and HEX.
      expect((await db().pulseXPoolCache.findMany({ select: { token: true } })).map((row) => row.token).sort()).toEqual([wpls, dai, hexBase, hexOnly].sort());
    } finally {
      restore();
    }
  });
});
