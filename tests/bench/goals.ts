// The goal table of issue 12, filled in with this run's figures. Printed, never asserted: the
// bench reports where the build stands; the issue's tests prove behaviour.
import { describeMs, type KeystrokeResult } from "./keystroke";
import type { MixedLoadReport } from "./mixed-load";
import type { LighthouseResult } from "./lighthouse";
import { kb, ratio as formatRatio } from "./stats";
import { COIN_IMAGE, COIN_PAGE, HISTORY_ALL, PAIR_IMAGE, PAIR_PAGE } from "./targets";
import { p99Ratio, throughputRatio, type ThroughputRow } from "./throughput";

export type Row = { measure: string; value: string; goal: string; met: boolean | null };

export type FloorRun = { floor: LighthouseResult; pages: Map<string, LighthouseResult> };

export type GoalInputs = {
  throughput: { small: (path: string) => ThroughputRow | undefined; large: (path: string) => ThroughputRow | undefined };
  firstLoadJsKb: number;
  lighthouse: { small: Map<string, LighthouseResult>; large: Map<string, LighthouseResult> };
  /** Issue 24: the audited pages and the bare Next.js page beside them, with applied throttling. */
  floor: { small: FloorRun; large: FloorRun };
  keystroke: KeystrokeResult;
  pages: readonly string[];
  mixed: MixedLoadReport;
};

export const GOALS = {
  apiThroughputRatio: 0.6,
  apiP99Ratio: 2,
  pageThroughputRatio: 0.5,
  htmlGrowth: 1.1,
  reqPerSecondKept: 0.9,
  firstLoadJsKb: 150,
  performance: 98,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
  keystrokeMs: 16,
  memoryGrowth: 1.1,
  historyP50Ratio: 2,
  /** Issue 24, against the bare Next.js page of the same run. */
  floorLcpRatio: 1.25,
  floorTbtRatio: 1.25,
  floorPerformanceSlack: 1,
} as const;

/** Issue 14: the mixed load of reads, writes, counts and sign-ins. */
function mixedLoadRows({ mixed }: GoalInputs): Row[] {
  const refused = Object.values(mixed.limits.refused).reduce((sum, n) => sum + n, 0);
  return [
    { measure: "Mixed load: 5xx answers", value: String(mixed.serverErrors), goal: "0", met: mixed.serverErrors === 0 },
    {
      measure: "Mixed load: lost or doubled writes",
      value: mixed.writes.problems.length === 0 ? "none" : `${mixed.writes.problems.length} (see above)`,
      goal: "none",
      met: mixed.writes.problems.length === 0,
    },
    {
      measure: "Mixed load: 429s from greedy clients / to clients under budget",
      value: `${refused} / ${mixed.limits.wrongRefusals.length}`,
      goal: "> 0 / 0",
      met: refused > 0 && mixed.limits.wrongRefusals.length === 0,
    },
    {
      measure: "Mixed load: server memory after ÷ before (each 65 s after a load)",
      value: `${mixed.memory.ratio.toFixed(2)} (${mixed.memory.beforeMb.toFixed(0)} → ${mixed.memory.afterMb.toFixed(0)} MB)`,
      goal: `≤ ${GOALS.memoryGrowth}`,
      met: mixed.memory.ratio <= GOALS.memoryGrowth,
    },
  ];
}

const SIZES = [
  ["small", "62 coins"],
  ["large", "5,000 coins"],
] as const;

/** The full coin list against its static twin at both sizes (issues 12 and 24; BENCH=api prints these alone). */
export function apiRows(throughput: GoalInputs["throughput"]): Row[] {
  const rows: Row[] = [];
  for (const [size, label] of SIZES) {
    const api = throughput[size]("/api/cryptocurrencies");
    const ratio = throughputRatio(api);
    const p99 = p99Ratio(api);
    rows.push({
      measure: `/api/cryptocurrencies req/s ÷ same-size static, ${label}`,
      value: ratio === null || p99 === null ? "n/a" : `${formatRatio(ratio)}, p99 ${api!.route!.p99Ms.toFixed(0)} ms = ${p99.toFixed(1)}× static`,
      goal: `≥ ${GOALS.apiThroughputRatio}, p99 ≤ ${GOALS.apiP99Ratio}× static`,
      met: ratio !== null && p99 !== null && ratio >= GOALS.apiThroughputRatio && p99 <= GOALS.apiP99Ratio,
    });
  }
  return rows;
}

function throughputRows(inputs: GoalInputs): Row[] {
  const rows = apiRows(inputs.throughput);
  for (const [size, label] of SIZES) {
    // Issues 13 and 16: the pair and coin pages (among `pages`) and their share images, to the same bar as the pages.
    for (const page of [...inputs.pages, PAIR_IMAGE, COIN_IMAGE]) {
      const ratio = throughputRatio(inputs.throughput[size](page));
      rows.push({
        measure: `${page} req/s ÷ same-size static, ${label}`,
        value: ratio === null ? "n/a" : formatRatio(ratio),
        goal: `≥ ${GOALS.pageThroughputRatio}`,
        met: ratio !== null && ratio >= GOALS.pageThroughputRatio,
      });
    }
  }
  const [homeSmall, homeLarge] = [inputs.throughput.small("/"), inputs.throughput.large("/")];
  if (!homeSmall || !homeLarge) throw new Error("bench: / was not measured at both sizes");
  const growth = homeLarge.gzipBytes / homeSmall.gzipBytes;
  rows.push({
    measure: "/ HTML gzip at 5,000 coins ÷ at 62 coins",
    value: `${growth.toFixed(2)}× (${kb(homeLarge.gzipBytes)} vs ${kb(homeSmall.gzipBytes)})`,
    goal: `≤ ${GOALS.htmlGrowth}×`,
    met: growth <= GOALS.htmlGrowth,
  });
  const kept = homeSmall.route && homeLarge.route ? homeLarge.route.requestsPerSecond / homeSmall.route.requestsPerSecond : null;
  rows.push({
    measure: "/ req/s at 5,000 coins ÷ at 62 coins",
    value:
      kept === null ? "n/a" : `${formatRatio(kept)} (${homeLarge.route!.requestsPerSecond.toFixed(1)} vs ${homeSmall.route!.requestsPerSecond.toFixed(1)} req/s)`,
    goal: `≥ ${GOALS.reqPerSecondKept}`,
    met: kept !== null && kept >= GOALS.reqPerSecondKept,
  });
  return rows;
}

function lighthouseRows(inputs: GoalInputs): Row[] {
  const performance: Row[] = [];
  const quality: Row[] = [];
  for (const [size, label] of SIZES) {
    for (const page of inputs.pages) {
      const result = inputs.lighthouse[size].get(page);
      if (!result) {
        // A page this branch does not serve yet (its probe failed): not audited, so not met.
        performance.push({ measure: `Lighthouse mobile performance ${page}, ${label}`, value: "n/a (no page)", goal: `≥ ${GOALS.performance}`, met: false });
        continue;
      }
      performance.push({
        measure: `Lighthouse mobile performance ${page}, ${label}`,
        value: `${result.performance}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}`,
        goal: `≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}`,
        met: result.performance >= GOALS.performance && result.lcpMs <= GOALS.lcpMs && result.tbtMs <= GOALS.tbtMs && result.cls <= GOALS.cls,
      });
      quality.push({
        measure: `Lighthouse accessibility, best practices ${page}, ${label}`,
        value: `${result.accessibility}, ${result.bestPractices}`,
        goal: "100, 100",
        met: result.accessibility === 100 && result.bestPractices === 100,
      });
      // Issues 13 and 16: pair and coin pages exist to be found.
      if (page === PAIR_PAGE || page === COIN_PAGE) {
        quality.push({ measure: `Lighthouse SEO ${page}, ${label}`, value: String(result.seo), goal: "100", met: result.seo === 100 });
      }
    }
  }
  return [...performance, ...quality];
}

/** Issue 24: each audited page beside the floor (a bare Next.js page) of the same run. */
export function floorRows(runs: GoalInputs["floor"], pages: readonly string[]): Row[] {
  const goal = `LCP ≤ ${GOALS.floorLcpRatio}×, TBT ≤ ${GOALS.floorTbtRatio}×, perf ≥ floor − ${GOALS.floorPerformanceSlack}, CLS ≤ ${GOALS.cls}`;
  const mark = (ok: boolean) => (ok ? "" : " ✗");
  const rows: Row[] = [];
  for (const [size, label] of SIZES) {
    const base = runs[size].floor;
    rows.push({
      measure: `Floor (bare Next.js page), applied throttling, ${label}`,
      value: `performance ${base.performance}, LCP ${(base.lcpMs / 1000).toFixed(2)} s, TBT ${base.tbtMs.toFixed(0)} ms, CLS ${base.cls.toFixed(3)}`,
      goal: "-",
      met: null,
    });
    for (const page of pages) {
      const result = runs[size].pages.get(page);
      const measure = `${page} beside the floor, ${label}`;
      if (!result) {
        rows.push({ measure, value: "n/a (no page)", goal, met: false });
        continue;
      }
      const lcp = result.lcpMs / base.lcpMs;
      const tbt = base.tbtMs > 0 ? result.tbtMs / base.tbtMs : Infinity;
      const checks = {
        lcp: lcp <= GOALS.floorLcpRatio,
        tbt: tbt <= GOALS.floorTbtRatio,
        performance: result.performance >= base.performance - GOALS.floorPerformanceSlack,
        cls: result.cls <= GOALS.cls,
      };
      rows.push({
        measure,
        value:
          `LCP ${lcp.toFixed(2)}× (${(result.lcpMs / 1000).toFixed(2)} s)${mark(checks.lcp)}, ` +
          `TBT ${tbt.toFixed(2)}× (${result.tbtMs.toFixed(0)} ms)${mark(checks.tbt)}, ` +
          `perf ${result.performance}${mark(checks.performance)}, CLS ${result.cls.toFixed(3)}${mark(checks.cls)}`,
        goal,
        met: Object.values(checks).every(Boolean),
      });
    }
  }
  return rows;
}

/** Issue 16: the longest history, at 5,000 coins' worth of snapshots, against a same-size static file. */
export function historyRow(row: ThroughputRow | undefined): Row {
  const measure = `${HISTORY_ALL} p50 ÷ same-size static p50, 5,000 coins`;
  if (!row?.route || !row.reference) return { measure, value: `n/a${row?.unavailableStatus ? ` (status ${row.unavailableStatus})` : ""}`, goal: `< ${GOALS.historyP50Ratio}×`, met: false };
  const ratio = row.route.p50Ms / row.reference.p50Ms;
  return {
    measure,
    value: `${ratio.toFixed(2)}× (${row.route.p50Ms.toFixed(1)} vs ${row.reference.p50Ms.toFixed(1)} ms, ${kb(row.bytes)})`,
    goal: `< ${GOALS.historyP50Ratio}×`,
    met: ratio < GOALS.historyP50Ratio,
  };
}

/** Issue 16's rows alone (BENCH=coins): the coin page and its image against their twins, its Lighthouse score, the history read. */
export function issue16Rows(large: GoalInputs["throughput"]["large"], lighthouse: Map<string, LighthouseResult>): Row[] {
  const rows: Row[] = [COIN_PAGE, COIN_IMAGE].map((page) => {
    const ratio = throughputRatio(large(page));
    return { measure: `${page} req/s ÷ same-size static, 5,000 coins`, value: ratio === null ? "n/a" : formatRatio(ratio), goal: `≥ ${GOALS.pageThroughputRatio}`, met: ratio !== null && ratio >= GOALS.pageThroughputRatio };
  });
  const result = lighthouse.get(COIN_PAGE);
  rows.push(
    result
      ? {
          measure: `Lighthouse mobile performance ${COIN_PAGE}, 5,000 coins`,
          value: `${result.performance}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}`,
          goal: `≥ ${GOALS.performance}`,
          met: result.performance >= GOALS.performance,
        }
      : { measure: `Lighthouse mobile performance ${COIN_PAGE}, 5,000 coins`, value: "n/a (no page)", goal: `≥ ${GOALS.performance}`, met: false },
  );
  rows.push(historyRow(large(HISTORY_ALL)));
  return rows;
}

export function goalRows(inputs: GoalInputs): Row[] {
  const { keystroke } = inputs;
  return [
    ...throughputRows(inputs),
    historyRow(inputs.throughput.large(HISTORY_ALL)),
    {
      measure: "First-load JS of /, gzip",
      value: `${inputs.firstLoadJsKb.toFixed(1)} KB`,
      goal: `≤ ${GOALS.firstLoadJsKb} KB`,
      met: inputs.firstLoadJsKb <= GOALS.firstLoadJsKb,
    },
    ...lighthouseRows(inputs),
    ...floorRows(inputs.floor, inputs.pages),
    {
      // Judged on the slowest keystroke: each one should land within a frame.
      measure: `Coin search keystroke at 5,000 coins, slowest of ${keystroke.keystrokes.length}`,
      value: `${describeMs(keystroke.maxMs)} (median ${describeMs(keystroke.medianMs)})`,
      goal: `≤ ${GOALS.keystrokeMs} ms`,
      met: (keystroke.maxMs ?? 0) <= GOALS.keystrokeMs,
    },
    {
      measure: "A refresh pass's new price visible on / and in the API",
      value: "see tests/browser/market/market.spec.ts",
      goal: "≤ 60 s, proven by a test",
      met: null,
    },
    ...mixedLoadRows(inputs),
  ];
}

export function printGoals(rows: readonly Row[], title = "Summary: the goals of issues 12, 13, 14, 16 and 24"): void {
  const widths = {
    measure: Math.max(...rows.map((r) => r.measure.length)),
    value: Math.max(...rows.map((r) => r.value.length)),
    goal: Math.max(...rows.map((r) => r.goal.length)),
  };
  console.log(`\n${title}`);
  console.log(`  ${"Measure".padEnd(widths.measure)} | ${"Measured".padEnd(widths.value)} | ${"Goal".padEnd(widths.goal)} | Status`);
  console.log(`  ${"-".repeat(widths.measure)}-+-${"-".repeat(widths.value)}-+-${"-".repeat(widths.goal)}-+-${"-".repeat(7)}`);
  for (const row of rows) {
    const status = row.met === null ? "-" : row.met ? "met" : "NOT met";
    console.log(`  ${row.measure.padEnd(widths.measure)} | ${row.value.padEnd(widths.value)} | ${row.goal.padEnd(widths.goal)} | ${status}`);
  }
  const judged = rows.filter((row) => row.met !== null);
  console.log(`  ${judged.filter((row) => row.met).length} of ${judged.length} goals met.`);
}
