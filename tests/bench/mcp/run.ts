// `npm run bench:mcp` (issue 55): an MCP `compare` tool call against the same comparison from the
// API, GET /api/pairs/{coin1}/{coin2}, on the production build at 5,062 coins (the seed + 5,000
// synthetic tokens, tests/bench/synthetic-coins.ts; no synthetic history, which neither reads).
// Prints each one's median and p95 and the ratio of the p95s against the goal (at most 2x), and
// whether the tool's figures are the API's exactly; asserts nothing.
//
// Both are timed the same way in the same run: one request at a time, API and MCP alternating (so
// whatever else the machine does falls on both alike), then CONCURRENCY at once. The MCP call is
// what a client sends once connected: one POST with the JSON-RPC tools/call (stateless: no session
// to open first). Each request comes from its own made-up client address (X-Forwarded-For, which
// the server believes from loopback only), so no per-IP budget is spent.
// MCP_BENCH_SAMPLES (400) requests of each kind per phase; MCP_BENCH_PAIR=plsx/hex; SKIP_BUILD=1
// reuses the last build.
import http from "node:http";
import { startApp } from "@/tests/browser/harness";
import { waitForServedData } from "@/tests/bench/fresh-data";
import { request, type BenchRequest } from "@/tests/bench/http-get";
import { median, percentile, ratio } from "@/tests/bench/stats";
import { createSyntheticDatabase } from "@/tests/bench/synthetic-coins";

const SAMPLES = Number(process.env.MCP_BENCH_SAMPLES ?? 400);
const WARMUP = 50;
const CONCURRENCY = 10;
const GOAL_P95_RATIO = 2;
const [COIN1, COIN2] = (process.env.MCP_BENCH_PAIR ?? "plsx/hex").split("/") as [string, string];

const started = Date.now();
const log = (line: string) => console.log(`# [${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

let clientNumber = 0;
/** A client address of the benchmarking range (198.18.0.0/15), a new one per request. */
const nextClient = () => {
  const n = clientNumber++;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

const apiRequest = (): BenchRequest => ({ path: `/api/pairs/${COIN1}/${COIN2}`, headers: { "X-Forwarded-For": nextClient() } });

let rpcId = 0;
const mcpRequest = (): BenchRequest => ({
  path: "/api/mcp",
  method: "POST",
  headers: {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": "2025-06-18",
    "X-Forwarded-For": nextClient(),
  },
  body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: { name: "compare", arguments: { coin1: COIN1, coin2: COIN2 } } }),
});

type Timed = { api: number[]; mcp: number[] };

async function timed(baseUrl: string, agent: http.Agent, req: BenchRequest): Promise<number> {
  const res = await request(baseUrl, req, { agent });
  if (res.status !== 200) throw new Error(`bench: ${req.method ?? "GET"} ${req.path} answered ${res.status}: ${res.body.toString("utf8").slice(0, 300)}`);
  return res.ms;
}

/** One at a time, API and MCP alternating. */
async function sequential(baseUrl: string, agent: http.Agent, samples: number): Promise<Timed> {
  const out: Timed = { api: [], mcp: [] };
  for (let i = 0; i < samples; i++) {
    out.api.push(await timed(baseUrl, agent, apiRequest()));
    out.mcp.push(await timed(baseUrl, agent, mcpRequest()));
  }
  return out;
}

/** `samples` requests of one kind, CONCURRENCY in flight at a time. */
async function concurrent(baseUrl: string, agent: http.Agent, samples: number, make: () => BenchRequest): Promise<number[]> {
  const out: number[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < samples) {
        sent++;
        out.push(await timed(baseUrl, agent, make()));
      }
    }),
  );
  return out;
}

function report(title: string, api: number[], mcp: number[]): number {
  const row = (name: string, values: number[]) => `  ${name.padEnd(34)} ${values.length.toString().padStart(5)} ${median(values).toFixed(2).padStart(8)} ms ${percentile(values, 95).toFixed(2).padStart(8)} ms`;
  const p95Ratio = percentile(mcp, 95) / percentile(api, 95);
  console.log(`\n${title}`);
  console.log(`  ${"".padEnd(34)} ${"n".padStart(5)} ${"median".padStart(11)} ${"p95".padStart(11)}`);
  console.log(row(`GET /api/pairs/${COIN1}/${COIN2}`, api));
  console.log(row("MCP tools/call compare", mcp));
  console.log(`  p95 ratio MCP / API: ${ratio(p95Ratio)} (goal <= ${GOAL_P95_RATIO}: ${p95Ratio <= GOAL_P95_RATIO ? "met" : "NOT met"}); median ratio ${ratio(median(mcp) / median(api))}`);
  return p95Ratio;
}

/** The goal "the same figures, exactly": the tool's structured content less what only it has, against the API's body. */
async function sameFigures(baseUrl: string, agent: http.Agent): Promise<boolean> {
  const api = JSON.parse((await request(baseUrl, apiRequest(), { agent })).body.toString("utf8"));
  const answer = JSON.parse((await request(baseUrl, mcpRequest(), { agent })).body.toString("utf8")) as { result: { structuredContent: Record<string, unknown> } };
  const { chosen: _chosen, holding: _holding, url: _url, ...pair } = answer.result.structuredContent;
  return JSON.stringify(pair) === JSON.stringify(api);
}

const database = await createSyntheticDatabase({ history: false });
log(`generated the 5,000-coin database: ${database.coins} coins`);
const app = await startApp({ databaseUrl: database.url, build: process.env.SKIP_BUILD !== "1", env: { TRUST_PROXY: "loopback" } });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
try {
  await waitForServedData(app.baseUrl, true, [`/api/pairs/${COIN1}/${COIN2}`]);
  log(`serving ${database.coins} coins at ${app.baseUrl}`);
  const same = await sameFigures(app.baseUrl, agent);
  console.log(`MCP compare vs GET /api/pairs/${COIN1}/${COIN2}: the same figures, exactly: ${same ? "yes" : "NO"}`);
  await sequential(app.baseUrl, agent, WARMUP);
  const one = await sequential(app.baseUrl, agent, SAMPLES);
  const first = report(`One request at a time (alternating), ${database.coins} coins, production build`, one.api, one.mcp);
  const api = await concurrent(app.baseUrl, agent, SAMPLES, apiRequest);
  const mcp = await concurrent(app.baseUrl, agent, SAMPLES, mcpRequest);
  const second = report(`${CONCURRENCY} requests at a time, ${database.coins} coins, production build`, api, mcp);
  console.log(`\nGoal (issue 55): MCP tool call p95 <= ${GOAL_P95_RATIO}x the same API call's p95: ${first <= GOAL_P95_RATIO && second <= GOAL_P95_RATIO ? "met" : "NOT met"} (${ratio(first)}x one at a time, ${ratio(second)}x ${CONCURRENCY} at a time)`);
} finally {
  agent.destroy();
  await app.stop();
  database.remove();
  log("done");
}
