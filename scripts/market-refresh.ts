// `npm run market:refresh`: one market refresh pass against DATABASE_URL, then a summary. It
// takes the same lease as the server's schedule and the cron route, so it never runs alongside them.
import "./load-env";
import { createPrismaClient } from "../lib/db/create-client";
import { refreshMarket } from "../lib/market/run";

const db = createPrismaClient();
try {
  // The summary below lists every failure, so the pass's own log lines would only repeat it.
  const outcome = await refreshMarket(db, { log: () => {} });
  if (!outcome.ran) {
    console.log(`Skipped: ${outcome.reason}.`);
  } else {
    const { report } = outcome;
    console.log(`Updated ${report.updated.length} coins; ${report.failed.length} failed; ${report.heldBack.length} held back; ${report.snapshotsThinned} old snapshots thinned.`);
    for (const failure of report.failed) console.log(`  failed     ${failure.coinId} (${failure.source}): ${failure.reason}`);
    for (const held of report.heldBack) console.log(`  held back  ${held.coinId} (${held.source}): ${held.reason}`);
    if (report.updated.length === 0 && report.failed.length > 0) process.exitCode = 1;
  }
} finally {
  await db.$disconnect();
}
