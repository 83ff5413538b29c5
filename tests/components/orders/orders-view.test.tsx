// The buyer's orders page against a fake of our API: each page state (as the watchlist's), and
// each order's status, token, plan and slot, amount, transaction on PulseScan and reason.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrdersView } from "@/components/orders/orders-view";
import type { Order } from "@/lib/orders/schemas";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderWithQueryClient, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { TX_HASH, quote } from "./listing-form-fixtures";

const api = useFakeApi();

const renderPage = (auth: AuthAnswer = alice) => renderWithQueryClient(<OrdersView />, auth);
const cards = () => screen.queryAllByTestId("order-card");
const card = (id: number) => cards().find((el) => el.dataset.orderId === String(id))!;
const figure = (cardEl: HTMLElement, label: string) => within(cardEl).getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;

const WEI = (pls: bigint, id: number) => (pls * 10n ** 18n + BigInt(id)).toString();
const created = "2026-11-25T10:00:00.000Z";
const orders: Order[] = [
  quote({ id: 9, status: "quoted", plan: "enhanced", slot: null, priceUsd: 225, amountWei: WEI(7_500_000n, 9), createdAt: created, quoteExpiresAt: "2026-11-25T10:15:00.000Z" }),
  quote({ id: 8, status: "live", plan: "basic-plus", slot: { days: 3, startsOn: "2026-12-05", against: "btc" }, priceUsd: 385, amountWei: WEI(12_833_334n, 8), paymentTx: TX_HASH, paidWei: WEI(12_833_334n, 8), coinId: "doggo", createdAt: created }),
  quote({ id: 6, status: "review", plan: "target", slot: null, priceUsd: 185, amountWei: WEI(6_166_667n, 6), paymentTx: `0x${"cd".repeat(32)}`, paidWei: WEI(6_166_662n, 6), statusReason: "Underpaid by 5 PLS.", createdAt: created }),
  quote({ id: 5, status: "rejected", plan: "target", slot: null, statusReason: "Not a PulseChain project.", createdAt: created }),
  quote({ id: 4, status: "refunded", plan: "target", slot: null, statusReason: "Refunded: the token was taken down.", createdAt: created }),
  quote({ id: 3, status: "expired", plan: null, slot: { days: 7, startsOn: "2026-12-20", against: "hex" }, tokenSymbol: "HEX", tokenName: "HEX", createdAt: created }),
  quote({ id: 2, status: "paid", plan: "target", slot: null, paymentTx: `0x${"ef".repeat(32)}`, createdAt: created }),
];

test("signed out: 'Login Required' and no call", () => {
  renderPage(null);
  expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(screen.getByText("Please log in to view your orders.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Forders");
  expect(api.calls()).toHaveLength(0);
});

test("a spinner while the list loads", async () => {
  api.on("GET /api/orders", hold());
  renderPage();
  await waitFor(() => expect(api.calls("GET /api/orders")).toHaveLength(1));
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  expect(cards()).toHaveLength(0);
});

test("a failed load says so, and 'Try again' reads the list again", async () => {
  const user = userEvent.setup();
  api.once("GET /api/orders", apiError(500, "internal_error", "Something went wrong on our side."));
  api.on("GET /api/orders", json(orders));
  renderPage();
  expect(await screen.findByRole("heading", { name: "Couldn't load your orders" })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Try again" }));
  await waitFor(() => expect(cards()).toHaveLength(orders.length));
});

test("no orders: says so, and links to Get Listed", async () => {
  api.on("GET /api/orders", json([]));
  renderPage();
  expect(await screen.findByRole("heading", { name: "No orders yet" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Get Listed" })).toHaveAttribute("href", "/get-listed");
});

test("each order: status in words, token, plan and slot, amount, its transaction on PulseScan, and why", async () => {
  api.on("GET /api/orders", json(orders));
  renderPage();
  await waitFor(() => expect(cards()).toHaveLength(orders.length));
  expect(cards().map((el) => within(el).getByTestId("order-status").textContent)).toEqual(["Quoted", "Live", "Held for review", "Rejected", "Refunded", "Expired", "Paid"]);

  const live = card(8);
  expect(within(live).getByRole("heading", { level: 2 })).toHaveTextContent("DOGGO Doggo Inu");
  expect(live).toHaveTextContent("Order #8, Nov 25, 2026");
  expect(figure(live, "Token")).toHaveTextContent("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  expect(figure(live, "Listing plan")).toHaveTextContent("Basic+");
  expect(figure(live, "Homepage Compare")).toHaveTextContent("3 Days from Dec 5, 2026 (UTC), compared with btc");
  expect(within(figure(live, "Homepage Compare")).getByRole("link", { name: "btc" })).toHaveAttribute("href", "/coins/btc");
  expect(figure(live, "Amount")).toHaveTextContent("12,833,334.000000000000000008 PLS ($385)");
  const tx = within(figure(live, "Transaction")).getByRole("link");
  expect(tx).toHaveAttribute("href", `https://scan.pulsechain.com/tx/${TX_HASH}`);
  expect(tx).toHaveAttribute("target", "_blank");
  expect(within(live).getByRole("link", { name: "See DOGGO on PulseCompare" })).toHaveAttribute("href", "/coins/doggo");

  const open = card(9);
  expect(figure(open, "Listing plan")).toHaveTextContent("Enhanced");
  expect(within(open).queryByText("Homepage Compare")).not.toBeInTheDocument();
  expect(figure(open, "Transaction")).toHaveTextContent("-");
  expect(open).toHaveTextContent(/Awaiting payment: the quote holds until \d{2}:\d{2}/);

  // What was paid, not what was quoted, once known.
  expect(figure(card(6), "Amount")).toHaveTextContent("6,166,662.000000000000000006 PLS ($185)");
  expect(within(card(6)).getByTestId("order-reason")).toHaveTextContent("Underpaid by 5 PLS.");
  expect(within(card(5)).getByTestId("order-reason")).toHaveTextContent("Not a PulseChain project.");
  expect(within(card(4)).getByTestId("order-reason")).toHaveTextContent("Refunded: the token was taken down.");
  expect(within(card(3)).queryByText("Listing plan")).not.toBeInTheDocument();
  expect(figure(card(3), "Homepage Compare")).toHaveTextContent("1 Week from Dec 20, 2026 (UTC), compared with hex");
});

test("a payment still gathering confirmations can be checked again with its hash", async () => {
  const user = userEvent.setup();
  const pending = quote({ id: 11, status: "quoted", paymentTx: TX_HASH });
  api.once("GET /api/orders", json([pending]));
  api.on("POST /api/orders/11/payment", json({ ...pending, status: "live", coinId: "doggo" }));
  api.on("GET /api/orders", json([{ ...pending, status: "live", coinId: "doggo" }]));
  renderPage();
  await waitFor(() => expect(cards()).toHaveLength(1));
  expect(card(11)).toHaveTextContent("Payment sent: waiting for its confirmations on PulseChain.");
  await user.click(within(card(11)).getByRole("button", { name: "Check payment" }));
  expect(api.calls("POST /api/orders/11/payment").map((call) => call.body)).toEqual([{ txHash: TX_HASH }]);
  await waitFor(() => expect(within(card(11)).getByTestId("order-status")).toHaveTextContent("Live"));
});
