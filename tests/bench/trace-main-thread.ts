// The page's main thread in a Chromium trace: its top-level tasks' wall (busy) time and thread
// (CPU) time, and each event's self time. Shared by bench:main-thread (its own traces) and the
// Lighthouse audits (the trace of each load they model), so both read the same thread the same way.

export type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; beginData?: { url?: string } } };

/** Self time per trace event on the page's main thread (nested complete events). */
export function selfTimes(events: TraceEvent[], url: string): { busy: number; cpu: number; self: Map<string, number> } {
  // The page's main thread is the one that parsed its HTML. A trace holds other renderers: the
  // blank page the tab opened with, and Chromium's own omnibox popup (a WebUI page with custom
  // elements), which on a light page is busier than the page, so "the busiest" is not a test.
  const main = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === url);
  if (!main) throw new Error(`bench: no renderer parsed ${url} in the trace`);
  const complete = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const open: { event: TraceEvent; end: number; children: number }[] = [];
  let busy = 0;
  let cpu = 0;
  const closeUntil = (ts: number) => {
    while (open.length && open[open.length - 1]!.end <= ts) {
      const { event, children } = open.pop()!;
      self.set(event.name, (self.get(event.name) ?? 0) + (event.dur! - children) / 1000);
      if (open.length === 0) {
        busy += event.dur! / 1000;
        cpu += (event.tdur ?? event.dur!) / 1000;
      }
    }
  };
  for (const event of complete) {
    closeUntil(event.ts);
    if (open.length) open[open.length - 1]!.children += event.dur!;
    open.push({ event, end: event.ts + event.dur!, children: 0 });
  }
  closeUntil(Infinity);
  return { busy, cpu, self };
}
