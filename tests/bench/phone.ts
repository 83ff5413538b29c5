// `npm run bench:phone` (issues 41 and 53): each page beside the bare Next.js page built from the
// same node_modules in the same run, under two phones, PHONE_RUNS runs (5) each, medians:
//  (a) calibrated: Lighthouse's default mobile settings with the CPU slowdown scaled to the host,
//      so every machine emulates the same device: multiplier = 4 × benchmarkIndex ÷ 1,500 (the
//      CLI's 4× is meant for a host of index 1,500; a faster host is slowed more). The index is
//      the median over every calibrated load of the run, each audited at the end with the one
//      multiplier (phone-calibration.ts), so the rows print once every load is done.
//  (a') the same calibrated loads audited again with each main-thread task as long as the thread
//      ran in it (its CPU time): on a host of two cores the browser's own threads preempt the
//      page's main thread, and the simulation multiplies those waits by the slowdown like work.
//  (b) PageSpeed Insights' own settings (Lighthouse's lr-mobile-config: 1.2× on PSI's hosts).
// Then what each page carries (stylesheet, inline RSC payload, first-load JS). It prints figures
// against issue 53's goals and asserts nothing.
//
// The spin page (spin-page.ts) is audited the same way: one script of known work, PHONE_SPIN_MS
// (100) of CPU in Node, so the run shows what Lighthouse charges for a known amount of work in
// wall time (a) and in CPU time (a'); PHONE_SPIN_MS=0 leaves it out.
// PHONE_PAGES=/,/coins/hex limits the pages; SKIP_BUILD=1 reuses the last build;
// PHONE_CPU_SLOWDOWN=4 skips the calibration and uses that multiplier (to compare hosts by hand).
// PHONE_SCRIPTS_OFF=1 also audits each page and the floor (calibrated) through a proxy that takes
// every script out of the HTML (html-rewrite-proxy.ts): the main-thread work of the HTML and
// stylesheet alone, the experiment that shows what is left when no framework or app code runs.
// PHONE_WITHOUT=expect,pre-paint,logos,logos-in-view also audits each page (calibrated) with that
// part taken out of its HTML (html-rewrite-proxy.ts: the render-blocking expect link; the inline
// scripts before the first paint; every coin logo one file; the lists' logos loaded by the
// browser's own lazy loading instead), right after the page as served through the same proxy:
// what each costs or pays.
// PHONE_HOLD_SCRIPTS_MS=400 also audits each page through a proxy that holds every script that
// long (held-scripts-proxy.ts): the experiment that shows how much of the LCP is scripts that
// happened to finish before the unthrottled first paint.
import { firstLoadJs, type FirstLoadJs } from "./first-load-js";
import { withFloor } from "./floor";
import { startPhoneRun } from "./phone-calibration";
import { auditPage, type LighthouseResult, type MainThreadPart } from "./lighthouse";
import { startHeldScriptsProxy } from "./held-scripts-proxy";
import { REWRITES, startHtmlRewriteProxy, type RewriteName } from "./html-rewrite-proxy";
import { pageWeight, type PageWeight } from "./page-weight";
import { startSpinPage } from "./spin-page";
import { withServer } from "./servers";
import { kb } from "./stats";
import { AUDITED_PAGES } from "./targets";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const HOLD_MS = Number(process.env.PHONE_HOLD_SCRIPTS_MS ?? 0);
const SPIN_MS = Number(process.env.PHONE_SPIN_MS ?? 100);
const SCRIPTS_OFF = process.env.PHONE_SCRIPTS_OFF === "1";
const WITHOUT = (process.env.PHONE_WITHOUT?.split(",") ?? []) as RewriteName[];
for (const name of WITHOUT) if (!(name in REWRITES)) throw new Error(`PHONE_WITHOUT: no such part "${name}" (${Object.keys(REWRITES).join(", ")})`);
const PAGES: readonly string[] = process.env.PHONE_PAGES?.split(",") ?? ["/", "/compare/hex/btc", "/coins/hex", "/playground", "/get-listed"];
const GOALS = { mainThreadRatio: 2, tbtOverFloorMs: 100, scoreBelowFloor: 3, psiScore: 95, lcpRatio: 1.5, homePayloadKb: 50, firstLoadOverFloorKb: 10 };

for (const page of PAGES) if (!AUDITED_PAGES.includes(page as (typeof AUDITED_PAGES)[number])) console.log(`# ${page} is not one of the bench's audited pages; measured all the same`);

const started = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const yes = (met: boolean) => (met ? "yes" : "NO");
const top3 = (parts: MainThreadPart[]) => parts.slice(0, 3).map((part) => `${part.label.replace(/^https?:\/\/[^/]+/, "")} ${part.ms.toFixed(0)}`).join(", ");

type Audit = { calibrated: LighthouseResult; psi: LighthouseResult };
type Later<T> = () => T;

function row(name: string, r: LighthouseResult): string {
  return `  ${name.padEnd(24)} ${String(r.performance).padStart(4)} ${secs(r.lcpMs).padStart(7)} ${`${r.tbtMs.toFixed(0)} ms`.padStart(8)} ${secs(r.fcpMs).padStart(7)} ${`${r.mainThreadMs.toFixed(0)} ms`.padStart(9)} ${`${r.mainThreadCpuMs.toFixed(0)} ms`.padStart(9)} ${String(Math.round(r.benchmarkIndex)).padStart(6)} ${`${r.cpuSlowdown.toFixed(2)}×`.padStart(6)}   ${top3(r.mainThread)}`;
}

function header(title: string): void {
  console.log(headerLines(title));
}

function headerLines(title: string): string {
  return `\n${title}\n` + `  ${"page".padEnd(24)} ${"perf".padStart(4)} ${"LCP".padStart(7)} ${"TBT".padStart(8)} ${"FCP".padStart(7)} ${"main thr".padStart(9)} ${"of it CPU".padStart(9)} ${"index".padStart(6)} ${"CPU".padStart(6)}   largest parts of the main thread (ms)`;
}

async function auditBoth(url: string): Promise<Later<Audit>> {
  const calibrated = await phone.load(url, RUNS);
  const psi = await auditPage(url, "simulate", RUNS, { config: "psi" });
  return () => ({ calibrated: calibrated(), psi });
}

/** The experiments' rows, printed once the calibrated loads are audited. */
const experiments: Later<string>[] = [];
const printLater = (line: string | Later<string>) => experiments.push(typeof line === "string" ? () => line : line);
async function rowLater(name: string, url: string): Promise<void> {
  const read = await phone.load(url, RUNS);
  printLater(() => row(name, read()));
}

/** Mean of the floor's two medians (before and after the pages), so a machine that drifts shows. */
function meanFloor(a: LighthouseResult, b: LighthouseResult): LighthouseResult {
  const mean = (key: "performance" | "lcpMs" | "tbtMs" | "fcpMs" | "mainThreadMs" | "mainThreadCpuMs" | "benchmarkIndex" | "cpuSlowdown") => (a[key] + b[key]) / 2;
  return { ...a, performance: mean("performance"), lcpMs: mean("lcpMs"), tbtMs: mean("tbtMs"), fcpMs: mean("fcpMs"), mainThreadMs: mean("mainThreadMs"), mainThreadCpuMs: mean("mainThreadCpuMs"), benchmarkIndex: mean("benchmarkIndex"), cpuSlowdown: mean("cpuSlowdown") };
}

const phone = await startPhoneRun("simulate", { inCpuTime: true });
const { floorBefore: floorBeforeLater, floorJs, floorLinkJs } = await withFloor(async (baseUrl) => ({
  floorBefore: await auditBoth(baseUrl),
  floorJs: await firstLoadJs(baseUrl, "/"),
  floorLinkJs: await firstLoadJs(baseUrl, "/link"),
}));

const spin = SPIN_MS > 0 ? await startSpinPage(SPIN_MS) : undefined;
const spinLater = spin ? await phone.load(spin.url, RUNS).finally(() => spin.close()) : undefined;

const { auditsLater, weights, js } = await withServer("62", { build: process.env.SKIP_BUILD !== "1" }, async (app) => {
  const auditsLater = new Map<string, Later<Audit>>();
  for (const page of PAGES) {
    auditsLater.set(page, await auditBoth(`${app.baseUrl}${page}`));
    console.log(`# audited ${page}`);
  }
  if (SCRIPTS_OFF) {
    printLater(headerLines(`Scripts taken out (calibrated): the HTML and stylesheet alone`));
    const proxy = await startHtmlRewriteProxy(app.baseUrl, REWRITES.scripts);
    try {
      for (const page of PAGES) await rowLater(`${page} (no scripts)`, `${proxy.baseUrl}${page}`);
    } finally {
      await proxy.close();
    }
  }
  for (const name of WITHOUT) {
    // The page as served goes through the same proxy with nothing taken out: the proxy reads the
    // whole HTML before it answers (no streaming), which by itself moves the paint.
    printLater(headerLines(`Without ${name} (calibrated), each beside the page as served through the same proxy`));
    const [unchanged, proxy] = await Promise.all([startHtmlRewriteProxy(app.baseUrl, (html) => html), startHtmlRewriteProxy(app.baseUrl, REWRITES[name])]);
    try {
      for (const page of PAGES) {
        await rowLater(`${page} (as served)`, `${unchanged.baseUrl}${page}`);
        await rowLater(`${page} (no ${name})`, `${proxy.baseUrl}${page}`);
      }
    } finally {
      await Promise.all([unchanged.close(), proxy.close()]);
    }
  }
  if (HOLD_MS > 0) {
    const proxy = await startHeldScriptsProxy(app.baseUrl, HOLD_MS);
    try {
      printLater(headerLines(`Scripts held ${HOLD_MS} ms (calibrated)`));
      for (const page of PAGES) await rowLater(`${page} (held)`, `${proxy.baseUrl}${page}`);
    } finally {
      await proxy.close();
    }
  }
  const weights: PageWeight[] = [];
  const js: FirstLoadJs[] = [];
  for (const page of PAGES) {
    weights.push(await pageWeight(app.baseUrl, page));
    js.push(await firstLoadJs(app.baseUrl, page));
  }
  return { auditsLater, weights, js };
});
const floorAfterLater = await withFloor(async (baseUrl) => {
  if (SCRIPTS_OFF) {
    const proxy = await startHtmlRewriteProxy(baseUrl, REWRITES.scripts);
    try {
      await rowLater("floor (no scripts)", `${proxy.baseUrl}/`);
    } finally {
      await proxy.close();
    }
  }
  return auditBoth(baseUrl);
});

const multiplier = await phone.finish();
for (const line of experiments) console.log(line());
const floorBefore = floorBeforeLater();
const floorAfter = floorAfterLater();
const audits = new Map([...auditsLater].map(([page, read]) => [page, read()]));

const spinRead = spinLater?.();
/** The calibrated loads audited in CPU time (lighthouse.ts, inCpuTime); absent when PHONE_CPU_SLOWDOWN fixed the multiplier. */
const cpuTimeOf = (audit: Audit) => audit.calibrated.inCpuTime;
const hasCpuTime = [floorBefore, floorAfter, ...audits.values()].every((audit) => cpuTimeOf(audit));
const TABLES = {
  calibrated: { title: `(a) Calibrated phone: Lighthouse mobile defaults, CPU ${multiplier}, median of ${RUNS} runs`, read: (audit: Audit) => audit.calibrated },
  cpu: {
    title: `(a') The same loads in CPU time: each main-thread task as long as the thread ran in it, so the host's preemption is left out`,
    read: (audit: Audit) => cpuTimeOf(audit)!,
  },
  psi: { title: `(b) PageSpeed Insights' settings (lr-mobile-config, CPU 1.2×), median of ${RUNS} runs`, read: (audit: Audit) => audit.psi },
};
const floor = {
  calibrated: meanFloor(floorBefore.calibrated, floorAfter.calibrated),
  cpu: hasCpuTime ? meanFloor(cpuTimeOf(floorBefore)!, cpuTimeOf(floorAfter)!) : undefined,
  psi: meanFloor(floorBefore.psi, floorAfter.psi),
};
for (const kind of hasCpuTime ? (["calibrated", "cpu", "psi"] as const) : (["calibrated", "psi"] as const)) {
  const { title, read } = TABLES[kind];
  header(title);
  console.log(row("floor (before)", read(floorBefore)));
  for (const page of PAGES) console.log(row(page, read(audits.get(page)!)));
  console.log(row("floor (after)", read(floorAfter)));
  if (spinRead && kind !== "psi") console.log(row("spin page", kind === "cpu" ? spinRead.inCpuTime! : spinRead));
  console.log(`  scripts with the most main-thread time: ${PAGES.map((page) => `${page}: ${top3(read(audits.get(page)!).scripts)}`).join("; ")}`);
}

console.log(`\nWhat each page carries (raw HTML as served; first-load JS gzip, noModule excluded)`);
console.log(`  ${"page".padEnd(18)} ${"HTML".padStart(9)} ${"gzip".padStart(9)} ${"CSS copies".padStart(10)} ${"inline RSC".padStart(10)} ${"first JS".padStart(9)}`);
for (const w of weights) {
  const pageJs = js.find((x) => x.page === w.page)!;
  console.log(`  ${w.page.padEnd(18)} ${kb(w.htmlBytes).padStart(9)} ${kb(w.htmlGzipBytes).padStart(9)} ${String(w.stylesheetCopies).padStart(10)} ${kb(w.inlinePayloadBytes).padStart(10)} ${`${pageJs.kb.toFixed(1)} KB`.padStart(9)}`);
}
console.log(`  ${"bare Next.js page".padEnd(18)} ${"".padStart(9)} ${"".padStart(9)} ${"".padStart(10)} ${"".padStart(10)} ${`${floorJs.kb.toFixed(1)} KB`.padStart(9)}`);
console.log(`  ${"bare + next/link".padEnd(18)} ${"".padStart(9)} ${"".padStart(9)} ${"".padStart(10)} ${"".padStart(10)} ${`${floorLinkJs.kb.toFixed(1)} KB`.padStart(9)}`);

/** The goal rows against a floor, each page read from one table (the PSI column from PageSpeed's settings). */
function printGoals(title: string, c: LighthouseResult, read: (audit: Audit) => LighthouseResult): void {
  console.log(`\n${title} (floor: performance ${c.performance}, LCP ${secs(c.lcpMs)}, TBT ${c.tbtMs.toFixed(0)} ms, main thread ${c.mainThreadMs.toFixed(0)} ms; PSI floor ${floor.psi.performance}; each the mean of its two medians)`);
  console.log(`  ${"page".padEnd(18)} ${"main ÷ floor ≤ 2".padStart(17)} ${"TBT − floor ≤ 100".padStart(18)} ${"perf ≥ floor−3".padStart(15)} ${"PSI perf ≥ 95".padStart(14)} ${"LCP ÷ floor ≤ 1.5".padStart(18)}`);
  for (const page of PAGES) {
    const audit = audits.get(page)!;
    const a = read(audit);
    const mainRatio = a.mainThreadMs / c.mainThreadMs;
    const tbtOver = a.tbtMs - c.tbtMs;
    const lcpRatio = a.lcpMs / c.lcpMs;
    console.log(
      `  ${page.padEnd(18)} ${`${mainRatio.toFixed(2)} ${yes(mainRatio <= GOALS.mainThreadRatio)}`.padStart(17)} ${`${tbtOver >= 0 ? "+" : ""}${tbtOver.toFixed(0)} ms ${yes(tbtOver <= GOALS.tbtOverFloorMs)}`.padStart(18)} ${`${a.performance} ${yes(a.performance >= c.performance - GOALS.scoreBelowFloor)}`.padStart(15)} ${`${audit.psi.performance} ${yes(audit.psi.performance >= GOALS.psiScore)}`.padStart(14)} ${`${lcpRatio.toFixed(2)} ${yes(lcpRatio <= GOALS.lcpRatio)}`.padStart(18)}`,
    );
  }
}

printGoals("Goals, calibrated run (a)", floor.calibrated, TABLES.calibrated.read);
if (floor.cpu) printGoals("The same goals in CPU time (a'): the page's work without the host's preemption", floor.cpu, TABLES.cpu.read);
if (spin && spinRead?.inCpuTime) {
  const evaluation = (r: LighthouseResult) => r.mainThread.find((part) => part.label === "Script Evaluation")?.ms ?? 0;
  const known = spin.nodeCpuMs * spinRead.cpuSlowdown;
  console.log(
    `\nKnown work: the spin page's loop (${spin.iterations.toLocaleString("en")} iterations) took ${spin.nodeCpuMs.toFixed(0)} ms of CPU in Node, ${known.toFixed(0)} ms at ${spinRead.cpuSlowdown.toFixed(2)}×; ` +
      `Lighthouse charged its Script Evaluation ${evaluation(spinRead).toFixed(0)} ms in wall time (a), ${(evaluation(spinRead) / known).toFixed(2)}× the work, and ${evaluation(spinRead.inCpuTime!).toFixed(0)} ms in CPU time (a'), ${(evaluation(spinRead.inCpuTime!) / known).toFixed(2)}×`,
  );
}
const home = weights.find((w) => w.page === "/");
const homeJs = js.find((x) => x.page === "/");
if (home) console.log(`  inline RSC payload of /: ${kb(home.inlinePayloadBytes)} (goal ≤ ${GOALS.homePayloadKb} KB): ${yes(home.inlinePayloadBytes <= GOALS.homePayloadKb * 1024)}`);
if (homeJs) console.log(`  first-load JS of /, gzip: ${homeJs.kb.toFixed(1)} KB, the bare page's ${floorJs.kb.toFixed(1)} KB + ${(homeJs.kb - floorJs.kb).toFixed(1)} (goal ≤ + ${GOALS.firstLoadOverFloorKb} KB): ${yes(homeJs.kb - floorJs.kb <= GOALS.firstLoadOverFloorKb)}; the bare page with one next/link ${floorLinkJs.kb.toFixed(1)} KB + ${(homeJs.kb - floorLinkJs.kb).toFixed(1)}`);
console.log(`\nBench took ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
process.exit(0);
