// The bag's rows and totals when some prices are stale (older than the refresh interval while
// other coins are priced live): the row says so with the coin page's badge, and each total says
// how much of it rests on such prices.
import { render, screen, within } from "@testing-library/react";
import { BagTable, BagTotals } from "@/components/bag/bag-table";
import type { BagToken } from "@/lib/bag/bag-tokens";
import { staleIn, valueBag } from "@/lib/bag/value-bag";
import type { PriceContext } from "@/lib/shared/freshness";

const now = Date.parse("2026-11-27T12:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
// The newest live price is a minute old: the sources answer, so a coin 45 minutes behind is stale.
const live: PriceContext = { newestLivePriceAt: minutesAgo(1), minLiquidityUsd: 5_000, now };

const token = (id: string, currentPrice: number, marketCap: number, priceUpdatedAt: string): BagToken => ({
  id,
  symbol: id.toUpperCase(),
  name: id,
  logoUrl: `/logos/${id}.svg`,
  address: null,
  decimals: 0,
  currentPrice,
  marketCap,
  athMarketCap: marketCap * 2,
  priceUpdatedAt,
});

// FRESH: 100 × $10 = $1,000 (priced 2 minutes ago). OLD: 300 × $1 = $300 (45 minutes ago).
// DUST: 1 × $0.50 (3 hours ago), under $1: in the totals only. Each has a high at twice today's cap.
const held = [
  { token: token("fresh", 10, 1e6, minutesAgo(2)), raw: 100n, decimals: 0 },
  { token: token("old", 1, 1e6, minutesAgo(45)), raw: 300n, decimals: 0 },
  { token: token("dust", 0.5, 1e6, minutesAgo(180)), raw: 1n, decimals: 0 },
];

function renderBag(context: PriceContext, targetCap: number | null) {
  const valuation = valueBag(held, targetCap, staleIn(context));
  const phrase = targetCap === null ? null : "at a market cap of $2.00M";
  return render(
    <>
      <BagTable valuation={valuation} targetPhrase={phrase} priceContext={context} />
      <BagTotals valuation={valuation} targetPhrase={phrase} />
    </>,
  );
}

const row = (symbol: string) => screen.getAllByTestId("bag-row").find((element) => within(element).queryByRole("link", { name: symbol }))!;

test("a stale row says so as the coin page does, and each total says how much of it rests on stale prices", () => {
  renderBag(live, 2e6);
  expect(within(row("OLD")).getByTestId("bag-today")).toHaveTextContent("$300.00stale: Price not updated for 45 minutes");
  expect(within(row("FRESH")).queryByTestId("price-badges")).toBeNull();
  // Stale: OLD $300 and DUST $0.50 today; at their highs (2x) $601; at $2M (2x) $601.
  expect(screen.getByTestId("bag-total-today")).toHaveTextContent(/^\$1,300\.50$/);
  expect(screen.getByTestId("bag-total-today-stale")).toHaveTextContent(/^\$300\.50 of this total uses prices older than 15 minutes\.$/);
  expect(screen.getByTestId("bag-total-highs-stale")).toHaveTextContent(/^\$601\.00 of this total uses prices older than 15 minutes\.$/);
  expect(screen.getByTestId("bag-total-target")).toHaveTextContent(/^\$2,601\.00$/);
  expect(screen.getByTestId("bag-total-target-stale")).toHaveTextContent(/^\$601\.00 of this total uses prices older than 15 minutes\.$/);
});

test("no stale wording when no coin is singled out: the newest live price is old too (the refresh is down for all), or there is none yet", () => {
  const { unmount } = renderBag({ ...live, newestLivePriceAt: minutesAgo(20) }, null);
  expect(screen.queryAllByTestId("price-badges")).toEqual([]);
  expect(screen.queryByTestId("bag-total-today-stale")).toBeNull();
  unmount();
  renderBag({ ...live, newestLivePriceAt: null }, null);
  expect(screen.queryAllByTestId("price-badges")).toEqual([]);
  expect(screen.queryByText(/of this total uses prices older than/)).toBeNull();
});

test("the rows draw initials, never a logo file: which logos load would say which coins are held", () => {
  const { container } = renderBag(live, null);
  expect(container.querySelectorAll("img")).toHaveLength(0);
  expect(within(row("FRESH")).getByText("FR")).toBeInTheDocument();
});
