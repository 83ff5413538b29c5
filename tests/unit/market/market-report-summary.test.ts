import { summarizeReport } from "@/lib/market/pass/report-summary";
import type { RefreshReport } from "@/lib/market/pass/refresh.server";

const base: RefreshReport = {
  startedAt: "2026-11-23T02:00:00.000Z",
  finishedAt: "2026-11-23T02:00:05.000Z",
  updated: ["hex", "pls"],
  failed: [{ coinId: "btc", source: "coingecko", reason: "coingecko: HTTP 503", kind: "unreachable" }],
  heldBack: [],
  lowLiquidity: [{ coinId: "pepe", source: "pulsex", liquidityUsd: 3_000 }],
  deferred: [{ coinId: "a", source: "dexscreener" }, { coinId: "b", source: "dexscreener" }],
  notes: [],
  quarantine: { started: [], lifted: [], resting: [] },
  crossCheck: null,
  sourceChecks: { asked: 0, checked: 0, disagree: [] },
  leaseLost: false,
  alerts: null,
  changed: [],
};

test("the schedule's line names every outcome of the pass", () => {
  expect(summarizeReport(base)).toBe("2 updated, 1 failed, 0 held back, 1 low liquidity, 2 deferred");
});

test("with a cross-check and a lost lease", () => {
  const crossCheck = { onchainUsd: 0.00003, coingeckoUsd: 0.000032, differencePct: -6.25, agrees: false, checkedAt: base.finishedAt };
  expect(summarizeReport({ ...base, crossCheck, leaseLost: true })).toBe(
    "2 updated, 1 failed, 0 held back, 1 low liquidity, 2 deferred, PLS vs CoinGecko -6.25% (more than 3% apart), lease lost, nothing written",
  );
  expect(summarizeReport({ ...base, crossCheck: { ...crossCheck, coingeckoUsd: 0.0000295, differencePct: 1.6949, agrees: true } })).toMatch(/PLS vs CoinGecko \+1\.69%$/);
});

test("with prices checked against a second source", () => {
  expect(summarizeReport({ ...base, sourceChecks: { asked: 5, checked: 4, disagree: ["pepe"] } })).toMatch(/, 4 checked against a second source \(1 disagree\)$/);
  expect(summarizeReport({ ...base, sourceChecks: { asked: 2, checked: 2, disagree: [] } })).toMatch(/, 2 checked against a second source$/);
});
