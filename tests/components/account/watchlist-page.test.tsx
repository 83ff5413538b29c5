// The watchlist page against a fake of our API: each page state, every card field in its exact
// format, and removing a coin (pending, success, failure).
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WatchlistView } from "@/components/account/watchlist-view";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster, renderWithQueryClient, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset, visibleToasts } from "@/tests/helpers/toasts";
import { big, makeCoin, seedPriceContext, tiny, watchlistEntry } from "@/tests/components/fixtures";

const api = useFakeApi();
useToastReset();

const falling = { ...tiny, priceChange24h: -3.456 };
const unknownChange = { ...big, priceChange24h: null };
const rising = makeCoin({ id: "rise", symbol: "RISE", name: "Rising", currentPrice: 1.5, marketCap: 987_654, priceChange24h: 2.5, rank: 7 });
const entries = [watchlistEntry(1, falling), watchlistEntry(2, unknownChange), watchlistEntry(3, rising)];

const renderPage = (auth: AuthAnswer = alice) => renderPageWithToaster(<WatchlistView priceContext={seedPriceContext} />, auth);

const cards = () => screen.queryAllByTestId("watchlist-card");
const card = (name: string) => screen.getByRole("heading", { name }).closest<HTMLElement>('[data-testid="watchlist-card"]')!;
const removeButton = (symbol: string) => screen.getByRole("button", { name: `Remove ${symbol} from watchlist` });
/** The value under a card's label (its <dd>). */
const figure = (cardEl: HTMLElement, label: string) => within(cardEl).getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;

test("shows a spinner while the signed-in state is loading", () => {
  api.on("GET /api/auth/user", hold());
  renderPage("pending");
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  expect(api.calls("GET /api/watchlist")).toHaveLength(0);
});

test("asks a signed-out visitor to log in and does not ask for a list", () => {
  renderPage(null);
  expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(api.calls()).toHaveLength(0);
});

test("shows a spinner and no cards while the list loads", async () => {
  api.on("GET /api/watchlist", hold());
  renderPage();
  await waitFor(() => expect(api.calls("GET /api/watchlist")).toHaveLength(1));
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  expect(cards()).toHaveLength(0);
  expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
});

test("a failed load says so, and 'Try again' fetches the list again and shows it", async () => {
  const user = userEvent.setup();
  api.once("GET /api/watchlist", apiError(500, "INTERNAL", "Database unavailable"));
  const retry = hold();
  api.on("GET /api/watchlist", retry);
  renderPage();

  expect(await screen.findByRole("heading", { name: "Couldn't load your watchlist" })).toBeInTheDocument();
  expect(cards()).toHaveLength(0);
  await user.click(screen.getByRole("button", { name: "Try again" }));
  expect(api.calls("GET /api/watchlist")).toHaveLength(2);
  // With no data yet, TanStack Query puts the query back to pending: the spinner shows again.
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Loading"));
  expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();

  retry.release(json(entries));
  await waitFor(() => expect(cards()).toHaveLength(3));
  expect(screen.queryByText("Couldn't load your watchlist")).not.toBeInTheDocument();
});

test("a list answered 401 (the session ended elsewhere) turns the page into 'Login Required'", async () => {
  api.on("GET /api/watchlist", apiError(401, "unauthenticated", "Sign in with your wallet to continue."));
  api.on("GET /api/auth/user", apiError(401, "unauthenticated", "Sign in with your wallet to continue."));
  renderPage();
  expect(await screen.findByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  expect(screen.queryByText("Couldn't load your watchlist")).not.toBeInTheDocument();
});

test("an empty list shows the empty state with a link to browse coins", async () => {
  api.on("GET /api/watchlist", json([]));
  renderPage();
  expect(await screen.findByRole("heading", { name: "Your watchlist is empty" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Browse Coins" })).toHaveAttribute("href", "/");
  expect(cards()).toHaveLength(0);
});

test("each card shows its coin's fields in their exact format", async () => {
  api.on("GET /api/watchlist", json(entries));
  renderPage();
  await waitFor(() => expect(cards()).toHaveLength(3));

  // No logo: the first two letters of the symbol. A tiny price keeps two significant digits;
  // a fall shows its absolute value, 2 decimals, a down arrow, in the loss colour.
  const tinyCard = card("Tiny Token");
  expect(within(tinyCard).getByText("TI")).toBeInTheDocument();
  expect(tinyCard.querySelector("img")).toBeNull();
  expect(within(tinyCard).getByText("TINY")).toBeInTheDocument();
  expect(within(tinyCard).getByText("Rank #1")).toBeInTheDocument();
  expect(figure(tinyCard, "Market Cap")).toHaveTextContent(/^\$12\.34M$/);
  expect(figure(tinyCard, "Price")).toHaveTextContent(/^\$0\.000012$/);
  const fall = within(tinyCard).getByTestId("watchlist-change");
  // The direction in words for screen readers (visually hidden), then the figure.
  expect(fall).toHaveTextContent(/^Down 3\.46%$/);
  expect(fall).toHaveClass("text-loss");
  expect(fall).not.toHaveClass("text-gain");
  expect(within(fall).getByText("Down")).toHaveClass("sr-only");
  expect(within(fall).queryByText("Up")).not.toBeInTheDocument();
  expect(within(tinyCard).getByRole("link", { name: "Tiny Token" })).toHaveAttribute("href", "/?coin1=tiny#compare");

  // A logo; a large price with separators; an unknown change is '-' with no arrow and no colour.
  const bigCard = card("Big Coin");
  expect(bigCard.querySelector("img")).toHaveAttribute("src", "/logos/btc.svg");
  expect(within(bigCard).getByText("BIG")).toBeInTheDocument();
  expect(within(bigCard).getByText("Rank #2")).toBeInTheDocument();
  expect(figure(bigCard, "Market Cap")).toHaveTextContent(/^\$1\.23B$/);
  expect(figure(bigCard, "Price")).toHaveTextContent(/^\$50,000\.00$/);
  const unknown = within(bigCard).getByTestId("watchlist-change");
  expect(unknown).toHaveTextContent(/^-$/);
  expect(unknown).not.toHaveClass("text-gain");
  expect(unknown).not.toHaveClass("text-loss");
  expect(within(unknown).queryByText(/Up|Down/)).not.toBeInTheDocument();

  // A rise: up arrow in the gain colour; a market cap below $1M in K.
  const riseCard = card("Rising");
  expect(within(riseCard).getByText("RI")).toBeInTheDocument();
  expect(within(riseCard).getByText("Rank #7")).toBeInTheDocument();
  expect(figure(riseCard, "Market Cap")).toHaveTextContent(/^\$987\.65K$/);
  expect(figure(riseCard, "Price")).toHaveTextContent(/^\$1\.50$/);
  const rise = within(riseCard).getByTestId("watchlist-change");
  expect(rise).toHaveTextContent(/^Up 2\.50%$/);
  expect(rise).toHaveClass("text-gain");
  expect(within(rise).getByText("Up")).toHaveClass("sr-only");
});

describe("removing a coin", () => {
  test("sends DELETE, disables every remove button while pending, then refetches and drops the card", async () => {
    const user = userEvent.setup();
    const refetch = hold();
    api.once("GET /api/watchlist", json(entries));
    api.on("GET /api/watchlist", refetch);
    const removal = hold();
    api.on("DELETE /api/watchlist/tiny", removal);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.click(removeButton("TINY"));
    expect(api.calls("DELETE /api/watchlist/tiny")).toHaveLength(1);
    expect(api.calls("DELETE /api/watchlist/tiny")[0]!.body).toBeUndefined();
    await waitFor(() => expect(removeButton("TINY")).toBeDisabled());
    for (const symbol of ["TINY", "BIG", "RISE"]) expect(removeButton(symbol)).toBeDisabled();
    expect(visibleToasts()).toHaveLength(0);

    // The removal only counts as done once the list has been fetched again: until then the
    // buttons stay disabled and there is no toast.
    removal.release(noContent());
    await waitFor(() => expect(api.calls("GET /api/watchlist")).toHaveLength(2));
    expect(removeButton("BIG")).toBeDisabled();
    expect(visibleToasts()).toHaveLength(0);

    refetch.release(json(entries.slice(1)));
    await expectToast({ title: "Removed from watchlist", description: "The coin has been removed from your watchlist." });
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole("heading", { name: "Tiny Token" })).not.toBeInTheDocument();
    await waitFor(() => expect(removeButton("BIG")).toBeEnabled());
    expect(removeButton("RISE")).toBeEnabled();
  });

  test("a failed removal shows the destructive error toast, keeps the card and re-enables the buttons", async () => {
    const user = userEvent.setup();
    api.on("GET /api/watchlist", json(entries));
    const removal = hold();
    api.on("DELETE /api/watchlist/big", removal);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.click(removeButton("BIG"));
    await waitFor(() => expect(removeButton("TINY")).toBeDisabled());

    removal.release(apiError(500));
    await expectToast({ title: "Error", description: "Failed to remove coin from watchlist.", variant: "destructive" });
    await waitFor(() => expect(removeButton("BIG")).toBeEnabled());
    for (const symbol of ["TINY", "RISE"]) expect(removeButton(symbol)).toBeEnabled();
    expect(cards()).toHaveLength(3);
    expect(card("Big Coin")).toBeInTheDocument();
  });

  test("removing the last coin (a hyphenated id) leaves the empty state", async () => {
    const user = userEvent.setup();
    const hyphen = makeCoin({ id: "wrapped-eth", symbol: "WETH", name: "Wrapped Ether" });
    api.once("GET /api/watchlist", json([watchlistEntry(9, hyphen)]));
    api.on("GET /api/watchlist", json([]));
    api.on("DELETE /api/watchlist/wrapped-eth", noContent());
    renderPage();

    await user.click(await screen.findByRole("button", { name: "Remove WETH from watchlist" }));
    await expectToast({ title: "Removed from watchlist", description: "The coin has been removed from your watchlist." });
    expect(api.calls("DELETE /api/watchlist/wrapped-eth")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Your watchlist is empty" })).toBeInTheDocument();
  });
});

test("a card's price carries its badges, judged against the browser's clock (not the cached page's render time)", async () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const old = makeCoin({ id: "old", symbol: "OLD", name: "Old Price", priceSource: "pulsex", priceUpdatedAt: minutesAgo(45) });
  const thin = makeCoin({ id: "thin", symbol: "THIN", name: "Thin Pool", priceSource: "pulsex", priceUpdatedAt: minutesAgo(1), lowLiquidity: true });
  api.on("GET /api/watchlist", json([watchlistEntry(1, old), watchlistEntry(2, thin)]));
  // The page was rendered (and cached) 30 minutes ago: by its clock OLD would be 15 minutes old, not stale.
  const pageContext = { newestLivePriceAt: minutesAgo(1), minLiquidityUsd: 5_000, now: Date.now() - 30 * 60_000 };
  renderWithQueryClient(<WatchlistView priceContext={pageContext} />, alice);
  await waitFor(() => expect(cards()).toHaveLength(2));
  expect(within(figure(card("Old Price"), "Price")).getByText("stale")).toHaveAttribute("title", "Price not updated for 45 minutes");
  expect(within(figure(card("Thin Pool"), "Price")).getByText("low liquidity")).toHaveAttribute(
    "title",
    "Price from a pool with under $5,000 of liquidity; last good price shown",
  );
  expect(within(card("Thin Pool")).queryByText("stale")).toBeNull();
});

test("a list shown again from the cache is judged at the time it is shown, not when it was fetched", async () => {
  const fetchedAt = Date.now();
  const at = (time: number, minutesBefore: number) => new Date(time - minutesBefore * 60_000).toISOString();
  const old = makeCoin({ id: "old", symbol: "OLD", name: "Old Price", priceSource: "pulsex", priceUpdatedAt: at(fetchedAt, 10) });
  api.on("GET /api/watchlist", json([watchlistEntry(1, old)]));
  const context = { newestLivePriceAt: at(fetchedAt, 1), minLiquidityUsd: 5_000, now: fetchedAt };
  const { client, unmount } = renderWithQueryClient(<WatchlistView priceContext={context} />, alice);
  await waitFor(() => expect(cards()).toHaveLength(1));
  expect(within(card("Old Price")).queryByText("stale")).toBeNull();
  unmount();

  // Half an hour on, the visitor comes back to the page (an in-app navigation): the list comes from
  // the cache, while the other prices kept being refreshed.
  const later = fetchedAt + 30 * 60_000;
  const clock = jest.spyOn(Date, "now").mockReturnValue(later);
  try {
    render(
      <QueryClientProvider client={client}>
        <WatchlistView priceContext={{ ...context, newestLivePriceAt: at(later, 1), now: later }} />
      </QueryClientProvider>,
    );
    expect(within(figure(card("Old Price"), "Price")).getByText("stale")).toHaveAttribute("title", "Price not updated for 40 minutes");
    expect(api.calls("GET /api/watchlist")).toHaveLength(1);
  } finally {
    clock.mockRestore();
  }
});
