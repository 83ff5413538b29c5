// Loaded into a server the stall bench starts (NODE_OPTIONS=--import <this file>), so the
// event loop's delay is measured inside the process without touching the product's code. Once a
// second, and on exit, it appends one JSON line to $STALL_EVENT_LOOP_DIR/<pid>.jsonl: the
// longest delay, the p99 and the CPU time used (ms) over that second, then starts the next
// second afresh. The bench takes the maximum over the seconds of the window it measures. A value
// is the time between two ticks of the 10 ms timer: an idle loop records about 10 to 12 ms, a
// 100 ms block about 110.
import { appendFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const dir = process.env.STALL_EVENT_LOOP_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  // 10 ms: the sampling timer's period; a delay is how late that timer fired.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The process's CPU time over the same second: a long delay with little CPU was spent waiting
  // (a lock's busy wait, a machine with no core free), one with as much CPU was spent working.
  let cpu = process.cpuUsage();
  const flush = () => {
    if (histogram.count === 0) return;
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const line = { at: Date.now(), maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, count: histogram.count, cpuMs: (used.user + used.system) / 1000 };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(flush, 1000).unref();
  process.on("exit", flush);
}
