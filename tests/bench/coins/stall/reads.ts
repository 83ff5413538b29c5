// The stall bench's side-by-side reads (issue 51): the same cheap reads sent to each server in
// turn, one request at a time, so both servers live through the same moments of the machine and
// any difference between them is their own. None of these reads needs every coin: when the one
// with more coins answers slower, something on its event loop does.
import { request } from "@/tests/bench/http-get";
import { median, percentile } from "@/tests/bench/stats";

export const CHEAP_READS = ["/api/cryptocurrencies/hex", "/api/health/live", "/api/trending/recently-listed"] as const;
export type CheapRead = (typeof CHEAP_READS)[number];

/** Over this an answer counts as slow (the bunches every 10 to 20 s). */
export const SLOW_MS = 150;

export type Served = { label: string; baseUrl: string };
/** Each answer's milliseconds, by server label and path. */
export type ReadTimes = Map<string, Map<CheapRead, number[]>>;

export type ReadFigures = { count: number; medianMs: number; p99Ms: number; maxMs: number; slow: number };

/** Reads every CHEAP_READS path on each server in turn until `durationMs` has passed. */
export async function readInTurn(servers: readonly Served[], durationMs: number): Promise<ReadTimes> {
  const times: ReadTimes = new Map(servers.map((server) => [server.label, new Map(CHEAP_READS.map((path) => [path, [] as number[]]))]));
  const deadline = Date.now() + durationMs;
  for (let round = 0; Date.now() < deadline; round++) {
    // Who goes first alternates, so neither server always follows the other's slow answer.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const path of CHEAP_READS) {
      for (const server of order) {
        const res = await request(server.baseUrl, { path });
        if (res.status !== 200) throw new Error(`stall bench: ${server.label} answered ${path} with ${res.status}`);
        times.get(server.label)!.get(path)!.push(res.ms);
      }
    }
  }
  return times;
}

export function figuresOf(ms: readonly number[]): ReadFigures {
  return { count: ms.length, medianMs: median(ms), p99Ms: percentile(ms, 99), maxMs: Math.max(...ms), slow: ms.filter((value) => value > SLOW_MS).length };
}
