// Paying an order (POST /api/orders/{id}/payment): real PLS transactions from funded test keys on
// a local chain (ganache, chain id 369), checked by the server against every rule; real route
// handlers on a real seeded SQLite file and real SIWE sessions.
import { parseEther, type Address, type Hash } from "viem";
import * as coin from "@/app/api/cryptocurrencies/[id]/route";
import * as cronOrders from "@/app/api/cron/orders/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import * as orders from "@/app/api/orders/route";
import { orderSchema, type Order } from "@/lib/orders/schemas";
import { dayKey } from "@/lib/shared/utc-day";
import type { LocalChain } from "@/tests/chain/local-chain";
import { startRpcProxy } from "@/tests/chain/rpc-proxy";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { payingBuyers, SMALL_POOL_FLOOR, startOrderChain } from "@/tests/helpers/paying-buyers";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(90_000);

const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
const CRON_SECRET = "cron-secret-for-jest-order-check-0123";
const OTHER: Address = "0x3333333333333333333333333333333333333333";
const DAY_MS = 86_400_000;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

let chain: LocalChain;
const { fundedBuyer, quote, pay, mine, newToken, nameOf } = payingBuyers(() => chain, "Paid");
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO, { ...SMALL_POOL_FLOOR, CRON_SECRET }));
});

afterAll(() => stopChain());

beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003, priceUpdatedAt: new Date() } });
});

const submit = (buyer: SignedIn, orderId: number, txHash: string) =>
  buyer.browser.request(payment.POST, `/api/orders/${orderId}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash }), params: { id: String(orderId) } });

const dayFromToday = (n: number) => dayKey(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + n * DAY_MS));

describe("a payment that pays", () => {
  test("a plan: recorded at once, paid and live once 3 blocks deep; the token is listed with the same cleaning", async () => {
    const buyer = await fundedBuyer();
    const token = await newToken();
    const order = await quote(buyer, { tokenAddress: token, plan: "enhanced" });
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));

    const pending = await submit(buyer, order.id, hash);
    expect(pending.status).toBe(200);
    expect(orderSchema.parse(pending.body)).toMatchObject({ status: "quoted", paymentTx: hash, paidWei: null });
    expect(await db().coin.count({ where: { contractAddress: token } })).toBe(0);

    await mine(2);
    const live = orderSchema.parse((await submit(buyer, order.id, hash)).body);
    expect(live).toMatchObject({ status: "live", paymentTx: hash, paidWei: order.amountWei, statusReason: null });
    const listed = await call(coin.GET, `/api/cryptocurrencies/${live.coinId}`, { params: { id: live.coinId! } });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ name: nameOf(token), chain: "pulsechain" });
    // The same hash again: the same answer, nothing more written.
    const again = orderSchema.parse((await submit(buyer, order.id, hash)).body);
    expect(again).toEqual(live);
    expect(await db().coin.count({ where: { contractAddress: token } })).toBe(1);
  });

  test("a plan with a slot: the held days become a promoted featured comparison", async () => {
    const buyer = await fundedBuyer();
    const token = await newToken();
    const order = await quote(buyer, { tokenAddress: token, plan: "basic-plus", slot: { days: 3, startsOn: dayFromToday(20), against: "hex" } });
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
    await mine(2);
    const live = orderSchema.parse((await submit(buyer, order.id, hash)).body);
    expect(live.status).toBe("live");
    const featured = await db().featuredComparison.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(featured).toMatchObject({ coin1Id: live.coinId, coin2Id: "hex", isPromoted: true });
    expect(featured.startsAt.toISOString()).toBe(`${dayFromToday(20)}T00:00:00.000Z`);
    expect(featured.endsAt?.toISOString()).toBe(`${dayFromToday(23)}T00:00:00.000Z`);
    const holds = await db().slotHold.findMany({ where: { orderId: order.id } });
    expect(holds.map((hold) => hold.expiresAt)).toEqual([null, null, null]);
  });

  test("overpaid: accepted and noted", async () => {
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei) + parseEther("1000"));
    await mine(2);
    expect(orderSchema.parse((await submit(buyer, order.id, hash)).body)).toMatchObject({ status: "live", statusReason: "Overpaid by 1,000 PLS." });
  });

  test("mined after the quote expired: paid within the grace period while PLS holds its price; else reviewed", async () => {
    const buyer = await fundedBuyer();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const late = async (expiredMinutesAgo: number, plsUsd: number) => {
      await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003 } });
      const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
      await db().listingOrder.update({ where: { id: order.id }, data: { quoteExpiresAt: minutesAgo(expiredMinutesAgo) } });
      await db().coin.update({ where: { id: "pls" }, data: { currentPrice: plsUsd } });
      const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
      await mine(2);
      return orderSchema.parse((await submit(buyer, order.id, hash)).body);
    };
    expect((await late(10, 0.0000314)).status).toBe("live"); // 4.7% up
    const moved = await late(10, 0.0000316); // 5.3% up
    expect(moved.status).toBe("review");
    expect(moved.statusReason).toMatch(/PLS has moved 5\.3% since the quote/);
    const tooLate = await late(61, 0.00003);
    expect(tooLate.status).toBe("review");
    expect(tooLate.statusReason).toMatch(/Paid 61 minutes after the quote expired/);
  });
});

describe("a payment that does not pay", () => {
  test("underpaid: held, with the difference", async () => {
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei) - parseEther("5"));
    await mine(2);
    const held = orderSchema.parse((await submit(buyer, order.id, hash)).body);
    expect(held).toMatchObject({ status: "review", statusReason: "Underpaid by 5 PLS." });
    expect(held.coinId).toBeNull();
  });

  test("refused, and nothing recorded: another sender, another recipient, an amount that names no order, no such transaction", async () => {
    const buyer = await fundedBuyer();
    const stranger = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const amount = BigInt(order.amountWei);
    const cases: Array<[string, Hash, RegExp]> = [
      ["another sender", await pay(stranger.key, PAY_TO, amount), /not sent from your wallet/],
      ["another recipient", await pay(buyer.key, OTHER, amount), /not sent to the payment address/],
      ["an amount without the order's id", await pay(buyer.key, PAY_TO, amount - BigInt(order.id)), /does not name this order/],
      ["no such transaction", `0x${"ab".repeat(32)}`, /No transaction/],
    ];
    await mine(3);
    for (const [name, hash, message] of cases) {
      const res = await submit(buyer, order.id, hash);
      expect([name, res.status, errorOf(res).code]).toEqual([name, 422, "payment_refused"]);
      expect(errorOf(res).message).toMatch(message);
    }
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "quoted", paymentTx: null });
  });

  test("a payment mined before its quote was made does not count: refused, no claim kept, listed as unmatched, by the page and by the scheduled check", async () => {
    const buyer = await fundedBuyer();
    const byPage = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const byCheck = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${CRON_SECRET}` } }); // the block cursor at the head
    const hash = await pay(buyer.key, PAY_TO, BigInt(byPage.amountWei));
    await pay(buyer.key, PAY_TO, BigInt(byCheck.amountWei));
    await mine(2);
    // The quotes made a minute after those blocks: the transfers were there before them.
    const later = { createdAt: new Date(Date.now() + 60_000), quoteExpiresAt: new Date(Date.now() + 16 * 60_000) };
    await db().listingOrder.updateMany({ where: { id: { in: [byPage.id, byCheck.id] } }, data: later });

    const res = await submit(buyer, byPage.id, hash);
    expect([res.status, errorOf(res).code]).toEqual([422, "payment_refused"]);
    expect(errorOf(res).message).toMatch(new RegExp(`was mined before order ${byPage.id} was quoted`));
    // Its claim was let go, and it is a transfer the chain has: on the operator's list at once, with why.
    expect(await db().unmatchedTransfer.findUnique({ where: { txHash: hash } })).toMatchObject({ reason: errorOf(res).message, valueWei: byPage.amountWei });
    const checked = await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    // Both transfers are in the blocks it reads: each refused, neither counted.
    expect(checked.body).toMatchObject({ found: 0, errors: expect.arrayContaining([expect.stringMatching(new RegExp(`^order ${byCheck.id}: .*was mined before order ${byCheck.id} was quoted`))]) });
    for (const id of [byPage.id, byCheck.id]) expect(await db().listingOrder.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "quoted", paymentTx: null });
    expect(checked.body).toMatchObject({ unmatched: 1 }); // the check's own: the page's was listed already
  });

  test("a transaction that reverted pays nothing", async () => {
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    // A contract without a payable fallback as the payment address: the transfer reverts.
    const rejecting = await chain.deployRevertingToken();
    await db().listingOrder.update({ where: { id: order.id }, data: { payTo: rejecting } });
    const hash = await pay(buyer.key, rejecting, BigInt(order.amountWei), 100_000n);
    await mine(2);
    const res = await submit(buyer, order.id, hash);
    expect([res.status, errorOf(res).code]).toEqual([422, "payment_refused"]);
    expect(errorOf(res).message).toMatch(/reverted/);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "quoted", paymentTx: null });
  });

  test("a hash pays one order: not another order of the buyer's, and another wallet's order is not found", async () => {
    const buyer = await fundedBuyer();
    const [first, second] = [await quote(buyer, { tokenAddress: await newToken(), plan: "target" }), await quote(buyer, { tokenAddress: await newToken(), plan: "target" })];
    const hash = await pay(buyer.key, PAY_TO, BigInt(first.amountWei));
    await mine(2);
    expect(orderSchema.parse((await submit(buyer, first.id, hash)).body).status).toBe("live");
    const reused = await submit(buyer, second.id, hash);
    expect([reused.status, errorOf(reused).code]).toEqual([422, "payment_refused"]);
    // The first order, once paid, takes no other transaction.
    const secondHash = await pay(buyer.key, PAY_TO, BigInt(second.amountWei));
    const paidAgain = await submit(buyer, first.id, secondHash);
    expect([paidAgain.status, errorOf(paidAgain).code]).toEqual([409, "payment_conflict"]);

    const stranger = await signIn();
    const foreign = await submit(stranger, second.id, secondHash);
    expect(foreign.status).toBe(404);
    expect((await submit(buyer, 999_999, secondHash)).status).toBe(404);
    expect((await submit(buyer, second.id, "0x1234")).status).toBe(400);
  });

  test("one hash submitted for two orders at once: one paid order", async () => {
    const buyer = await fundedBuyer();
    const [first, second] = [await quote(buyer, { tokenAddress: await newToken(), plan: "target" }), await quote(buyer, { tokenAddress: await newToken(), plan: "target" })];
    const hash = await pay(buyer.key, PAY_TO, BigInt(first.amountWei));
    await mine(2);
    const answers = await Promise.all([submit(buyer, second.id, hash), submit(buyer, first.id, hash), submit(buyer, second.id, hash)]);
    expect(answers.map((res) => res.status)).toEqual([422, 200, 422]);
    expect(await db().listingOrder.count({ where: { paymentTx: hash } })).toBe(1);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ status: "quoted", paymentTx: null });
  });

  test("the same hash submitted twice at once: one payment, the same answer", async () => {
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
    await mine(2);
    const answers = await Promise.all([submit(buyer, order.id, hash), submit(buyer, order.id, hash), submit(buyer, order.id, hash)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    // One of them settles and lists; one that arrives while it lists sees the order paid.
    expect(answers.every((res) => ["paid", "live"].includes(orderSchema.parse(res.body).status))).toBe(true);
    expect(orderSchema.parse((await submit(buyer, order.id, hash)).body).status).toBe("live");
    expect(await db().coin.count({ where: { contractAddress: (await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).tokenAddress } })).toBe(1);
  });
});

describe("the scheduled check (GET /api/cron/orders): a closed tab loses nothing", () => {
  const check = async () => {
    const res = await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    if (res.status !== 200) throw new Error(`check: ${res.status} ${res.text}`);
    return res.body as { expired: number; rechecked: number; found: number; scanned: { from: number; to: number } | null; errors: string[] };
  };
  const ownOrder = async (buyer: SignedIn, id: number) => {
    const res = await buyer.browser.request(orders.GET, "/api/orders");
    return (res.body as Order[]).find((order) => order.id === id)!;
  };

  test("an order paid while its tab was closed is found on chain, then settles and goes live, with no hash submitted", async () => {
    await check(); // the cursor at the head: older blocks are not this test's
    const buyer = await fundedBuyer();
    const stranger = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target", slot: { days: 1, startsOn: dayFromToday(30), against: "hex" } });
    // Someone else's transfer of the very amount is not the buyer's payment.
    const strangers = await pay(stranger.key, PAY_TO, BigInt(order.amountWei));
    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));

    const first = await check();
    expect(first).toMatchObject({ found: 1, errors: [] });
    expect(first.scanned).not.toBeNull();
    expect(await ownOrder(buyer, order.id)).toMatchObject({ status: "quoted", paymentTx: hash });
    expect(await db().listingOrder.count({ where: { paymentTx: strangers } })).toBe(0);

    await mine(2);
    const second = await check();
    expect(second).toMatchObject({ found: 0, rechecked: 1 });
    const live = await ownOrder(buyer, order.id);
    expect(live).toMatchObject({ status: "live", paymentTx: hash, paidWei: order.amountWei });
    expect(await db().featuredComparison.count({ where: { orderId: order.id } })).toBe(1);
    // The tab comes back and submits the hash: the same order, nothing more.
    expect(orderSchema.parse((await submit(buyer, order.id, hash)).body)).toEqual(live);
    // Blocks are read once: the next check starts after the last one read.
    const third = await check();
    expect(third.rechecked).toBe(0);
    if (third.scanned) expect(third.scanned.from).toBeGreaterThan(first.scanned!.to);
  });

  test("a quote nobody paid is written expired after the grace period; a payment found later goes to review", async () => {
    await check();
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const fresh = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    await db().listingOrder.update({ where: { id: order.id }, data: { quoteExpiresAt: new Date(Date.now() - 90 * 60_000) } });

    const swept = await check();
    expect(swept.expired).toBe(1);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "expired", paymentTx: null });
    expect((await db().listingOrder.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe("quoted");

    const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
    await mine(2);
    expect(await check()).toMatchObject({ found: 1 });
    const reviewed = await ownOrder(buyer, order.id);
    expect(reviewed).toMatchObject({ status: "review", paymentTx: hash });
    expect(reviewed.statusReason).toMatch(/^Paid 9\d minutes after the quote expired/);
    expect(reviewed.coinId).toBeNull();
  });

  test("a payment found on chain that reverted is not counted as found", async () => {
    await check();
    const buyer = await fundedBuyer();
    const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const rejecting = await chain.deployRevertingToken();
    await db().listingOrder.update({ where: { id: order.id }, data: { payTo: rejecting } });
    await pay(buyer.key, rejecting, BigInt(order.amountWei), 100_000n);
    await mine(2);
    const report = await check();
    expect(report).toMatchObject({ found: 0, errors: [expect.stringMatching(/reverted: it paid nothing/)] });
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "quoted", paymentTx: null });
  });

  test("with no order waiting, the new blocks are still read once (unmatched transfers), and only they", async () => {
    const before = await check();
    await db().listingOrder.updateMany({ where: { status: "quoted" }, data: { status: "expired", quoteExpiresAt: new Date(Date.now() - 8 * DAY_MS), createdAt: new Date(Date.now() - 8 * DAY_MS) } });
    await mine(5);
    const report = await check();
    expect(report).toMatchObject({ found: 0 });
    expect(report.scanned!.to - report.scanned!.from + 1).toBe(5);
    if (before.scanned) expect(report.scanned!.from).toBe(before.scanned.to + 1);
    expect((await check()).scanned).toBeNull();
  });
});

describe("the confirmation rule: LISTING_CONFIRMATIONS deep and at or under the node's safe block", () => {
  test("waits while the node's safe block is below the payment, settles once it passes; a node without the tag: depth alone", async () => {
    const proxy = await startRpcProxy(chain.rpcUrl);
    const restore = setEnvVars({ PULSECHAIN_RPC_URL: proxy.url });
    try {
      const buyer = await fundedBuyer();
      const order = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
      const hash = await pay(buyer.key, PAY_TO, BigInt(order.amountWei));
      await mine(2);
      const { blockNumber } = await chain.client.getTransactionReceipt({ hash });
      proxy.blockTags.safe = blockNumber - 1n;
      expect(orderSchema.parse((await submit(buyer, order.id, hash)).body)).toMatchObject({ status: "quoted", paymentTx: hash, paidWei: null });
      proxy.blockTags.safe = blockNumber;
      expect(orderSchema.parse((await submit(buyer, order.id, hash)).body)).toMatchObject({ status: "live", paymentTx: hash });

      proxy.blockTags.safe = "unsupported";
      const second = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
      const secondHash = await pay(buyer.key, PAY_TO, BigInt(second.amountWei));
      await mine(1);
      expect(orderSchema.parse((await submit(buyer, second.id, secondHash)).body).status).toBe("quoted"); // 2 deep
      await mine(1);
      expect(orderSchema.parse((await submit(buyer, second.id, secondHash)).body).status).toBe("live");
      expect(proxy.requests.some((request) => request.method === "eth_getBlockByNumber" && request.refused)).toBe(true);
    } finally {
      restore();
      await proxy.stop();
    }
  });
});
