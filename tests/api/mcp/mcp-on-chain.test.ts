// The MCP server's figures on prices published from the local chain (issue 55): a real refresh pass
// prices HEX and PLS from PulseX pools on a local ganache chain (as tests/api/market/
// supply-bases-on-chain.test.ts does), then the SDK's client asks the MCP tools over HTTP on
// loopback and each answer equals the API route's for the same input, now with pools: what the
// targets would take, pool depth, the on-chain provenance and the supply bases read from the chain.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Address } from "viem";
import * as coinRoute from "@/app/api/cryptocurrencies/[id]/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as pairRoute from "@/app/api/pairs/[coin1]/[coin2]/route";
import { resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { coinDetailSchema } from "@/lib/coins/schemas";
import { pairAnswerSchema } from "@/lib/compare/pair-answer-schema";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { call } from "@/tests/helpers/request";
import { useRouteServer } from "@/tests/helpers/route-server";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(120_000);

const { db } = useTestDatabase({ seed: true });
const mcp = useRouteServer("/api/mcp", mcpRoute);

// WPLS at $0.0003 (30,000 DAI / 100,000,000 WPLS); HEX at $0.006 (10,000,000 HEX / 200,000,000 WPLS).
const WPLS_USD = 0.0003;
const HEX_USD = 0.006;

let chain: LocalChain;
let client: Client;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "100000000");
  const hex: Address = await chain.deployHexLike("1000000000");
  await chain.addLiquidity(factoryV2, hex, "10000000", wpls, "200000000");
  await chain.transfer(hex, BURN_DEAD, "20000000");
  await chain.stakeHexLike(hex, "300000000");
  const contracts: PulseXContracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3, hex };

  // HEX and PLS priced from the local pools by a real refresh pass; no other coin is refreshed.
  await db().coin.updateMany({ data: { quoteSource: null } });
  await db().coin.update({ where: { id: "hex" }, data: { quoteSource: "pulsex", quoteId: hex, contractAddress: hex, burnAddresses: null, priceSource: "pulsex", currentPrice: HEX_USD, circulatingSupply: 680_000_000 } });
  await db().coin.update({ where: { id: "pls" }, data: { quoteSource: "pulsex", quoteId: wpls, priceSource: "pulsex", currentPrice: WPLS_USD } });
  const source = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts });
  const report = await runRefreshPass(db(), [source], { log: () => {} });
  expect(report.updated.sort()).toEqual(["hex", "pls"]);
  resetPublicCacheForTests();

  client = new Client({ name: "pulsecompare-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
});

afterAll(async () => {
  await client?.close();
  await chain?.stop();
});

afterEach(() => expect(mcp.requests.filter((request) => request.status >= 500)).toEqual([]));

async function figures(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  const { url: _url, ...rest } = result.structuredContent as Record<string, unknown>;
  return rest;
}

async function apiPair(coin1: string, coin2: string, query = "") {
  const res = await call(pairRoute.GET, `/api/pairs/${coin1}/${coin2}${query}`, { params: { coin1, coin2 } });
  expect(res.status).toBe(200);
  return pairAnswerSchema.parse(res.body);
}

test("get_coin: the published on-chain price, its provenance, pool depth and supply bases, as GET /api/cryptocurrencies/{id}", async () => {
  const api = coinDetailSchema.parse((await call(coinRoute.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } })).body);
  expect(api.provenance?.source).toBe("pulsex");
  expect(api.currentPrice).toBeCloseTo(HEX_USD, 6);
  expect(api.depth).not.toBeNull();
  expect(api.supplyBases.map((figure) => figure.basis)).toEqual(["circulating", "total", "staked"]);
  expect(await figures("get_coin", { id: "hex" })).toEqual(api);
});

test("compare and ladder: GET /api/pairs/hex/pls's figures exactly, on chosen supply bases, with what each target would take", async () => {
  const queries: Record<string, string>[] = [{}, { supply1: "staked", supply2: "total" }];
  for (const query of queries) {
    const search = new URLSearchParams(query).toString();
    const api = await apiPair("hex", "pls", search ? `?${search}` : "");
    expect(api.today!.wouldTake).not.toBeNull();
    expect(api.ladder!.steps.every((step) => step.wouldTake !== null)).toBe(true);
    const { chosen, holding, ...pair } = await figures("compare", { coin1: "hex", coin2: "pls", ...query });
    expect(pair).toEqual(api);
    expect(chosen).toEqual({ target: "today", day: null, sample: false, answer: api.today, failure: null });
    expect(holding).toBeNull();
    const ladder = await figures("ladder", { coin1: "hex", coin2: "pls", ...query });
    expect(ladder).toMatchObject({ supply: api.supply, ladder: api.ladder, failure: null });
  }
});

test("what_it_would_take at the pair's projected price: the pair answer's wouldTake, to the last digit", async () => {
  const api = await apiPair("hex", "pls");
  const answer = await figures("what_it_would_take", { id: "hex", price: api.today!.projectedPrice });
  expect(answer.wouldTake).toEqual(api.today!.wouldTake);
  expect(answer.wouldTake).toEqual({ usd: expect.any(Number), pls: expect.any(Number) });
  expect(answer.explanation).toMatch(/^Reaching \$.* would take about .* of net buying through PulseX at today's liquidity\. At today's reserves in 1 PulseX pool holding/);
  // A typed market cap is the compare tool's typed-cap figure on the same pools.
  const typed = await figures("compare", { coin1: "hex", coin2: "pls", mcap: "50m" });
  const byCap = await figures("what_it_would_take", { id: "hex", mcap: "50m" });
  expect(byCap.wouldTake).toEqual((typed.chosen as { answer: { wouldTake: unknown } }).answer.wouldTake);
});
