// One refresh pass under measurement: its wall-clock seconds and this process's CPU seconds,
// the database statements it sent (counting-prisma.ts) and the requests the chain's recording
// proxy saw (rpc-log.ts), the requests its cross-check sent to DexScreener, with the pass's report.
import { performance } from "node:perf_hooks";
import type { PrismaClient } from "@/lib/db/create-client";
import { runRefreshPass, type RefreshReport } from "@/lib/market/pass/refresh.server";
import type { PriceSource } from "@/lib/market/types";
import type { Address } from "viem";
import type { ChainChild } from "./chain-child";
import type { StatementCounts } from "./counting-prisma";
import { analyseRpcLog, type RpcFigures } from "./rpc-log";

export type PassFigures = {
  label: string;
  tokens: number;
  seconds: number;
  cpuSeconds: number;
  statements: number;
  transactions: number;
  rpc: RpcFigures;
  report: RefreshReport;
  /** Requests the cross-check sent to DexScreener (the bench's local stand-in) during the pass. */
  crossCheckRequests: number;
  /** Failure reasons with addresses blanked, by count. */
  failureReasons: Map<string, number>;
  /** The coin ids of the gas-burning tokens (build-market.ts GAS_BURNERS): theirs are the only failures expected. */
  gasBurners: readonly string[];
};

export async function measurePass(
  label: string,
  setup: {
    db: PrismaClient;
    counts: StatementCounts;
    chain: ChainChild;
    source: PriceSource;
    /** DexScreener for the cross-check, and the list of requests its stand-in received. */
    crossCheck: { source: PriceSource; requests: readonly string[] };
    tokens: number;
    multicall3: Address;
    gasBurners: readonly string[];
  },
  options: { budgetMs?: number } = {},
): Promise<PassFigures> {
  const { db, counts, chain, source } = setup;
  await chain.takeLog(); // drop anything sent before the pass
  const before = { ...counts };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // Without budgetMs, the production budget (MARKET_PASS_BUDGET_SECONDS, 45 s).
  const crossCheckBefore = setup.crossCheck.requests.length;
  const report = await runRefreshPass(db, [source, setup.crossCheck.source], { log: () => {}, budgetMs: options.budgetMs });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const requests = await chain.takeLog();

  const failureReasons = new Map<string, number>();
  for (const failure of report.failed) {
    const reason = failure.reason.replace(/0x[0-9a-fA-F]{40}/g, "0x…");
    failureReasons.set(reason, (failureReasons.get(reason) ?? 0) + 1);
  }
  return {
    label,
    tokens: setup.tokens,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    statements: counts.statements - before.statements,
    transactions: counts.transactions - before.transactions,
    rpc: analyseRpcLog(requests, setup.multicall3),
    report,
    crossCheckRequests: setup.crossCheck.requests.length - crossCheckBefore,
    failureReasons,
    gasBurners: setup.gasBurners,
  };
}
