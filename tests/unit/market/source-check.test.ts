// Sources that watch each other (lib/market/pass/source-check.ts): the comparison, the share of tokens
// a pass checks so that all are checked hourly, and which ones.
import { checkIntervalMs, compareSources, dueForCheck, rotationShare, TOKEN_TOLERANCE_PCT } from "@/lib/market/pass/source-check";

const at = new Date("2026-11-25T12:00:00Z");

test("two prices more than the tolerance apart, either way, disagree", () => {
  expect(compareSources(1, 1.1, "dexscreener", at, TOKEN_TOLERANCE_PCT)).toEqual({ source: "dexscreener", ours: 1, theirs: 1.1, differencePct: expect.closeTo(-9.09, 2), agrees: true, checkedAt: at.toISOString() });
  expect(compareSources(1, 0.9, "dexscreener", at, TOKEN_TOLERANCE_PCT)).toMatchObject({ differencePct: expect.closeTo(11.11, 2), agrees: false });
  expect(compareSources(1, 1.2, "dexscreener", at, TOKEN_TOLERANCE_PCT).agrees).toBe(false);
});

test("the share covers every token within an hour at the interval", () => {
  expect(rotationShare(5_000, 5 * 60_000)).toBe(417); // 12 passes an hour
  expect(rotationShare(12, 5 * 60_000)).toBe(1);
  expect(rotationShare(5, 5 * 60_000)).toBe(1);
  expect(rotationShare(100, 60 * 60_000)).toBe(100); // hourly passes: all of them
  expect(rotationShare(100, 2 * 3_600_000)).toBe(100);
  expect(rotationShare(0, 5 * 60_000)).toBe(0);
  expect(checkIntervalMs(0)).toBe(5 * 60_000); // passes by hand: planned as the default schedule
  expect(checkIntervalMs(15)).toBe(15 * 60_000);
});

test("the tokens checked longest ago go first, never-checked before all, ties by id", () => {
  const coin = (id: string, minutesAgo: number | null) => ({ id, sourceCheckedAt: minutesAgo === null ? null : new Date(at.getTime() - minutesAgo * 60_000) });
  const coins = [coin("a", 5), coin("b", null), coin("c", 50), coin("d", 50), coin("e", null)];
  expect(dueForCheck(coins, 4).map((c) => c.id)).toEqual(["b", "e", "c", "d"]);
});
