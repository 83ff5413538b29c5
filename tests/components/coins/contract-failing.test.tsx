// A quarantined token's coin page ('Where this price comes from'): its contract is failing, and
// the price shown is its last good one, from the time it was published (said as the section says
// its other times). The notice takes the place of the "stale" caveat, not of the others.
import { render, screen } from "@testing-library/react";
import { PriceProvenance } from "@/components/coins/coin-page/price-provenance";
import type { PriceAccount } from "@/lib/coins/queries.server";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";

const NOW = Date.parse("2026-11-25T12:00:00Z");
// A live price 2 minutes old elsewhere on the site: HEX's, 3 hours old, would be "stale".
const context = { ...seedPriceContext, newestLivePriceAt: "2026-11-25T11:58:00Z", now: NOW, minLiquidityUsd: 5_000 };
const account = (parts: Partial<PriceAccount>): PriceAccount => ({ provenance: null, heldBack: null, sourceCheck: null, supplyNote: null, contractFailing: null, depth: null, supplyBases: [], ...parts });
const hex = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T09:00:00Z" });
const section = () => screen.getByRole("region", { name: "Where this price comes from" });

test("a quarantined token: its contract is failing, the price is from when it was published; no 'stale' caveat beside it", () => {
  render(<PriceProvenance coin={hex} account={account({ contractFailing: { since: "2026-11-25T10:00:00Z" } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("contract-failing")).toHaveTextContent("This token's contract is failing, the price is from 3 hours ago. Its source is asked again once an hour.");
  expect(section()).not.toHaveTextContent("This price is 3 hours old");
});

test("not quarantined: no such notice, and an old price is called stale as before", () => {
  render(<PriceProvenance coin={hex} account={account({})} priceContext={context} plsUsd={null} />);
  expect(screen.queryByTestId("contract-failing")).not.toBeInTheDocument();
  expect(section()).toHaveTextContent("This price is 3 hours old: its source has not answered for this coin since, so the last good price stays.");
});

test("quarantined while flagged under the liquidity floor: both are said", () => {
  render(<PriceProvenance coin={{ ...hex, lowLiquidity: true, priceUpdatedAt: "2026-11-25T11:59:00Z" }} account={account({ contractFailing: { since: "2026-11-25T11:00:00Z" } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("contract-failing")).toHaveTextContent("This token's contract is failing, the price is from 1 minute ago.");
  expect(section()).toHaveTextContent("Its pool is now under the $5.00K of liquidity a price needs");
});
