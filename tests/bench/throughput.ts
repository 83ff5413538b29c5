// Each target under load beside its same-size static twin on the same server, printed as it goes.
import { request } from "./http-get";
import { CONNECTIONS, load, type LoadFigures } from "./load";
import { probeOf, type Probes } from "./probe";
import { referenceUrlPath } from "./reference-files";
import { kb, num, ratio } from "./stats";
import { targetSlug, type Target } from "./targets";

export type ThroughputRow = {
  target: Target;
  /** Set when the route does not work on this branch: the status it answered. */
  unavailableStatus?: number;
  bytes: number;
  gzipBytes: number;
  route?: LoadFigures;
  reference?: LoadFigures;
};

export type ThroughputResults = Map<string, ThroughputRow>;

export const rowFor = (results: ThroughputResults, target: Target) => results.get(targetSlug(target));

export const throughputRatio = (row: ThroughputRow | undefined) =>
  row?.route && row.reference ? row.route.requestsPerSecond / row.reference.requestsPerSecond : null;
export const p99Ratio = (row: ThroughputRow | undefined) => (row?.route && row.reference ? row.route.p99Ms / row.reference.p99Ms : null);

function describeUnexpected(figures: LoadFigures): string {
  const entries = Object.entries(figures.unexpected);
  return entries.length ? ` [${entries.map(([status, count]) => `${status}: ${count}`).join(", ")}]` : "";
}

function printHeader(title: string): void {
  console.log(`\n${title}`);
  console.log(
    `  ${"route".padEnd(44)} ${"body".padStart(9)} ${"gzip".padStart(9)} | ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}` +
      ` | static ${"req/s".padStart(7)} ${"p99 ms".padStart(7)} | req/s ÷ static  p99 ÷ static`,
  );
}

function printRow(row: ThroughputRow): void {
  const name = `${row.target.method === "POST" ? "POST " : ""}${row.target.name}`.padEnd(44);
  if (row.unavailableStatus !== undefined) {
    console.log(`  ${name} n/a (status ${row.unavailableStatus})`);
    return;
  }
  const { route, reference } = row;
  if (!route || !reference) return;
  const counted = route.mode === "counted" ? ` (slow: ${route.responses} requests in ${route.seconds.toFixed(1)} s)` : "";
  console.log(
    `  ${name} ${kb(row.bytes).padStart(9)} ${kb(row.gzipBytes).padStart(9)} | ${num(route.requestsPerSecond, 1, 7)} ${num(route.p50Ms, 0, 7)} ${num(route.p99Ms, 0, 7)}` +
      ` | static ${num(reference.requestsPerSecond, 1, 7)} ${num(reference.p99Ms, 0, 7)} |` +
      ` ${ratio(throughputRatio(row)!).padStart(14)} ${num(p99Ratio(row)!, 1, 13)}×${counted}${describeUnexpected(route)}${describeUnexpected(reference)}`,
  );
}

/**
 * Loads every target and its twin (written from `probes` before this server started) on a
 * server serving data set `dataSet`. A missing twin fails the bench; a twin whose size no longer
 * matches the route's answer (the data changed since the probe) is flagged under the row.
 */
export async function measureThroughput(
  baseUrl: string,
  dataSet: string,
  title: string,
  targets: readonly Target[],
  probes: Probes,
): Promise<ThroughputResults> {
  printHeader(`${title}: ${CONNECTIONS} connections, Accept-Encoding: gzip; static = a file of the same bytes in public/`);
  const results: ThroughputResults = new Map();
  for (const target of targets) {
    const probe = probeOf(probes, target);
    const row: ThroughputRow = { target, bytes: probe.body.length, gzipBytes: probe.gzipBytes };
    let note = "";
    if (!probe.works) {
      row.unavailableStatus = probe.status;
    } else {
      const twin = referenceUrlPath(dataSet, target);
      const [now, twinNow] = [await request(baseUrl, target), await request(baseUrl, { path: twin })];
      if (twinNow.status !== 200) throw new Error(`bench: static twin ${twin} answered ${twinNow.status}`);
      // Same data, so the same size give or take timestamps and ids (a saved comparison's id).
      if (Math.abs(now.body.length - twinNow.body.length) > Math.max(64, twinNow.body.length * 0.02)) {
        note = `    note: the route answers ${kb(now.body.length)} now, its twin has ${kb(twinNow.body.length)}`;
      }
      row.route = await load(baseUrl, target, target.expectedStatus);
      row.reference = await load(baseUrl, { path: twin }, 200);
    }
    printRow(row);
    if (note) console.log(note);
    results.set(targetSlug(target), row);
  }
  return results;
}
