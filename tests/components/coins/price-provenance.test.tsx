// 'Where this price comes from' on a coin page: the pool, reserves and block of an on-chain price
// in plain words with explorer links, DexScreener's pair and CoinGecko's id, and why a price shown
// may be an older one (under the liquidity floor, stale).
import { render, screen, within } from "@testing-library/react";
import { PriceProvenance } from "@/components/coins/coin-page/price-provenance";
import type { PriceAccount } from "@/lib/coins/queries.server";
import type { Provenance } from "@/lib/coins/provenance-schema";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const context = { ...seedPriceContext, newestLivePriceAt: "2026-11-25T11:58:00Z", now: NOW, minLiquidityUsd: 5_000 };
const POOL = "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9";

const onchain: Provenance = {
  source: "pulsex",
  pool: POOL,
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

/** The page's account of a price: nothing but what a test gives. */
const accountOf = (parts: Partial<PriceAccount>): PriceAccount => ({ provenance: null, heldBack: null, sourceCheck: null, supplyNote: null, contractFailing: null, depth: null, supplyBases: [], ...parts });

const section = () => screen.getByRole("region", { name: "Where this price comes from" });

test("an on-chain price: the pool on its factory at its block, both reserves and the liquidity, linked on the explorer", () => {
  const coin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain })} priceContext={context} plsUsd={null} />);
  expect(section()).toHaveTextContent(
    "From the HEX/WPLS pool on PulseX V2 at block 23,456,789 (2 minutes ago): 1.23M HEX against 3.4B WPLS (WPLS at $0.000039), $1.30M of liquidity.",
  );
  expect(within(section()).getByRole("link", { name: "HEX/WPLS pool" })).toHaveAttribute("href", `https://scan.pulsechain.com/address/${POOL}`);
  expect(within(section()).getByRole("link", { name: "23,456,789" })).toHaveAttribute("href", "https://scan.pulsechain.com/block/23456789");
});

test("WPLS from the stablecoin pools; DexScreener's pair; CoinGecko's id", () => {
  const { unmount } = render(
    <PriceProvenance
      coin={makeCoin({ id: "pls", symbol: "PLS", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" })}
      account={accountOf({
        provenance: { ...onchain, pool: null, factory: null, factoryName: null, base: null, baseSymbol: null, tokenReserve: null, baseReserve: null, baseUsd: null, stablePools: 3, liquidityUsd: 9_000_000 },
      })}
      priceContext={context} plsUsd={null}
    />,
  );
  expect(section()).toHaveTextContent("From PulseX's stablecoin pools at block 23,456,789 (2 minutes ago): WPLS against 3 stablecoin pools, $9.00M of liquidity.");
  unmount();

  const dex = render(
    <PriceProvenance
      coin={makeCoin({ id: "inc", symbol: "INC", priceSource: "dexscreener", priceUpdatedAt: "2026-11-25T11:58:00Z" })}
      account={accountOf({ provenance: { source: "dexscreener", pair: POOL, dexId: "pulsex", at: "2026-11-25T11:57:00Z" } })}
      priceContext={context} plsUsd={null}
    />,
  );
  expect(section()).toHaveTextContent("From DexScreener's deepest PulseChain pair (pulsex pool), asked 3 minutes ago.");
  expect(within(section()).getByRole("link", { name: "pulsex pool" })).toHaveAttribute("href", `https://scan.pulsechain.com/address/${POOL}`);
  dex.unmount();

  render(
    <PriceProvenance
      coin={makeCoin({ id: "btc", symbol: "BTC", priceSource: "coingecko", priceUpdatedAt: "2026-11-25T11:58:00Z" })}
      account={accountOf({ provenance: { source: "coingecko", id: "bitcoin", at: "2026-11-25T11:59:30Z" } })}
      priceContext={context} plsUsd={null}
    />,
  );
  expect(section()).toHaveTextContent("From CoinGecko (“bitcoin”), priced just now.");
});

test("under the floor, held back or stale, it says why the price shown is an older one; the seed's price says it is the starting snapshot", () => {
  const held = render(
    <PriceProvenance
      coin={makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" })}
      account={accountOf({ provenance: onchain, heldBack: { price: 0.0012, since: "2026-11-25T11:58:00Z" } })}
      priceContext={context} plsUsd={null}
    />,
  );
  expect(section()).toHaveTextContent("Its pool has just moved the price to $0.0012, over 5x from this one, with under $50.00K of liquidity: the move is published only if the next pass sees it too.");
  held.unmount();
  const low = render(<PriceProvenance coin={makeCoin({ id: "hex", symbol: "HEX", lowLiquidity: true, priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:00:00Z" })} account={accountOf({ provenance: onchain })} priceContext={context} plsUsd={null} />);
  expect(section()).toHaveTextContent("Its pool is now under the $5.00K of liquidity a price needs, so this is its last good price");
  low.unmount();
  const stale = render(<PriceProvenance coin={makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T10:00:00Z" })} account={accountOf({ provenance: onchain })} priceContext={context} plsUsd={null} />);
  expect(section()).toHaveTextContent("This price is 2 hours old: its source has not answered for this coin since, so the last good price stays.");
  stale.unmount();
  render(<PriceProvenance coin={makeCoin({ id: "hex", symbol: "HEX", priceSource: "snapshot", priceUpdatedAt: "2026-11-20T00:00:00Z" })} account={accountOf({ provenance: null })} priceContext={context} plsUsd={null} />);
  expect(section()).toHaveTextContent("From the site's starting snapshot: no source has priced it since.");
});

test("the last check against a second source: within 10% in passing; apart, said plainly, and the price stays on-chain", () => {
  const coin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });
  const check = { source: "dexscreener" as const, ours: 1, theirs: 1.05, differencePct: -4.76, agrees: true, checkedAt: "2026-11-25T11:56:00Z" };
  const agree = render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain, heldBack: null, sourceCheck: check })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("source-check")).toHaveTextContent("Checked against DexScreener 4 minutes ago: $1.05, 4.8% apart.");
  agree.unmount();
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain, heldBack: null, sourceCheck: { ...check, theirs: 1.5, differencePct: -33.33, agrees: false } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("source-check")).toHaveTextContent("Sources disagree: DexScreener said $1.50 4 minutes ago, 33.3% from this price. The price shown stays the on-chain one.");
});

test("a coin's supply note says how its supply is counted", () => {
  const coin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain, supplyNote: "Liquid HEX only." })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("supply-note")).toHaveTextContent("About the supply: Liquid HEX only.");
});

test("an averaged price says over how long, beside what the pool says now; a spot price says it had nothing to average from", () => {
  const coin = makeCoin({ id: "pump", symbol: "PUMP", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });
  const { unmount } = render(<PriceProvenance coin={coin} account={accountOf({ provenance: { ...onchain, averageSeconds: 300, spotPrice: 0.012 } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("price-average")).toHaveTextContent(
    "This is the pool's average price over the 5 minutes before that block, so a trade that moves the pool for a moment barely counts. The pool now: $0.0120.",
  );
  unmount();
  const spot = render(<PriceProvenance coin={coin} account={accountOf({ provenance: { ...onchain, averageSeconds: null, spotPrice: 0.001 } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("price-average")).toHaveTextContent("This is the pool's price at that block: there was no earlier reading of the pool to average from. The pool now: $0.0010.");
  spot.unmount();
  // A price stored before averages says neither.
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain })} priceContext={context} plsUsd={null} />);
  expect(screen.queryByTestId("price-average")).toBeNull();
});

// The supply behind an on-chain market cap, when it needs saying.
const supplyCoin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });

test("a supply kept because the token's contract failed this pass's read: when it was read, and why", () => {
  render(
    <PriceProvenance
      coin={supplyCoin}
      account={accountOf({
        provenance: {
          ...onchain,
          supplyReadAt: "2026-11-25T09:05:00Z",
          supplyNotice: "the token's contract failed this pass's supply read (totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own), so the supply read then is used",
        },
      })}
      priceContext={context} plsUsd={null}
    />,
  );
  expect(screen.getByTestId("supply-reading")).toHaveTextContent(
    "Supply as of Nov 25, 2026, 09:05 UTC (2 hours ago): the token's contract failed this pass's supply read (totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own), so the supply read then is used.",
  );
});

test("a whole supply at burn addresses: the market cap of 0 says why", () => {
  render(<PriceProvenance coin={supplyCoin} account={accountOf({ provenance: { ...onchain, supplyReadAt: "2026-11-25T11:58:00Z", supplyNotice: "all of its supply is at burn addresses, so its market cap is 0" } })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("supply-reading")).toHaveTextContent("Supply as of Nov 25, 2026, 11:58 UTC (2 minutes ago): all of its supply is at burn addresses, so its market cap is 0.");
});

test("an ordinary supply reading says nothing more", () => {
  render(<PriceProvenance coin={supplyCoin} account={accountOf({ provenance: { ...onchain, supplyReadAt: "2026-11-25T11:30:00Z", supplyNotice: null } })} priceContext={context} plsUsd={null} />);
  expect(screen.queryByTestId("supply-reading")).toBeNull();
});

test("the pools' depth: what they hold and the buying and selling that move the price 2%, with what that assumes", () => {
  const coin = makeCoin({ id: "hex", symbol: "HEX", priceSource: "pulsex", priceUpdatedAt: "2026-11-25T11:58:00Z" });
  const amount = (usd: number) => ({ usd, pls: usd / 0.00003 });
  // Two pools, $1.2M between them: $600,000 a side, so 600,000 × (√1.02 − 1) = $5,970 up and 600,000 × (1 − √0.98) = $6,030 down.
  const depth = { pools: 2, poolLiquidity: amount(1_200_000), buyToRise2Pct: amount(5_970.3), sellToFall2Pct: amount(6_030.3) };
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain, depth })} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("pool-depth")).toHaveTextContent(
    "Its 2 PulseX pools hold $1.20M; about $5.97K of buying would lift the price 2%, and $6.03K of selling lower it 2%. At today's reserves: no liquidity added or taken out, no other venue.",
  );
  // Without pools (a coin priced elsewhere, WPLS), nothing is said.
  render(<PriceProvenance coin={coin} account={accountOf({ provenance: onchain })} priceContext={context} plsUsd={null} />);
  expect(screen.getAllByTestId("pool-depth")).toHaveLength(1);
});
