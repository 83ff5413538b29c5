// The supply bases a market cap can count (lib/coins/supply-bases.ts) and their place in a pair's
// address (lib/compare/basis-param.ts), worked by hand.
import { basisLabel, basisPhrase, hasBasisChoice, onBasisOf, parseBasis, pickBasis, supplyBasesOf } from "@/lib/coins/supply-bases";
import { basesFromSearch, searchWithBases } from "@/lib/compare/basis-param";

// HEX-like: $0.006, 680M circulating ($4.08M), 20M at burn addresses, 300M staked.
const hex = { currentPrice: 0.006, marketCap: 4_080_000, circulatingSupply: 680_000_000 };

describe("supplyBasesOf", () => {
  test("circulating (today's figure, as published), total with the burned coins, liquid and staked", () => {
    expect(supplyBasesOf(hex, { burnedSupply: 20_000_000, stakedSupply: 300_000_000 })).toEqual([
      { basis: "circulating", supply: 680_000_000, marketCap: 4_080_000 },
      { basis: "total", supply: 700_000_000, marketCap: 0.006 * 700_000_000 },
      { basis: "staked", supply: 980_000_000, marketCap: 0.006 * 980_000_000 },
    ]);
  });

  test("the circulating figure is the published market cap, even where a held-back supply makes it differ from price × supply", () => {
    expect(supplyBasesOf({ ...hex, marketCap: 5_000_000 }, null)).toEqual([{ basis: "circulating", supply: 680_000_000, marketCap: 5_000_000 }]);
  });

  test("a basis that adds nothing or was not read is not offered; no circulating supply: no bases at all", () => {
    expect(supplyBasesOf(hex, { burnedSupply: 0, stakedSupply: 0 }).map((figure) => figure.basis)).toEqual(["circulating"]);
    expect(supplyBasesOf(hex, { stakedSupply: Number.NaN }).map((figure) => figure.basis)).toEqual(["circulating"]);
    expect(supplyBasesOf(hex, { stakedSupply: 1 }).map((figure) => figure.basis)).toEqual(["circulating", "staked"]);
    expect(supplyBasesOf({ ...hex, circulatingSupply: null }, { burnedSupply: 5 })).toEqual([]);
    expect(supplyBasesOf({ ...hex, circulatingSupply: 0 }, { burnedSupply: 5 })).toEqual([]);
  });

  test("names: a label for pickers, a phrase for sentences", () => {
    expect(basisLabel("total", "PLS")).toBe("Total supply, burned PLS included");
    expect(basisLabel("staked", "HEX")).toBe("Liquid and staked HEX");
    expect(basisLabel("circulating", "HEX")).toBe("Circulating supply");
    expect(basisPhrase("staked", "HEX")).toBe("liquid and staked HEX");
  });

  test("picking: the named basis where offered, else circulating; a pair offers a choice when either coin has two", () => {
    const figures = supplyBasesOf(hex, { stakedSupply: 300_000_000 });
    expect(pickBasis(figures, "staked")?.basis).toBe("staked");
    expect(pickBasis(figures, "total")?.basis).toBe("circulating");
    expect(pickBasis([], "total")).toBeNull();
    expect(hasBasisChoice({ coin1: figures.slice(0, 1), coin2: [] })).toBe(false);
    expect(hasBasisChoice({ coin1: [], coin2: figures })).toBe(true);
  });
});

describe("the bases in the address", () => {
  test("read: known names only, anything else circulating", () => {
    expect(basesFromSearch("?supply1=staked&supply2=total")).toEqual({ basis1: "staked", basis2: "total" });
    expect(basesFromSearch("?supply1=STAKED&supply2=%3Cscript%3E")).toEqual({ basis1: "circulating", basis2: "circulating" });
    expect(parseBasis(undefined)).toBe("circulating");
  });

  test("written beside the other choices; circulating is never written", () => {
    expect(searchWithBases("?target=ath&hold=5m", { basis1: "staked", basis2: "circulating" })).toBe("?target=ath&hold=5m&supply1=staked");
    expect(searchWithBases("?supply1=staked&supply2=total", { basis1: "circulating", basis2: "circulating" })).toBe("");
    expect(searchWithBases("", { basis1: "circulating", basis2: "total" })).toBe("?supply2=total");
  });
});

test("onBasisOf: the coin with its market cap on the basis, the same object on circulating or without one", () => {
  const [circulating, , staked] = supplyBasesOf(hex, { burnedSupply: 20_000_000, stakedSupply: 300_000_000 });
  expect(onBasisOf(hex, staked!)).toEqual({ ...hex, marketCap: 5_880_000 });
  expect(onBasisOf(hex, circulating!)).toBe(hex);
  expect(onBasisOf(hex, null)).toBe(hex);
});
