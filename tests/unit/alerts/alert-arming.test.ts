// How a new or resumed rule is set against the coins' figures now (lib/alerts/arm-rule.ts): its
// side, its level, and whether it is armed or waits to re-arm (lib/alerts/rearm.ts).
import { armingOf, currentValue, resumedState, settingsOf, type CoinFigures } from "@/lib/alerts/arm-rule";
import { REARM_MARGIN } from "@/lib/alerts/limits";
import { isPastLevel, rearmLevel } from "@/lib/alerts/rearm";

const coin = (marketCap: number, extra: Partial<CoinFigures> = {}): CoinFigures => ({ currentPrice: 1, marketCap, athPrice: null, athMarketCap: null, ...extra });

describe("settingsOf", () => {
  test("A reaches B from whichever side A is now", () => {
    expect(settingsOf({ kind: "reach", coinId: "a", otherCoinId: "b", multiple: 1 }, coin(1e9), coin(4e9))).toEqual({ direction: "above", level: 1 });
    expect(settingsOf({ kind: "reach", coinId: "a", otherCoinId: "b", multiple: 0.2 }, coin(1e9), coin(4e9))).toEqual({ direction: "below", level: 0.2 });
    // At the level exactly it is reached already: from above.
    expect(settingsOf({ kind: "reach", coinId: "a", otherCoinId: "b", multiple: 0.25 }, coin(1e9), coin(4e9))).toEqual({ direction: "below", level: 0.25 });
  });

  test("A reaches B's high: B's all-time-high market cap; no side while B has none (the pass measures against the high alone)", () => {
    expect(settingsOf({ kind: "reach_ath", coinId: "a", otherCoinId: "b", multiple: 1 }, coin(5e9), coin(4e9, { athMarketCap: 8e9 }))).toEqual({ direction: "above", level: 1 });
    expect(settingsOf({ kind: "reach_ath", coinId: "a", otherCoinId: "b", multiple: 1 }, coin(5e9), coin(4e9))).toEqual({ direction: null, level: 1 });
  });

  test("no side while B or A has no market cap: a ratio to (or of) nothing is no position", () => {
    expect(settingsOf({ kind: "reach", coinId: "a", otherCoinId: "b", multiple: 1 }, coin(1e9), coin(0))).toEqual({ direction: null, level: 1 });
    expect(settingsOf({ kind: "reach", coinId: "a", otherCoinId: "b", multiple: 0.5 }, coin(0), coin(4e9))).toEqual({ direction: null, level: 0.5 });
  });

  test("price and market cap keep the user's side; a new high starts at today's; a 24h move has its percent", () => {
    expect(settingsOf({ kind: "price", coinId: "a", direction: "below", level: 0.5 }, coin(1), null)).toEqual({ direction: "below", level: 0.5 });
    expect(settingsOf({ kind: "market_cap", coinId: "a", direction: "above", level: 1e11 }, coin(1), null)).toEqual({ direction: "above", level: 1e11 });
    expect(settingsOf({ kind: "new_ath", coinId: "a" }, coin(1, { athPrice: 0.03 }), null)).toEqual({ direction: null, level: 0.03 });
    expect(settingsOf({ kind: "new_ath", coinId: "a" }, coin(1), null)).toEqual({ direction: null, level: 0 });
    expect(settingsOf({ kind: "move_24h", coinId: "a", percent: 15 }, coin(1), null)).toEqual({ direction: null, level: 15 });
  });
});

describe("currentValue", () => {
  test("the ratio of market caps for the reach kinds, the price, the market cap; none for the rest or while A or B has no market cap", () => {
    expect(currentValue("reach", coin(1e9), coin(4e9))).toBe(0.25);
    expect(currentValue("reach_ath", coin(1e9), coin(4e9, { athMarketCap: 8e9 }))).toBe(0.125);
    expect(currentValue("reach", coin(1e9), coin(0))).toBeNull();
    expect(currentValue("reach", coin(0), coin(4e9))).toBeNull();
    expect(currentValue("reach_ath", coin(1e9), coin(4e9))).toBeNull();
    expect(currentValue("price", coin(1e9, { currentPrice: 0.7 }), null)).toBe(0.7);
    expect(currentValue("market_cap", coin(1e9), null)).toBe(1e9);
    expect(currentValue("new_ath", coin(1e9), null)).toBeNull();
    expect(currentValue("move_24h", coin(1e9), null)).toBeNull();
  });
});

describe("armingOf", () => {
  test(`armed unless already past the level; the re-arm level is ${REARM_MARGIN * 100}% back the other way`, () => {
    expect(armingOf({ direction: "above", level: 2 }, 1)).toEqual({ armed: true, rearmAt: 1.96 });
    expect(armingOf({ direction: "above", level: 2 }, 2)).toEqual({ armed: false, rearmAt: 1.96 });
    expect(armingOf({ direction: "below", level: 2 }, 3)).toEqual({ armed: true, rearmAt: 2.04 });
    expect(armingOf({ direction: "below", level: 2 }, 1.5)).toEqual({ armed: false, rearmAt: 2.04 });
    expect(armingOf({ direction: "above", level: 2 }, null)).toEqual({ armed: true, rearmAt: 1.96 });
    expect(armingOf({ direction: null, level: 10 }, 50)).toEqual({ armed: true, rearmAt: null });
  });

  test("a reach rule with no side waits for its target: not armed, no re-arm level (the pass arms it)", () => {
    expect(armingOf({ direction: null, level: 1 }, null, "reach")).toEqual({ armed: false, rearmAt: null });
    expect(armingOf({ direction: null, level: 1 }, null, "reach_ath")).toEqual({ armed: false, rearmAt: null });
    expect(armingOf({ direction: null, level: 10 }, 12, "move_24h")).toEqual({ armed: true, rearmAt: null });
  });

  test("rearmLevel and isPastLevel agree: the re-arm level is never past the level", () => {
    for (const direction of ["above", "below"] as const) {
      for (const level of [1e-9, 0.5, 1, 3e12]) {
        expect(isPastLevel(direction, level, level)).toBe(true);
        expect(isPastLevel(direction, rearmLevel(direction, level), level)).toBe(false);
      }
    }
  });
});

describe("resumedState", () => {
  test("a threshold rule is armed again, or waits when its level was passed while paused", () => {
    expect(resumedState({ kind: "price", direction: "above", level: 2 }, coin(1, { currentPrice: 1.5 }), null)).toEqual({ armed: true, rearmAt: 1.96 });
    expect(resumedState({ kind: "price", direction: "above", level: 2 }, coin(1, { currentPrice: 2.5 }), null)).toEqual({ armed: false, rearmAt: 1.96 });
    expect(resumedState({ kind: "reach", direction: "above", level: 1 }, coin(5e9), coin(4e9))).toEqual({ armed: false, rearmAt: 0.98 });
  });

  test("a reach rule that waited for its target takes its side if the target has a value now, else keeps waiting", () => {
    expect(resumedState({ kind: "reach", direction: null, level: 1 }, coin(1e9), coin(4e9))).toEqual({ direction: "above", armed: true, rearmAt: 0.98 });
    expect(resumedState({ kind: "reach", direction: null, level: 0.25 }, coin(1e9), coin(4e9))).toEqual({ direction: "below", armed: false, rearmAt: 0.255 });
    expect(resumedState({ kind: "reach", direction: null, level: 1 }, coin(1e9), coin(0))).toEqual({ direction: null, armed: false, rearmAt: null });
  });

  test("a new-high rule starts from today's high; a 24h-move rule has nothing to reset", () => {
    expect(resumedState({ kind: "new_ath", direction: null, level: 2 }, coin(1, { athPrice: 3 }), null)).toEqual({ level: 3 });
    expect(resumedState({ kind: "move_24h", direction: null, level: 10 }, coin(1), null)).toEqual({});
  });
});
