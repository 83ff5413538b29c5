// Transfers to the payment address that paid no order (issue 38, item 4): a second payment of an
// order already paid, a transfer whose amount names no order, and PLS sent through a contract (an
// internal transfer, no transaction to the address) are each listed once in the operator queue
// after the scheduled check; an honest payment is not. Real transactions from funded test keys on a
// local chain (ganache), real route handlers and the scheduled check on a real seeded SQLite file.
import { parseEther, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import * as handledRoute from "@/app/api/admin/orders/unmatched/[id]/handled/route";
import * as unmatchedRoute from "@/app/api/admin/orders/unmatched/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import { summarizeOrderCheck } from "@/lib/orders/open-orders.server";
import { unmatchedTransferSchema, unmatchedTransfersSchema, type UnmatchedTransfer, type UnmatchedTransfers } from "@/lib/orders/unmatched-schemas";
import { orderSchema } from "@/lib/orders/schemas";
import type { LocalChain } from "@/tests/chain/local-chain";
import { JSON_WRITE, SAME_SITE, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { payingBuyers, SMALL_POOL_FLOOR, startOrderChain } from "@/tests/helpers/paying-buyers";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { checkOpenOrders } from "./open-orders-check";

jest.setTimeout(180_000);

const PAY_TO: Address = "0x4444444444444444444444444444444444444444";
const CRON_SECRET = "cron-secret-for-jest-order-unmatched-0001";
const OPERATOR_KEY = "0x6de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365b";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let chain: LocalChain;
const { fundedBuyer, quote, pay, mine, newToken } = payingBuyers(() => chain, "Unmatched");
let operator: SignedIn;
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO, { ...SMALL_POOL_FLOOR, CRON_SECRET }));
  operator = await signIn(OPERATOR_KEY);
});

afterAll(() => stopChain());

beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003, priceUpdatedAt: new Date() } });
  await check(); // the block cursor at the head: older blocks are not this test's
});

const check = () => checkOpenOrders(CRON_SECRET);

async function answer(): Promise<UnmatchedTransfers> {
  const res = await operator.browser.request(unmatchedRoute.GET, "/api/admin/orders/unmatched");
  expect(res.status).toBe(200);
  return unmatchedTransfersSchema.parse(res.body);
}

const listed = async (): Promise<UnmatchedTransfer[]> => (await answer()).transfers;

const markHandled = (user: SignedIn, id: number | string) =>
  user.browser.request(handledRoute.POST, `/api/admin/orders/unmatched/${id}/handled`, { method: "POST", headers: SAME_SITE, params: { id: String(id) } });

const submit = (buyer: SignedIn, orderId: number, txHash: string) =>
  buyer.browser.request(payment.POST, `/api/orders/${orderId}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash }), params: { id: String(orderId) } });

test("an honest payment is not listed; a second payment of the paid order is listed once, with why; a second check lists nothing twice", async () => {
  const buyer = await fundedBuyer();
  const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
  const paid = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
  await mine(2);
  expect(orderSchema.parse((await submit(buyer, order.id, paid)).body)).toMatchObject({ status: "live", paymentTx: paid });
  expect(await check()).toMatchObject({ unmatched: 0, errors: [] });
  expect((await listed()).filter((row) => row.txHash === paid)).toEqual([]);

  // The buyer's wallet sends it again (a double click, a retry after a timeout).
  const again = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
  const report = await check();
  expect(report).toMatchObject({ unmatched: 1, found: 0 });
  expect(summarizeOrderCheck(report)).toMatch(/1 unmatched transfers recorded/);
  const rows = (await listed()).filter((row) => row.txHash === again);
  expect(rows).toEqual([
    expect.objectContaining({ from: buyer.address, to: PAY_TO, valueWei: order.amountWei, reason: `Order ${order.id} is already paid by ${paid}.`, handledAt: null }),
  ]);
  await mine(1);
  expect(await check()).toMatchObject({ unmatched: 0 });
  expect((await listed()).filter((row) => row.txHash === again)).toHaveLength(1);
  expect(await db().unmatchedTransfer.count({ where: { txHash: again } })).toBe(1);
});

test("a transfer whose amount names no order is listed once", async () => {
  const stranger = await fundedBuyer();
  const hash = await pay(stranger.key, PAY_TO, parseEther("1234"));
  expect(await check()).toMatchObject({ unmatched: 1 });
  expect((await listed()).find((row) => row.txHash === hash)).toMatchObject({ from: stranger.address, reason: "Its amount names no order (it ends in 0)." });
  expect(await check()).toMatchObject({ unmatched: 0 });
  expect(await db().unmatchedTransfer.count({ where: { txHash: hash } })).toBe(1);
});

test("PLS sent through a contract (no transaction to the address) is listed once, from the address's balance", async () => {
  const forwarded = await chain.forwardPls(PAY_TO, parseEther("777"));
  const report = await check();
  expect(report).toMatchObject({ unmatched: 1, errors: [] });
  const { blockNumber } = await chain.client.getTransactionReceipt({ hash: forwarded });
  const rows = (await listed()).filter((row) => row.txHash === null && row.valueWei === parseEther("777").toString());
  expect(rows).toEqual([
    expect.objectContaining({
      from: null,
      to: PAY_TO,
      reason: expect.stringMatching(/^777(\.0+)? PLS arrived between blocks \d+ and \d+ with no transaction to this address \(a transfer through a contract\?\)\.$/),
    }),
  ]);
  expect(rows[0]!.blockNumber).toBeGreaterThanOrEqual(Number(blockNumber));
  await mine(2);
  expect(await check()).toMatchObject({ unmatched: 0 });
});

test("'Mark handled' records the operator, once, and takes the row off the list; a non-operator is refused", async () => {
  const stranger = await fundedBuyer();
  const hash = await pay(stranger.key, PAY_TO, parseEther("4321"));
  await check();
  const row = (await listed()).find((r) => r.txHash === hash)!;

  // Not an operator: 403; signed out: 401; nothing written.
  expect((await stranger.browser.request(unmatchedRoute.GET, "/api/admin/orders/unmatched")).status).toBe(403);
  expect((await markHandled(stranger, row.id)).status).toBe(403);
  expect((await call(unmatchedRoute.GET, "/api/admin/orders/unmatched")).status).toBe(401);
  expect((await db().unmatchedTransfer.findUniqueOrThrow({ where: { id: row.id } })).handledAt).toBeNull();

  const first = await markHandled(operator, row.id);
  expect(first.status).toBe(200);
  const handled = unmatchedTransferSchema.parse(first.body);
  expect(handled).toMatchObject({ id: row.id, handledBy: OPERATOR, handledAt: expect.any(String) });
  const second = await markHandled(operator, row.id);
  expect(unmatchedTransferSchema.parse(second.body)).toEqual(handled);
  expect((await listed()).some((r) => r.id === row.id)).toBe(false);
  expect((await markHandled(operator, 999_999)).status).toBe(404);
  expect((await markHandled(operator, "abc")).status).toBe(404); // not an id: no such row
});
