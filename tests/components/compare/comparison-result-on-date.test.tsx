// The pair card's "On a date" target: coin 1 at coin 2's market cap on a day of coin 2's stored
// history (the day's last point), kept in the address as ?on=YYYY-MM-DD. Coin 2's whole history is
// fetched only once the target is chosen; every state of that read is shown.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { computeComparison } from "@/lib/compare/comparison";
import { formatPrice } from "@/lib/shared/format";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { freshQueryClient } from "@/tests/helpers/render-with-query";
import { big, seedPriceContext, tiny } from "@/tests/components/fixtures";

const api = useFakeApi();
const HISTORY = "GET /api/cryptocurrencies/big/history";
const at = (iso: string) => Date.parse(iso);

// TINY: $0.00001234 at a $12.34M cap. BIG's history, worked by hand:
//   Nov 1: sample, $2.468B → 200x, $0.002468
//   Nov 2: $3.702B at 00:00 and $6.17B at 12:00 → the day's last, 500x, $0.00617
//   Nov 3: no point
//   Nov 4: $12.34B → 1,000x, $0.01234 (the last day: the default)
const bigHistory = [
  { t: at("2026-11-01T00:00:00Z"), price: 1, marketCap: 2_468_000_000, sample: true },
  { t: at("2026-11-02T00:00:00Z"), price: 1, marketCap: 3_702_000_000 },
  { t: at("2026-11-02T12:00:00Z"), price: 1, marketCap: 6_170_000_000 },
  { t: at("2026-11-04T00:00:00Z"), price: 1, marketCap: 12_340_000_000 },
];

const radio = (name: RegExp) => screen.getByRole("radio", { name });
const dayInput = () => screen.getByLabelText("BIG's market cap on");
const renderCard = () => render(<ComparisonResult result={computeComparison(tiny, big)} priceContext={seedPriceContext} plsUsd={null} />);

beforeEach(() => {
  window.history.replaceState(null, "", "/compare/tiny/big");
  freshQueryClient();
});

test("chosen with the keyboard: the last day by default, then any day of the history; sample days say so", async () => {
  const user = userEvent.setup();
  api.on(HISTORY, json(bigHistory));
  renderCard();
  expect(api.calls(HISTORY)).toHaveLength(0);

  radio(/Today's/).focus();
  await user.keyboard("{ArrowLeft}"); // wraps round to the last option
  expect(radio(/On a date/)).toHaveFocus();
  expect(radio(/On a date/)).toHaveAttribute("aria-checked", "true");

  expect(await screen.findByTestId("comparison-sentence")).toHaveTextContent(`When TINY reaches BIG's market cap on Nov 4, 2026, it will be at ${formatPrice(0.01234)}.`);
  expect(api.calls(HISTORY)).toHaveLength(1);
  expect(api.calls(HISTORY)[0]!.url).toContain("range=all");
  expect(dayInput()).toHaveValue("2026-11-04");
  expect(dayInput()).toHaveAttribute("min", "2026-11-01");
  expect(dayInput()).toHaveAttribute("max", "2026-11-04");
  expect(screen.getByText("BIG market cap on Nov 4, 2026")).toBeInTheDocument();
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$12\.34B$/);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^1,000x$/);
  expect(screen.queryByTestId("sample-marker")).not.toBeInTheDocument();
  // The default day is written once the view has found it.
  await waitFor(() => expect(window.location.search).toBe("?on=2026-11-04"));

  // Two points on Nov 2: the later one is the day's.
  fireEvent.change(dayInput(), { target: { value: "2026-11-02" } });
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$6\.17B$/);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^500x$/);
  expect(window.location.search).toBe("?on=2026-11-02");

  fireEvent.change(dayInput(), { target: { value: "2026-11-01" } });
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^200x$/);
  expect(screen.getByTestId("sample-marker")).toHaveTextContent("sample data, not a real price");
  expect(screen.getByTestId("on-date-sample-note")).toHaveTextContent("BIG's market cap that day is sample data, not a real price: it comes from the sample history");

  await user.click(radio(/Today's/));
  expect(window.location.search).toBe("");
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^100x$/);
});

test("?on= opens on that day, with the holding valued at that day's cap", async () => {
  window.history.replaceState(null, "", "/compare/tiny/big?on=2026-11-02&hold=1000000");
  api.on(HISTORY, json(bigHistory));
  renderCard();
  expect(await screen.findByTestId("comparison-sentence")).toHaveTextContent("BIG's market cap on Nov 2, 2026");
  expect(radio(/On a date/)).toHaveAttribute("aria-checked", "true");
  // 1,000,000 × $0.00617 = $6,170.00.
  const holding = screen.getByTestId("holding");
  expect(within(holding).getByTestId("holding-at-target")).toHaveTextContent(/^\$6,170\.00 /);
  expect(within(holding).getByText("Worth at BIG's market cap on Nov 2, 2026")).toBeInTheDocument();
  expect(window.location.search).toBe("?hold=1000000&on=2026-11-02");
});

test("a day with no record offers the nearest earlier day; a day outside the history says where it runs", async () => {
  const user = userEvent.setup();
  window.history.replaceState(null, "", "/compare/tiny/big?on=2026-11-03");
  api.on(HISTORY, json(bigHistory));
  renderCard();
  expect(await screen.findByTestId("on-date-message")).toHaveTextContent("No record of BIG's market cap on Nov 3, 2026.");
  expect(screen.queryByTestId("multiplier")).not.toBeInTheDocument();
  expect(screen.getByTestId("holding")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Use Nov 2, 2026" }));
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^500x$/);
  expect(window.location.search).toBe("?on=2026-11-02");

  fireEvent.change(dayInput(), { target: { value: "2026-10-01" } });
  expect(screen.getByTestId("on-date-message")).toHaveTextContent("BIG's stored history runs from Nov 1, 2026 to Nov 4, 2026: pick a day in between.");
  // Cleared: asked to pick, the field still bounded and usable.
  fireEvent.change(dayInput(), { target: { value: "" } });
  expect(screen.getByTestId("on-date-message")).toHaveTextContent("Pick a day");
  expect(dayInput()).toBeEnabled();
  expect(window.location.search).toBe("");
});

test("loading, then a failed read with a retry that works", async () => {
  const user = userEvent.setup();
  window.history.replaceState(null, "", "/compare/tiny/big?on=2026-11-04");
  const first = hold();
  api.once(HISTORY, first);
  api.on(HISTORY, json(bigHistory));
  renderCard();
  expect(await screen.findByTestId("on-date-loading")).toBeInTheDocument();
  expect(dayInput()).toBeDisabled();
  await act(async () => first.release(apiError(500)));
  expect(await screen.findByTestId("on-date-error")).toHaveTextContent("Couldn't load BIG's market cap history.");
  await user.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByTestId("multiplier")).toHaveTextContent(/^1,000x$/);
});

test("no stored history: said plainly, no figures", async () => {
  window.history.replaceState(null, "", "/compare/tiny/big?on=2026-11-04");
  api.on(HISTORY, json([]));
  renderCard();
  expect(await screen.findByTestId("on-date-message")).toHaveTextContent("BIG has no stored history yet.");
  expect(screen.queryByTestId("multiplier")).not.toBeInTheDocument();
});
