// `npm run bench:phone-parts` (issue 53): what stops each page's calibrated rows, by parts, with the
// bare Next.js page (the floor) measured in the same rounds. Each page, and the floor, is loaded
// three ways through the same HTML-rewriting proxy (html-rewrite-proxy.ts):
//   whole          the page as served (through the proxy, so all three lose streaming alike);
//   no hydration   every script loads and the framework starts, but the RSC payload is taken out
//                  and React's root waits, so nothing hydrates: HTML, stylesheet and start-up;
//   no scripts     the HTML and stylesheet alone;
//   markup on bare the page's HTML as its server sent it, redrawn by the bare Next.js app with none
//                  of the site's code (bare-next/app/copy): the same DOM and stylesheet, every
//                  element hydrated by the framework, no component of the site's. Pages only.
// The runs are interleaved, a round at a time (the floor three ways, then every page four), and
// each figure is compared with the floor's whole page *of the same round*: this 2-core host's
// speed moves by a third within minutes, which the one bench:phone run, floor before and after
// the pages, cannot tell from a difference between pages. Medians of PHONE_RUNS (5) rounds, one
// Lighthouse run (mobile defaults, calibrated slowdown: every load audited at the end with the
// run's multiplier, phone-calibration.ts) per load. It prints, asserts nothing.
//
// Reading it: where "no scripts" misses a goal, the page's HTML and stylesheet alone do; where
// "markup on bare" misses it, the framework carrying and hydrating this DOM does, with nothing of
// the site's: no change to the site's scripts can meet it. Where that copy meets it and the page
// does not, the site's own code is the gap: its scripts before anything hydrates ("no hydration"
// misses it too) or its components' hydration (only "whole" misses it).
//
// PHONE_PAGES=/,/playground limits the pages; SKIP_BUILD=1 reuses the last build.
// PHONE_THROTTLING=devtools slows the browser itself instead of Lighthouse's simulation (the CPU
// by the same calibrated multiplier, the network to slow 4G): the figures are then work the
// slowed browser did, not the unthrottled load's multiplied, which tells a gap the model makes
// from one a phone would see. The goals are the simulated run's; this is the cross-check.
import { withFloor } from "./floor";
import { REWRITES, startHtmlRewriteProxy, type HtmlRewrite } from "./html-rewrite-proxy";
import { THROTTLING_LABEL, type LighthouseResult, type Throttling } from "./lighthouse";
import type { LoopbackProxy } from "./loopback-proxy";
import { startPhoneRun } from "./phone-calibration";
import { withServer } from "./servers";
import { median } from "./stats";

const ROUNDS = Number(process.env.PHONE_RUNS ?? 5);
const PAGES: readonly string[] = process.env.PHONE_PAGES?.split(",") ?? ["/", "/compare/hex/btc", "/coins/hex", "/playground", "/get-listed"];
const THROTTLING: Throttling = process.env.PHONE_THROTTLING === "devtools" ? "devtools" : "simulate";
const FLOOR = "floor";
const VARIANTS = [
  { name: "whole", rewrite: ((html) => html) as HtmlRewrite },
  { name: "no hydration", rewrite: REWRITES.hydration },
  { name: "no scripts", rewrite: REWRITES.scripts },
] as const;
/** Loaded from the floor's app (through its "whole" proxy), for the pages only. */
const MARKUP_ON_BARE = "markup on bare";
type Variant = (typeof VARIANTS)[number]["name"] | typeof MARKUP_ON_BARE;
const variantsOf = (target: string): Variant[] => [...VARIANTS.map((variant) => variant.name), ...(target === FLOOR ? [] : [MARKUP_ON_BARE] as const)];

const started = Date.now();
const phone = await startPhoneRun(THROTTLING);

/** loads.get(`${target} ${variant}`)[round], read once the run is finished */
const loads = new Map<string, (() => LighthouseResult)[]>();
const key = (target: string, variant: Variant) => `${target} ${variant}`;

await withFloor((floorUrl) =>
  withServer("62", { build: process.env.SKIP_BUILD !== "1" }, async (app) => {
    const proxies: { target: string; variant: Variant; proxy: LoopbackProxy }[] = [];
    try {
      for (const { name, rewrite } of VARIANTS) {
        proxies.push({ target: FLOOR, variant: name, proxy: await startHtmlRewriteProxy(floorUrl, rewrite) });
        proxies.push({ target: "app", variant: name, proxy: await startHtmlRewriteProxy(app.baseUrl, rewrite) });
      }
      const urlOf = (target: string, variant: Variant) => {
        if (variant === MARKUP_ON_BARE) {
          const { proxy } = proxies.find((p) => p.variant === "whole" && p.target === FLOOR)!;
          return `${proxy.baseUrl}/copy/${new URL(app.baseUrl).port}${target}`;
        }
        const { proxy } = proxies.find((p) => p.variant === variant && p.target === (target === FLOOR ? FLOOR : "app"))!;
        return `${proxy.baseUrl}${target === FLOOR ? "/" : target}`;
      };
      for (const page of PAGES) await checkCopy(urlOf(page, "whole"), urlOf(page, MARKUP_ON_BARE));
      for (let round = 1; round <= ROUNDS; round++) {
        for (const target of [FLOOR, ...PAGES]) {
          for (const name of variantsOf(target)) {
            const load = await phone.load(urlOf(target, name), 1);
            loads.set(key(target, name), [...(loads.get(key(target, name)) ?? []), load]);
          }
        }
        console.log(`# round ${round} of ${ROUNDS} (${((Date.now() - started) / 60_000).toFixed(1)} min)`);
      }
    } finally {
      await Promise.all(proxies.map(({ proxy }) => proxy.close()));
    }
  }),
);

const multiplier = await phone.finish();
const results = new Map([...loads].map(([name, runs]) => [name, runs.map((read) => read())]));

/**
 * The copy must be the page: a floor built before copy/ existed (SKIP_BUILD=1 reuses it) answers
 * 404, and Lighthouse would score the error page. The first heading's text must be the same (its
 * markup differs: the copy's images point through the bare app), or the run stops.
 */
async function checkCopy(pageUrl: string, copyUrl: string): Promise<void> {
  const heading = async (url: string) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const html = await response.text();
    return response.ok ? (/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "").replace(/<[^>]*>/g, "") : `HTTP ${response.status}`;
  };
  const [page, copy] = await Promise.all([heading(pageUrl), heading(copyUrl)]);
  if (!page || page !== copy) throw new Error(`bench: the bare app's copy of ${pageUrl} reads "${copy}", not "${page}" (a floor build older than bare-next/app/copy? delete tests/bench/bare-next/.next)`);
}

const floorRounds = results.get(key(FLOOR, "whole"))!;
/** Median over the rounds of `figure(this load, the floor's whole load of the same round)`. */
function perRound(target: string, variant: Variant, figure: (load: LighthouseResult, floor: LighthouseResult) => number): number {
  return median(results.get(key(target, variant))!.map((load, round) => figure(load, floorRounds[round]!)));
}
const cell = (text: string, width: number) => text.padStart(width);
const signed = (value: number, unit = "") => `${value >= 0 ? "+" : ""}${value.toFixed(0)}${unit}`;

/** Issue 53's calibrated goals, each as a figure of a load against the same round's floor. */
const GOALS: { name: string; heading: string; figure: (load: LighthouseResult, floor: LighthouseResult) => number; met: (value: number) => boolean; show: (value: number) => string }[] = [
  { name: "main ÷ floor ≤ 2", heading: "main ÷ floor", figure: (l, f) => l.mainThreadMs / f.mainThreadMs, met: (v) => v <= 2, show: (v) => v.toFixed(2) },
  { name: "TBT − floor ≤ 100", heading: "TBT − floor", figure: (l, f) => l.tbtMs - f.tbtMs, met: (v) => v <= 100, show: (v) => signed(v, " ms") },
  { name: "perf ≥ floor − 3", heading: "perf − floor", figure: (l, f) => l.performance - f.performance, met: (v) => v >= -3, show: (v) => signed(v) },
  { name: "LCP ÷ floor ≤ 1.5", heading: "LCP ÷ floor", figure: (l, f) => l.lcpMs / f.lcpMs, met: (v) => v <= 1.5, show: (v) => v.toFixed(2) },
];

console.log(`\nBy parts, interleaved: medians of ${ROUNDS} rounds at ${multiplier}, ${THROTTLING_LABEL[THROTTLING]}; each ratio and difference is to the floor's whole page of the same round (✗: misses the goal)`);
console.log(`  ${"page".padEnd(18)} ${"load".padEnd(14)} ${cell("perf", 5)} ${cell("LCP", 7)} ${cell("TBT", 8)} ${cell("main thr", 9)} ${GOALS.map((goal) => cell(goal.heading, 13)).join(" ")}`);
for (const target of [FLOOR, ...PAGES]) {
  for (const name of variantsOf(target)) {
    const loads = results.get(key(target, name))!;
    const med = (figure: (r: LighthouseResult) => number) => median(loads.map(figure));
    const goalCells = GOALS.map((goal) => {
      const value = perRound(target, name, goal.figure);
      return cell(`${goal.show(value)}${goal.met(value) ? "  " : " ✗"}`, 13);
    });
    console.log(
      `  ${(name === "whole" ? target : "").padEnd(18)} ${name.padEnd(14)} ${cell(String(med((r) => r.performance)), 5)} ${cell(`${(med((r) => r.lcpMs) / 1000).toFixed(2)} s`, 7)} ${cell(`${med((r) => r.tbtMs).toFixed(0)} ms`, 8)} ${cell(`${med((r) => r.mainThreadMs).toFixed(0)} ms`, 9)} ${goalCells.join(" ")}`,
    );
  }
}
console.log(`  host index per round (floor's whole load): ${floorRounds.map((r) => Math.round(r.benchmarkIndex)).join(", ")}; its CPU slowdown ${floorRounds.map((r) => `${r.cpuSlowdown.toFixed(2)}×`).join(", ")}`);

console.log(`\nWhat stops each goal: the whole page meets it; or its HTML and stylesheet alone miss it; or the bare app redrawing the same markup (framework, DOM, stylesheet, every element hydrated) misses it too; or, where that copy meets it, the site's own scripts before anything hydrates, or its hydration`);
for (const page of PAGES) {
  const verdicts = GOALS.map((goal) => {
    const met = (variant: Variant) => goal.met(perRound(page, variant, goal.figure));
    if (met("whole")) return `${goal.name}: met`;
    if (!met("no scripts")) return `${goal.name}: the HTML and stylesheet alone miss it`;
    if (!met(MARKUP_ON_BARE)) return `${goal.name}: the bare app with the same markup misses it too`;
    if (!met("no hydration")) return `${goal.name}: the site's scripts, before anything hydrates (the bare app's copy meets it)`;
    return `${goal.name}: the site's hydration (the bare app's copy meets it)`;
  });
  console.log(`  ${page.padEnd(18)} ${verdicts.join("; ")}`);
}
console.log(`\nBench took ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
process.exit(0);
