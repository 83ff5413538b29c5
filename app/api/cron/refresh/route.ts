// 200 with the pass's counts, a partial pass included; 503 with the same report (and the API's
// error) when the pass published nothing: a scheduler or monitor that alerts on 5xx then rings
// when the prices stop moving (lib/market/pass/pass-verdict.ts). A pass skipped for the lease is a 200.
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { statusOf } from "@/lib/api/error-codes";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { failedPassMessage, passVerdict } from "@/lib/market/pass/pass-verdict";
import { runMarketPass } from "@/lib/jobs/market-pass.server";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.cronRefresh, async () => {
    const outcome = await runMarketPass(getDb());
    if (!outcome.ran) return { ran: false, reason: outcome.reason };
    const { report } = outcome;
    const body = {
      ran: true,
      status: passVerdict(report),
      updated: report.updated.length,
      failed: report.failed,
      heldBack: report.heldBack,
      lowLiquidity: report.lowLiquidity,
      // Coins left for the next pass by the time budget: a count, the list can be long.
      deferred: report.deferred.length,
      crossCheck: report.crossCheck,
      sourceChecks: report.sourceChecks,
      alerts: report.alerts,
    };
    if (body.status !== "failed") return body;
    return NextResponse.json({ ...body, error: { code: "service_unavailable", message: failedPassMessage(report) } }, { status: statusOf("service_unavailable") });
  }),
});
