import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { refreshMarket } from "@/lib/market/run.server";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.cronRefresh, async () => {
    const outcome = await refreshMarket(getDb());
    return outcome.ran
      ? {
          ran: true,
          updated: outcome.report.updated.length,
          failed: outcome.report.failed,
          heldBack: outcome.report.heldBack,
          lowLiquidity: outcome.report.lowLiquidity,
          // Coins left for the next pass by the time budget: a count, the list can be long.
          deferred: outcome.report.deferred.length,
          crossCheck: outcome.report.crossCheck,
          sourceChecks: outcome.report.sourceChecks,
        }
      : { ran: false, reason: outcome.reason };
  }),
});
