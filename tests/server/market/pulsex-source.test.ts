// The on-chain PulseX reader against a real local EVM (ganache from npm, contracts compiled by
// solc-js): ERC-20s with 8, 18 and 6 decimals, WPLS, DAI and USDC stablecoins, pairs on two
// V2-style factories, Multicall3. Prices come from real reserves, the supply from real burn
// balances, and every read goes through the capped multicall. Routing, the stablecoin check and the chunked
// reads have their own file (pulsex-routing.test.ts).
import ganache from "ganache";
import type { Address } from "viem";
import { CAPPED_MULTICALL_ADDRESS } from "@/lib/chain/capped-multicall";
import { CAPPED_MULTICALL_CODE } from "@/lib/chain/capped-multicall-code";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { readTokenMetadata, TokenReadError } from "@/lib/market/onchain/token-metadata.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import type { PriceSource, QuoteRequest } from "@/lib/market/types";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";

/** These fixtures' base pools hold a few hundred dollars: the liquidity floor on base pools is tried in price-attacks-on-chain.test.ts. */
const FIXTURE_FLOOR = 0;

jest.setTimeout(60_000);

const { db } = useTestDatabase({ seed: true });

const BURN_369: Address = "0x0000000000000000000000000000000000000369";
const TREASURY: Address = "0x1111111111111111111111111111111111111111";

let chain: LocalChain;
let contracts: PulseXContracts;
let hex: Address; // 8 decimals, pools on both factories, burned supply at two addresses
let meme: Address; // 18 decimals, one thin pool
let lonely: Address; // no pool at all

// WPLS in USD: DAI pool 300 DAI / 10M WPLS ($0.00003), USDC pool 606 USDC / 20M WPLS ($0.0000303).
// The dollar-weighted median is USDC's $0.0000303 (606 of 906 dollars); DAI is 1% from it, within
// the 2% allowed, so both count, weighted by the dollars in each: (300 * 0.00003 + 606 * 0.0000303) / 906.
const WPLS_USD = (300 * 0.00003 + 606 * 0.0000303) / 906;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, usdc, factoryV1, factoryV2, multicall3 } = chain.contracts;
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdc], multicall3 };
  await chain.addLiquidity(factoryV1, wpls, "10000000", dai, "300");
  await chain.addLiquidity(factoryV2, usdc, "606", wpls, "20000000");

  hex = await chain.deployToken("HEX", "HEX", 8, "1000000");
  await chain.addLiquidity(factoryV1, hex, "1000", wpls, "50000"); // 50 WPLS per HEX, shallower
  await chain.addLiquidity(factoryV2, wpls, "120000", hex, "2000"); // 60 WPLS per HEX, deepest
  await chain.transfer(hex, BURN_DEAD, "100000");
  await chain.transfer(hex, BURN_369, "50000");
  await chain.transfer(hex, TREASURY, "200000");

  meme = await chain.deployToken("Pepe on Pulse", "PEPE", 18, "420000000000");
  await chain.addLiquidity(factoryV2, meme, "1000000", wpls, "100"); // 0.0001 WPLS each

  lonely = await chain.deployToken("No Pool", "NOPE", 18, "1000");
});

afterAll(() => chain?.stop());

function source(options: { changeSource?: PriceSource; onFetchRequest?: (request: Request) => void } = {}) {
  const client = createPulseChainClient(chain.rpcUrl, { retries: 0, onFetchRequest: options.onFetchRequest });
  return createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR, client, contracts, changeSource: options.changeSource });
}

const ask = (coinId: string, quoteId: string, burnAddresses?: string[]): QuoteRequest => ({ coinId, quoteId, burnAddresses });

describe("quotes from reserves", () => {
  test("a token is priced from its deepest pair, WPLS from the stablecoin pairs weighted by their dollars", async () => {
    const { quotes, failures } = await source().fetchQuotes([ask("hex", hex), ask("pls", chain.contracts.wpls)]);
    expect(failures).toEqual([]);
    expect(quotes.get("pls")!.price).toBeCloseTo(WPLS_USD, 12);
    expect(quotes.get("pls")!.liquidityUsd).toBeCloseTo(2 * 906, 6);
    const hexQuote = quotes.get("hex")!;
    expect(hexQuote.price).toBeCloseTo(60 * WPLS_USD, 12);
    // Liquidity of the pool used: both sides, 120,000 WPLS worth of each.
    expect(hexQuote.liquidityUsd).toBeCloseTo(2 * 120_000 * WPLS_USD, 6);
    expect(hexQuote.change24h).toBeNull();
    expect(hexQuote.route).toMatch(/^WPLS pool on factory 2 /);
  });

  test("circulating supply is totalSupply minus the default burn addresses' balances; tokens elsewhere still circulate", async () => {
    const { quotes } = await source().fetchQuotes([ask("hex", hex)]);
    const hexQuote = quotes.get("hex")!;
    expect(hexQuote.circulatingSupply).toBe(1_000_000 - 100_000 - 50_000);
    expect(hexQuote.marketCap).toBeCloseTo(850_000 * 60 * WPLS_USD, 6);
  });

  test("a coin's own burn list replaces the default set", async () => {
    const { quotes } = await source().fetchQuotes([ask("hex", hex, [TREASURY]), ask("hex-dead", hex, [BURN_DEAD])]);
    expect(quotes.get("hex")!.circulatingSupply).toBe(800_000);
    expect(quotes.get("hex-dead")!.circulatingSupply).toBe(900_000);
  });

  test("18-decimal tokens and thin pools are priced too, with their thin liquidity reported", async () => {
    const { quotes } = await source().fetchQuotes([ask("pepe", meme)]);
    expect(quotes.get("pepe")!.price).toBeCloseTo(0.0001 * WPLS_USD, 15);
    expect(quotes.get("pepe")!.liquidityUsd).toBeCloseTo(200 * WPLS_USD, 9);
  });

  test("a token without a pool, an account that is no token and a malformed id fail one by one; the rest is quoted", async () => {
    const { quotes, failures } = await source().fetchQuotes([
      ask("nope", lonely),
      ask("eoa", TREASURY),
      ask("typo", "0x1234"),
      ask("hex", hex),
    ]);
    expect([...quotes.keys()]).toEqual(["hex"]);
    expect(failures).toEqual([
      { coinId: "typo", reason: "pulsex: 0x1234 is not a contract address" },
      { coinId: "nope", reason: expect.stringMatching(/^pulsex: no PulseX pair of 0x\w+ with WPLS or another base token has reserves$/) },
      { coinId: "eoa", reason: expect.stringMatching(/not an ERC-20/) },
    ]);
  });
});

describe("batching", () => {
  test("any number of coins costs five RPC requests on the first pass: chain id, block number, two for discovery, one for the reserves", async () => {
    const bodies: { method: string; params?: unknown[] }[] = [];
    const onFetchRequest = (request: Request) => {
      void request.clone().json().then((body: { method: string; params?: unknown[] }) => bodies.push(body));
    };
    const requests = Array.from({ length: 40 }, (_, i) => ask(`coin-${i}`, i % 2 ? hex : meme));
    const { quotes } = await source({ onFetchRequest }).fetchQuotes(requests);
    expect(quotes.size).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies.map((body) => body.method)).toEqual(["eth_chainId", "eth_blockNumber", "eth_call", "eth_call", "eth_call"]);
    // Each through the capped multicall: its code sent along as a state override, nothing deployed.
    for (const call of bodies.filter((body) => body.method === "eth_call")) {
      expect((call.params![0] as { to: string }).to.toLowerCase()).toBe(CAPPED_MULTICALL_ADDRESS.toLowerCase());
      expect(call.params![2]).toEqual({ [CAPPED_MULTICALL_ADDRESS]: { code: CAPPED_MULTICALL_CODE } });
    }
  });
});

describe("failures leave every coin unquoted with the reason", () => {
  test("an RPC that is down", async () => {
    const client = createPulseChainClient("http://127.0.0.1:9/", { retries: 0, timeoutMs: 2_000 });
    const { quotes, failures } = await createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR, client, contracts }).fetchQuotes([ask("hex", hex)]);
    expect(quotes.size).toBe(0);
    expect(failures).toEqual([{ coinId: "hex", kind: "unreachable", reason: expect.stringMatching(/^pulsex: RPC unavailable: /) }]);
  });

  test("an RPC of another chain (the same token addresses exist on Ethereum)", async () => {
    const ethereum = ganache.server({ logging: { quiet: true }, chain: { chainId: 1 } });
    await ethereum.listen(0, "127.0.0.1");
    try {
      const client = createPulseChainClient(`http://127.0.0.1:${(ethereum.address() as { port: number }).port}`, { retries: 0 });
      const { failures } = await createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR, client, contracts }).fetchQuotes([ask("hex", hex)]);
      expect(failures).toEqual([{ coinId: "hex", reason: "pulsex: the RPC serves chain 1, not PulseChain (369)" }]);
    } finally {
      await ethereum.close();
    }
  });

  test("no stablecoin pool: WPLS has no USD price, so nothing is quoted", async () => {
    const { quotes, failures } = await createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR,
      client: createPulseChainClient(chain.rpcUrl, { retries: 0 }),
      contracts: { ...contracts, stablecoins: [lonely] },
    }).fetchQuotes([ask("hex", hex)]);
    expect(quotes.size).toBe(0);
    expect(failures[0]!.reason).toBe("pulsex: no WPLS/stablecoin pair has reserves, so WPLS has no USD price: the last WPLS price is kept and nothing priced through WPLS is published this pass");
  });
});

describe("the 24h change", () => {
  const changes = (answer: (requests: readonly QuoteRequest[]) => Promise<Map<string, number>>): PriceSource => ({
    name: "dexscreener",
    async fetchQuotes(requests) {
      const changeOf = await answer(requests);
      const quotes = new Map([...changeOf].map(([coinId, change24h]) => [coinId, { price: 123, marketCap: 1, change24h, liquidityUsd: 1 }]));
      return { quotes, failures: [] };
    },
  });

  test("comes from the change source when it has one; its prices are ignored", async () => {
    const { quotes } = await source({ changeSource: changes(async () => new Map([["hex", 4.2]])) }).fetchQuotes([ask("hex", hex), ask("pepe", meme)]);
    expect(quotes.get("hex")).toMatchObject({ change24h: 4.2, price: expect.closeTo(60 * WPLS_USD, 12) });
    expect(quotes.get("pepe")!.change24h).toBeNull();
  });

  test("coins the site already has a price from 24 h ago for are not asked about; none left, no call", async () => {
    const asked: string[][] = [];
    const changeSource = changes(async (requests) => {
      asked.push(requests.map((request) => request.coinId));
      return new Map([["pepe", -3]]);
    });
    const { quotes } = await source({ changeSource }).fetchQuotes([{ ...ask("hex", hex), wantsChange24h: false }, ask("pepe", meme)]);
    expect(asked).toEqual([["pepe"]]);
    expect(quotes.get("pepe")!.change24h).toBe(-3);
    expect(quotes.get("hex")!.change24h).toBeNull();
    await source({ changeSource }).fetchQuotes([{ ...ask("hex", hex), wantsChange24h: false }]);
    expect(asked).toHaveLength(1);
  });

  test("a change source that throws changes nothing", async () => {
    const { quotes } = await source({ changeSource: changes(async () => Promise.reject(new Error("down"))) }).fetchQuotes([ask("hex", hex)]);
    expect(quotes.get("hex")).toMatchObject({ change24h: null, price: expect.closeTo(60 * WPLS_USD, 12) });
  });
});

describe("token metadata for listings", () => {
  const client = () => createPulseChainClient(chain.rpcUrl, { retries: 0 });

  test("name, symbol and decimals come from the contract", async () => {
    await expect(readTokenMetadata(client(), contracts, hex.toLowerCase())).resolves.toEqual({ address: hex, name: "HEX", symbol: "HEX", decimals: 8, raw: { name: "HEX", symbol: "HEX" } });
    await expect(readTokenMetadata(client(), contracts, chain.contracts.usdc)).resolves.toMatchObject({ symbol: "USDC", decimals: 6 });
  });

  test("an account that is not a token, or a malformed address, is refused with a reason", async () => {
    await expect(readTokenMetadata(client(), contracts, TREASURY)).rejects.toThrow(new TokenReadError(`${TREASURY} is not an ERC-20 token on PulseChain (name, symbol or decimals did not answer).`));
    await expect(readTokenMetadata(client(), contracts, "0xabc")).rejects.toThrow("0xabc is not a contract address.");
  });

  test("a hostile name and symbol are cleaned (the raw strings come along); nothing printable left is refused", async () => {
    const rawName = `Evil\u202Egnp.exe\nCoin${"x".repeat(100)}`;
    const rawSymbol = "\u200BEV\tIL\u0000\u2066";
    const evil = await chain.deployToken(rawName, rawSymbol, 18, "1000");
    await expect(readTokenMetadata(client(), contracts, evil)).resolves.toEqual({
      address: evil,
      name: `Evilgnp.exe Coin${"x".repeat(48)}`,
      symbol: "EV IL",
      decimals: 18,
      raw: { name: rawName, symbol: rawSymbol },
    });
    const blank = await chain.deployToken("Blank", "\u200B\u202E \n", 18, "1000");
    await expect(readTokenMetadata(client(), contracts, blank)).rejects.toThrow(
      new TokenReadError(`${blank} has no usable symbol: its symbol is empty or only control, invisible or space characters, and a listing needs a symbol of 1 to 16 visible characters.`),
    );
  });
});

test("a refresh pass publishes on-chain quotes: price, supply, market cap and a snapshot", async () => {
  // The local HEX is another token than the seed's: the seed's supply is no earlier reading of it.
  await db().coin.update({ where: { id: "hex" }, data: { quoteSource: "pulsex", quoteId: hex, contractAddress: hex, burnAddresses: null, circulatingSupply: null } });
  await db().coin.update({ where: { id: "pls" }, data: { quoteSource: "pulsex", quoteId: chain.contracts.wpls } });
  await db().coin.updateMany({ where: { id: { notIn: ["hex", "pls"] } }, data: { quoteSource: null } });
  const plsBefore = await db().coin.findUniqueOrThrow({ where: { id: "pls" } });

  // The toy pools here hold a few dollars; the liquidity floor has its own tests (refresh-on-chain.test.ts).
  const report = await runRefreshPass(db(), [source()], { log: () => {}, minLiquidityUsd: 0 });
  expect(report.failed).toEqual([]);
  expect(report.updated.sort()).toEqual(["hex", "pls"]);

  const hexRow = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
  expect(hexRow).toMatchObject({ priceSource: "pulsex", circulatingSupply: 850_000 });
  expect(hexRow.currentPrice).toBeCloseTo(60 * WPLS_USD, 12);
  expect(hexRow.marketCap).toBeCloseTo(850_000 * 60 * WPLS_USD, 6);
  // PLS is quoted through WPLS, but its supply is PLS's own, not the wrapped supply.
  const plsRow = await db().coin.findUniqueOrThrow({ where: { id: "pls" } });
  expect(plsRow.currentPrice).toBeCloseTo(WPLS_USD, 12);
  expect(plsRow.circulatingSupply).toBe(plsBefore.circulatingSupply);
  expect(plsRow.marketCap).toBeCloseTo(WPLS_USD * plsBefore.circulatingSupply!, 0);
  const snapshot = await db().priceSnapshot.findFirstOrThrow({ where: { coinId: "hex" }, orderBy: { takenAt: "desc" } });
  expect(snapshot.price).toBeCloseTo(hexRow.currentPrice, 15);
});
