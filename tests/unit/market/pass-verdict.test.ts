// When a refresh pass alarms (the cron route's 503, the worker line's status): it published no
// coin while some failed, or reached no source before its budget ran out; a partial pass does not.
import { countFailures, failedPassMessage, passVerdict } from "@/lib/market/pass/pass-verdict";

const empty = { updated: [], failed: [], heldBack: [], lowLiquidity: [], deferred: [] };
const unreachable = (coinId: string, source = "pulsex") => ({ coinId, source, reason: "RPC unavailable", kind: "unreachable" as const });

test("failed: nothing updated and some failed", () => {
  const report = { ...empty, failed: [unreachable("hex"), unreachable("pls"), { coinId: "btc", source: "coingecko", reason: "429" }] };
  expect(passVerdict(report)).toBe("failed");
  expect(countFailures(report.failed)).toEqual({ "pulsex unreachable": 2, coingecko: 1 });
  expect(failedPassMessage(report)).toBe("The refresh pass updated no coin; 3 failed (pulsex unreachable: 2, coingecko: 1).");
});

test("failed: no source reached before the budget ran out (every coin deferred, none judged)", () => {
  const report = { ...empty, deferred: [{ coinId: "hex", source: "pulsex" }] };
  expect(passVerdict(report)).toBe("failed");
  expect(failedPassMessage(report)).toMatch(/^The refresh pass reached no source/);
  // A source that answered, even only to have its quote held back, was reached.
  expect(passVerdict({ ...report, heldBack: [{ coinId: "pls", source: "pulsex", reason: "big move" }] })).toBe("ok");
});

test("partial: some updated, some failed; ok: none failed", () => {
  expect(passVerdict({ ...empty, updated: ["btc"], failed: [unreachable("hex")] })).toBe("partial");
  expect(passVerdict({ ...empty, updated: ["btc"] })).toBe("ok");
  // Nothing to ask (every coin resting in quarantine) is no alarm.
  expect(passVerdict(empty)).toBe("ok");
});
