// `npm run market:backfill`: fills each coin's daily history before the site's own snapshots
// from CoinGecko (coins quoted there) and GeckoTerminal (PulseChain tokens), against DATABASE_URL,
// then prints a summary. Exit codes: 0 done (coins skipped along the way are retried by the next
// run), 1 when every coin it tried was skipped or it failed before any coin, 2 usage error.
import "./load-env";
import { createPrismaClient } from "../lib/db/create-client";
import { getEnv } from "../lib/config/env";
import { errorMessage } from "../lib/errors/error-message";
import { BACKFILL_USAGE, parseBackfillArgs } from "../lib/market/backfill/backfill-args";
import { describeOutcome, runBackfill } from "../lib/market/backfill/run-backfill.server";

const args = parseBackfillArgs(process.argv.slice(2));
if ("error" in args) {
  console.error(`Error: ${args.error}\n\n${BACKFILL_USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(BACKFILL_USAGE);
  process.exit(0);
}

const env = getEnv();
const db = createPrismaClient();
try {
  const report = await runBackfill(db, {
    coinIds: args.coinIds,
    days: args.days,
    again: args.again,
    coinGecko: { baseUrl: env.COINGECKO_API_URL, apiKey: env.COINGECKO_API_KEY },
    geckoTerminal: { baseUrl: env.GECKOTERMINAL_BASE_URL },
    log: (line) => console.log(line),
  });
  const done = report.outcomes.filter((outcome) => outcome.status === "done").length;
  const skipped = report.outcomes.filter((outcome) => outcome.status === "skipped");
  console.log(
    `Backfill: ${done} coins done, ${report.daysWritten} days written, ${skipped.length} skipped, ${report.requests} requests` +
      (report.alreadyDone > 0 ? `; ${report.alreadyDone} coins already backfilled (--again re-checks them).` : "."),
  );
  if (report.unknownIds.length > 0) console.log(`  unknown  no coin with the id ${report.unknownIds.join(", ")}`);
  for (const outcome of skipped) console.log(describeOutcome(outcome));
  if (skipped.length > 0) console.log("Skipped coins are not marked done: run it again to retry them.");
  if (done === 0 && skipped.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(`Backfill failed: ${errorMessage(error)}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
