import { comparisonHref, parseComparisonParams } from "@/lib/comparison-link";

test("a comparison's address is its pair page; one coin opens the home page's form", () => {
  expect(comparisonHref("hex", "btc")).toBe("/compare/hex/btc");
  expect(comparisonHref("pls")).toBe("/?coin1=pls#compare");
});

test.each([
  [{ coin1: "hex", coin2: "btc" }, { coin1Id: "hex", coin2Id: "btc" }],
  [{ coin1: ["hex", "eth"], coin2: "btc" }, { coin1Id: "hex", coin2Id: "btc" }],
  [{ coin1: "HEX<script>", coin2: "" }, { coin1Id: undefined, coin2Id: undefined }],
  [{}, { coin1Id: undefined, coin2Id: undefined }],
])("parses %j leniently", (params, expected) => {
  expect(parseComparisonParams(params)).toEqual(expected);
});
