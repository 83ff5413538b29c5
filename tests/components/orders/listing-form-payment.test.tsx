// The Listing Form's quote and payment against a fake of our API and a scripted wallet: the
// countdown, the wallet's steps (confirm, pending, confirmed), the hash handed to the server and
// asked about again until it settles, the answer (live, held for review), and what goes wrong.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListingForm } from "@/components/get-listed/apply/listing-form";
import { PAYMENT_POLL_MS } from "@/components/get-listed/apply/use-payment";
import { PaymentError } from "@/components/wallet/send-payment";
import type { Order } from "@/lib/orders/schemas";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { TEST_INDEX_VERSION } from "@/tests/helpers/coin-api";
import { alice, renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { PAY_TO, TX_HASH, doggo, quote, scriptedPayer } from "./listing-form-fixtures";

const api = useFakeApi();
type User = ReturnType<typeof userEvent.setup>;
let wallet: ReturnType<typeof scriptedPayer>;

beforeEach(() => {
  jest.useFakeTimers();
  wallet = scriptedPayer();
});
afterEach(() => {
  wallet.unregister();
  jest.useRealTimers();
});

const AMOUNT_WEI = 4_500_000n * 10n ** 18n + 7n;
const targetQuote = (overrides: Partial<Order> = {}) => quote({ plan: "target", slot: null, priceUsd: 185, amountWei: AMOUNT_WEI.toString(), ...overrides });
const PAYMENT = "POST /api/orders/7/payment";

async function quoted(user: User, order = targetQuote()) {
  api.on("GET /api/orders/token", json(doggo));
  api.on("POST /api/orders", json(order, 201));
  renderWithQueryClient(<ListingForm listingsOpen indexVersion={TEST_INDEX_VERSION} />, alice);
  await user.type(screen.getByRole("textbox", { name: "Token contract address (PulseChain)" }), doggo.contractAddress);
  await user.click(screen.getByRole("button", { name: "Check token" }));
  await user.click(await screen.findByRole("radio", { name: /^Target/ }));
  await user.click(screen.getByRole("button", { name: "Get quote" }));
  return screen.findByTestId("quote-step");
}

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const step = (name: string) => within(screen.getByRole("list", { name: "Payment progress" })).getByText(name).closest("li")!;
const stepState = (name: string) => step(name).dataset.step;
const tick = async (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

test("the quote's price is held for 15 minutes, counted down; past it, nothing can be paid", async () => {
  const user = setup();
  const quoteStep = await quoted(user, targetQuote({ quoteExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString() }));
  expect(within(quoteStep).getByTestId("quote-countdown")).toHaveTextContent("Price held for 15:00");
  await tick(1_000);
  expect(within(quoteStep).getByTestId("quote-countdown")).toHaveTextContent("Price held for 14:59");
  await tick(15 * 60_000);
  expect(within(quoteStep).getByTestId("quote-countdown")).toHaveTextContent("This quote has expired: get a new one to pay.");
  expect(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" })).toBeDisabled();
  await user.click(within(quoteStep).getByRole("button", { name: "Get a new quote" }));
  expect(screen.getByRole("button", { name: "Get quote" })).toBeEnabled();
});

test("paid: confirm in the wallet, pending with the transaction on PulseScan, confirmed, then live", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  const first = hold();
  api.once(PAYMENT, first);
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));

  // One transaction of exactly the quoted amount, to the order's address, from the signed-in wallet.
  expect(wallet.requests).toEqual([{ to: PAY_TO, valueWei: AMOUNT_WEI, from: alice.address }]);
  expect(await within(quoteStep).findByRole("button", { name: "Waiting for your wallet…" })).toBeDisabled();
  expect(stepState("Confirm in your wallet")).toBe("current");
  expect(stepState("Pending")).toBe("todo");

  await act(async () => wallet.sent.resolve(TX_HASH));
  expect(stepState("Confirm in your wallet")).toBe("done");
  expect(stepState("Pending")).toBe("current");
  expect(within(step("Pending")).getByRole("link")).toHaveAttribute("href", `https://scan.pulsechain.com/tx/${TX_HASH}`);
  expect(within(step("Pending")).getByRole("link")).toHaveAccessibleName(/^0xabababab…abababab \(the transaction on PulseScan, opens in a new tab\)$/);
  expect(screen.queryByRole("button", { name: /^Pay / })).not.toBeInTheDocument();
  expect(api.calls(PAYMENT).map((call) => call.body)).toEqual([{ txHash: TX_HASH }]);

  // The server has it, pending: still quoted, with the hash recorded.
  await act(async () => first.release(json(targetQuote({ paymentTx: TX_HASH }))));
  await act(async () => wallet.mined.resolve({ status: "success", blockNumber: 12n }));
  expect(stepState("Pending")).toBe("done");
  expect(stepState("Confirmed")).toBe("done");
  expect(stepState("Checked by PulseCompare")).toBe("current");
  expect(screen.getByText("Confirmed on PulseChain: PulseCompare settles it once the chain counts it safe (usually 5 to 10 minutes).")).toBeInTheDocument();

  // Asked again with the same hash until settled.
  api.on(PAYMENT, json(targetQuote({ paymentTx: TX_HASH, status: "live", coinId: "doggo", paidWei: AMOUNT_WEI.toString() })));
  await tick(PAYMENT_POLL_MS);
  const outcome = await screen.findByTestId("order-outcome");
  expect(api.calls(PAYMENT).map((call) => call.body)).toEqual([{ txHash: TX_HASH }, { txHash: TX_HASH }]);
  expect(outcome).toHaveTextContent("Your order is live.DOGGO is listed.");
  expect(within(outcome).getByRole("link", { name: "See DOGGO on PulseCompare" })).toHaveAttribute("href", "/coins/doggo");
  expect(within(outcome).getByRole("link", { name: "Your orders" })).toHaveAttribute("href", "/orders");
  expect(stepState("Checked by PulseCompare")).toBe("done");
  // Settled: no more asking.
  await tick(3 * PAYMENT_POLL_MS);
  expect(api.calls(PAYMENT)).toHaveLength(2);
});

test("a wallet on another network is switched first, and says so meanwhile", async () => {
  wallet.unregister();
  wallet = scriptedPayer(["switching"]);
  const user = setup();
  const quoteStep = await quoted(user);
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await screen.findByRole("list", { name: "Payment progress" });
  expect(stepState("Switch your wallet to PulseChain")).toBe("current");
});

test("declined in the wallet: nothing sent, nothing asked of the server, and Pay is back", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.reject(new PaymentError("rejected", "You declined the payment in your wallet: nothing was sent.")));
  expect(screen.getByTestId("payment-problem")).toHaveTextContent("You declined the payment in your wallet: nothing was sent.");
  expect(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" })).toBeEnabled();
  expect(screen.queryByTestId("payment-progress")).not.toBeInTheDocument();
  expect(api.calls(PAYMENT)).toHaveLength(0);
});

test("held for review: the server's reason", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  api.on(PAYMENT, json(targetQuote({ paymentTx: TX_HASH, status: "review", statusReason: "Underpaid by 5 PLS." })));
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  const outcome = await screen.findByTestId("order-outcome");
  expect(outcome).toHaveAttribute("data-status", "review");
  expect(outcome).toHaveTextContent("Payment received: your order is held for review.Underpaid by 5 PLS.");
  expect(within(outcome).queryByRole("link", { name: /See DOGGO/ })).not.toBeInTheDocument();
});

test("a busy server or chain: said, and asked again by itself", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  api.once(PAYMENT, apiError(503, "service_unavailable", "The PulseChain RPC did not answer. Try again later; your payment is safe on chain."));
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  expect(await screen.findByTestId("payment-problem")).toHaveTextContent("The PulseChain RPC did not answer. Try again later; your payment is safe on chain. Checking again…");
  api.on(PAYMENT, json(targetQuote({ paymentTx: TX_HASH, status: "live", coinId: "doggo" })));
  await tick(PAYMENT_POLL_MS);
  expect(await screen.findByTestId("order-outcome")).toHaveAttribute("data-status", "live");
  expect(screen.queryByTestId("payment-problem")).not.toBeInTheDocument();
});

test("a refusal once the transaction is mined is final, in the server's words", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  const answer = hold();
  api.on(PAYMENT, answer);
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  await act(async () => wallet.mined.resolve({ status: "success", blockNumber: 12n }));
  const message = `Transaction ${TX_HASH} has already paid another order.`;
  await act(async () => answer.release(apiError(409, "payment_conflict", message)));
  expect(screen.getByTestId("payment-problem")).toHaveTextContent(message);
  await tick(3 * PAYMENT_POLL_MS);
  expect(api.calls(PAYMENT)).toHaveLength(1);
});

test("a transaction that reverted paid nothing: it says failed, and the quote can be paid again", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  const answer = hold();
  api.on(PAYMENT, answer);
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  await act(async () => wallet.mined.resolve({ status: "reverted", blockNumber: 12n }));
  expect(stepState("Confirmed")).toBe("failed");
  const message = `Transaction ${TX_HASH} reverted: it paid nothing. Send the payment again.`;
  await act(async () => answer.release(apiError(422, "payment_refused", message)));
  expect(screen.getByTestId("payment-problem")).toHaveTextContent(message);
  wallet.reset();
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  expect(wallet.requests).toHaveLength(2);
});

test("sped up in the wallet: the replacement's hash is handed to the server, which settles the order with it", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  api.on(PAYMENT, json(targetQuote({ paymentTx: TX_HASH })));
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  const faster = `0x${"fa".repeat(32)}` as const;
  api.on(PAYMENT, json(targetQuote({ paymentTx: faster, status: "live", coinId: "doggo", paidWei: AMOUNT_WEI.toString() })));
  await act(async () => wallet.mined.resolve({ status: "success", blockNumber: 12n, replacedBy: { hash: faster, reason: "repriced" } }));
  expect(within(step("Pending")).getByRole("link")).toHaveAttribute("href", `https://scan.pulsechain.com/tx/${faster}`);
  await tick(PAYMENT_POLL_MS);
  expect(await screen.findByTestId("order-outcome")).toHaveTextContent("Your order is live.");
  expect(api.calls(PAYMENT).map((call) => call.body)).toEqual([{ txHash: TX_HASH }, { txHash: faster }]);
});

test("cancelled in the wallet: it says nothing was paid, stops asking, and the quote can be paid again", async () => {
  const user = setup();
  const quoteStep = await quoted(user);
  api.on(PAYMENT, json(targetQuote({ paymentTx: TX_HASH })));
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  await act(async () => wallet.sent.resolve(TX_HASH));
  await act(async () => wallet.mined.resolve({ status: "success", blockNumber: 12n, replacedBy: { hash: `0x${"ca".repeat(32)}`, reason: "cancelled" } }));
  expect(screen.getByTestId("payment-problem")).toHaveTextContent("You cancelled the payment in your wallet: nothing was paid.");
  await tick(3 * PAYMENT_POLL_MS);
  expect(api.calls(PAYMENT)).toHaveLength(1);
  wallet.reset();
  await user.click(within(quoteStep).getByRole("button", { name: "Pay 4,500,000 PLS" }));
  expect(wallet.requests).toHaveLength(2);
});
