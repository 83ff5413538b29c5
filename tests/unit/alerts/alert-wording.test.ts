import { describeRule, firingMessage, firingUrl, type RuleWords } from "@/lib/alerts/wording";

const reach = (level: number, kind: RuleWords["kind"] = "reach"): RuleWords => ({ kind, coinSymbol: "PLSX", otherSymbol: "HEX", direction: "above", level });

describe("alert wording", () => {
  it("says a share below 1 as a percent, 1 as the market cap itself, above 1 as a multiple", () => {
    expect(describeRule(reach(1))).toBe("PLSX reaches HEX's market cap");
    expect(describeRule(reach(0.5))).toBe("PLSX reaches 50% of HEX's market cap");
    expect(describeRule(reach(2.5))).toBe("PLSX reaches 2.5x HEX's market cap");
    expect(describeRule(reach(1, "reach_ath"))).toBe("PLSX reaches HEX's all-time-high market cap");
  });

  it("says the firing in one line with the figure reached", () => {
    expect(firingMessage(reach(0.5), 1.44e9)).toBe("PLSX reached 50% of HEX's market cap: $1.44B");
    expect(firingMessage({ kind: "price", coinSymbol: "HEX", otherSymbol: null, direction: "below", level: 0.002 }, 0.0019)).toBe(
      "HEX's price fell below $0.0020: $0.0019",
    );
    expect(firingMessage({ kind: "market_cap", coinSymbol: "HEX", otherSymbol: null, direction: "above", level: 1e9 }, 1.2e9)).toBe(
      "HEX's market cap went above $1.00B: $1.20B",
    );
    expect(firingMessage({ kind: "move_24h", coinSymbol: "PLS", otherSymbol: null, direction: null, level: 10 }, -12.34)).toBe("PLS is down 12.3% in 24h");
    expect(firingMessage({ kind: "new_ath", coinSymbol: "PLS", otherSymbol: null, direction: null, level: 0.0001 }, 0.00012)).toBe(
      "PLS made a new all-time high: $0.00012",
    );
  });

  it("opens the pair page for pair rules (at B's high for reach_ath) and the coin page otherwise", () => {
    expect(firingUrl({ kind: "reach", coinId: "pulsex", otherCoinId: "hex" })).toBe("/compare/pulsex/hex");
    expect(firingUrl({ kind: "reach_ath", coinId: "pulsex", otherCoinId: "hex" })).toBe("/compare/pulsex/hex?target=ath");
    expect(firingUrl({ kind: "price", coinId: "hex", otherCoinId: null })).toBe("/coins/hex");
  });
});
