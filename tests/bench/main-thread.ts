// Issue 53's diagnosis beside `npm run bench:phone`: what each page's main-thread work is made of,
// against the bare Next.js page, in Chromium itself (not Lighthouse's simulation). Each page is
// loaded PHONE_RUNS times (5) at a CPU slowdown (MAIN_THREAD_CPU, 4) with a trace, and the bench
// prints the medians of: the main thread's busy time, and its thread (CPU) time, the busy time less
// its waits (on the browser process's answers: fonts, cookies; or for a core, on a host of two
// that runs the browser's processes and the servers), its self time by kind (script, style,
// layout, paint, HTML parsing), the requests the load made (`_rsc` ones are Next's prefetches of
// other pages), the Intl formatters created while hydrating (the first costs a phone 100 ms and
// more) and how many elements React hydrated.
//
//   SKIP_BUILD=1 npm run bench:main-thread            (the pages of bench:phone)
//   MAIN_THREAD_PAGES=/compare/hex/btc npm run bench:main-thread
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, findChromium } from "@/tests/browser/harness";
import { withFloor } from "./floor";
import { withServer } from "./servers";
import { settleServer } from "./settle-server";
import { median } from "./stats";
import { selfTimes, type TraceEvent } from "./trace-main-thread";
import { AUDITED_PAGES } from "./targets";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const CPU = Number(process.env.MAIN_THREAD_CPU ?? 4);
const PAGES = process.env.MAIN_THREAD_PAGES?.split(",") ?? [...AUDITED_PAGES];

/** Trace event names by the kind of work, as Chromium 15x names them (self time, microseconds). */
const KINDS: Record<string, readonly string[]> = {
  script: ["FunctionCall", "RunMicrotasks", "EvaluateScript", "v8.run", "v8.compile", "TimerFire", "EventDispatch", "V8.BytecodeBudgetInterrupt"],
  style: ["Document::recalcStyle", "Document::updateStyle", "Document::rebuildLayoutTree", "UpdateLayoutTree"],
  layout: ["LocalFrameView::performLayout", "Layout", "InlineNode::ShapeTextIncludingFirstLine"],
  paint: ["Paint", "Blink.Paint.UpdateTime", "Blink.PrePaint.UpdateTime", "PaintArtifactCompositor::Update", "Commit"],
  html: ["ParseHTML", "HTMLDocumentParser::MaybeFetchQueuedPreloads", "CSSParserImpl::parseStyleSheet.parse"],
};

type Load = { busy: number; cpu: number; kinds: Record<string, number>; requests: number; prefetches: number; formatters: number; hydrated: number };

/** Counts the Intl formatters a page creates, before any of its scripts runs. */
const COUNT_FORMATTERS = `(() => {
  window.__formatters = 0;
  for (const name of ["NumberFormat", "DateTimeFormat"]) {
    const Original = Intl[name];
    Intl[name] = function (...args) { window.__formatters++; return new Original(...args); };
  }
})();`;

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  await settleServer(url);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(COUNT_FORMATTERS);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8", "blink"] });
    const response = await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(3_000);
    // The document's own address (after any redirect), as the parser's trace events carry it.
    const documentUrl = response?.url() ?? url;
    const { busy, cpu, self } = selfTimes((JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents, documentUrl);
    const kinds = Object.fromEntries(Object.entries(KINDS).map(([kind, names]) => [kind, names.reduce((sum, name) => sum + (self.get(name) ?? 0), 0)]));
    const { formatters, hydrated } = await page.evaluate(() => ({
      formatters: (window as unknown as { __formatters: number }).__formatters,
      hydrated: [...document.querySelectorAll("body *")].filter((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))).length,
    }));
    return { busy, cpu, kinds, requests: requests.length, prefetches: requests.filter((r) => new URL(r).searchParams.has("_rsc")).length, formatters, hydrated };
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, url: string): Promise<Load> {
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run++) loads.push(await loadOnce(browser, url));
  const mid = (pick: (load: Load) => number) => median(loads.map(pick));
  return {
    busy: mid((l) => l.busy),
    cpu: mid((l) => l.cpu),
    kinds: Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, mid((l) => l.kinds[kind]!)])),
    requests: mid((l) => l.requests),
    prefetches: mid((l) => l.prefetches),
    formatters: mid((l) => l.formatters),
    hydrated: mid((l) => l.hydrated),
  };
}

function row(name: string, load: Load, floor: Load | null): string {
  const kinds = Object.keys(KINDS).map((kind) => `${kind} ${load.kinds[kind]!.toFixed(0).padStart(4)}`).join("  ");
  const ratio = (mine: number, floors: number | undefined) => (floors ? `${(mine / floors).toFixed(2)}×` : "").padStart(6);
  return `  ${name.padEnd(18)} ${load.busy.toFixed(0).padStart(5)} ms ${ratio(load.busy, floor?.busy)}  cpu ${load.cpu.toFixed(0).padStart(5)} ms ${ratio(load.cpu, floor?.cpu)}   ${kinds}   requests ${String(load.requests).padStart(3)} (prefetches ${load.prefetches})  formatters ${load.formatters}  hydrated ${load.hydrated}`;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_FLAGS] });
try {
  console.log(`Main thread in Chromium at ${CPU}× CPU, 412 × 823, medians of ${RUNS} loads (busy: the top-level tasks from navigation to 3 s after load; cpu: the same tasks' thread time, without the waits on other processes or for a core; the kinds are self times, ms)`);
  const floor = await withFloor((baseUrl) => measure(browser, `${baseUrl}/`));
  console.log(row("floor", floor, null));
  await withServer("62", { build: process.env.SKIP_BUILD !== "1" }, async (app) => {
    for (const path of PAGES) console.log(row(path, await measure(browser, `${app.baseUrl}${path}`), floor));
  });
} finally {
  await browser.close();
}
