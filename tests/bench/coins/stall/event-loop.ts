// The event loop's delay inside the servers the stall bench starts, as event-loop-preload.mjs
// records it (one line a second per process, in a folder of the run's own): the preload is put
// into a server with NODE_OPTIONS, so the product's code is measured as it is.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const EVENT_LOOP_PRELOAD = path.join(import.meta.dirname, "event-loop-preload.mjs");

/** The environment that makes a server record its event loop's delay into `dir`. */
export const eventLoopEnv = (dir: string) => ({ NODE_OPTIONS: `--import ${EVENT_LOOP_PRELOAD}`, STALL_EVENT_LOOP_DIR: dir });

type Second = { at: number; maxMs: number; p99Ms: number; count: number; cpuMs: number };

export type EventLoopFigures = {
  /** The longest delay of any second in the window. */
  maxMs: number;
  /** The highest of the seconds' p99s. */
  worstP99Ms: number;
  /** Seconds recorded in the window, and those whose longest delay was over `overMs`. */
  seconds: number;
  secondsOver: number;
  /** Those seconds: when each ended (epoch ms), its longest delay and the process's CPU time in it. */
  over: { at: number; maxMs: number; cpuMs: number }[];
};

/** The delay of process `pid` over [from, to] (epoch ms), from the seconds that ended in it. */
export function eventLoopDelay(dir: string, pid: number, from: number, to: number, overMs = 50): EventLoopFigures {
  const file = path.join(dir, `${pid}.jsonl`);
  if (!existsSync(file)) throw new Error(`stall bench: no event-loop record for pid ${pid} (was the preload loaded? ${file})`);
  // A line covers the second before its `at`: keep those that end within the window, up to a second after it.
  const seconds = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Second)
    .filter((second) => second.at > from && second.at <= to + 1000);
  if (seconds.length === 0) throw new Error(`stall bench: pid ${pid} recorded nothing between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}`);
  return {
    maxMs: Math.max(...seconds.map((second) => second.maxMs)),
    worstP99Ms: Math.max(...seconds.map((second) => second.p99Ms)),
    seconds: seconds.length,
    secondsOver: seconds.filter((second) => second.maxMs > overMs).length,
    over: seconds.filter((second) => second.maxMs > overMs).map(({ at, maxMs, cpuMs }) => ({ at, maxMs, cpuMs })),
  };
}
