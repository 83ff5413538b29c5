import { comparisonHref, linkedCoinId } from "@/lib/compare/comparison-link";

test("a comparison's address is its pair page; one coin opens the home page's form", () => {
  expect(comparisonHref("hex", "btc")).toBe("/compare/hex/btc");
  expect(comparisonHref("pls")).toBe("/?coin1=pls#compare");
});

test.each([
  ["?coin1=hex&coin2=btc", "hex"],
  ["?coin1=hex&coin1=eth", "hex"],
  ["?coin1=HEX%3Cscript%3E", undefined],
  ["?coin1=", undefined],
  ["", undefined],
])("reads the linked coin of %j leniently", (search, expected) => {
  expect(linkedCoinId(new URLSearchParams(search))).toBe(expected);
});
