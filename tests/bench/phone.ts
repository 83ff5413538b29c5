// `npm run bench:phone` (issue 41): Lighthouse's default mobile run (simulated throttling, the
// mobile preset: what PageSpeed Insights reports), PHONE_RUNS runs (5) per page, medians, on the
// five page kinds beside the bare Next.js page built from the same node_modules in the same run;
// then what each page carries (stylesheet copies and bytes, the inline RSC payload) and the
// first-load JS of /. It prints figures against the issue's goals and asserts nothing.
//
// PHONE_PAGES=/,/coins/hex limits the pages; SKIP_BUILD=1 reuses the last build.
// PHONE_HOLD_SCRIPTS_MS=400 also audits each page through a proxy that holds every script that
// long (held-scripts-proxy.ts): the experiment that shows how much of the LCP is scripts that
// happened to finish before the unthrottled first paint.
import { firstLoadJs } from "./first-load-js";
import { withFloor } from "./floor";
import { auditPage, type LighthouseResult } from "./lighthouse";
import { startHeldScriptsProxy } from "./held-scripts-proxy";
import { pageWeight, type PageWeight } from "./page-weight";
import { withServer } from "./servers";
import { kb } from "./stats";
import { AUDITED_PAGES } from "./targets";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const HOLD_MS = Number(process.env.PHONE_HOLD_SCRIPTS_MS ?? 0);
const PAGES: readonly string[] = process.env.PHONE_PAGES?.split(",") ?? ["/", "/compare/hex/btc", "/coins/hex", "/playground", "/get-listed"];
const GOALS = { scoreBelowFloor: 3, lcpRatio: 1.25, tbtOverFloorMs: 100, stylesheetCopies: 1, homePayloadKb: 60, homeFirstLoadKb: 120 };

for (const page of PAGES) if (!AUDITED_PAGES.includes(page as (typeof AUDITED_PAGES)[number])) console.log(`# ${page} is not one of the bench's audited pages; measured all the same`);

const started = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const yes = (met: boolean) => (met ? "yes" : "NO");

function row(name: string, r: LighthouseResult): string {
  return `  ${name.padEnd(26)} ${String(r.performance).padStart(5)} ${secs(r.lcpMs).padStart(8)} ${`${r.tbtMs.toFixed(0)} ms`.padStart(9)} ${secs(r.fcpMs).padStart(8)}   LCP runs ${r.lcpRunsMs.map((ms) => (ms / 1000).toFixed(2)).join(", ")}`;
}

// The floor first and last, so a machine that slows down during the run shows as two floors apart.
console.log(`Lighthouse mobile, default config (simulated throttling), median of ${RUNS} runs per page`);
console.log(`  ${"page".padEnd(26)} ${"perf".padStart(5)} ${"LCP".padStart(8)} ${"TBT".padStart(9)} ${"FCP".padStart(8)}`);
const { floorBefore, floorJs } = await withFloor(async (baseUrl) => ({ floorBefore: await auditPage(baseUrl, "simulate", RUNS), floorJs: await firstLoadJs(baseUrl, "/") }));
console.log(row("floor (before)", floorBefore));

const { audits, weights, homeJs } = await withServer("62", { build: process.env.SKIP_BUILD !== "1" }, async (app) => {
  const audits = new Map<string, LighthouseResult>();
  for (const page of PAGES) {
    const result = await auditPage(`${app.baseUrl}${page}`, "simulate", RUNS);
    console.log(row(page, result));
    audits.set(page, result);
  }
  if (HOLD_MS > 0) {
    const proxy = await startHeldScriptsProxy(app.baseUrl, HOLD_MS);
    try {
      for (const page of PAGES) console.log(row(`${page} (held)`, await auditPage(`${proxy.baseUrl}${page}`, "simulate", RUNS)));
    } finally {
      await proxy.close();
    }
  }
  const weights: PageWeight[] = [];
  for (const page of PAGES) weights.push(await pageWeight(app.baseUrl, page));
  return { audits, weights, homeJs: await firstLoadJs(app.baseUrl, "/") };
});

const floorAfter = await withFloor((baseUrl) => auditPage(baseUrl, "simulate", RUNS));
console.log(row("floor (after)", floorAfter));

// The floor's figure is the mean of its two medians: the pages were measured between them.
const floor = {
  performance: (floorBefore.performance + floorAfter.performance) / 2,
  lcpMs: (floorBefore.lcpMs + floorAfter.lcpMs) / 2,
  tbtMs: (floorBefore.tbtMs + floorAfter.tbtMs) / 2,
};

console.log(`\nWhat each page carries (raw HTML as served; stylesheet counted inline, linked and in the RSC payload)`);
console.log(`  ${"page".padEnd(18)} ${"HTML".padStart(9)} ${"gzip".padStart(9)} ${"CSS copies".padStart(10)} ${"CSS bytes".padStart(10)} ${"inline RSC".padStart(10)}`);
for (const w of weights) {
  console.log(`  ${w.page.padEnd(18)} ${kb(w.htmlBytes).padStart(9)} ${kb(w.htmlGzipBytes).padStart(9)} ${String(w.stylesheetCopies).padStart(10)} ${kb(w.stylesheetBytes).padStart(10)} ${kb(w.inlinePayloadBytes).padStart(10)}`);
}

console.log(`\nGoals (floor: performance ${floor.performance}, LCP ${secs(floor.lcpMs)}, TBT ${floor.tbtMs.toFixed(0)} ms, the mean of its two medians)`);
console.log(`  ${"page".padEnd(18)} ${"perf ≥ floor−3".padStart(16)} ${"LCP ÷ floor ≤ 1.25".padStart(20)} ${"TBT − floor ≤ 100".padStart(19)} ${"CSS copies ≤ 1".padStart(15)}`);
for (const page of PAGES) {
  const a = audits.get(page)!;
  const w = weights.find((x) => x.page === page)!;
  const lcpRatio = a.lcpMs / floor.lcpMs;
  const tbtOver = a.tbtMs - floor.tbtMs;
  console.log(
    `  ${page.padEnd(18)} ${`${a.performance} ${yes(a.performance >= floor.performance - GOALS.scoreBelowFloor)}`.padStart(16)} ${`${lcpRatio.toFixed(2)} ${yes(lcpRatio <= GOALS.lcpRatio)}`.padStart(20)} ${`${tbtOver >= 0 ? "+" : ""}${tbtOver.toFixed(0)} ms ${yes(tbtOver <= GOALS.tbtOverFloorMs)}`.padStart(19)} ${`${w.stylesheetCopies} ${yes(w.stylesheetCopies <= GOALS.stylesheetCopies)}`.padStart(15)}`,
  );
}
const home = weights.find((w) => w.page === "/");
if (home) console.log(`  inline RSC payload of /: ${kb(home.inlinePayloadBytes)} (goal ≤ ${GOALS.homePayloadKb} KB): ${yes(home.inlinePayloadBytes <= GOALS.homePayloadKb * 1024)}`);
console.log(`  first-load JS of /, gzip: ${homeJs.kb.toFixed(1)} KB in ${homeJs.scripts} scripts (goal ≤ ${GOALS.homeFirstLoadKb} KB): ${yes(homeJs.kb <= GOALS.homeFirstLoadKb)}; the bare Next.js page: ${floorJs.kb.toFixed(1)} KB in ${floorJs.scripts} scripts`);
console.log(`\nBench took ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
process.exit(0);
