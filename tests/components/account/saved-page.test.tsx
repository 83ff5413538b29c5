// The saved-comparisons page against a fake of our API: each page state, every card field in its
// exact format, and removing a comparison (pending, success, failure).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SavedView } from "@/components/compare/saved-view";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset, visibleToasts } from "@/tests/helpers/toasts";
import { big, makeCoin, savedComparison, tiny } from "@/tests/components/fixtures";

const api = useFakeApi();
useToastReset();

// 10:00 UTC is Nov 21 in every time zone from UTC-10 to UTC+13 (New Zealand summer time included).
const tinyVsBig = savedComparison(7, tiny, big, "2026-11-21T10:00:00.000Z");
const noCap = makeCoin({ id: "nocap", symbol: "NOCAP", name: "No Cap", marketCap: 0, currentPrice: 2 });
const bigVsNoCap = savedComparison(8, big, noCap, "2026-01-05T10:00:00.000Z");
const list = [tinyVsBig, bigVsNoCap];

const renderPage = (auth: AuthAnswer = alice) => renderPageWithToaster(<SavedView />, auth);

const cards = () => screen.queryAllByTestId("saved-card");
const removeButton = (pair: string) => screen.getByRole("button", { name: `Remove saved comparison ${pair}` });
const cardOf = (pair: string) => removeButton(pair).closest<HTMLElement>('[data-testid="saved-card"]')!;
/** The value under a card's label (its <dd>). */
const figure = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;

test("shows a spinner while the signed-in state is loading", () => {
  api.on("GET /api/auth/user", hold());
  renderPage("pending");
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  expect(api.calls("GET /api/saved-comparisons")).toHaveLength(0);
});

test("asks a signed-out visitor to log in and does not ask for a list", () => {
  renderPage(null);
  expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(api.calls()).toHaveLength(0);
});

test("shows a spinner and no cards while the list loads", async () => {
  api.on("GET /api/saved-comparisons", hold());
  renderPage();
  await waitFor(() => expect(api.calls("GET /api/saved-comparisons")).toHaveLength(1));
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  expect(cards()).toHaveLength(0);
  expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
});

test("a failed load says so, and 'Try again' fetches the list again and shows it", async () => {
  const user = userEvent.setup();
  api.once("GET /api/saved-comparisons", apiError(500, "INTERNAL", "Database unavailable"));
  const retry = hold();
  api.on("GET /api/saved-comparisons", retry);
  renderPage();

  expect(await screen.findByRole("heading", { name: "Couldn't load your saved comparisons" })).toBeInTheDocument();
  expect(cards()).toHaveLength(0);
  await user.click(screen.getByRole("button", { name: "Try again" }));
  expect(api.calls("GET /api/saved-comparisons")).toHaveLength(2);
  // With no data yet, TanStack Query puts the query back to pending: the spinner shows again.
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Loading"));

  retry.release(json(list));
  await waitFor(() => expect(cards()).toHaveLength(2));
  expect(screen.queryByText("Couldn't load your saved comparisons")).not.toBeInTheDocument();
});

test("an empty list shows the empty state with a link to start comparing", async () => {
  api.on("GET /api/saved-comparisons", json([]));
  renderPage();
  expect(await screen.findByRole("heading", { name: "No saved comparisons yet" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Start Comparing" })).toHaveAttribute("href", "/");
  expect(cards()).toHaveLength(0);
});

test("each card shows the saved date, both coins and today's figures, and links to the comparison", async () => {
  api.on("GET /api/saved-comparisons", json(list));
  renderPage();
  await waitFor(() => expect(cards()).toHaveLength(2));

  const card = cardOf("TINY vs BIG");
  expect(within(card).getByText("Saved Nov 21, 2026")).toBeInTheDocument();
  // Coin 1 without a logo (first two letters), coin 2 with one.
  expect(within(card).getByText("TI")).toBeInTheDocument();
  const heading = within(card).getByRole("heading");
  expect(within(heading).getByText("TINY")).toBeInTheDocument();
  expect(within(card).getByText("Tiny Token")).toBeInTheDocument();
  expect(within(heading).getByText("BIG")).toBeInTheDocument();
  expect(within(card).getByText("Big Coin")).toBeInTheDocument();
  expect(card.querySelectorAll("img")).toHaveLength(1);
  expect(card.querySelector("img")).toHaveAttribute("src", "/logos/btc.svg");
  expect(figure(card, "Current Price")).toHaveTextContent(/^\$0\.000012$/);
  expect(figure(card, "Market Cap Multiplier")).toHaveTextContent(/^100\.00x$/);
  expect(figure(card, "Projected Price")).toHaveTextContent(/^\$0\.0012$/);
  const link = within(card).getByRole("link");
  expect(link).toHaveAttribute("href", "/compare/tiny/big");
  expect(link).toHaveTextContent("TINY");
  expect(link).toHaveTextContent("BIG");

  // A coin 2 without market cap data can't be projected: '-' rather than a made-up figure.
  const other = cardOf("BIG vs NOCAP");
  expect(within(other).getByText("Saved Jan 5, 2026")).toBeInTheDocument();
  expect(figure(other, "Current Price")).toHaveTextContent(/^\$50,000\.00$/);
  expect(figure(other, "Market Cap Multiplier")).toHaveTextContent(/^-$/);
  expect(figure(other, "Projected Price")).toHaveTextContent(/^-$/);
  expect(within(other).getByRole("link")).toHaveAttribute("href", "/compare/big/nocap");
});

test("the projection uses the coins' data as it is today, not as it was when saved", async () => {
  // Same saved pair, but BIG's market cap has since doubled: the multiplier follows.
  api.on("GET /api/saved-comparisons", json([savedComparison(7, tiny, { ...big, marketCap: 2_468_000_000 })]));
  renderPage();
  const card = await waitFor(() => cardOf("TINY vs BIG"));
  expect(figure(card, "Market Cap Multiplier")).toHaveTextContent(/^200\.00x$/);
  expect(figure(card, "Projected Price")).toHaveTextContent(/^\$0\.0025$/);
});

describe("removing a saved comparison", () => {
  test("sends DELETE by id, disables every remove button while pending, then refetches and drops the card", async () => {
    const user = userEvent.setup();
    const refetch = hold();
    api.once("GET /api/saved-comparisons", json(list));
    api.on("GET /api/saved-comparisons", refetch);
    const removal = hold();
    api.on("DELETE /api/saved-comparisons/7", removal);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));

    await user.click(removeButton("TINY vs BIG"));
    expect(api.calls("DELETE /api/saved-comparisons/7")).toHaveLength(1);
    await waitFor(() => expect(removeButton("TINY vs BIG")).toBeDisabled());
    expect(removeButton("BIG vs NOCAP")).toBeDisabled();
    expect(visibleToasts()).toHaveLength(0);

    // The removal only counts as done once the list has been fetched again: until then the
    // buttons stay disabled and there is no toast.
    removal.release(noContent());
    await waitFor(() => expect(api.calls("GET /api/saved-comparisons")).toHaveLength(2));
    expect(removeButton("BIG vs NOCAP")).toBeDisabled();
    expect(visibleToasts()).toHaveLength(0);

    refetch.release(json([bigVsNoCap]));
    await expectToast({ title: "Removed from saved", description: "The comparison has been removed from your saved list." });
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Remove saved comparison TINY vs BIG" })).not.toBeInTheDocument();
    await waitFor(() => expect(removeButton("BIG vs NOCAP")).toBeEnabled());
  });

  test("a failed removal shows the destructive error toast, keeps the card and re-enables the buttons", async () => {
    const user = userEvent.setup();
    api.on("GET /api/saved-comparisons", json(list));
    const removal = hold();
    api.on("DELETE /api/saved-comparisons/8", removal);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));

    await user.click(removeButton("BIG vs NOCAP"));
    await waitFor(() => expect(removeButton("TINY vs BIG")).toBeDisabled());

    removal.release(apiError(500));
    await expectToast({ title: "Error", description: "Failed to remove saved comparison.", variant: "destructive" });
    await waitFor(() => expect(removeButton("BIG vs NOCAP")).toBeEnabled());
    expect(removeButton("TINY vs BIG")).toBeEnabled();
    expect(cards()).toHaveLength(2);
  });
});
