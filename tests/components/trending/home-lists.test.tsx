import { render, screen, within } from "@testing-library/react";
import { AdvertiseCard, FeaturedCard } from "@/components/home/featured-card";
import { MostComparedPairs } from "@/components/home/most-compared-pairs";
import { RecentlyListed } from "@/components/home/recently-listed";
import { computeComparison } from "@/lib/compare/comparison";
import { selectMostComparedPairs } from "@/lib/trending/home-tables";
import { big, makeCoin, tiny } from "@/tests/components/fixtures";

function featured(isPromoted: boolean) {
  const result = computeComparison(tiny, big);
  if (!result.comparable) throw new Error("fixture must be comparable");
  return {
    id: 1,
    coin1: tiny,
    coin2: big,
    multiplier: result.multiplier,
    projectedPrice: result.projectedPrice,
    isPromoted,
    isAdvertise: false as const,
    startsAt: "2026-11-20T00:00:00.000Z",
    endsAt: null,
  };
}

test("a featured card shows both coins, the projected price, the multiplier and a link to the comparison", () => {
  render(<FeaturedCard plsUsd={null} featured={featured(true)} />);
  const card = screen.getByTestId("featured-card");
  expect(within(card).getByText("TINY at BIG's market cap")).toBeInTheDocument();
  expect(card).toHaveTextContent("$0.0012 (100.00x)");
  expect(within(card).getByText("Promoted")).toBeInTheDocument();
  expect(within(card).getByRole("link", { name: /See in detail/ })).toHaveAttribute("href", "/compare/tiny/big");
});

test("an unpromoted featured card has no badge", () => {
  render(<FeaturedCard plsUsd={null} featured={featured(false)} />);
  expect(screen.queryByText("Promoted")).not.toBeInTheDocument();
});

test("the advertise card sells the slot", () => {
  render(<AdvertiseCard />);
  expect(screen.getByText("Advertise your coin's comparison here!")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Get listed" })).toHaveAttribute("href", "/get-listed");
});

test("recently listed: logo or first two letters, symbol, and a link per coin; empty says so", () => {
  const { unmount } = render(<RecentlyListed coins={[tiny, big]} />);
  const links = screen.getAllByRole("link");
  expect(links.map((a) => a.getAttribute("href"))).toEqual(["/?coin1=tiny#compare", "/?coin1=big#compare"]);
  expect(within(links[0]!).getByText("TI")).toBeInTheDocument();
  expect(links[1]!.querySelector("img")).toHaveAttribute("data-src", "/logos/btc.svg"); // fetched once near the screen
  unmount();
  render(<RecentlyListed coins={[]} />);
  expect(screen.getByText("No coins listed yet.")).toBeInTheDocument();
});

test("most compared pairs: rank, both coins, a link to the comparison; empty says so", () => {
  const other = makeCoin({ id: "oth", symbol: "OTH" });
  const { unmount } = render(<MostComparedPairs pairs={[{ rank: 1, coin1: tiny, coin2: big }, { rank: 2, coin1: other, coin2: tiny }]} />);
  const items = screen.getAllByRole("listitem");
  expect(items.map((li) => li.textContent)).toEqual(["1TITINYvsBIG", "2OTOTHvsTITINY"]);
  expect(within(items[0]!).getByRole("link")).toHaveAttribute("href", "/compare/tiny/big");
  unmount();
  render(<MostComparedPairs pairs={[]} />);
  expect(screen.getByText("No pairs to show yet.")).toBeInTheDocument();
});

test("most compared pairs: the counted ranking first, then the spec's pairs fill up to 4, ranked as shown", () => {
  const coin = (symbol: string, logoUrl: string | null = null) => makeCoin({ id: symbol.toLowerCase(), symbol, logoUrl });
  const coins = ["PCOCK", "DOGE", "PLSX", "ETH", "HEX", "BTC", "pTGC"].map((symbol) => coin(symbol));
  const [pcock, doge, , , hex] = coins;
  const pls = coin("PLS", "/logos/pls.svg");
  render(<MostComparedPairs pairs={selectMostComparedPairs([...coins, pls], [{ coin1: pls, coin2: hex! }, { coin1: pcock!, coin2: doge! }])} />);

  const items = screen.getAllByRole("listitem");
  expect(items.map((li) => li.textContent)).toEqual(["1PLSvsHEHEX", "2PCPCOCKvsDODOGE", "3PLPLSXvsETETH", "4HEHEXvsBTBTC"]);
  expect(items.map((li) => within(li).getByRole("link").getAttribute("href"))).toEqual([
    "/compare/pls/hex",
    "/compare/pcock/doge",
    "/compare/plsx/eth",
    "/compare/hex/btc",
  ]);
  expect(items[0]!.querySelector("img")).toHaveAttribute("data-src", "/logos/pls.svg");
  expect(screen.getByRole("list").tagName).toBe("OL");
});
