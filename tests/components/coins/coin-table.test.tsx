import { render, screen, within } from "@testing-library/react";
import { CoinTable } from "@/components/coins/coin-table";
import type { Coin } from "@/lib/coins/schemas";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";

const base: Coin = makeCoin({
  id: "tiny",
  symbol: "TINY",
  name: "Tiny Token",
  logoUrl: null,
  currentPrice: 0.00001234,
  marketCap: 1_234_567,
  priceChange24h: -3.456,
  rank: 7,
  chain: "pulsechain",
  contractAddress: null,
  circulatingSupply: 1e11,
  priceSource: "snapshot",
  tags: [],
  listedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-11-20T00:00:00.000Z",
  priceUpdatedAt: "2026-11-20T00:00:00.000Z",
  lowLiquidity: false,
});

test("renders each column with the shared formatting rules; # is the place in the list", () => {
  render(
    <CoinTable
      plsUsd={null}
      label="Top Gaining Coins"
      coins={[
        base,
        { ...base, id: "big", symbol: "BIG", name: "Big Coin", logoUrl: "/logos/btc.svg", currentPrice: 97412.35, marketCap: 1.94e12, priceChange24h: 1.84, rank: 1 },
        { ...base, id: "quiet", symbol: "QT", name: "Quiet", priceChange24h: null, rank: 9 },
      ]}
      priceContext={seedPriceContext}
    />,
  );
  expect(screen.getByRole("table", { name: "Top Gaining Coins" })).toBeInTheDocument();
  const rows = screen.getAllByTestId("coin-row");
  expect(rows).toHaveLength(3);

  const tiny = within(rows[0]!);
  expect(tiny.getByText("1")).toBeInTheDocument();
  expect(tiny.getByText("$0.000012")).toBeInTheDocument();
  expect(tiny.getByText("$1.23M")).toBeInTheDocument();
  const down = tiny.getByText("-3.5%");
  expect(down).toHaveClass("text-loss");
  // Not colour alone: the stylesheet draws the arrow from the colour class (.price-change's ::before,
  // checked in a browser by tests/browser/layout/smoke.spec.ts).
  expect(down).toHaveClass("price-change");
  expect(tiny.getByText("TI")).toBeInTheDocument(); // no logo: first two letters

  const big = within(rows[1]!);
  expect(big.getByText("2")).toBeInTheDocument();
  expect(big.getByText("$97,412.35")).toBeInTheDocument();
  expect(big.getByText("$1.94T")).toBeInTheDocument();
  const up = big.getByText("1.8%");
  expect(up).toHaveClass("text-gain");
  expect(up).toHaveClass("price-change");
  expect(rows[1]!.querySelector("img")).toHaveAttribute("data-src", "/logos/btc.svg"); // fetched once near the screen

  const missing = within(rows[2]!).getByText("-");
  expect(missing).toHaveClass("text-muted-foreground");
  expect(missing.querySelector("svg")).toBeNull();
});

test("has the spec's column headers", () => {
  render(<CoinTable plsUsd={null} label="t" coins={[base]} priceContext={seedPriceContext} />);
  expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["#", "Coin", "Price", "1d", "MC"]);
});

test.each([10, 5])("while loading it shows %i skeleton rows and is marked busy", (rows) => {
  render(<CoinTable plsUsd={null} label="Loading table" coins={null} skeletonRows={rows} priceContext={seedPriceContext} />);
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(rows);
  expect(screen.queryAllByTestId("coin-row")).toHaveLength(0);
  expect(screen.getByRole("table", { name: "Loading table" })).toHaveAttribute("aria-busy", "true");
});

describe("price badges", () => {
  // Render time 12:00 UTC; the freshest live price is 11:58, so the sources work.
  const NOW = Date.parse("2026-11-23T12:00:00.000Z");
  const live = { newestLivePriceAt: "2026-11-23T11:58:00.000Z", minLiquidityUsd: 5_000, now: NOW };
  const fresh = { ...base, id: "fresh", symbol: "FRESH", priceSource: "pulsex", priceUpdatedAt: "2026-11-23T11:58:00.000Z" };
  // 12:00 - 11:20 = 40 minutes.
  const stale = { ...base, id: "old", symbol: "OLD", priceSource: "pulsex", priceUpdatedAt: "2026-11-23T11:20:00.000Z" };
  const thin = { ...fresh, id: "thin", symbol: "THIN", lowLiquidity: true };

  test("'stale' on a price older than 15 minutes while others are fresh, with its age in the tooltip and for screen readers", () => {
    render(<CoinTable plsUsd={null} label="t" coins={[fresh, stale, thin]} priceContext={live} />);
    const [freshRow, staleRow, thinRow] = screen.getAllByTestId("coin-row");
    expect(within(freshRow!).queryByTestId("price-badges")).toBeNull();

    const staleBadge = within(staleRow!).getByText("stale");
    expect(staleBadge).toHaveAttribute("title", "Price not updated for 40 minutes");
    expect(staleBadge).toHaveTextContent(/^stale: Price not updated for 40 minutes$/);

    const thinBadge = within(thinRow!).getByText("low liquidity");
    expect(thinBadge).toHaveAttribute("title", "Price from a pool with under $5,000 of liquidity; last good price shown");
    expect(within(thinRow!).queryByText("stale")).toBeNull();
  });

  test("the floor in the text is the configured one", () => {
    render(<CoinTable plsUsd={null} label="t" coins={[thin]} priceContext={{ ...live, minLiquidityUsd: 25_000 }} />);
    expect(screen.getByText("low liquidity")).toHaveAttribute("title", "Price from a pool with under $25,000 of liquidity; last good price shown");
  });

  test("no 'stale' when every price is old alike, or before any live price", () => {
    const { unmount } = render(<CoinTable plsUsd={null} label="t" coins={[stale]} priceContext={{ ...live, newestLivePriceAt: "2026-11-23T11:30:00.000Z" }} />);
    expect(screen.queryByText("stale")).toBeNull();
    unmount();
    render(<CoinTable plsUsd={null} label="t" coins={[stale]} priceContext={{ ...live, newestLivePriceAt: null }} />);
    expect(screen.queryByText("stale")).toBeNull();
  });
});

test("each coin's symbol links to its coin page", () => {
  render(<CoinTable plsUsd={null} label="t" coins={[base, { ...base, id: "big", symbol: "BIG", logoUrl: "/logos/btc.svg" }]} priceContext={seedPriceContext} />);
  const [first, second] = screen.getAllByTestId("coin-row");
  expect(within(first!).getByRole("link", { name: "TINY" })).toHaveAttribute("href", "/coins/tiny");
  expect(within(second!).getByRole("link", { name: "BIG" })).toHaveAttribute("href", "/coins/big");
});

test("with the site's PLS price, each figure is rendered in both units on the server (the stylesheet shows one)", () => {
  // A server component (issue 53): the page hands it the layout's PLS price, no context is read.
  render(<CoinTable plsUsd={0.00005} label="t" coins={[{ ...base, currentPrice: 0.0001, marketCap: 2_000_000 }]} priceContext={seedPriceContext} />);
  const row = screen.getByTestId("coin-row");
  expect(row.querySelectorAll(".money")).toHaveLength(2);
  expect(within(row).getByText("$0.00010")).toHaveClass("money-usd");
  expect(within(row).getByText("2.00 PLS")).toHaveClass("money-pls");
  expect(within(row).getByText("$2.00M")).toHaveClass("money-usd");
  expect(within(row).getByText("40.00B PLS")).toHaveClass("money-pls");
});
