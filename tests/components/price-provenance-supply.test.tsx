// 'Where this price comes from' says, in plain words, when the supply behind an on-chain market
// cap needs saying: an older reading kept because the token's contract failed this pass's read
// (with when it was read), or a whole supply at burn addresses (a market cap of 0).
import { render, screen } from "@testing-library/react";
import { PriceProvenance } from "@/components/coins/coin-page/price-provenance";
import type { PriceAccount } from "@/lib/coins/queries.server";
import type { Provenance } from "@/lib/validation/provenance";
import { makeCoin, seedPriceContext } from "./fixtures";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const context = { ...seedPriceContext, newestLivePriceAt: "2026-11-25T11:58:00Z", now: NOW, minLiquidityUsd: 5_000 };

const onchain: Provenance = {
  source: "pulsex",
  pool: "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
  factory: "0x29eA7545DEf87022BAdc76323F373EA1e707C523",
  factoryName: "PulseX V2",
  base: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27",
  baseSymbol: "WPLS",
  tokenReserve: 1_234_567,
  baseReserve: 3_400_000_000,
  baseUsd: 0.000039,
  liquidityUsd: 1_300_000,
  stablePools: null,
  block: 23_456_789,
  blockTime: "2026-11-25T11:58:00Z",
};

const accountOf = (provenance: Provenance): PriceAccount => ({ provenance, heldBack: null, sourceCheck: null, supplyNote: null, contractFailing: null });
const coin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });

test("a supply kept because the token's contract failed this pass's read: when it was read, and why", () => {
  render(
    <PriceProvenance
      coin={coin}
      account={accountOf({
        ...onchain,
        supplyReadAt: "2026-11-25T09:05:00Z",
        supplyNotice: "the token's contract failed this pass's supply read (totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own), so the supply read then is used",
      })}
      priceContext={context}
    />,
  );
  expect(screen.getByTestId("supply-reading")).toHaveTextContent(
    "Supply as of Nov 25, 2026, 09:05 UTC (2 hours ago): the token's contract failed this pass's supply read (totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own), so the supply read then is used.",
  );
});

test("a whole supply at burn addresses: the market cap of 0 says why", () => {
  render(<PriceProvenance coin={coin} account={accountOf({ ...onchain, supplyReadAt: "2026-11-25T11:58:00Z", supplyNotice: "all of its supply is at burn addresses, so its market cap is 0" })} priceContext={context} />);
  expect(screen.getByTestId("supply-reading")).toHaveTextContent("Supply as of Nov 25, 2026, 11:58 UTC (2 minutes ago): all of its supply is at burn addresses, so its market cap is 0.");
});

test("an ordinary supply reading says nothing more", () => {
  render(<PriceProvenance coin={coin} account={accountOf({ ...onchain, supplyReadAt: "2026-11-25T11:30:00Z", supplyNotice: null })} priceContext={context} />);
  expect(screen.queryByTestId("supply-reading")).toBeNull();
});
