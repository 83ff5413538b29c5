// The operator's queue of paid listings (GET /api/admin/orders, reject, refund, X-post tasks), end
// to end: real PLS payments and refunds from funded test keys on a local chain (ganache, chain id
// 369), real route handlers on a real seeded SQLite file, real SIWE sessions. The payment address
// is a test key of its own, so the operator's refund is a real transaction sent from it. Who may
// call the routes: tests/api/api/route-access.test.ts.
import { parseEther, type Address, type Hash, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import * as taskDone from "@/app/api/admin/order-tasks/[id]/done/route";
import * as approveRoute from "@/app/api/admin/orders/[id]/approve/route";
import * as cancelRoute from "@/app/api/admin/orders/[id]/cancel/route";
import * as refundRoute from "@/app/api/admin/orders/[id]/refund/route";
import * as rejectRoute from "@/app/api/admin/orders/[id]/reject/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as unmatchedRoute from "@/app/api/admin/orders/unmatched/route";
import * as cronOrders from "@/app/api/cron/orders/route";
import * as coin from "@/app/api/cryptocurrencies/[id]/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import * as calendar from "@/app/api/orders/calendar/route";
import * as orders from "@/app/api/orders/route";
import { configuredPulseXContracts } from "@/lib/market/run.server";
import { dayKey } from "@/lib/shared/utc-day";
import { fulfil } from "@/lib/orders/fulfil.server";
import { operatorOrderListSchema, operatorOrderSchema, orderTaskSchema, type OperatorOrder } from "@/lib/orders/operator-schemas";
import { orderListSchema, orderSchema, slotCalendarSchema, type CreateOrderInput, type Order } from "@/lib/orders/schemas";
import type { OpenOrdersReport } from "@/lib/orders/open-orders.server";
import { unmatchedTransfersSchema } from "@/lib/orders/unmatched-schemas";
import type { LocalChain } from "@/tests/chain/local-chain";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { payingBuyers, SMALL_POOL_FLOOR, startOrderChain, type Buyer } from "@/tests/helpers/paying-buyers";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

// Not a test of the limits (tests/api/security/rate-limited-routes.test.ts): this file sends many writes.
jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);
jest.setTimeout(120_000);

const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const PAY_TO_KEY = generatePrivateKey();
const PAY_TO = privateKeyToAccount(PAY_TO_KEY).address;
const OTHER: Address = "0x3333333333333333333333333333333333333333";
/** HEX's PulseChain contract: listed in the seed. */
const SEEDED_HEX: Address = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const DAY_MS = 86_400_000;
const CRON_SECRET = "cron-secret-for-jest-admin-orders-000001";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let chain: LocalChain;
const { fundedBuyer, quote, pay, mine, newToken } = payingBuyers(() => chain, "Queue");
let operator: SignedIn;
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO, { ...SMALL_POOL_FLOOR, CRON_SECRET }));
  await chain.sendPls(PAY_TO, "1000"); // gas for the refunds
  operator = await signIn(OPERATOR_KEY);
});

afterAll(() => stopChain());

let audit: jest.SpyInstance;
beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003, priceUpdatedAt: new Date() } });
  audit = jest.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => audit.mockRestore());

/** The audit lines written since the test began, parsed. */
const auditLines = () => audit.mock.calls.map(([line]) => JSON.parse(String(line).replace(/^\[admin-audit\] /, "")) as Record<string, unknown>);

/** A quote paid in full and settled: live, unless something stood in its way. */
async function paidOrder(body: Omit<CreateOrderInput, "tokenAddress"> & { tokenAddress?: Address }, buyer?: Buyer): Promise<{ buyer: Buyer; order: Order }> {
  const who = buyer ?? (await fundedBuyer());
  const quoted = await quote(who, { ...body, tokenAddress: body.tokenAddress ?? (await newToken()) } as CreateOrderInput);
  const hash = await pay(who.key, PAY_TO, BigInt(quoted.amountWei));
  await mine(2);
  const res = await who.browser.request(payment.POST, `/api/orders/${quoted.id}/payment`, {
    method: "POST",
    headers: JSON_WRITE,
    body: JSON.stringify({ txHash: hash }),
    params: { id: String(quoted.id) },
  });
  return { buyer: who, order: orderSchema.parse(res.body) };
}

const queue = async (query = "") => {
  const res = await operator.browser.request(adminOrders.GET, `/api/admin/orders${query}`);
  expect(res.status).toBe(200);
  return operatorOrderListSchema.parse(res.body);
};
const inQueue = async (id: number): Promise<OperatorOrder> => (await queue()).find((order) => order.id === id)!;

const reject = (user: SignedIn, id: number | string, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(rejectRoute.POST, `/api/admin/orders/${id}/reject`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body), params: { id: String(id) } });
const cancel = (user: SignedIn, id: number | string, body: unknown) =>
  user.browser.request(cancelRoute.POST, `/api/admin/orders/${id}/cancel`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body), params: { id: String(id) } });
const refund = (user: SignedIn, id: number | string, body: unknown) =>
  user.browser.request(refundRoute.POST, `/api/admin/orders/${id}/refund`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body), params: { id: String(id) } });
const approve = (user: SignedIn, id: number | string) =>
  user.browser.request(approveRoute.POST, `/api/admin/orders/${id}/approve`, { method: "POST", headers: SAME_SITE, params: { id: String(id) } });
const done = (user: SignedIn, id: number | string) =>
  user.browser.request(taskDone.POST, `/api/admin/order-tasks/${id}/done`, { method: "POST", headers: SAME_SITE, params: { id: String(id) } });

const dayFromToday = (n: number) => dayKey(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + n * DAY_MS));
const freeOn = async (days: string[]) => {
  const res = await call(calendar.GET, "/api/orders/calendar");
  const all = slotCalendarSchema.parse(res.body).days;
  return days.map((day) => all.find((entry) => entry.day === day)!.free);
};
const coinStatus = async (id: string) => (await call(coin.GET, `/api/cryptocurrencies/${id}`, { params: { id } })).status;

/** Everything the operator's writes may change, for "nothing changed" checks. */
const snapshot = async () => ({
  orders: await db().listingOrder.findMany({ orderBy: { id: "asc" } }),
  tasks: await db().orderTask.findMany({ orderBy: { id: "asc" } }),
  holds: await db().slotHold.findMany({ orderBy: [{ day: "asc" }, { seat: "asc" }] }),
  featured: await db().featuredComparison.findMany({ orderBy: { id: "asc" } }),
  coins: await db().coin.count(),
});

describe("the queue and the posts on X", () => {
  test("each plan queues its posts when it goes live (a slot alone none); the list shows the payment and the buyer", async () => {
    const owed: Record<string, string[]> = {};
    for (const plan of ["basic-plus", "enhanced", "target"] as const) {
      const { order } = await paidOrder({ plan });
      expect(order.status).toBe("live");
      owed[plan] = (await inQueue(order.id)).tasks.map((task) => task.kind);
    }
    expect(owed).toEqual({
      "basic-plus": ["listed-post"],
      enhanced: ["listed-post", "compare-post", "compare-post"],
      target: ["listed-post", "compare-post"],
    });

    const { buyer, order: slotOnly } = await paidOrder({ tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: dayFromToday(30), against: "btc" } });
    expect(slotOnly.status).toBe("live");
    const listed = await inQueue(slotOnly.id);
    expect(listed).toMatchObject({
      status: "live",
      buyer: buyer.address,
      payTo: PAY_TO,
      paymentTx: slotOnly.paymentTx,
      paidWei: slotOnly.amountWei,
      refundTx: null,
      refundedWei: null,
      tasks: [],
    });
    expect(listed.paidAt).not.toBeNull();

    const live = await queue("?status=live");
    expect(live.length).toBeGreaterThanOrEqual(4);
    expect(live.every((order) => order.status === "live")).toBe(true);
    expect(await queue("?status=refunded")).toEqual([]);
    const bad = await operator.browser.request(adminOrders.GET, "/api/admin/orders?status=done");
    expect([bad.status, errorOf(bad).code]).toEqual([400, "invalid_query"]);
  });

  test("'done' records the operator and the time, once: pressing it again answers the same", async () => {
    const { order } = await paidOrder({ plan: "enhanced" });
    const [listedPost] = (await inQueue(order.id)).tasks;
    const first = await done(operator, listedPost!.id);
    expect(first.status).toBe(200);
    const task = orderTaskSchema.parse(first.body);
    expect(task).toMatchObject({ id: listedPost!.id, kind: "listed-post", doneBy: OPERATOR });
    expect(task.doneAt).not.toBeNull();
    const again = await done(operator, listedPost!.id);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect((await inQueue(order.id)).tasks.map((t) => t.doneAt !== null)).toEqual([true, false, false]);
    // Each write the operator made is in the audit log (lib/api/route.server.ts), a repeat too.
    expect(auditLines().filter((line) => line.endpoint === "POST /api/admin/order-tasks/:id/done")).toEqual([
      expect.objectContaining({ operator: OPERATOR, params: { id: listedPost!.id }, status: 200 }),
      expect.objectContaining({ operator: OPERATOR, params: { id: listedPost!.id }, status: 200 }),
    ]);

    expect((await done(operator, 999_999)).status).toBe(404);
    const malformed = await done(operator, "abc");
    expect([malformed.status, errorOf(malformed).code]).toEqual([404, "not_found"]);
  });
});

describe("cancel (an unpaid quote, its payment stuck or not)", () => {
  test("the quote expires with the buyer's reason, its stuck claim is let go and its days freed; a payment that still arrives goes to review", async () => {
    const buyer = await fundedBuyer();
    const days = [dayFromToday(40)];
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target", slot: { days: 1, startsOn: days[0]!, against: "hex" } });
    const [freeBefore] = await freeOn(days);
    // A claim on a transaction that will never mine (a hash the node does not know).
    await db().listingOrder.update({ where: { id: open.id }, data: { paymentTx: `0x${"5e".repeat(32)}`, paymentNonce: 7, paymentClaimedAt: new Date() } });

    const res = await cancel(operator, open.id, { reason: "  Your payment was replaced; quote again.  " });
    expect(res.status).toBe(200);
    expect(operatorOrderSchema.parse(res.body)).toMatchObject({ status: "expired", paymentTx: null, statusReason: "Your payment was replaced; quote again." });
    expect(await freeOn(days)).toEqual([freeBefore! + 1]);
    const seen = ((await buyer.browser.request(orders.GET, "/api/orders")).body as Order[]).find((order) => order.id === open.id);
    expect(seen).toMatchObject({ status: "expired", statusReason: "Your payment was replaced; quote again." });
    expect(auditLines()).toContainEqual(expect.objectContaining({ operator: OPERATOR, endpoint: "POST /api/admin/orders/:id/cancel", params: { id: open.id } }));

    const twice = await cancel(operator, open.id, { reason: "Again." });
    expect([twice.status, errorOf(twice).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(twice).message).toMatch(/expired already/);
    expect((await cancel(operator, open.id, {})).status).toBe(400);
    expect((await cancel(operator, 999_999, { reason: "No." })).status).toBe(404);
    expect((await cancel(buyer, open.id, { reason: "No." })).status).toBe(403);

    // Its payment, sent anyway within the quote's time: the operator weighs it.
    const hash = await pay(buyer.key, PAY_TO, BigInt(open.amountWei));
    await mine(2);
    const late = await buyer.browser.request(payment.POST, `/api/orders/${open.id}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash: hash }), params: { id: String(open.id) } });
    expect(orderSchema.parse(late.body)).toMatchObject({ status: "review", statusReason: "Paid after the quote was cancelled: Your payment was replaced; quote again." });
  });

  test("a paid order is not cancelled: reject it", async () => {
    const { order } = await paidOrder({ plan: "target" });
    const res = await cancel(operator, order.id, { reason: "No." });
    expect([res.status, errorOf(res).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(res).message).toMatch(/it is live; only an unpaid quote is cancelled/);
  });
});

describe("reject", () => {
  test("a live listing comes off the site; its buyer reads the reason; the posts made stay, the rest go", async () => {
    const { buyer, order } = await paidOrder({ plan: "enhanced" });
    expect(await coinStatus(order.coinId!)).toBe(200);
    const [listedPost] = (await inQueue(order.id)).tasks;
    await done(operator, listedPost!.id);

    const res = await reject(operator, order.id, { reason: "  The token's contract can mint without limit.  " });
    expect(res.status).toBe(200);
    expect(operatorOrderSchema.parse(res.body)).toMatchObject({ status: "rejected", statusReason: "The token's contract can mint without limit.", coinId: order.coinId });
    expect(await coinStatus(order.coinId!)).toBe(404);
    expect(await db().coin.count({ where: { contractAddress: order.tokenAddress } })).toBe(0);
    expect((await inQueue(order.id)).tasks.map((task) => task.kind)).toEqual(["listed-post"]);

    const seen = orderListSchema.parse((await buyer.browser.request(orders.GET, "/api/orders")).body).find((o) => o.id === order.id);
    expect(seen).toMatchObject({ status: "rejected", statusReason: "The token's contract can mint without limit." });

    expect(auditLines()).toContainEqual(
      expect.objectContaining({ operator: OPERATOR, endpoint: "POST /api/admin/orders/:id/reject", params: { id: order.id }, body: { reason: "The token's contract can mint without limit." } }),
    );

    const twice = await reject(operator, order.id, { reason: "Again." });
    expect([twice.status, errorOf(twice).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(twice).message).toMatch(/rejected already/);
  });

  test("a slot: its featured comparison goes and its days are free again; the coin it compared stays listed", async () => {
    const days = [dayFromToday(40), dayFromToday(41), dayFromToday(42)];
    const free = await freeOn(days); // the seed's promoted slot may take a seat
    expect(free.every((seats) => seats > 0)).toBe(true);
    const { order } = await paidOrder({ tokenAddress: SEEDED_HEX, slot: { days: 3, startsOn: days[0]!, against: "btc" } });
    expect(order.status).toBe("live");
    expect(await freeOn(days)).toEqual(free.map((seats) => seats - 1));
    expect(await db().featuredComparison.count({ where: { orderId: order.id } })).toBe(1);

    const res = await reject(operator, order.id, { reason: "Slots are paused this month." });
    expect(operatorOrderSchema.parse(res.body)).toMatchObject({ status: "rejected", statusReason: "Slots are paused this month." });
    expect(await db().slotHold.count({ where: { orderId: order.id } })).toBe(0);
    expect(await db().featuredComparison.count({ where: { orderId: order.id } })).toBe(0);
    expect(await freeOn(days)).toEqual(free);
    expect(await coinStatus("hex")).toBe(200);
  });

  test("refused while another paid order's slot stands on the coin; a quote is refused outright", async () => {
    const { buyer, order: listing } = await paidOrder({ plan: "basic-plus" });
    const { order: slot } = await paidOrder({ tokenAddress: listing.tokenAddress as Address, slot: { days: 1, startsOn: dayFromToday(50), against: "hex" } }, buyer);
    expect(slot.status).toBe("live");
    const before = await snapshot();
    const blocked = await reject(operator, listing.id, { reason: "Scam." });
    expect([blocked.status, errorOf(blocked).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(blocked).message).toMatch(new RegExp(`paid orders ${slot.id} have a slot with it`));
    expect(await snapshot()).toEqual(before);

    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const unpaid = await reject(operator, open.id, { reason: "No." });
    expect([unpaid.status, errorOf(unpaid).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(unpaid).message).toMatch(/unpaid quote/);
  });

  test("rejected while its fulfilment runs: the fulfilment takes down what it had just listed", async () => {
    const buyer = await fundedBuyer();
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    await db().listingOrder.update({ where: { id: open.id }, data: { status: "paid", paymentTx: `0x${"cd".repeat(32)}`, paidWei: open.amountWei, paidAt: new Date() } });
    // The operator's reject lands while the listing reads the chain.
    let rejected = false;
    const client = new Proxy(chain.client, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name !== "getChainId" || rejected) return value;
        return async (...args: unknown[]) => {
          rejected = true;
          expect((await reject(operator, open.id, { reason: "Changed our mind." })).status).toBe(200);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as PublicClient;
    await fulfil(db(), open.id, { client, contracts: configuredPulseXContracts() }, new Date());
    expect(rejected).toBe(true);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ status: "rejected", statusReason: "Changed our mind." });
    expect(await db().coin.count({ where: { contractAddress: open.tokenAddress } })).toBe(0);
    expect(await db().orderTask.count({ where: { orderId: open.id } })).toBe(0);
  });
});

describe("approve", () => {
  test("an underpaid order held for review goes live when approved, with its posts on X owed; nothing else is approvable", async () => {
    const buyer = await fundedBuyer();
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target", slot: { days: 1, startsOn: dayFromToday(40), against: "hex" } });
    const paidHash = await pay(buyer.key, PAY_TO, BigInt(open.amountWei) - parseEther("5"));
    await mine(2);
    await buyer.browser.request(payment.POST, `/api/orders/${open.id}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash: paidHash }), params: { id: String(open.id) } });
    expect((await inQueue(open.id)).status).toBe("review");
    expect(await db().coin.count({ where: { contractAddress: open.tokenAddress } })).toBe(0);

    const res = await approve(operator, open.id);
    expect(res.status).toBe(200);
    const approved = operatorOrderSchema.parse(res.body);
    expect(approved).toMatchObject({ status: "live", statusReason: "Approved after review: Underpaid by 5 PLS." });
    expect(await coinStatus(approved.coinId!)).toBe(200);
    expect(approved.tasks.map((task) => task.kind)).toEqual(["listed-post", "compare-post"]);
    expect(await db().featuredComparison.count({ where: { orderId: open.id } })).toBe(1);

    const again = await approve(operator, open.id);
    expect([again.status, errorOf(again).code]).toEqual([409, "order_conflict"]);
    const quoted = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const unpaid = await approve(operator, quoted.id);
    expect([unpaid.status, errorOf(unpaid).code]).toEqual([409, "order_conflict"]);
    expect((await approve(operator, 999_999)).status).toBe(404);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: quoted.id } })).toMatchObject({ status: "quoted", paymentTx: null });
  });
});

describe("record a refund", () => {
  /** A live order, rejected: what an operator refunds. */
  async function rejectedOrder(buyer?: Buyer) {
    const paid = await paidOrder({ plan: "target" }, buyer);
    expect((await reject(operator, paid.order.id, { reason: "Not a fit for the site." })).status).toBe(200);
    return paid;
  }

  test("from the payment address to the buyer: refunded, with the hash and the amount; the same hash again answers the same", async () => {
    const { buyer, order } = await rejectedOrder();
    const hash = await pay(PAY_TO_KEY, buyer.address as Address, BigInt(order.paidWei!));
    const res = await refund(operator, order.id, { txHash: hash.toUpperCase().replace("0X", "0x") });
    expect(res.status).toBe(200);
    expect(operatorOrderSchema.parse(res.body)).toMatchObject({ status: "refunded", refundTx: hash, refundedWei: order.paidWei, statusReason: "Not a fit for the site." });
    const again = await refund(operator, order.id, { txHash: hash });
    expect([again.status, again.body]).toEqual([200, res.body]);
    expect(auditLines().filter((line) => line.endpoint === "POST /api/admin/orders/:id/refund")).toEqual([
      expect.objectContaining({ operator: OPERATOR, params: { id: order.id }, body: { txHash: hash }, status: 200 }),
      expect.objectContaining({ operator: OPERATOR, params: { id: order.id }, body: { txHash: hash }, status: 200 }),
    ]);
    const seen = orderListSchema.parse((await buyer.browser.request(orders.GET, "/api/orders")).body).find((o) => o.id === order.id);
    expect(seen).toMatchObject({ status: "refunded", statusReason: "Not a fit for the site." });
  });

  test("an order in review is refunded directly, and whatever it had put up comes down", async () => {
    const buyer = await fundedBuyer();
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const paidHash = await pay(buyer.key, PAY_TO, BigInt(open.amountWei) - parseEther("5"));
    await mine(2);
    const submitted = await buyer.browser.request(payment.POST, `/api/orders/${open.id}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash: paidHash }), params: { id: String(open.id) } });
    expect(orderSchema.parse(submitted.body)).toMatchObject({ status: "review", statusReason: "Underpaid by 5 PLS." });
    const hash = await pay(PAY_TO_KEY, buyer.address as Address, parseEther("1"));
    const res = await refund(operator, open.id, { txHash: hash });
    expect(operatorOrderSchema.parse(res.body)).toMatchObject({ status: "refunded", refundTx: hash, refundedWei: parseEther("1").toString(), statusReason: "Underpaid by 5 PLS." });
  });

  test("refused, and nothing recorded: another sender, another recipient, a revert, no such transaction, another order's refund", async () => {
    const { buyer, order } = await rejectedOrder();
    const { order: second } = await rejectedOrder(buyer);
    const stranger = await fundedBuyer();
    const value = BigInt(order.paidWei!);

    const used = await pay(PAY_TO_KEY, buyer.address as Address, value);
    expect((await refund(operator, second.id, { txHash: used })).status).toBe(200);

    const cases: Array<[string, Hash, number, string, RegExp]> = [
      ["another sender", await pay(stranger.key, buyer.address as Address, value), 422, "payment_refused", /not sent from the payment address/],
      ["another recipient", await pay(PAY_TO_KEY, OTHER, value), 422, "payment_refused", /not sent to the buyer's wallet/],
      ["no such transaction", `0x${"ab".repeat(32)}`, 422, "payment_refused", /No transaction/],
      ["another order's refund", used, 409, "payment_conflict", new RegExp(`refund of order ${second.id}`)],
    ];
    const before = await snapshot();
    for (const [name, hash, status, code, message] of cases) {
      const res = await refund(operator, order.id, { txHash: hash });
      expect([name, res.status, errorOf(res).code]).toEqual([name, status, code]);
      expect(errorOf(res).message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("a refund that reverted is refused (a buyer's contract wallet that takes no PLS)", async () => {
    const { order } = await rejectedOrder();
    const wallet = await chain.deployRevertingToken();
    const contractBuyer = await db().user.create({ data: { address: wallet } });
    await db().listingOrder.update({ where: { id: order.id }, data: { userId: contractBuyer.id } });
    const hash = await pay(PAY_TO_KEY, wallet, BigInt(order.paidWei!), 100_000n);
    const res = await refund(operator, order.id, { txHash: hash });
    expect([res.status, errorOf(res).code]).toEqual([422, "payment_refused"]);
    expect(errorOf(res).message).toMatch(/reverted/);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "rejected", refundTx: null });
  });

  test("only a paid order that is rejected or in review: a quote never paid and a live order are 409", async () => {
    const { buyer, order: live } = await paidOrder({ plan: "target" });
    const hash = await pay(PAY_TO_KEY, buyer.address as Address, parseEther("1"));
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const before = await snapshot();
    const unpaid = await refund(operator, open.id, { txHash: hash });
    expect([unpaid.status, errorOf(unpaid).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(unpaid).message).toMatch(/never paid/);
    const stillLive = await refund(operator, live.id, { txHash: hash });
    expect([stillLive.status, errorOf(stillLive).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(stillLive).message).toMatch(/reject it first/);
    expect(await snapshot()).toEqual(before);
  });
});

describe("bad input", () => {
  test("is 400 (or 404 for an id that cannot be an order) and changes nothing", async () => {
    const { order } = await paidOrder({ plan: "target" });
    const before = await snapshot();
    const cases: Array<[string, () => ReturnType<typeof reject>, number, RegExp]> = [
      ["no reason", () => reject(operator, order.id, {}), 400, /reason/],
      ["an empty reason", () => reject(operator, order.id, { reason: "   " }), 400, /Give the reason the buyer will see/],
      ["a reason too long", () => reject(operator, order.id, { reason: "x".repeat(501) }), 400, /at most 500 characters/],
      ["an unknown field", () => reject(operator, order.id, { reason: "No.", refund: true }), 400, /refund/],
      ["a body that is not JSON", () => reject(operator, order.id, "reason=No"), 400, /JSON/],
      ["a malformed hash", () => refund(operator, order.id, { txHash: "0x1234" }), 400, /0x followed by 64 hex digits/],
      ["no hash", () => refund(operator, order.id, {}), 400, /txHash/],
      ["an id that is not one", () => reject(operator, "12abc", { reason: "No." }), 404, /No order "12abc"/],
      ["an order that does not exist", () => refund(operator, 999_999, { txHash: `0x${"ab".repeat(32)}` }), 404, /No order 999999/],
    ];
    for (const [name, send, status, message] of cases) {
      const res = await send();
      expect([name, res.status]).toEqual([name, status]);
      expect(errorOf(res).message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

// Issue 50: the buyer pays, the transaction is mined, the page submits the hash (the order stays
// "quoted" while the confirmations are awaited), the scheduled check scans that block, the operator
// presses Cancel, the buyer has closed the tab. Last in the file: its checks read the blocks the
// tests above made.
describe("cancel never loses a mined payment", () => {
  const check = async (): Promise<OpenOrdersReport> => {
    const res = await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    if (res.status !== 200) throw new Error(`check: ${res.status} ${res.text}`);
    return res.body as OpenOrdersReport;
  };

  test("a quote whose claimed payment is mined and awaiting confirmations is refused (409 naming the transaction); with the tab closed the check settles it, and the operator sees the payment and the order's state", async () => {
    await check(); // the cursor at the head: the blocks above are not this test's
    const buyer = await fundedBuyer();
    const open = await quote(buyer, { tokenAddress: await newToken(), plan: "target" });
    const hash = await pay(buyer.key, PAY_TO, BigInt(open.amountWei));
    const submitted = await buyer.browser.request(payment.POST, `/api/orders/${open.id}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash: hash }), params: { id: String(open.id) } });
    expect(orderSchema.parse(submitted.body)).toMatchObject({ status: "quoted", paymentTx: hash, paidWei: null }); // 1 confirmation of 3
    const scanned = await check();
    const { blockNumber } = await chain.client.getTransactionReceipt({ hash });
    expect(scanned.scanned!.to).toBeGreaterThanOrEqual(Number(blockNumber)); // the scan has passed the payment's block
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ status: "quoted", paymentTx: hash });

    const res = await cancel(operator, open.id, { reason: "Stuck, quote again." });
    expect([res.status, errorOf(res).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(res).message).toBe(
      `Order ${open.id} cannot be cancelled: its payment ${hash} is mined (block ${blockNumber}) and is waiting for its confirmations. It settles at the next check, paid or held for review; reject or refund it then.`,
    );
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ status: "quoted", paymentTx: hash, statusReason: null });

    // The tab is closed: nobody submits again. The next checks settle it.
    await mine(2);
    await check();
    expect(await inQueue(open.id)).toMatchObject({ status: "live", paymentTx: hash, paidWei: open.amountWei, buyer: buyer.address });
    const unmatched = unmatchedTransfersSchema.parse((await operator.browser.request(unmatchedRoute.GET, "/api/admin/orders/unmatched")).body);
    expect(unmatched.transfers.filter((row) => row.txHash === hash)).toEqual([]); // it paid its order: not unmatched
  });
});
