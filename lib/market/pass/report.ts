// What a refresh pass reports (pure): the report's shape and the empty report a pass starts from.
import type { AlertEvaluation } from "@/lib/alerts/evaluate";
import type { PlsCrossCheck } from "./cross-check";

export type RefreshReport = {
  startedAt: string;
  finishedAt: string;
  updated: string[];
  /** Of `updated`, the coins whose figures changed (or became usable for alerts): what the alerts evaluate. */
  changed: string[];
  /**
   * kind "unreachable": the source or RPC was down, which says nothing about the coin; "contract":
   * the token's own contract failed the read (lib/market/types.ts).
   */
  failed: { coinId: string; source: string; reason: string; kind?: "unreachable" | "contract" }[];
  heldBack: { coinId: string; source: string; reason: string }[];
  /** Quotes from pools under the floor: not published, the coin flagged. */
  lowLiquidity: { coinId: string; source: string; liquidityUsd: number | null }[];
  /** Not asked this pass (the time budget ran out): the freshest coins; the next pass asks them first. */
  deferred: { coinId: string; source: string }[];
  /** What a source noticed about the market as a whole (a stablecoin pool off its peg and dropped). */
  notes: string[];
  /**
   * Tokens whose own contract keeps failing (lib/market/pass/quarantine.ts): quarantined this pass (the
   * 3rd "contract" failure in a row), lifted this pass (their source answered for them again, since
   * the time given), and the quarantined coins this pass left out (each is asked at most hourly).
   */
  quarantine: {
    started: { coinId: string; source: string; reason: string }[];
    lifted: { coinId: string; source: string; since: string }[];
    resting: string[];
  };
  /** The PLS check against CoinGecko, when one ran this pass. */
  crossCheck: PlsCrossCheck | null;
  /** The published prices checked against a second source this pass, and those that disagree. */
  sourceChecks: { asked: number; checked: number; disagree: string[] };
  /** True when the pass lost its lease before writing, so it wrote nothing. */
  leaseLost: boolean;
  /**
   * The alert evaluation after the pass (lib/alerts/evaluate.server.ts), run by the market pass job
   * (lib/jobs/market-pass.server.ts) while the pass still holds the lease; null when none ran (runRefreshPass alone, nothing published, the
   * lease lost) or `{ error }` when it failed (the prices stand; the rules wait for the next pass).
   */
  alerts: AlertEvaluation | { error: string } | null;
};

export function emptyReport(startedAt: Date): RefreshReport {
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: "",
    updated: [],
    changed: [],
    failed: [],
    heldBack: [],
    lowLiquidity: [],
    deferred: [],
    notes: [],
    quarantine: { started: [], lifted: [], resting: [] },
    crossCheck: null,
    sourceChecks: { asked: 0, checked: 0, disagree: [] },
    leaseLost: false,
    alerts: null,
  };
}
