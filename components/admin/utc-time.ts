// Every time on the operator's page is printed in UTC and says so ("Nov 29, 2026 01:40 UTC"): the
// server's clock, the chain's block times and the buyer's UTC slot days line up, and two operators
// in different zones read the same figure (issue 50). Only the featured form's inputs take the
// browser's zone, and their hint names it.
import { formatDay, formatUtcClock } from "@/lib/shared/format";

/** "Nov 29, 2026 01:40 UTC" for an ISO time: the site's UTC day (formatDay) and the UTC clock. */
export function utcTime(iso: string): string {
  return `${formatDay(iso)} ${formatUtcClock(iso)} UTC`;
}
