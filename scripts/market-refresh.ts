// `npm run market:refresh`: one market pass job against DATABASE_URL (the prices, then the alerts
// judged on what changed; their deliveries go out with the next drain of the worker or the
// server, lib/jobs/deliver.server.ts), then a summary. It takes the same lease as the server's
// schedule and the cron route, so it never runs alongside them.
import "./load-env";
import { createPrismaClient } from "../lib/db/create-client";
import { runMarketPass } from "../lib/jobs/market-pass.server";

const db = createPrismaClient();
try {
  // The summary below lists every failure, so the pass's own log lines would only repeat it.
  const outcome = await runMarketPass(db, { log: () => {} });
  if (!outcome.ran) {
    console.log(`Skipped: ${outcome.reason}.`);
  } else {
    const { report } = outcome;
    console.log(
      `Updated ${report.updated.length} coins; ${report.failed.length} failed; ${report.heldBack.length} held back; ${report.lowLiquidity.length} low liquidity; ` +
        `${report.deferred.length} deferred.`,
    );
    for (const failure of report.failed) console.log(`  ${failure.kind === "unreachable" ? "unreachable" : "failed     "} ${failure.coinId} (${failure.source}): ${failure.reason}`);
    for (const held of report.heldBack) console.log(`  held back   ${held.coinId} (${held.source}): ${held.reason}`);
    for (const low of report.lowLiquidity) {
      console.log(`  low liq.    ${low.coinId} (${low.source}): pool ${low.liquidityUsd === null ? "unknown" : `$${Math.round(low.liquidityUsd)}`}, last good price kept`);
    }
    if (report.deferred.length > 0) console.log(`  deferred    ${report.deferred.length} coins (time budget), asked first next pass: ${report.deferred.map((d) => d.coinId).join(", ")}`);
    const check = report.crossCheck;
    if (check) console.log(`  PLS check   on-chain $${check.onchainUsd} vs CoinGecko $${check.coingeckoUsd}: ${check.differencePct.toFixed(2)}% ${check.agrees ? "(agrees)" : "(more than 3% apart)"}`);
    if (report.leaseLost) console.log("  lease lost  another refresher took the lease before the writes: nothing was written");
    if ((report.updated.length === 0 && report.failed.length > 0) || report.leaseLost) process.exitCode = 1;
  }
} finally {
  await db.$disconnect();
}
