// The Listing Form's second step against a fake of our API: the plan from the catalogue, a
// Homepage Compare slot (its length, the coin it is compared with, its first day from the calendar
// of free seats, by mouse and keyboard), the optional links checked as the server checks them,
// the total, and the quote request with its refusals.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListingForm } from "@/components/get-listed/apply/listing-form";
import { apiError, json, useFakeApi } from "@/tests/helpers/fake-api";
import { chooseCoin } from "@/tests/helpers/choose-coin";
import { TEST_INDEX_VERSION, serveCoins } from "@/tests/helpers/coin-api";
import { useListboxLayout } from "@/tests/helpers/listbox-layout";
import { alice, renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { DOGGO_ADDRESS, btcCoin, calendar, doggo, hexCoin, listedHex, quote } from "./listing-form-fixtures";

useListboxLayout();
const api = useFakeApi();
type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  serveCoins(api, [hexCoin, btcCoin]);
  api.on("GET /api/orders/calendar", json(calendar));
});

async function openForm(user: User, token = doggo) {
  api.on("GET /api/orders/token", json(token));
  renderWithQueryClient(<ListingForm listingsOpen indexVersion={TEST_INDEX_VERSION} />, alice);
  await user.type(screen.getByRole("textbox", { name: "Token contract address (PulseChain)" }), token.contractAddress);
  await user.click(screen.getByRole("button", { name: "Check token" }));
  await screen.findByRole("group", { name: /Homepage Compare slot/ });
}

const day = (label: string) => screen.getByRole("button", { name: new RegExp(`^${label}, 2026: `) });
const total = () => screen.getByText(/^Total:/).textContent;

test("a plan is needed for a token not listed yet; the total follows the choices", async () => {
  const user = userEvent.setup();
  await openForm(user);
  expect(total()).toMatch(/^Total: -/);
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(screen.getByTestId("order-problems")).toHaveTextContent("Choose a listing plan.");
  expect(screen.getByRole("group", { name: "Listing plan" })).toHaveAttribute("aria-invalid", "true");
  expect(api.calls("POST /api/orders")).toHaveLength(0);

  await user.click(screen.getByRole("radio", { name: /Enhanced/ }));
  expect(screen.queryByTestId("order-problems")).not.toBeInTheDocument();
  expect(total()).toMatch(/^Total: \$225/);
  await user.click(screen.getByRole("radio", { name: "1 Week $475" }));
  expect(total()).toMatch(/^Total: \$700/);
  await user.click(screen.getByRole("radio", { name: "No slot" }));
  expect(total()).toMatch(/^Total: \$225/);
});

test("the calendar: free seats per day, full days and days a longer slot cannot start on are not offered", async () => {
  const user = userEvent.setup();
  await openForm(user);
  await user.click(screen.getByRole("radio", { name: "1 Day $100" }));
  expect(await screen.findByRole("heading", { name: "December 2026" })).toBeInTheDocument();
  expect(api.calls("GET /api/orders/calendar")).toHaveLength(1);

  expect(day("Dec 3")).toHaveAccessibleName("Dec 3, 2026: 0 of 2 slots free, no slot left");
  expect(day("Dec 3")).toHaveAttribute("aria-disabled", "true");
  expect(day("Dec 3")).toHaveTextContent("3Full");
  expect(day("Dec 4")).toHaveTextContent("41 free");
  expect(day("Dec 4")).toHaveAttribute("aria-disabled", "false");
  await user.click(day("Dec 3"));
  expect(day("Dec 3")).toHaveAttribute("aria-pressed", "false");
  expect(screen.getByTestId("slot-days")).toHaveTextContent("");

  await user.click(day("Dec 4"));
  expect(day("Dec 4")).toHaveAttribute("aria-pressed", "true");
  expect(screen.getByTestId("slot-days")).toHaveTextContent("Runs Dec 4, 2026 (UTC).");

  // Three days from Dec 1 or Dec 2 would take Dec 3's seat: not offered; from Dec 4 they fit.
  await user.click(screen.getByRole("radio", { name: "3 Days $250" }));
  expect(day("Dec 2")).toHaveAccessibleName("Dec 2, 2026: 2 of 2 slots free, not every day of a 3-day slot from here is free");
  expect(day("Dec 2")).toHaveAttribute("aria-disabled", "true");
  expect(screen.getByTestId("slot-days")).toHaveTextContent("Runs Dec 4, 2026 to Dec 6, 2026 (UTC).");

  // The months run to the calendar's last day (90 days: Feb 28, 2027), not past it.
  await user.click(screen.getByRole("button", { name: "Next month" }));
  expect(screen.getByRole("heading", { name: "January 2027" })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Next month" }));
  expect(screen.getByRole("heading", { name: "February 2027" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Next month" })).toBeDisabled();
});

test("the calendar by keyboard: one stop in the tab order, arrows move by day and week, Enter picks", async () => {
  const user = userEvent.setup();
  await openForm(user);
  await user.click(screen.getByRole("radio", { name: "1 Day $100" }));
  await screen.findByRole("heading", { name: "December 2026" });
  const focusable = screen.getAllByRole("button").filter((button) => button.dataset.day && button.tabIndex === 0);
  expect(focusable.map((button) => button.dataset.day)).toEqual(["2026-12-01"]);

  focusable[0]!.focus();
  await user.keyboard("{ArrowRight}");
  expect(day("Dec 2")).toHaveFocus();
  await user.keyboard("{ArrowDown}");
  expect(day("Dec 9")).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(day("Dec 9")).toHaveAttribute("aria-pressed", "true");
  // Past the month's end the next month shows, with the focus on its day.
  for (let i = 0; i < 4; i++) await user.keyboard("{ArrowDown}");
  expect(await screen.findByRole("heading", { name: "January 2027" })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("button", { name: /^Jan 6, 2027: / })).toHaveFocus());
  // The month buttons show another month but leave the focus where it is, on the button.
  await user.click(screen.getByRole("button", { name: "Previous month" }));
  expect(screen.getByRole("heading", { name: "December 2026" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Previous month" })).toHaveFocus();
  await user.keyboard("{ArrowRight}"); // not in the calendar: no day moves
  expect(screen.getByRole("button", { name: "Previous month" })).toHaveFocus();
});

test("links are checked as the server checks them; a complete order asks for its quote and shows it", async () => {
  const user = userEvent.setup();
  await openForm(user);
  await user.click(screen.getByRole("radio", { name: /Basic\+/ }));
  await user.click(screen.getByRole("radio", { name: "1 Day $100" }));
  await screen.findByRole("heading", { name: "December 2026" });
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(screen.getByText("Pick the slot's first day in the calendar.")).toBeInTheDocument();
  expect(screen.getByText("Choose the coin to compare with.")).toBeInTheDocument();
  expect(screen.getByTestId("order-problems")).toHaveTextContent("Check the 2 fields marked above.");

  await user.click(day("Dec 5"));
  await chooseCoin(user, /Compared with/, "BTC");
  await user.type(screen.getByRole("textbox", { name: "Logo URL" }), "ftp://doggo.example/logo.png");
  await user.type(screen.getByRole("textbox", { name: "Project links" }), "https://doggo.example{Enter}http://x.com/doggo");
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(screen.getByText("A logo is an https:// URL or a path under /logos/ (e.g. /logos/pepe.svg).")).toBeInTheDocument();
  expect(screen.getByText("Link 2 (http://x.com/doggo): A project link is an https:// URL.")).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Logo URL" })).toHaveAttribute("aria-invalid", "true");
  expect(api.calls("POST /api/orders")).toHaveLength(0);

  await user.clear(screen.getByRole("textbox", { name: "Logo URL" }));
  await user.type(screen.getByRole("textbox", { name: "Logo URL" }), "https://doggo.example/logo.png");
  await user.clear(screen.getByRole("textbox", { name: "Project links" }));
  await user.type(screen.getByRole("textbox", { name: "Project links" }), "https://doggo.example{Enter}{Enter}https://x.com/doggo");
  api.on("POST /api/orders", json(quote(), 201));
  expect(total()).toMatch(/^Total: \$235/);
  await user.click(screen.getByRole("button", { name: "Get quote" }));

  const step = await screen.findByTestId("quote-step");
  expect(api.calls("POST /api/orders").map((call) => call.body)).toEqual([
    {
      tokenAddress: DOGGO_ADDRESS,
      plan: "basic-plus",
      slot: { days: 1, startsOn: "2026-12-05", against: "btc" },
      logoUrl: "https://doggo.example/logo.png",
      links: ["https://doggo.example", "https://x.com/doggo"],
    },
  ]);
  const figure = (label: string) => within(step).getByText(label, { selector: "dt" }).nextElementSibling;
  expect(figure("Order")).toHaveTextContent("#7");
  expect(figure("Listing plan")).toHaveTextContent("Basic+");
  expect(figure("Homepage Compare")).toHaveTextContent("1 Day from Dec 5, 2026 (UTC), compared with BTC");
  expect(figure("Total")).toHaveTextContent("$235 at $0.000030 per PLS");
  expect(figure("Amount")).toHaveTextContent("7,833,334.000000000000000007 PLS");
  expect(figure("Pay to")).toHaveTextContent("0x2222222222222222222222222222222222222222");
  expect(within(step).getByRole("button", { name: "Pay 7,833,334 PLS" })).toBeEnabled();
  // The token stays as quoted; the order form gives way to the quote.
  expect(screen.getByRole("textbox", { name: "Token contract address (PulseChain)" })).toBeDisabled();
  expect(screen.queryByRole("button", { name: "Get quote" })).not.toBeInTheDocument();

  // 'Change the order' goes back to the form with the choices kept.
  await user.click(within(step).getByRole("button", { name: "Change the order" }));
  expect(screen.getByRole("radio", { name: /Basic\+/ })).toBeChecked();
  expect(screen.getByRole("textbox", { name: "Logo URL" })).toHaveValue("https://doggo.example/logo.png");
});

test("a token listed already: a slot is needed, against another coin than itself", async () => {
  const user = userEvent.setup();
  await openForm(user, listedHex);
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(screen.getByTestId("order-problems")).toHaveTextContent("HEX is listed already: choose a Homepage Compare slot for it.");

  await user.click(screen.getByRole("radio", { name: "3 Days $250" }));
  await screen.findByRole("heading", { name: "December 2026" });
  await user.click(day("Dec 10"));
  await chooseCoin(user, /Compared with/, "HEX");
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(screen.getByTestId("order-problems")).toHaveTextContent("Compare your token with another coin, not with itself.");

  await chooseCoin(user, /Compared with/, "BTC");
  api.on("POST /api/orders", json(quote({ plan: null, tokenSymbol: "HEX", slot: { days: 3, startsOn: "2026-12-10", against: "btc" } }), 201));
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  await screen.findByTestId("quote-step");
  expect(api.calls("POST /api/orders")[0]!.body).toEqual({ tokenAddress: listedHex.contractAddress, slot: { days: 3, startsOn: "2026-12-10", against: "btc" } });
});

test("a day taken meanwhile: the server's words, and the calendar is read again (the day's choice dropped)", async () => {
  const user = userEvent.setup();
  await openForm(user);
  await user.click(screen.getByRole("radio", { name: /^Target/ }));
  await user.click(screen.getByRole("radio", { name: "1 Day $100" }));
  await screen.findByRole("heading", { name: "December 2026" });
  await user.click(day("Dec 4"));
  await chooseCoin(user, /Compared with/, "HEX");
  api.on("POST /api/orders", apiError(409, "slot_unavailable", "2026-12-04 has no free Homepage Compare slot: pick other days."));
  api.on("GET /api/orders/calendar", json({ ...calendar, days: calendar.days.map((d) => (d.day === "2026-12-04" ? { ...d, free: 0 } : d)) }));
  await user.click(screen.getByRole("button", { name: "Get quote" }));

  expect(await screen.findByTestId("quote-refusal")).toHaveTextContent("2026-12-04 has no free Homepage Compare slot: pick other days.");
  await waitFor(() => expect(day("Dec 4")).toHaveTextContent("4Full"));
  expect(api.calls("GET /api/orders/calendar")).toHaveLength(2);
  expect(day("Dec 4")).toHaveAttribute("aria-pressed", "false");
  expect(screen.getByTestId("slot-days")).toHaveTextContent("");
});

test("other refusals of the quote are shown as the server words them", async () => {
  const user = userEvent.setup();
  await openForm(user);
  await user.click(screen.getByRole("radio", { name: /^Target/ }));
  api.on("POST /api/orders", apiError(409, "too_many_quotes", "You have 3 open quotes already: pay one, or wait until one expires (15 minutes after it was made)."));
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  expect(await screen.findByTestId("quote-refusal")).toHaveTextContent("You have 3 open quotes already");
  expect(screen.getByRole("button", { name: "Get quote" })).toBeEnabled();
});
