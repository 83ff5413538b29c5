// Prints the market bench's figures, the discovery pass beside the measured one, and issue 15's
// goals for the measured pass. Printed, never asserted (like `npm run bench`).
import { printGoals, type Row } from "@/tests/bench/goals";
import type { PassFigures } from "./measure-pass";
import { describeMethods, type MulticallChunk } from "./rpc-log";
import { CHECK_EVERY_MS } from "@/lib/market/pass/source-check";

/** Issue 15's goals for one full pass after discovery. */
export const MARKET_GOALS = { tokensPerRequest: 100, chunkGas: 30_000_000n, passSeconds: 45 } as const;

export type PassGas = {
  /** The most gas a chunk of the pass used when replayed; null when none could be replayed. */
  max: bigint | null;
  heaviestChunk: MulticallChunk | null;
  over30M: number;
  unmeasured: number;
  errors: string[];
};

export type PassWithGas = PassFigures & { gas: PassGas };

const thousands = (value: number | bigint) => value.toLocaleString("en-US");

function passColumn(pass: PassWithGas): Map<string, string> {
  const { rpc, report } = pass;
  const largest = rpc.chunks.reduce((max, chunk) => Math.max(max, chunk.calls), 0);
  const failedChunks = rpc.chunks.filter((chunk) => chunk.failed).length;
  return new Map([
    ["Tokens in the pass", thousands(pass.tokens)],
    ["Seconds of the pass (wall clock)", pass.seconds.toFixed(1)],
    ["  with a request at the chain", rpc.chainSeconds.toFixed(1)],
    ["CPU seconds of this process in it", pass.cpuSeconds.toFixed(1)],
    ["RPC HTTP requests", thousands(rpc.httpRequests)],
    ["JSON-RPC calls", thousands(rpc.jsonRpcCalls)],
    ["Calls repeated (client retries)", thousands(rpc.repeats)],
    ["Multicall chunks (eth_call)", thousands(rpc.chunks.length)],
    ["  calls asked again (1M gas each)", thousands(rpc.secondAskings)],
    ["Largest chunk: calls", thousands(largest)],
    ["Most gas a chunk used (replayed)", pass.gas.max === null ? "-" : thousands(pass.gas.max)],
    ["  calls in that chunk", pass.gas.heaviestChunk ? thousands(pass.gas.heaviestChunk.calls) : "-"],
    ["Chunks over 30M gas", String(pass.gas.over30M)],
    ["Chunks that failed in the pass", String(failedChunks)],
    ["Database statements", thousands(pass.statements)],
    ["Database transactions", thousands(pass.transactions)],
    ["Coins updated", thousands(report.updated.length)],
    ["Coins failed", thousands(report.failed.length)],
    ["Coins held back", thousands(report.heldBack.length)],
    ["Coins under the liquidity floor", thousands(report.lowLiquidity.length)],
    ["Coins deferred (time budget)", thousands(report.deferred.length)],
    ["Cross-check: DexScreener requests", thousands(pass.crossCheckRequests)],
    ["Cross-check: tokens asked / checked", `${thousands(report.sourceChecks.asked)} / ${thousands(report.sourceChecks.checked)}`],
  ]);
}

export function printPasses(discovery: PassWithGas, measured: PassWithGas): void {
  const columns = [passColumn(discovery), passColumn(measured)];
  const labels = [...columns[0]!.keys()];
  const width = Math.max(...labels.map((label) => label.length));
  const valueWidth = Math.max(18, ...columns.flatMap((column) => [...column.values()].map((value) => value.length)));
  console.log(`\n  ${"".padEnd(width)} | ${discovery.label.padStart(valueWidth)} | ${measured.label.padStart(valueWidth)}`);
  console.log(`  ${"-".repeat(width)}-+-${"-".repeat(valueWidth)}-+-${"-".repeat(valueWidth)}`);
  for (const label of labels) {
    console.log(`  ${label.padEnd(width)} | ${columns.map((column) => column.get(label)!.padStart(valueWidth)).join(" | ")}`);
  }
  for (const pass of [discovery, measured]) {
    console.log(`\n  ${pass.label}: JSON-RPC methods: ${describeMethods(pass.rpc.byMethod)}`);
    if (pass.rpc.errors.size) console.log(`  ${pass.label}: RPC errors: ${describeMethods(pass.rpc.errors)}`);
    if (pass.gas.unmeasured) console.log(`  ${pass.label}: ${pass.gas.unmeasured} chunk(s) whose gas could not be measured: ${[...new Set(pass.gas.errors)].join("; ")}`);
    const reasons = [...pass.failureReasons].sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [reason, count] of reasons) console.log(`  ${pass.label}: ${thousands(count)} failed: ${reason}`);
  }
}

export function marketGoalRows(measured: PassWithGas): Row[] {
  const allowedRequests = Math.floor(measured.tokens / MARKET_GOALS.tokensPerRequest);
  return [
    {
      measure: "RPC requests of a pass after discovery",
      value: `${thousands(measured.rpc.httpRequests)} for ${thousands(measured.tokens)} tokens`,
      goal: `≤ ${thousands(allowedRequests)} (1 per ${MARKET_GOALS.tokensPerRequest} tokens)`,
      met: measured.rpc.httpRequests <= allowedRequests,
    },
    {
      measure: "Gas of the heaviest chunk (eth_call)",
      value: measured.gas.max === null ? "not measured" : `${thousands(measured.gas.max)}`,
      goal: `≤ ${thousands(MARKET_GOALS.chunkGas)}`,
      met: measured.gas.max === null || measured.gas.unmeasured > 0 ? false : measured.gas.max <= MARKET_GOALS.chunkGas,
    },
    {
      measure: "Cross-check: every on-chain token covered",
      value: `in ${rotationMinutes(measured)} min (${thousands(measured.report.sourceChecks.checked)} a pass, one every ${CHECK_INTERVAL_MINUTES} min)`,
      goal: `≤ ${CHECK_EVERY_MS / 60_000} min`,
      met: rotationMinutes(measured) <= CHECK_EVERY_MS / 60_000,
    },
    {
      measure: "Seconds of the pass (with the cross-check's requests)",
      value: `${measured.seconds.toFixed(1)} s`,
      goal: `≤ ${MARKET_GOALS.passSeconds} s`,
      met: measured.seconds <= MARKET_GOALS.passSeconds,
    },
    ...contractFailureRows(measured),
  ];
}

/**
 * Issue 30: the gas-burning tokens fail alone, as their contracts' failures, and no other token
 * fails. Deferred coins (the time budget ran out before their reads, or before a failed call's
 * second asking) are counted beside: they neither failed nor were judged.
 */
function contractFailureRows(measured: PassWithGas): Row[] {
  const burners = new Set(measured.gasBurners);
  const others = measured.report.failed.filter((failure) => !burners.has(failure.coinId));
  const burnersFailed = measured.report.failed.filter((failure) => burners.has(failure.coinId) && failure.kind === "contract");
  const deferred = measured.report.deferred ?? [];
  const burnersDeferred = deferred.filter((entry) => burners.has(entry.coinId)).length;
  return [
    {
      measure: "Ordinary tokens failing (gas burners among them)",
      value: `${thousands(others.length)} of ${thousands(measured.tokens - burners.size)} (${thousands(deferred.length - burnersDeferred)} deferred)`,
      goal: "0",
      met: others.length === 0,
    },
    {
      measure: "Gas-burning tokens failed alone, as their contracts'",
      value: `${burnersFailed.length} of ${burners.size} (kind "contract"; ${burnersDeferred} deferred)`,
      goal: `all ${burners.size}`,
      met: burnersFailed.length === burners.size,
    },
  ];
}

/** The schedule's default interval, which the rotation is planned for. */
const CHECK_INTERVAL_MINUTES = 5;

/** How long the measured pass's share takes to cover every token: passes needed × the interval. */
function rotationMinutes(measured: PassWithGas): number {
  const perPass = measured.report.sourceChecks.checked;
  return perPass === 0 ? Infinity : Math.ceil(measured.tokens / perPass) * CHECK_INTERVAL_MINUTES;
}

export function printMarketGoals(measured: PassWithGas): void {
  printGoals(marketGoalRows(measured), "Goals of issues 15 and 26 (the measured pass)");
}
