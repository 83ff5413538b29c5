// A saved comparison's target switch: today's figures by default, coin 2's high on demand.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SavedView } from "@/components/compare/saved-view";
import { json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { big, makeCoin, savedComparison, tiny } from "@/tests/components/fixtures";

const api = useFakeApi();

// BIG's high: $2.468B on Jan 2, 2026 (twice its cap today), recorded, not estimated.
const bigWithHigh = { ...big, athMarketCap: 2_468_000_000, athMarketCapAt: "2026-01-02T00:00:00.000Z" };
const noHigh = makeCoin({ id: "nohigh", symbol: "NOH", marketCap: 24_680_000 });

const figure = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;

test("each card switches on its own between today's figures and those at coin 2's high", async () => {
  const user = userEvent.setup();
  api.on("GET /api/saved-comparisons", json([savedComparison(1, tiny, bigWithHigh), savedComparison(2, tiny, noHigh)]));
  renderWithQueryClient(<SavedView />, alice);
  await waitFor(() => expect(screen.getAllByTestId("saved-card")).toHaveLength(2));
  const [withHigh, without] = screen.getAllByTestId("saved-card") as [HTMLElement, HTMLElement];

  expect(figure(withHigh, "Market Cap Multiplier")).toHaveTextContent(/^100\.00x$/);
  await user.click(within(withHigh).getByRole("radio", { name: "All-time-high market cap" }));
  // 2,468,000,000 / 12,340,000 = 200; 0.00001234 × 200 = 0.002468.
  expect(figure(withHigh, "Market Cap Multiplier")).toHaveTextContent(/^200\.00x$/);
  expect(figure(withHigh, "Projected Price")).toHaveTextContent(/^\$0\.0025$/);
  expect(within(withHigh).getByTestId("saved-target")).toHaveTextContent(/^At BIG's all-time-high market cap of \$2\.47B on Jan 2, 2026\.$/);
  // The other card did not move.
  expect(within(without).getByRole("radio", { name: "Today's market cap" })).toHaveAttribute("aria-checked", "true");

  await user.click(within(without).getByRole("radio", { name: "All-time-high market cap" }));
  expect(figure(without, "Projected Price")).toHaveTextContent(/^-$/);
  expect(within(without).getByTestId("saved-target")).toHaveTextContent("NOH has no all-time-high market cap on record yet.");
});

test("an amount on a saved card is valued today and at the card's target, and stays in the page", async () => {
  const user = userEvent.setup();
  api.on("GET /api/saved-comparisons", json([savedComparison(1, tiny, bigWithHigh), savedComparison(2, tiny, noHigh)]));
  renderWithQueryClient(<SavedView />, alice);
  await waitFor(() => expect(screen.getAllByTestId("saved-card")).toHaveLength(2));
  const [card, other] = screen.getAllByTestId("saved-card") as [HTMLElement, HTMLElement];

  await user.type(within(card).getByRole("textbox", { name: "I hold (TINY)" }), "1m");
  // 1,000,000 × 0.00001234 = 12.34; at BIG's cap today (100x) 1,234; at its high (200x) 2,468.
  expect(within(card).getByTestId("holding-today")).toHaveTextContent(/^\$12\.34$/);
  expect(within(card).getByTestId("holding-at-target")).toHaveTextContent(/^\$1,234\.00 \(100\.00x\)$/);
  await user.click(within(card).getByRole("radio", { name: "All-time-high market cap" }));
  expect(within(card).getByTestId("holding-at-target")).toHaveTextContent(/^\$2,468\.00 \(200\.00x\)$/);
  expect(within(other).queryByTestId("holding-today")).not.toBeInTheDocument();

  // A coin 2 without a high values the amount today only.
  await user.type(within(other).getByRole("textbox", { name: "I hold (TINY)" }), "1m");
  await user.click(within(other).getByRole("radio", { name: "All-time-high market cap" }));
  expect(within(other).getByTestId("holding-at-target")).toHaveTextContent(/^-$/);
  expect(window.location.search).toBe("");
});
