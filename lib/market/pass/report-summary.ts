// One log line for a refresh pass (the Node schedule prints it after every pass). Pure.
import type { RefreshReport } from "./refresh.server";

export function summarizeReport(report: RefreshReport): string {
  const parts = [
    `${report.updated.length} updated`,
    `${report.failed.length} failed`,
    `${report.heldBack.length} held back`,
    `${report.lowLiquidity.length} low liquidity`,
    `${report.deferred.length} deferred`,
  ];
  const check = report.crossCheck;
  if (check) parts.push(`PLS vs CoinGecko ${check.differencePct >= 0 ? "+" : ""}${check.differencePct.toFixed(2)}%${check.agrees ? "" : " (more than 3% apart)"}`);
  const { sourceChecks } = report;
  if (sourceChecks.checked > 0) parts.push(`${sourceChecks.checked} checked against a second source${sourceChecks.disagree.length > 0 ? ` (${sourceChecks.disagree.length} disagree)` : ""}`);
  if (report.leaseLost) parts.push("lease lost, nothing written");
  return parts.join(", ");
}
