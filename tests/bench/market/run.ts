// `npm run bench:market`: issue 15's refresh benchmark. A market of 5,000 tokens with pools on a
// local ganache chain (in a child process), and 10 more whose totalSupply burns all the gas it is
// given (issue 30: one bad token costs only itself), a database of a coin each quoted by the pulsex source,
// a first pass (discovery) and one measured pass through runRefreshPass, each with its share of
// the DexScreener cross-check (issue 26), then the figures and the goals. Prints, asserts nothing. MARKET_BENCH_TOKENS=500 for a quick run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPublicClient, http, type PublicClient } from "viem";
import { buildBenchMarket } from "./build-market";
import { startChainChild } from "./chain-child";
import { createCountingPrismaClient } from "./counting-prisma";
import { createGasReplay } from "./gas-replay";
import { benchCoinId, createBenchDatabase } from "./market-database";
import { MARKET_GOALS, printMarketGoals, printPasses, type PassWithGas } from "./market-report";
import { measurePass, type PassFigures } from "./measure-pass";
import { benchPulseXSource } from "./pulsex-source";
import { createDexScreenerSource } from "@/lib/market/sources/dexscreener.server";
import { startFakeMarketApis, type FakeMarketApis } from "@/tests/chain/fake-market-apis";

const tokens = Number(process.env.MARKET_BENCH_TOKENS ?? 5000);
if (!Number.isInteger(tokens) || tokens < 1) throw new Error(`MARKET_BENCH_TOKENS must be a positive whole number, not ${process.env.MARKET_BENCH_TOKENS}`);

/** Seconds the gas replay may take (the replay is outside the passes' timing). */
const REPLAY_BUDGET_SECONDS = Number(process.env.MARKET_BENCH_REPLAY_SECONDS ?? 240);

const started = Date.now();
const since = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

console.log(`Market refresh bench: ${tokens.toLocaleString("en-US")} tokens (MARKET_BENCH_TOKENS)`);
const chainDb = mkdtempSync(path.join(tmpdir(), "bench-market-chain-"));
let chain = await startChainChild({ dbPath: chainDb });
try {
  console.log("Setup");
  const setupStarted = Date.now();
  const market = await buildBenchMarket(chain.rpcUrl, tokens, {
    progress: console.log,
    restart: async () => {
      await chain.stop();
      chain = await startChainChild({ dbPath: chainDb });
      return chain.rpcUrl;
    },
  });
  const chainSeconds = since(setupStarted);
  console.log(`  chain: ${market.transactions} transactions in ${chainSeconds}`);
  const dbStarted = Date.now();
  const database = await createBenchDatabase(market);
  console.log(`  database: ${database.coins} coins in ${since(dbStarted)}`);
  console.log(`  setup total: ${since(setupStarted)}`);

  // The app's env (lib/config/env.ts) reads the database URL if anything on the pass's path asks for it.
  process.env.DATABASE_URL = database.url;
  const { db, counts } = createCountingPrismaClient(database.url);
  let apis: FakeMarketApis | undefined;
  try {
    const { wpls, dai, usdc, hex, factoryV1, factoryV2, multicall3 } = market.contracts;
    const source = benchPulseXSource({
      rpcUrl: chain.proxyUrl,
      contracts: { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdc], baseTokens: [hex], multicall3 },
      db,
    });
    // The cross-check's DexScreener: a local stand-in that knows every token (the production
    // source and its request pace; the bench's PulseX source asks it nothing else).
    const quoted = await db.coin.findMany({ where: { quoteSource: "pulsex" }, select: { quoteId: true } });
    apis = await startFakeMarketApis({ dexScreener: Object.fromEntries(quoted.map(({ quoteId }) => [quoteId!.toLowerCase(), { priceUsd: 1, change24h: 0 }])), coinGecko: {} });
    const crossCheck = { source: createDexScreenerSource({ baseUrl: apis.dexScreenerUrl }), requests: apis.requests };
    // Every coin of the pass, the gas burners among them.
    const gasBurners = market.tokens.filter((token) => token.burnsGas).map(benchCoinId);
    const setup = { db, counts, chain, source, crossCheck, tokens: market.tokens.length, multicall3, gasBurners };
    console.log("Passes");
    // Discovery is a one-time cost that production spreads over as many passes as its budget
    // needs (each defers what it cannot reach); the bench runs it in one pass without a budget so
    // the measured pass starts with every token known. The measured pass has the production budget.
    const discovery = await measurePass("discovery pass", setup, { budgetMs: 24 * 3_600_000 });
    console.log(`  discovery pass: ${discovery.seconds.toFixed(1)} s`);
    const measured = await measurePass("measured pass", setup);
    console.log(`  measured pass: ${measured.seconds.toFixed(1)} s`);

    console.log("Gas replay (each distinct chunk once, as a transaction, after the passes)");
    const replayStarted = Date.now();
    const direct = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 300_000, retryCount: 0 }) }) as PublicClient;
    const passesBlock = await direct.getBlockNumber();
    const replay = createGasReplay(direct, chain.rpcUrl);
    // Ganache needs seconds per chunk: replay the chunks with the most calls first, within a budget.
    const replayDeadline = Date.now() + REPLAY_BUDGET_SECONDS * 1000;
    const withGas = async (pass: PassFigures): Promise<PassWithGas> => {
      const results = [];
      for (const chunk of [...pass.rpc.chunks].sort((a, b) => b.calls - a.calls)) {
        const gas = Date.now() < replayDeadline ? await replay.chunkGas(chunk) : replay.cached(chunk) ?? { gas: null, error: `not replayed: over the replay's ${REPLAY_BUDGET_SECONDS} s (MARKET_BENCH_REPLAY_SECONDS)` };
        results.push({ chunk, ...(await gas) });
      }
      const measuredGas = results.flatMap((result) => (result.gas === null ? [] : [result.gas]));
      const heaviest = results.reduce<(typeof results)[number] | null>((max, result) => (result.gas !== null && (max === null || result.gas > max.gas!) ? result : max), null);
      return {
        ...pass,
        gas: {
          max: heaviest?.gas ?? null,
          heaviestChunk: heaviest?.chunk ?? null,
          over30M: measuredGas.filter((gas) => gas > MARKET_GOALS.chunkGas).length,
          unmeasured: results.length - measuredGas.length,
          errors: results.flatMap((result) => (result.error ? [result.error] : [])),
        },
      };
    };
    // The measured pass first: its heaviest chunk is the goal's figure, and the replay budget may
    // run out before the discovery pass's hundred-odd chunks are done.
    const measuredWithGas = await withGas(measured);
    const discoveryWithGas = await withGas(discovery);
    console.log(`  ${since(replayStarted)}`);
    const heaviest = measuredWithGas.gas.heaviestChunk;
    // Off by default: ganache's estimate runs the chunk several times (minutes for the biggest).
    if (heaviest && process.env.MARKET_BENCH_ESTIMATE === "1") {
      const estimateStarted = Date.now();
      const estimate = await replay.estimate(heaviest, passesBlock);
      console.log(
        `  check: eth_estimateGas of the measured pass's heaviest chunk (${heaviest.calls} calls): ${estimate.gas ?? estimate.error}` +
          ` against ${measuredWithGas.gas.max} used by its replay (${since(estimateStarted)})`,
      );
    }

    printPasses(discoveryWithGas, measuredWithGas);
    console.log("\n  Database statements: counted where Prisma's libSQL adapter calls the libSQL client (execute/batch),");
    console.log("  including each statement inside a transaction; BEGIN/COMMIT are counted as transactions.");
    printMarketGoals(measuredWithGas);
  } finally {
    await apis?.stop();
    await db.$disconnect();
    database.remove();
  }
} finally {
  await chain.stop();
  rmSync(chainDb, { recursive: true, force: true });
}
console.log(`\nBench total: ${since(started)}`);
