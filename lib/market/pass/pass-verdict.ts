// Whether a refresh pass should alarm (pure). The cron route answers 503 for a failed pass, and
// the worker's JSON line carries the verdict, so a scheduler's or log monitor's alert fires on
// the passes that published nothing, not on the ordinary ones where a few coins failed.
import type { RefreshReport } from "./report";

/**
 * "failed": the pass updated no coin while some failed (every source down, the RPC and the APIs
 * unreachable: each asked coin fails as "unreachable"), or it reached no source at all (the time
 * budget ran out before any answered: every coin deferred, none judged); "partial": some coins
 * updated and some failed; "ok": none failed. A pass that lost its lease to another refresher
 * wrote nothing by design and is judged by its failures alone.
 */
export type PassVerdict = "ok" | "partial" | "failed";

export function passVerdict(report: Pick<RefreshReport, "updated" | "failed" | "heldBack" | "lowLiquidity" | "deferred">): PassVerdict {
  if (report.updated.length === 0) {
    if (report.failed.length > 0) return "failed";
    const judged = report.heldBack.length + report.lowLiquidity.length;
    if (judged === 0 && report.deferred.length > 0) return "failed";
  }
  return report.failed.length === 0 ? "ok" : "partial";
}

/** The failures counted by source and kind: { "pulsex unreachable": 20, "coingecko": 2 }. */
export function countFailures(failed: RefreshReport["failed"]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const failure of failed) {
    const key = failure.kind === "unreachable" ? `${failure.source} unreachable` : failure.source;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The same as a phrase: "pulsex unreachable: 20, coingecko: 2". */
export function describeFailures(failed: RefreshReport["failed"]): string {
  return Object.entries(countFailures(failed)).map(([key, count]) => `${key}: ${count}`).join(", ");
}

/** The message of a failed pass's 503. */
export function failedPassMessage(report: Pick<RefreshReport, "failed" | "deferred">): string {
  if (report.failed.length === 0) return `The refresh pass reached no source: all ${report.deferred.length} coins were left for the next pass (time budget).`;
  return `The refresh pass updated no coin; ${report.failed.length} failed (${describeFailures(report.failed)}).`;
}
