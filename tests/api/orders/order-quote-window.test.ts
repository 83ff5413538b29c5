// A quote's amount names its order's id, so the order row exists a moment before its amount does
// (issue 38, item 2). A payment inside that moment, or against a row a crash left without its
// amount, pays nothing: real route handlers, a real seeded SQLite file, real SIWE sessions and
// real PLS transfers on the local chain (ganache). The moment is held open by gating the seat
// hold's first step (the sweep of lapsed holds), which a quote with a slot runs after its row is
// written and before its amount is.
import type { Address, Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import * as adminFeatured from "@/app/api/admin/featured/route";
import * as cronOrders from "@/app/api/cron/orders/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import * as orders from "@/app/api/orders/route";
import { quoteWei } from "@/lib/orders/amount";
import { dayKey } from "@/lib/shared/utc-day";
import { orderSchema } from "@/lib/orders/schemas";
import type { LocalChain } from "@/tests/chain/local-chain";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { payingBuyers, SMALL_POOL_FLOOR, startOrderChain } from "@/tests/helpers/paying-buyers";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

/**
 * Armed by a test: the next seat hold waits until the test releases it, at its first step (the
 * sweep: its row written, its amount not yet) or right after it has read the free seats.
 */
const gate: { armed: "sweep" | "read" | null; reached?: () => void; release?: Promise<void> } = { armed: null };
const waitAtGate = async (step: "sweep" | "read") => {
  if (gate.armed !== step) return;
  gate.armed = null;
  gate.reached?.();
  await gate.release;
};

jest.mock("@/lib/orders/seats.server", () => {
  const actual = jest.requireActual("@/lib/orders/seats.server");
  return {
    ...actual,
    async sweepExpiredHolds(...args: unknown[]) {
      await waitAtGate("sweep");
      return actual.sweepExpiredHolds(...args);
    },
    async freeSeatsByDay(...args: unknown[]) {
      const free = await actual.freeSeatsByDay(...args);
      await waitAtGate("read");
      return free;
    },
  };
});

/** Arms the gate at `step`: resolves `reached` when a quote waits there, `release` lets it go on. */
function armGate(step: "sweep" | "read") {
  let release = () => {};
  const reached = new Promise<void>((resolve) => {
    gate.reached = resolve;
    gate.release = new Promise<void>((open) => (release = open));
    gate.armed = step;
  });
  return { reached, release: () => release() };
}

jest.setTimeout(90_000);

const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
const CRON_SECRET = "cron-secret-for-jest-quote-window-0123";
const DAY_MS = 86_400_000;

const { db } = useTestDatabase({ seed: true });
const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
useAuthEnvironment({ OPERATOR_ADDRESSES: privateKeyToAccount(OPERATOR_KEY).address });

let chain: LocalChain;
const { fundedBuyer, pay, mine, newToken } = payingBuyers(() => chain, "Window");
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO, { ...SMALL_POOL_FLOOR, CRON_SECRET }));
});

afterAll(() => stopChain());

beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003, priceUpdatedAt: new Date() } });
});

const dayFromToday = (n: number) => dayKey(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + n * DAY_MS));
const submit = (buyer: SignedIn, orderId: number, txHash: Hash) =>
  buyer.browser.request(payment.POST, `/api/orders/${orderId}/payment`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ txHash }), params: { id: String(orderId) } });
const check = async () => {
  const res = await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
  if (res.status !== 200) throw new Error(`check: ${res.status} ${res.text}`);
  return res.body as { found: number; errors: string[] };
};

test("a dust payment naming an order whose quote is still being written pays nothing, submitted or found by the scheduled check", async () => {
  await check(); // the scan's cursor at the head: older blocks are not this test's
  const buyer = await fundedBuyer();
  const token = await newToken();
  const { reached, release } = armGate("sweep");
  const quoting = buyer.browser.request(orders.POST, "/api/orders", {
    method: "POST",
    headers: JSON_WRITE,
    body: JSON.stringify({ tokenAddress: token, plan: "target", slot: { days: 1, startsOn: dayFromToday(12), against: "hex" } }),
  });
  try {
    await reached;
    // Inside the window: the row is there, its amount is not.
    const row = await db().listingOrder.findFirstOrThrow({ where: { userId: buyer.userId } });
    // One wei: the amount's tag names the order (lib/orders/amount.ts), and it pays nothing more.
    const dust = await pay(buyer.key, PAY_TO, BigInt(row.id));
    await mine(3);

    const submitted = await submit(buyer, row.id, dust);
    expect(submitted.status).toBeGreaterThanOrEqual(400);
    expect(submitted.status).toBeLessThan(500);
    expect(errorOf(submitted).code).toMatch(/payment_conflict|payment_refused/);
    const found = await check();
    expect(found.found).toBe(0);
    expect(await db().listingOrder.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ paymentTx: null, paidWei: null });
  } finally {
    release();
  }
  const res = await quoting;
  expect(res.status).toBe(201);
  const order = orderSchema.parse(res.body);
  expect(order).toMatchObject({ status: "quoted", paymentTx: null });
  expect(BigInt(order.amountWei)).toBe(quoteWei(order.priceUsd, 0.00003, order.id));
  expect(await db().coin.count({ where: { contractAddress: token } })).toBe(0);
});

test("a quote a crash left without its amount takes no payment: refused when submitted, reviewed (never paid) when found", async () => {
  const buyer = await fundedBuyer();
  const token = await newToken();
  // What today's two writes leave behind when the process stops between them.
  const row = await db().listingOrder.create({
    data: {
      userId: buyer.userId,
      tokenAddress: token,
      tokenName: "Window Token",
      tokenSymbol: "WINDOW",
      plan: "target",
      priceUsd: 10,
      plsUsd: 0.00003,
      amountWei: "0",
      payTo: PAY_TO,
      quoteExpiresAt: new Date(Date.now() + 15 * 60_000),
    },
  });
  await check();
  const dust = await pay(buyer.key, PAY_TO, BigInt(row.id));
  await mine(3);

  const submitted = await submit(buyer, row.id, dust);
  expect([submitted.status, errorOf(submitted).code]).toEqual([422, "payment_refused"]);
  expect(errorOf(submitted).message).toMatch(/no amount yet/);
  expect((await db().listingOrder.findUniqueOrThrow({ where: { id: row.id } })).paymentTx).toBeNull();

  await check();
  const after = await db().listingOrder.findUniqueOrThrow({ where: { id: row.id } });
  expect(after.status).not.toMatch(/paid|live/);
  if (after.paymentTx) expect(after).toMatchObject({ status: "review", statusReason: "Paid while the quote had no amount yet." });
  expect(await db().coin.count({ where: { contractAddress: token } })).toBe(0);
});

test("an operator's promoted slots written while a quote holds its seats: the quote withdraws, the day is never overbooked", async () => {
  const operator = await signIn(OPERATOR_KEY);
  const buyer = await fundedBuyer();
  const day = dayFromToday(40);
  const { reached, release } = armGate("read");
  const quoting = buyer.browser.request(orders.POST, "/api/orders", {
    method: "POST",
    headers: JSON_WRITE,
    body: JSON.stringify({ tokenAddress: await newToken(), plan: "target", slot: { days: 1, startsOn: day, against: "hex" } }),
  });
  try {
    await reached; // the quote has seen both seats free, and holds nothing yet
    for (const coin2Id of ["eth", "bnb"]) {
      const res = await operator.browser.request(adminFeatured.POST, "/api/admin/featured", {
        method: "POST",
        headers: JSON_WRITE,
        body: JSON.stringify({ coin1Id: "pls", coin2Id, isPromoted: true, startsAt: `${day}T00:00:00Z`, endsAt: `${day}T23:00:00Z` }),
      });
      expect(res.status).toBe(201);
    }
  } finally {
    release();
  }
  const res = await quoting;
  expect([res.status, errorOf(res).code]).toEqual([409, "slot_unavailable"]);
  expect(await db().slotHold.count({ where: { day: new Date(`${day}T00:00:00Z`) } })).toBe(0);
});
