// The operator's order queue on the admin page, against a fake of our API: orders grouped and
// filtered by status, the payment linked on PulseScan, the buyer's logo URL and links as text,
// 'Done' on the posts on X, 'Reject' with a reason and 'Record refund' with a hash (checked on the
// form first), and the server's refusals shown where the write was made.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminView } from "@/components/admin/admin-view";
import type { OperatorOrder } from "@/lib/orders/operator-schemas";
import { apiError, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset } from "@/tests/helpers/toasts";
import { NO_UNMATCHED, unmatchedAnswer } from "@/tests/helpers/unmatched-answer";

const api = useFakeApi();
useToastReset();

const PAY_TO = "0x2222222222222222222222222222222222222222";
const BUYER = "0x4444444444444444444444444444444444444444";
const PAYMENT_TX = `0x${"ab".repeat(32)}`;
const REFUND_TX = `0x${"cd".repeat(32)}`;

function order(id: number, overrides: Partial<OperatorOrder> = {}): OperatorOrder {
  return {
    id,
    status: "live",
    tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    tokenName: "Doggo Inu",
    tokenSymbol: "DOGGO",
    plan: "enhanced",
    slot: null,
    logoUrl: "https://doggo.example/logo.png",
    links: ["https://doggo.example", "https://x.com/doggo"],
    priceUsd: 225,
    plsUsd: 0.00003,
    amountWei: `7500000${"0".repeat(18 - 2)}${String(id).padStart(2, "0")}`,
    payTo: PAY_TO,
    quoteExpiresAt: "2026-11-20T10:15:00.000Z",
    createdAt: "2026-11-20T10:00:00.000Z",
    paymentTx: PAYMENT_TX,
    paidWei: `7500000${"0".repeat(18 - 2)}${String(id).padStart(2, "0")}`,
    paidAt: "2026-11-20T10:05:00.000Z",
    statusReason: null,
    coinId: "doggo",
    buyer: BUYER,
    refundTx: null,
    refundedWei: null,
    tasks: [
      { id: 11, kind: "listed-post", createdAt: "2026-11-20T10:06:00.000Z", doneAt: null, doneBy: null },
      { id: 12, kind: "compare-post", createdAt: "2026-11-20T10:06:00.000Z", doneAt: null, doneBy: null },
      { id: 13, kind: "compare-post", createdAt: "2026-11-20T10:06:00.000Z", doneAt: null, doneBy: null },
    ],
    ...overrides,
  };
}

const live = order(1);
const review = order(2, { status: "review", statusReason: "Underpaid by 5 PLS.", coinId: null, tasks: [], tokenSymbol: "THIN", tokenName: "Thin" });
const quoted = order(3, { status: "quoted", paymentTx: null, paidWei: null, paidAt: null, coinId: null, tasks: [], tokenSymbol: "LONE", tokenName: "Lonely" });

function operatorApi(orders: OperatorOrder[]) {
  api.on("GET /api/admin/coins", json([]));
  api.on("GET /api/admin/featured", json([]));
  api.on("GET /api/admin/orders", json(orders));
  api.on("GET /api/admin/orders/unmatched", json(NO_UNMATCHED));
}

const renderPage = () => renderPageWithToaster(<AdminView />, alice);

const rows = () => screen.queryAllByTestId("operator-order");
const rowOf = (id: number) => rows().find((row) => within(row).queryByRole("heading", { name: new RegExp(`^Order ${id}:`) }))!;

test("grouped by status, what needs the operator first; the filter shows one status", async () => {
  const user = userEvent.setup();
  operatorApi([quoted, live, review]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(3));
  const groups = screen.getAllByRole("region", { name: / orders$/ });
  expect(groups.map((group) => within(group).getByRole("heading", { level: 3 }).textContent)).toEqual(["Held for review (1)", "Live (1)", "Quoted (1)"]);

  const filter = screen.getByRole("group", { name: "Show" });
  expect(within(filter).getByRole("button", { name: "All (3)" })).toHaveAttribute("aria-pressed", "true");
  await user.click(within(filter).getByRole("button", { name: "Live (1)" }));
  expect(within(filter).getByRole("button", { name: "Live (1)" })).toHaveAttribute("aria-pressed", "true");
  expect(rows()).toHaveLength(1);
  expect(rows()[0]).toHaveTextContent("Order 1: DOGGO");
});

test("a row: what was bought, the payment on PulseScan, the buyer, and the buyer's logo URL and links as text only", async () => {
  operatorApi([live]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(1));
  const row = rowOf(1);
  expect(row).toHaveTextContent("Enhanced listing · $225");
  expect(row).toHaveTextContent(BUYER);
  expect(row).toHaveTextContent(`to ${PAY_TO}`);
  expect(within(row).getByRole("link", { name: `Transaction ${PAYMENT_TX} on PulseScan` })).toHaveAttribute("href", `https://scan.pulsechain.com/tx/${PAYMENT_TX}`);
  expect(within(row).getByText("https://doggo.example/logo.png")).toBeInTheDocument();
  expect(within(row).getByText("https://x.com/doggo")).toBeInTheDocument();
  // Nothing from the buyer's hosts is loaded or linked.
  expect(row.querySelector("img")).toBeNull();
  expect(within(row).getAllByRole("link")).toHaveLength(1);
  expect(within(row).queryByRole("button", { name: /Record refund/ })).not.toBeInTheDocument();
});

test("'Done' marks a post on X and the list shows it done", async () => {
  const user = userEvent.setup();
  operatorApi([live]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(1));
  const doneAt = "2026-11-21T09:00:00.000Z";
  api.on("POST /api/admin/order-tasks/11/done", json({ ...live.tasks[0], doneAt, doneBy: alice.address }));
  api.on("GET /api/admin/orders", json([{ ...live, tasks: [{ ...live.tasks[0]!, doneAt, doneBy: alice.address }, ...live.tasks.slice(1)] }]));
  await user.click(within(rowOf(1)).getByRole("button", { name: "Mark “Listed post on X” done" }));
  await waitFor(() => expect(within(rowOf(1)).queryByRole("button", { name: "Mark “Listed post on X” done" })).not.toBeInTheDocument());
  expect(within(rowOf(1)).getByRole("button", { name: "Mark “Compare post on X 2” done" })).toBeEnabled();
  expect(api.calls("POST /api/admin/order-tasks/11/done")).toHaveLength(1);
});

test("'Reject' needs a reason (checked on the form), sends it, and a refusal shows the server's words", async () => {
  const user = userEvent.setup();
  operatorApi([live]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(1));
  await user.click(within(rowOf(1)).getByRole("button", { name: "Reject…" }));
  const form = screen.getByRole("form", { name: "Reject order 1" });
  await user.click(within(form).getByRole("button", { name: "Reject order" }));
  expect(within(form).getByLabelText("Reason (the buyer sees it)")).toHaveAccessibleDescription(/Give the reason the buyer will see/);
  expect(api.calls("POST /api/admin/orders/1/reject")).toHaveLength(0);

  api.once("POST /api/admin/orders/1/reject", apiError(409, "order_conflict", 'Order 1 listed "doggo", and paid orders 7 have a slot with it: reject or refund them first.'));
  await user.type(within(form).getByLabelText("Reason (the buyer sees it)"), "Mintable without limit.");
  await user.click(within(form).getByRole("button", { name: "Reject order" }));
  expect(await within(form).findByRole("alert")).toHaveTextContent("paid orders 7 have a slot with it");

  api.on("POST /api/admin/orders/1/reject", json({ ...live, status: "rejected", statusReason: "Mintable without limit.", tasks: [] }));
  api.on("GET /api/admin/orders", json([{ ...live, status: "rejected", statusReason: "Mintable without limit.", tasks: [] }]));
  await user.click(within(form).getByRole("button", { name: "Reject order" }));
  await expectToast({ title: "Order 1 rejected", description: "DOGGO: the buyer sees your reason." });
  expect(api.calls("POST /api/admin/orders/1/reject").at(-1)!.body).toEqual({ reason: "Mintable without limit." });
  await waitFor(() => expect(rowOf(1)).toHaveTextContent("Reason (the buyer sees it)Mintable without limit."));
  expect(within(rowOf(1)).getByRole("button", { name: "Record refund…" })).toBeInTheDocument();
});

test("'Record refund' checks the hash on the form, then shows the chain check's refusal or the refund", async () => {
  const user = userEvent.setup();
  operatorApi([review]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(1));
  await user.click(within(rowOf(2)).getByRole("button", { name: "Record refund…" }));
  const form = screen.getByRole("form", { name: "Record the refund of order 2" });
  expect(form).toHaveTextContent(`from ${PAY_TO} to the buyer's wallet ${BUYER}`);
  const hash = within(form).getByLabelText("Refund transaction hash");
  await user.type(hash, "0x1234");
  await user.click(within(form).getByRole("button", { name: "Record refund" }));
  expect(hash).toHaveAccessibleDescription(/0x followed by 64 hex digits/);
  expect(api.calls("POST /api/admin/orders/2/refund")).toHaveLength(0);

  api.once("POST /api/admin/orders/2/refund", apiError(422, "payment_refused", `Transaction ${REFUND_TX} cannot refund order 2: it was not sent to the buyer's wallet ${BUYER}.`));
  await user.clear(hash);
  await user.type(hash, REFUND_TX);
  await user.click(within(form).getByRole("button", { name: "Record refund" }));
  expect(await within(form).findByRole("alert")).toHaveTextContent("it was not sent to the buyer's wallet");

  const refunded = { ...review, status: "refunded" as const, refundTx: REFUND_TX, refundedWei: "1000000000000000000" };
  api.on("POST /api/admin/orders/2/refund", json(refunded));
  api.on("GET /api/admin/orders", json([refunded]));
  await user.click(within(form).getByRole("button", { name: "Record refund" }));
  await expectToast({ title: "Order 2 refunded", description: "1 PLS back to the buyer, checked on chain." });
  await waitFor(() => expect(within(rowOf(2)).getByRole("link", { name: `Transaction ${REFUND_TX} on PulseScan` })).toBeInTheDocument());
  expect(within(rowOf(2)).queryByRole("button", { name: /Record refund/ })).not.toBeInTheDocument();
});

test("'Cancel' on an unpaid quote (its payment stuck): needs a reason, sends it, and the row shows the quote expired with it", async () => {
  const user = userEvent.setup();
  const stuck = { ...quoted, paymentTx: PAYMENT_TX };
  operatorApi([stuck, live]);
  renderPage();
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(within(rowOf(1)).queryByRole("button", { name: "Cancel…" })).toBeNull();
  await user.click(within(rowOf(3)).getByRole("button", { name: "Cancel…" }));
  const form = screen.getByRole("form", { name: "Cancel order 3" });
  await user.click(within(form).getByRole("button", { name: "Cancel quote" }));
  expect(api.calls("POST /api/admin/orders/3/cancel")).toHaveLength(0);

  const cancelled = { ...stuck, status: "expired" as const, paymentTx: null, statusReason: "Your payment was replaced; quote again." };
  api.on("POST /api/admin/orders/3/cancel", json(cancelled));
  api.on("GET /api/admin/orders", json([cancelled, live]));
  await user.type(within(form).getByLabelText("Reason (the buyer sees it)"), "Your payment was replaced; quote again.");
  await user.click(within(form).getByRole("button", { name: "Cancel quote" }));
  await expectToast({ title: "Order 3 cancelled", description: "LONE: the buyer sees your reason." });
  expect(api.calls("POST /api/admin/orders/3/cancel").at(-1)!.body).toEqual({ reason: "Your payment was replaced; quote again." });
  await waitFor(() => expect(rowOf(3)).toHaveTextContent("Reason (the buyer sees it)Your payment was replaced; quote again."));
  expect(within(rowOf(3)).queryByRole("button", { name: "Cancel…" })).toBeNull();
});

test("unmatched transfers under the queue: each with its amount and why, linked on PulseScan; 'Mark handled' sends it and the list reads again", async () => {
  const user = userEvent.setup();
  operatorApi([live]);
  const second = {
    id: 5,
    txHash: REFUND_TX,
    from: BUYER,
    to: PAY_TO,
    valueWei: `7500000${"0".repeat(16)}01`,
    blockNumber: 1234,
    minedAt: "2026-11-20T10:09:00.000Z",
    reason: `Order 1 is already paid by ${PAYMENT_TX}.`,
    handledAt: null,
    handledBy: null,
  };
  api.on("GET /api/admin/orders/unmatched", json(unmatchedAnswer([second])));
  renderPage();
  const row = await screen.findByTestId("unmatched-transfer");
  expect(row).toHaveTextContent("7,500,000.000000000000000001 PLS in block 1234, Nov 20, 2026 10:09 UTC");
  expect(row).toHaveTextContent(`Order 1 is already paid by ${PAYMENT_TX}.`);
  expect(within(row).getByRole("link", { name: `Transaction ${REFUND_TX} on PulseScan` })).toHaveAttribute("href", expect.stringContaining(REFUND_TX));

  api.on("POST /api/admin/orders/unmatched/5/handled", json({ ...second, handledAt: "2026-11-20T11:00:00.000Z", handledBy: alice.address }));
  api.on("GET /api/admin/orders/unmatched", json(NO_UNMATCHED));
  await user.click(within(row).getByRole("button", { name: "Mark handled" }));
  await screen.findByText("No unmatched transfers.");
  expect(api.calls("POST /api/admin/orders/unmatched/5/handled")).toHaveLength(1);
});

test("transfers under 1 PLS are one counted line, above the transfers listed one by one", async () => {
  operatorApi([live]);
  const listed = { id: 6, txHash: REFUND_TX, from: BUYER, to: PAY_TO, valueWei: `7500000${"0".repeat(16)}01`, blockNumber: 1300, minedAt: "2026-11-20T10:09:00.000Z", reason: `Order 1 is already paid by ${PAYMENT_TX}.`, handledAt: null, handledBy: null };
  api.on("GET /api/admin/orders/unmatched", json(unmatchedAnswer([listed], { count: 1000, since: "2026-11-20T09:00:00.000Z" })));
  renderPage();
  expect(await screen.findByTestId("unmatched-dust")).toHaveTextContent("1,000 transfers under 1 PLS since Nov 20, 2026 09:00 UTC: counted, not listed.");
  expect(screen.getAllByTestId("unmatched-transfer")).toHaveLength(1);
  // 'Mark handled' on the line sends it once, and the list reads again.
  api.on("POST /api/admin/orders/unmatched/dust/handled", json(unmatchedAnswer([listed])));
  api.on("GET /api/admin/orders/unmatched", json(unmatchedAnswer([listed])));
  await userEvent.setup().click(screen.getByRole("button", { name: "Mark the transfers under 1 PLS handled" }));
  await waitFor(() => expect(screen.queryByTestId("unmatched-dust")).toBeNull());
  expect(api.calls("POST /api/admin/orders/unmatched/dust/handled")).toHaveLength(1);

  api.on("GET /api/admin/orders/unmatched", json(unmatchedAnswer([], { count: 1, since: "2026-11-20T09:00:00.000Z" })));
  cleanup();
  renderPage();
  expect(await screen.findByTestId("unmatched-dust")).toHaveTextContent("1 transfer under 1 PLS since Nov 20, 2026 09:00 UTC");
  expect(screen.getByText("No unmatched transfers.")).toBeInTheDocument();
});
