// `npm run bench:snapshot`: the longest event-loop block while one process builds its coin snapshot
// at 5,062 coins (tests/bench/synthetic-coins.ts, no history), each way issue 51 left and the one
// it replaced, printed per run (perf_hooks.monitorEventLoopDelay at 1 ms resolution, and the
// longest gap a 1 ms timer saw):
//   old        one findMany of every coin, toCoin, JSON.stringify (the build before issue 51)
//   rows       the fallback: rows in pages of 500 that yield, then publishing the read model
//   read-model an instance loading the published read model (head, then chunks)
//   writer     coinsChanged after a write: rows in pages, the read model published
//   idle       nothing but the timer for 1 s: what the machine's other processes add to any figure
// Goal (issue 51): at most 50 ms for any one block.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createSyntheticDatabase } from "@/tests/bench/synthetic-coins";

const RUNS = Number(process.env.SNAPSHOT_BENCH_RUNS ?? 5);

async function measure(what: () => Promise<unknown>): Promise<{ ms: number; histogramMax: number; longestGap: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    longestGap = Math.max(longestGap, at - last);
    last = at;
  }, 1);
  histogram.enable();
  const started = performance.now();
  await what();
  const ms = performance.now() - started;
  longestGap = Math.max(longestGap, performance.now() - last); // a build that never yields shows here
  histogram.disable();
  clearInterval(timer);
  return { ms, histogramMax: histogram.max / 1e6, longestGap };
}

const database = await createSyntheticDatabase({ history: false });
process.env.DATABASE_URL = database.url;
try {
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/get-db.server");
  const { resetPublicCacheForTests } = await import("@/lib/cache/public-cache.server");
  const { getCoinSnapshot } = await import("@/lib/coins/snapshot.server");
  const { coinsChanged } = await import("@/lib/coins/coins-changed.server");
  const { toCoin } = await import("@/lib/coins/serialize");
  const db = getDb();
  console.log(`coin snapshot at ${database.coins} coins, ${RUNS} runs each; longest block (ms): histogram max / longest 1 ms timer gap; total ms`);
  const cases: Record<string, () => Promise<unknown>> = {
    // The machine's own noise: nothing runs here but the timer, for one second.
    idle: () => new Promise((resolve) => setTimeout(resolve, 1_000)),
    old: async () => JSON.stringify((await db.coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] })).map(toCoin)),
    rows: async () => {
      await db.coinsReadModelChunk.deleteMany();
      await db.coinsReadModel.deleteMany();
      resetPublicCacheForTests();
      return getCoinSnapshot();
    },
    "read-model": async () => {
      resetPublicCacheForTests();
      return getCoinSnapshot();
    },
    writer: async () => {
      await db.coin.update({ where: { id: "hex" }, data: { currentPrice: { multiply: 1.01 } } });
      return coinsChanged(db);
    },
  };
  for (const [name, run] of Object.entries(cases)) {
    const results: Awaited<ReturnType<typeof measure>>[] = [];
    for (let i = 0; i < RUNS; i++) results.push(await measure(run));
    const fmt = (pick: (r: (typeof results)[number]) => number) => results.map((r) => pick(r).toFixed(0)).join(" ");
    console.log(`${name.padEnd(10)} block ${fmt((r) => r.histogramMax)} / gap ${fmt((r) => r.longestGap)}; total ${fmt((r) => r.ms)}`);
  }
  await db.$disconnect();
} finally {
  database.remove();
}
