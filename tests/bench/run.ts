// `npm run bench`: measures the production build in one run and prints figures against issue
// 12's, 13's and 14's goals. It asserts nothing; it fails only when something cannot be measured.
//
// Four servers from one build, one after another:
//   1. seed database (62 coins): probe every response (bodies for the static twins) and first-load JS;
//   2. seed + 5,000 synthetic coins: probe again;
//   then the twins are written to public/bench-reference/ (next start reads public/ only at start-up);
//   3. seed database: throughput beside the twins, Lighthouse;
//   4. 5,000 coins: throughput beside the twins, Lighthouse, keystroke latency of the coin search;
//   5. seed database: issue 14's mixed load of reads, writes and sign-ins (mixed-load.ts).
// The 5,000-coin database carries every coin's history (issue 16), generated once per run.
import { auditFloor } from "./floor";
import { printFirstLoadJs } from "./first-load-js";
import { apiRows, floorRows, goalRows, GOALS, issue16Rows, printGoals, type FloorRun } from "./goals";
import { describeMs, measureKeystrokes } from "./keystroke";
import { auditPages } from "./lighthouse";
import { probeOf, probeTargets, type Probes } from "./probe";
import { clearReferenceFiles, writeReferenceFile } from "./reference-files";
import { removeLargeDatabase, withServer, type DataSet } from "./servers";
import { countComparisons, signedInTargets } from "./site-activity";
import { mixedLoad, printMixedLoad } from "./mixed-load";
import { KEYSTROKE_QUERY } from "./synthetic-coins";
import { measureThroughput, rowFor, type ThroughputResults } from "./throughput";
import { AUDITED_PAGES, COIN_IMAGE, COIN_PAGE, FIRST_LOAD_PAGES, HISTORY_ALL, PUBLIC_TARGETS, type Target } from "./targets";

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;

/** At 62 coins the writes and the signed-in lists are measured too (made afresh on each server). */
async function targetsFor(dataSet: DataSet, baseUrl: string): Promise<Target[]> {
  await countComparisons(baseUrl);
  return dataSet === "62" ? [...PUBLIC_TARGETS, ...(await signedInTargets(baseUrl))] : [...PUBLIC_TARGETS];
}

function writeTwins(dataSet: DataSet, probes: Probes): void {
  for (const probe of probes.values()) if (probe.works) writeReferenceFile(dataSet, probe.target, probe.body);
}

const publicRow = (results: ThroughputResults) => (path: string) => {
  const target = PUBLIC_TARGETS.find((t) => t.path === path);
  return target && rowFor(results, target);
};

const publicTarget = (path: string) => PUBLIC_TARGETS.find((t) => t.path === path)!;

/** The audited pages this build serves (a page built on another branch answers 404 until merged). */
function servedPages(probes: Probes): string[] {
  return AUDITED_PAGES.filter((page) => probeOf(probes, publicTarget(page)).works);
}

// BENCH=coins measures only issue 16's rows at 5,000 coins (the coin page, its share image, the
// whole history; Lighthouse of the coin page): probe, write the twins, measure on a new server.
if (process.env.BENCH === "coins") {
  const targets = [COIN_PAGE, COIN_IMAGE, HISTORY_ALL].map(publicTarget);
  clearReferenceFiles();
  try {
    const probes = await withServer("5000", { build: process.env.SKIP_BUILD !== "1" }, async (app) => probeTargets(app.baseUrl, targets));
    writeTwins("5000", probes);
    const { results, lighthouse } = await withServer("5000", { build: false }, async (app) => ({
      results: await measureThroughput(app.baseUrl, "5000", "Issue 16 at 5,062 coins", targets, probes),
      lighthouse: await auditPages(app.baseUrl, probeOf(probes, targets[0]!).works ? [COIN_PAGE] : [], "5,062 coins"),
    }));
    printGoals(issue16Rows((path) => publicRow(results)(path), lighthouse), "Summary: issue 16's goals at 5,000 coins");
    console.log(`\nBench took ${elapsed()}.`);
  } finally {
    clearReferenceFiles();
    await removeLargeDatabase();
  }
  process.exit(0);
}

/**
 * Issue 24: the audited pages and the floor (a bare Next.js page) with applied throttling, then
 * the floor as Lighthouse simulates it, printed to show how far its runs spread there.
 */
async function auditBesideFloor(baseUrl: string, title: string): Promise<FloorRun> {
  const pages = await auditPages(baseUrl, AUDITED_PAGES, title, "devtools");
  const floor = await auditFloor(title, "devtools");
  await auditFloor(title, "simulate");
  return { floor, pages };
}

// BENCH=lighthouse measures only issue 24's rows: Lighthouse of the audited pages at 62 and at
// 5,000 coins, each data set beside the floor (a bare Next.js page) audited in the same window.
if (process.env.BENCH === "lighthouse") {
  try {
    const audit = (dataSet: DataSet, title: string) =>
      withServer(dataSet, { build: process.env.SKIP_BUILD !== "1" && dataSet === "62" }, (app) => auditBesideFloor(app.baseUrl, title));
    const small = await audit("62", "62 coins");
    const large = await audit("5000", "5,062 coins");
    printGoals(floorRows({ small, large }, AUDITED_PAGES), "Summary: issue 24's Lighthouse rows, beside the floor");
    console.log(`\nBench took ${elapsed()}.`);
  } finally {
    await removeLargeDatabase();
  }
  process.exit(0);
}

// BENCH=api measures only the coin list (whole and paged, through Next) against its static twins
// at 62 and 5,000 coins: probe both, write the twins, measure each on a new server.
if (process.env.BENCH === "api") {
  const targets = ["/api/cryptocurrencies", "/api/cryptocurrencies?per_page=250&page=1"].map(publicTarget);
  clearReferenceFiles();
  try {
    const probe = (dataSet: DataSet, build: boolean) => withServer(dataSet, { build }, async (app) => probeTargets(app.baseUrl, targets));
    const probes = { "62": await probe("62", process.env.SKIP_BUILD !== "1"), "5000": await probe("5000", false) };
    writeTwins("62", probes["62"]);
    writeTwins("5000", probes["5000"]);
    const measure = (dataSet: DataSet, title: string) =>
      withServer(dataSet, { build: false }, async (app) => measureThroughput(app.baseUrl, dataSet, title, targets, probes[dataSet]));
    const small = await measure("62", "The coin list at 62 coins");
    const large = await measure("5000", "The coin list at 5,062 coins");
    printGoals(apiRows({ small: publicRow(small), large: publicRow(large) }), "Summary: the coin list against its static twins");
    console.log(`\nBench took ${elapsed()}.`);
  } finally {
    clearReferenceFiles();
    await removeLargeDatabase();
  }
  process.exit(0);
}

// BENCH=mixed measures only the mixed load (on the last build unless told to build), for
// working on it; the goal table needs the whole run.
if (process.env.BENCH === "mixed") {
  printMixedLoad(await withServer("62", { build: process.env.SKIP_BUILD !== "1" }, async (app) => mixedLoad(app)));
  process.exit(0);
}

clearReferenceFiles();
try {
  const seedProbe = await withServer("62", { build: true }, async (app) => {
    const probes = await probeTargets(app.baseUrl, await targetsFor("62", app.baseUrl));
    const firstLoad = await printFirstLoadJs(app.baseUrl, FIRST_LOAD_PAGES, GOALS.firstLoadJsKb);
    return { probes, homeFirstLoadKb: firstLoad.find((f) => f.page === "/")!.kb };
  });
  const largeProbes = await withServer("5000", { build: false }, async (app) => probeTargets(app.baseUrl, await targetsFor("5000", app.baseUrl)));
  writeTwins("62", seedProbe.probes);
  writeTwins("5000", largeProbes);
  console.log(`# probed both data sets and wrote the static twins (${elapsed()})`);

  const small = await withServer("62", { build: false }, async (app) => {
    const throughput = await measureThroughput(app.baseUrl, "62", "Throughput at 62 coins (seed)", await targetsFor("62", app.baseUrl), seedProbe.probes);
    const lighthouse = await auditPages(app.baseUrl, servedPages(seedProbe.probes), "62 coins");
    const floor = await auditBesideFloor(app.baseUrl, "62 coins");
    return { throughput, lighthouse, floor };
  });
  console.log(`# 62 coins measured (${elapsed()})`);

  const large = await withServer("5000", { build: false }, async (app) => {
    const throughput = await measureThroughput(app.baseUrl, "5000", "Throughput at 5,062 coins (seed + 5,000 synthetic)", await targetsFor("5000", app.baseUrl), largeProbes);
    const lighthouse = await auditPages(app.baseUrl, servedPages(largeProbes), "5,062 coins");
    const floor = await auditBesideFloor(app.baseUrl, "5,062 coins");
    const keystroke = await measureKeystrokes(app.baseUrl, KEYSTROKE_QUERY);
    console.log(
      `\nCoin search at 5,062 coins, Event Timing (typing "${keystroke.query}" into "First coin", 300 ms apart): ` +
        `${keystroke.keystrokes.map(describeMs).join(", ")}; median ${describeMs(keystroke.medianMs)}, max ${describeMs(keystroke.maxMs)}`,
    );
    return { throughput, lighthouse, floor, keystroke };
  });

  const mixed = await withServer("62", { build: false }, async (app) => mixedLoad(app));
  printMixedLoad(mixed);
  console.log(`# mixed load measured (${elapsed()})`);

  printGoals(
    goalRows({
      throughput: { small: publicRow(small.throughput), large: publicRow(large.throughput) },
      firstLoadJsKb: seedProbe.homeFirstLoadKb,
      lighthouse: { small: small.lighthouse, large: large.lighthouse },
      floor: { small: small.floor, large: large.floor },
      keystroke: large.keystroke,
      pages: AUDITED_PAGES,
      mixed,
    }),
  );
  console.log(`\nBench took ${elapsed()}.`);
} finally {
  clearReferenceFiles();
  await removeLargeDatabase();
}
