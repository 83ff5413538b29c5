// Load at 50 connections with autocannon, gzip accepted, as issue 12 measures it.
//
// A fast route gets a 1 s warm-up and a 5 s run. A route so slow that 50 queued requests would
// outlast the run (today: pages at 5,000 coins) would complete few or no requests inside a fixed
// window, and the figures would be noise; it gets a fixed number of requests instead (one per
// connection, all at once), so its req/s and percentiles come from complete responses.
import autocannon, { type Result } from "autocannon";
import { GZIP_HEADERS, request, type BenchRequest } from "./http-get";
import { median, sleep } from "./stats";

export const CONNECTIONS = 50;
const RUN_SECONDS = 5;
const WARMUP_SECONDS = 1;
/** A tiny public file that skips the proxy: its latency says when the server has gone quiet. */
const QUIET_PROBE = "/logo.svg";

export type LoadFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  responses: number;
  seconds: number;
  /** Responses with another status than expected, by status ("500": 3), plus connection errors. */
  unexpected: Record<string, number>;
  mode: "timed" | "counted";
};

/** Sequential requests for about a second (at least 3): warms caches and estimates one request's cost. */
async function warmUp(baseUrl: string, req: BenchRequest): Promise<number> {
  const latencies: number[] = [];
  const started = performance.now();
  while (latencies.length < 3 || (performance.now() - started < 1000 && latencies.length < 50)) {
    latencies.push((await request(baseUrl, req)).ms);
  }
  return median(latencies);
}

/**
 * Waits until the server answers a tiny file quickly twice in a row, so requests a timed run
 * left in flight (autocannon drops them when the time is up) do not slow the next measurement.
 */
export async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    quick = (await request(baseUrl, { path: QUIET_PROBE })).ms < 25 ? quick + 1 : 0;
    if (quick < 2) await sleep(100);
  }
}

function figures(result: Result, expectedStatus: number, mode: LoadFigures["mode"]): LoadFigures {
  let responses = 0;
  const unexpected: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    responses += count;
    if (Number(status) !== expectedStatus) unexpected[status] = count;
  }
  if (result.errors) unexpected.errors = result.errors;
  if (result.timeouts) unexpected.timeouts = result.timeouts;
  return {
    requestsPerSecond: responses / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses,
    seconds: result.duration,
    unexpected,
    mode,
  };
}

export async function load(baseUrl: string, req: BenchRequest, expectedStatus: number): Promise<LoadFigures> {
  const oneRequestMs = await warmUp(baseUrl, req);
  // On one Node process, 50 concurrent requests take about 50 times one request's time.
  const queueMs = oneRequestMs * CONNECTIONS;
  const options = {
    url: new URL(req.path, baseUrl).toString(),
    method: req.method ?? "GET",
    headers: { ...GZIP_HEADERS, ...req.headers },
    body: req.body,
    connections: CONNECTIONS,
    timeout: Math.max(10, Math.ceil((queueMs * 4) / 1000)),
  } as const;

  let result: Result;
  let mode: LoadFigures["mode"];
  if (queueMs > (RUN_SECONDS * 1000) / 2) {
    mode = "counted";
    result = await autocannon({ ...options, amount: CONNECTIONS });
  } else {
    mode = "timed";
    await autocannon({ ...options, duration: WARMUP_SECONDS });
    await settle(baseUrl);
    result = await autocannon({ ...options, duration: RUN_SECONDS });
  }
  await settle(baseUrl);
  const measured = figures(result, expectedStatus, mode);
  if (measured.responses === 0) throw new Error(`bench: no response from ${req.method ?? "GET"} ${req.path} under load`);
  return measured;
}
