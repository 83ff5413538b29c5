// The stall bench's worker: one market pass over every coin of DATABASE_URL, in a process of its
// own beside the web instances, as `npm run market:worker` runs it (refreshMarket: the lease, the
// pass's writes, whatever the pass publishes after them), but with local price sources that
// answer at once for every coin with its price moved by STALL_PASS_FACTOR (so every coin is
// written, HEX among them). Nothing leaves the machine. Started by run.ts with
//   node --conditions react-server --import tsx tests/bench/coins/stall/pass.ts
// Like a worker between passes, it is loaded before its pass starts: it prints {"event":"ready"}
// once loaded, starts the pass when a line arrives on stdin, and prints {"event":"started","at"}
// then, and {"event":"finished","at","updated","failed","seconds"} when refreshMarket returns.
import { once } from "node:events";
import { getDb } from "@/lib/db/get-db.server";
import { PLS_COINGECKO_ID } from "@/lib/market/pass/cross-check";
// The worker's pass; if issue 51's jobs move it, this import follows it.
import { refreshMarket } from "@/lib/market/run.server";
import { QUOTE_SOURCES, type PriceSource, type Quote, type SourceResult } from "@/lib/market/types";

const factor = Number(process.env.STALL_PASS_FACTOR ?? 1.02);
if (!(factor > 0) || factor === 1) throw new Error(`STALL_PASS_FACTOR must be a positive number other than 1, not ${process.env.STALL_PASS_FACTOR}`);

const db = getDb();
// Read here, in the worker, before the pass: the sources' answers are the stored prices moved.
const prices = new Map((await db.coin.findMany({ select: { id: true, currentPrice: true } })).map((coin) => [coin.id, coin.currentPrice * factor]));
// CoinGecko's PLS for the pass's cross-check: the same moved PLS price, so they agree.
const plsPrice = prices.get("pls");

/** A source that knows every coin: deep liquidity, so nothing is held back or flagged. */
const localSource = (name: PriceSource["name"]): PriceSource => ({
  name,
  async fetchQuotes(requests) {
    const result: SourceResult = { quotes: new Map(), failures: [] };
    for (const { coinId, quoteId } of requests) {
      const price = quoteId === PLS_COINGECKO_ID && coinId !== "pls" ? plsPrice : prices.get(coinId);
      if (price === undefined) result.failures.push({ coinId, reason: "unknown to the bench's source" });
      else result.quotes.set(coinId, { price, marketCap: null, change24h: null, liquidityUsd: 1e9 } satisfies Quote);
    }
    return result;
  },
});

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
print({ event: "ready" });
await once(process.stdin, "data");
process.stdin.destroy();
const started = performance.now();
print({ event: "started", at: Date.now() });
const outcome = await refreshMarket(db, { sources: QUOTE_SOURCES.map(localSource), log: () => {} });
if (!outcome.ran) throw new Error(`the pass did not run: ${outcome.reason}`);
print({ event: "finished", at: Date.now(), updated: outcome.report.updated.length, failed: outcome.report.failed.length, seconds: (performance.now() - started) / 1000 });
await db.$disconnect();
