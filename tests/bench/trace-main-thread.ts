// The page's main thread in a Chromium trace: its top-level tasks' wall (busy) time and thread
// (CPU) time, and each event's self time. Shared by bench:main-thread (its own traces) and the
// Lighthouse audits (the trace of each load they model), so both read the same thread the same way.

export type TraceEvent = { name: string; cat?: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; beginData?: { url?: string } } };

/** Self time per trace event on the page's main thread (nested complete events), and its top-level tasks' wall and CPU time. */
export function selfTimes(events: TraceEvent[], url: string): { busy: number; cpu: number; self: Map<string, number> } {
  const self = new Map<string, number>();
  const open: { event: TraceEvent; end: number; children: number }[] = [];
  const closeUntil = (ts: number) => {
    while (open.length && open[open.length - 1]!.end <= ts) {
      const { event, children } = open.pop()!;
      self.set(event.name, (self.get(event.name) ?? 0) + (event.dur! - children) / 1000);
    }
  };
  const complete = completeEvents(events, url);
  for (const event of complete) {
    closeUntil(event.ts);
    if (open.length) open[open.length - 1]!.children += event.dur!;
    open.push({ event, end: event.ts + event.dur!, children: 0 });
  }
  closeUntil(Infinity);
  const tasks = topLevelTasks(complete);
  const busy = tasks.reduce((sum, task) => sum + (task.end - task.start), 0) / 1000;
  const cpu = tasks.reduce((sum, task) => sum + task.cpu, 0) / 1000;
  return { busy, cpu, self };
}

/** Phases of events that span time (complete, begin, end); the rest are instants and marks. */
const DURATION_PHASES = new Set(["X", "B", "E"]);

/**
 * The page's main thread: the renderer that parsed the document's HTML. A trace holds other
 * renderers: the blank page the tab opened with, and Chromium's own omnibox popup (a WebUI page
 * with custom elements), which on a light page is busier than the page, so "the busiest" is not a test.
 */
function mainThreadOf(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const main = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === url);
  if (!main) throw new Error(`bench: no renderer parsed ${url} in the trace`);
  return { pid: main.pid, tid: main.tid };
}

/** The main thread's complete events, in order, each before the events nested in it. */
function completeEvents(events: TraceEvent[], url: string): TraceEvent[] {
  const { pid, tid } = mainThreadOf(events, url);
  return events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
}

/** The top-level tasks among complete events in order: wall time from start to end, `cpu` the thread time in it (µs). */
function topLevelTasks(complete: TraceEvent[]): { start: number; end: number; cpu: number }[] {
  const tasks: { start: number; end: number; cpu: number }[] = [];
  for (const e of complete) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.end) continue; // nested in the last top-level task
    tasks.push({ start: e.ts, end: e.ts + e.dur!, cpu: e.tdur ?? e.dur! });
  }
  return tasks;
}

/**
 * The trace as if the page's main thread had run through every task it was given: each top-level
 * task shrunk to its thread (CPU) time, and everything on the thread inside it shrunk with it, so
 * a model that replays the trace (Lighthouse's simulation) counts the page's work and not the
 * host's preemption. Paint and navigation marks (instants of the "loading" and "blink.user_timing"
 * categories) keep their times: they are when the page was seen, not work.
 */
export function inCpuTime(events: TraceEvent[], url: string): TraceEvent[] {
  const { pid, tid } = mainThreadOf(events, url);
  const onThread = (e: TraceEvent) => e.pid === pid && e.tid === tid;
  const tasks = topLevelTasks(completeEvents(events, url)).map((task) => ({ ...task, share: task.end > task.start ? Math.min(1, task.cpu / (task.end - task.start)) : 1 }));
  const taskAt = (ts: number) => {
    let lo = 0;
    let hi = tasks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const task = tasks[mid]!;
      if (ts < task.start) hi = mid - 1;
      else if (ts >= task.end) lo = mid + 1; // an event that starts as a task ends is the next one's
      else return task;
    }
    return undefined;
  };
  return events.map((e) => {
    if (!onThread(e) || (!DURATION_PHASES.has(e.ph) && /(^|,)(loading|blink\.user_timing)(,|$)/.test(e.cat ?? ""))) return e;
    const task = taskAt(e.ts);
    if (!task || task.share === 1) return e;
    const ts = task.start + (e.ts - task.start) * task.share;
    return e.dur === undefined ? { ...e, ts } : { ...e, ts, dur: e.dur * task.share };
  });
}
