// What a visitor types as an amount held or a market cap, the choices a pair page keeps in its
// address (?hold=, ?mcap=, ?on=, ?target=), coin 1 at a typed market cap, and how amounts print.
import { atTargetPhrase } from "@/lib/compare/target-copy";
import { choicesFromSearch, searchWithChoices } from "@/lib/compare/target-param";
import { AMOUNT_RULES, MARKET_CAP_RULES, parseTypedNumber } from "@/lib/compare/typed-number";
import { computeTypedCapComparison } from "@/lib/compare/comparison";
import { formatTokenAmount } from "@/lib/shared/format";

describe("parseTypedNumber: amounts", () => {
  test.each([
    ["1500000", 1_500_000, "1500000"],
    ["1,500,000", 1_500_000, "1500000"],
    ["  1,500,000  ", 1_500_000, "1500000"],
    ["1.5m", 1_500_000, "1.5m"],
    ["1.5M", 1_500_000, "1.5m"],
    ["1.5 m", 1_500_000, "1.5m"],
    ["2k", 2_000, "2k"],
    // Shifted as text: 1.1 × 1,000 in doubles is 1100.0000000000002.
    ["1.1k", 1_100, "1.1k"],
    ["0.25", 0.25, "0.25"],
    [".5", 0.5, "0.5"],
    ["12.", 12, "12"],
    ["3b", 3e9, "3b"],
    ["1.234567t", 1_234_567_000_000, "1.234567t"],
    ["1,234.5k", 1_234_500, "1234.5k"],
    ["0.0000001", 1e-7, "0.0000001"],
  ])("%j is %d, written %j", (text, value, short) => {
    expect(parseTypedNumber(text, AMOUNT_RULES)).toEqual({ kind: "ok", value, text: short });
  });

  test("empty text is no amount, not an error", () => {
    expect(parseTypedNumber("", AMOUNT_RULES)).toEqual({ kind: "empty" });
    expect(parseTypedNumber("   ", AMOUNT_RULES)).toEqual({ kind: "empty" });
  });

  test.each([
    ["abc", "Enter an amount like 1,500,000 or 1.5m."],
    ["1.5x", "Enter an amount like 1,500,000 or 1.5m."],
    ["1.5mm", "Enter an amount like 1,500,000 or 1.5m."],
    ["1..5", "Enter an amount like 1,500,000 or 1.5m."],
    [".", "Enter an amount like 1,500,000 or 1.5m."],
    ["k", "Enter an amount like 1,500,000 or 1.5m."],
    ["1e6", "Enter an amount like 1,500,000 or 1.5m."],
    ["1,5", "Group thousands with commas in threes (1,500,000) and use a point for decimals."],
    ["15,00,000", "Group thousands with commas in threes (1,500,000) and use a point for decimals."],
    ["0", "Enter an amount above 0."],
    ["0.000", "Enter an amount above 0."],
    ["-5", "Enter an amount above 0."],
    ["$100", "Enter a number of tokens, like 1,500,000 or 1.5m."],
    ["2000000000000000000t", "That amount is too large."],
  ])("%j is refused: %s", (text, reason) => {
    expect(parseTypedNumber(text, AMOUNT_RULES)).toEqual({ kind: "invalid", reason });
  });
});

describe("parseTypedNumber: market caps", () => {
  test.each([
    ["100b", 1e11, "100b"],
    ["$100B", 1e11, "100b"],
    ["$ 2.5t", 2.5e12, "2.5t"],
    ["750,000,000", 7.5e8, "750000000"],
  ])("%j is %d", (text, value, short) => {
    expect(parseTypedNumber(text, MARKET_CAP_RULES)).toEqual({ kind: "ok", value, text: short });
  });

  test.each([
    ["$", "Enter a market cap like 100b or 2.5t."],
    ["$0", "Enter a market cap above 0."],
    ["1000001t", "That market cap is too large."],
  ])("%j is refused: %s", (text, reason) => {
    expect(parseTypedNumber(text, MARKET_CAP_RULES)).toEqual({ kind: "invalid", reason });
  });
});

describe("a pair page's choices in its address", () => {
  test.each([
    ["", { target: "today", capText: "", holdText: "" }],
    ["?target=ath", { target: "ath", capText: "", holdText: "" }],
    ["?mcap=100b", { target: "cap", capText: "100b", holdText: "" }],
    // A typed market cap is the more specific choice.
    ["?target=ath&mcap=100b", { target: "cap", capText: "100b", holdText: "" }],
    ["?hold=1500000", { target: "today", capText: "", holdText: "1500000" }],
    ["?hold=1.5m&target=ath", { target: "ath", capText: "", holdText: "1.5m" }],
    // Read as typed: a bad text is the field's to refuse, where the visitor sees why.
    ["?hold=lots", { target: "today", capText: "", holdText: "lots" }],
    ["?mcap=", { target: "today", capText: "", holdText: "" }],
    // A day of coin 2's history: the date target.
    ["?on=2026-11-20", { target: "date", capText: "", holdText: "", dayText: "2026-11-20" }],
    ["?on=2026-11-20&target=ath&hold=5", { target: "date", capText: "", holdText: "5", dayText: "2026-11-20" }],
    ["?on=2026-11-20&mcap=100b", { target: "cap", capText: "100b", holdText: "" }],
    // A malformed or impossible day is ignored, not shown: the rest of the address still counts.
    ["?on=2026-02-30", { target: "today", capText: "", holdText: "" }],
    ["?on=yesterday&target=ath", { target: "ath", capText: "", holdText: "" }],
    ["?on=", { target: "today", capText: "", holdText: "" }],
  ] as const)("%j reads as %j", (search, choices) => {
    expect(choicesFromSearch(search)).toEqual(choices);
  });

  test("only what differs from the defaults is written, and other parameters stay", () => {
    expect(searchWithChoices("", { target: "today", capText: "", holdText: "" })).toBe("");
    expect(searchWithChoices("", { target: "cap", capText: "100b", holdText: "1500000" })).toBe("?mcap=100b&hold=1500000");
    expect(searchWithChoices("?mcap=100b&hold=5", { target: "ath", capText: "", holdText: "5" })).toBe("?hold=5&target=ath");
    expect(searchWithChoices("?ref=x&target=ath&hold=5", { target: "today", capText: "", holdText: "" })).toBe("?ref=x");
    // The typed cap is written only while it is the target.
    expect(searchWithChoices("", { target: "today", capText: "100b", holdText: "" })).toBe("");
    expect(searchWithChoices("?target=ath", { target: "date", capText: "", holdText: "5", dayText: "2026-11-20" })).toBe("?on=2026-11-20&hold=5");
    // The day is written only while it is the target, and only once there is one.
    expect(searchWithChoices("?on=2026-11-20", { target: "ath", capText: "", holdText: "", dayText: "2026-11-20" })).toBe("?target=ath");
    expect(searchWithChoices("?on=2026-11-20", { target: "date", capText: "", holdText: "" })).toBe("");
  });
});

describe("coin 1 at a typed market cap", () => {
  test("HEX at a $100B market cap, worked by hand", () => {
    // HEX: $0.004762 at a $2,870,533,600 cap. 100,000,000,000 / 2,870,533,600 = 34.8367…
    //   (2,870,533,600 × 34 = 97,598,142,400; remainder 2,401,857,600 / 2,870,533,600 = 0.83673…)
    const result = computeTypedCapComparison({ id: "hex", currentPrice: 0.004762, marketCap: 2_870_533_600 }, 1e11);
    if (!result.comparable) throw new Error("expected comparable");
    expect(result.multiplier).toBeCloseTo(34.83673, 5);
    // 0.004762 × 34.83673 = 0.16589251…
    expect(result.projectedPrice).toBeCloseTo(0.1658925, 7);
    expect(result.targetMarketCap).toBe(1e11);
  });

  test("a coin 1 without a market cap cannot be valued", () => {
    expect(computeTypedCapComparison({ id: "x", currentPrice: 1, marketCap: 0 }, 1e9)).toMatchObject({ comparable: false, reason: "missing-market-cap" });
    expect(computeTypedCapComparison({ id: "x", currentPrice: null, marketCap: 5 }, 1e9)).toMatchObject({ comparable: false });
  });

  test("the target in passing", () => {
    expect(atTargetPhrase("today", "BTC", null)).toBe("at BTC's market cap");
    expect(atTargetPhrase("ath", "BTC", null)).toBe("at BTC's all-time-high market cap");
    expect(atTargetPhrase("cap", "BTC", 1e11)).toBe("at a market cap of $100.00B");
    expect(atTargetPhrase("cap", null, null)).toBe("at the market cap you type");
    expect(atTargetPhrase("date", "BTC", null, "2026-11-20")).toBe("at BTC's market cap on Nov 20, 2026");
    expect(atTargetPhrase("date", "BTC", null)).toBe("at BTC's market cap on the day you pick");
  });
});

describe("formatTokenAmount", () => {
  test.each([
    [1_500_000, "1,500,000"],
    [12.5, "12.5"],
    [1234.567891, "1,234.5679"],
    [0.00042137, "0.0004214"],
    [0.5, "0.5"],
    [0, "0"],
    [1e-9, "<0.00000001"],
    [Number.NaN, "-"],
    [-1, "-"],
  ])("%d prints %j", (value, text) => {
    expect(formatTokenAmount(value)).toBe(text);
  });
});
