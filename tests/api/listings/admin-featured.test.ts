// Operators scheduling featured comparisons, end to end: real route handlers on a real seeded
// SQLite file, sessions from real SIWE sign-ins. The home page's list (GET
// /api/comparisons/featured) follows the slots' times on its own: no job starts or ends them.
// Who may call the routes: tests/api/api/route-access.test.ts.
import { privateKeyToAccount } from "viem/accounts";
import * as adminFeatured from "@/app/api/admin/featured/route";
import * as adminSlot from "@/app/api/admin/featured/[id]/route";
import * as publicFeatured from "@/app/api/comparisons/featured/route";
import { featuredComparisonListSchema } from "@/lib/coins/schemas";
import { featuredSlotListSchema, featuredSlotSchema } from "@/lib/orders/featured-slot-schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const HOUR = 3_600_000;
/** HEX's PulseChain contract: listed in the seed. */
const SEEDED_HEX = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let operator: SignedIn;
beforeAll(async () => {
  operator = await signIn(OPERATOR_KEY);
});
beforeEach(async () => {
  await db().featuredComparison.deleteMany();
});
afterEach(() => {
  jest.useRealTimers();
});

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const schedule = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(adminFeatured.POST, "/api/admin/featured", { method: "POST", headers, body: JSON.stringify(body) });
const slots = async (user: SignedIn = operator) => {
  const res = await user.browser.request(adminFeatured.GET, "/api/admin/featured");
  expect(res.status).toBe(200);
  return featuredSlotListSchema.parse(res.body);
};
const remove = (user: SignedIn, id: string, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(adminSlot.DELETE, `/api/admin/featured/${id}`, { method: "DELETE", headers, params: { id } });
const homeFeatured = async () => {
  const res = await call(publicFeatured.GET, "/api/comparisons/featured");
  expect(res.status).toBe(200);
  return featuredComparisonListSchema.parse(res.body).map((f) => `${f.coin1.id}/${f.coin2.id}`);
};

/** Only Date moves: the database driver and the HTTP handlers keep their real timers. */
function setClock(at: number) {
  jest.useFakeTimers({
    doNotFake: ["nextTick", "setImmediate", "clearImmediate", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask", "hrtime", "performance"],
    now: at,
  });
}

describe("scheduling", () => {
  test("a slot running now is 201 'live' and shows on the home page, promoted first", async () => {
    const plain = await schedule(operator, { coin1Id: "pls", coin2Id: "eth", startsAt: iso(-HOUR), endsAt: iso(HOUR) });
    expect(plain.status).toBe(201);
    expect(plain.headers.get("cache-control")).toBe("private, no-store");
    expect(featuredSlotSchema.parse(plain.body)).toMatchObject({
      coin1: { id: "pls", symbol: "PLS" },
      coin2: { id: "eth", symbol: "ETH" },
      isPromoted: false,
      status: "live",
    });
    const promoted = await schedule(operator, { coin1Id: "hex", coin2Id: "btc", startsAt: iso(-2 * HOUR), isPromoted: true });
    expect(featuredSlotSchema.parse(promoted.body)).toMatchObject({ isPromoted: true, endsAt: null, status: "live" });
    expect(await homeFeatured()).toEqual(["hex/btc", "pls/eth"]);
  });

  test("a slot that starts later is 'scheduled' and does not show yet", async () => {
    const res = await schedule(operator, { coin1Id: "plsx", coin2Id: "eth", startsAt: iso(HOUR), endsAt: iso(2 * HOUR) });
    expect(featuredSlotSchema.parse(res.body).status).toBe("scheduled");
    expect(await homeFeatured()).toEqual([]);
  });

  test("times with an offset are stored as the same instant", async () => {
    const res = await schedule(operator, { coin1Id: "pls", coin2Id: "eth", startsAt: "2026-11-01T02:00:00+02:00", endsAt: "2099-01-01T00:00:00Z" });
    expect(res.status).toBe(201);
    expect(featuredSlotSchema.parse(res.body).startsAt).toBe("2026-11-01T00:00:00.000Z");
  });

  test.each([
    ["the same coin twice", { coin1Id: "hex", coin2Id: "hex", startsAt: iso(0) }, 400, /coin2Id: coin1Id and coin2Id must be two different coins/],
    ["an end before the start", { coin1Id: "hex", coin2Id: "btc", startsAt: iso(HOUR), endsAt: iso(0) }, 400, /endsAt: endsAt must be after startsAt/],
    ["an end equal to the start", { coin1Id: "hex", coin2Id: "btc", startsAt: "2099-01-01T00:00:00Z", endsAt: "2099-01-01T00:00:00Z" }, 400, /after startsAt/],
    ["an end already past", { coin1Id: "hex", coin2Id: "btc", startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) }, 400, /already be over/],
    ["a time without a zone", { coin1Id: "hex", coin2Id: "btc", startsAt: "2026-12-01T00:00" }, 400, /startsAt: Give a time in ISO 8601 with a zone/],
    ["a time that is not one", { coin1Id: "hex", coin2Id: "btc", startsAt: "tomorrow" }, 400, /startsAt/],
    ["no start", { coin1Id: "hex", coin2Id: "btc" }, 400, /startsAt/],
    ["a string for isPromoted", { coin1Id: "hex", coin2Id: "btc", startsAt: iso(0), isPromoted: "yes" }, 400, /isPromoted/],
    ["an unknown field", { coin1Id: "hex", coin2Id: "btc", startsAt: iso(0), multiplier: 5 }, 400, /multiplier/],
    ["a malformed coin id", { coin1Id: "HEX", coin2Id: "btc", startsAt: iso(0) }, 400, /coin1Id/],
    ["a coin we do not list", { coin1Id: "nope", coin2Id: "btc", startsAt: iso(0) }, 422, /No coin with id "nope"/],
  ])("%s is refused with a clear message and nothing is written", async (_name, body, status, message) => {
    const res = await schedule(operator, body);
    expect(res.status).toBe(status);
    expect(errorOf(res).message).toMatch(message);
    expect(await db().featuredComparison.count()).toBe(0);
  });
});

describe("slots start and end on their own", () => {
  test("an ended slot disappears from the home page and a scheduled one appears, without any job", async () => {
    const now = Date.now();
    await schedule(operator, { coin1Id: "pls", coin2Id: "eth", startsAt: iso(-HOUR), endsAt: iso(HOUR) });
    await schedule(operator, { coin1Id: "hex", coin2Id: "btc", startsAt: iso(HOUR), endsAt: iso(3 * HOUR) });
    expect(await homeFeatured()).toEqual(["pls/eth"]);
    expect((await slots()).map((s) => `${s.coin1.id}/${s.coin2.id} ${s.status}`)).toEqual(["pls/eth live", "hex/btc scheduled"]);

    setClock(now + 2 * HOUR);
    expect(await homeFeatured()).toEqual(["hex/btc"]);
    expect((await slots()).map((s) => `${s.coin1.id}/${s.coin2.id} ${s.status}`)).toEqual(["hex/btc live", "pls/eth ended"]);

    setClock(now + 4 * HOUR);
    expect(await homeFeatured()).toEqual([]);
    expect((await slots()).map((s) => s.status)).toEqual(["ended", "ended"]);
    // Ended slots stay on the operators' list until removed; nothing deleted them.
    expect(await db().featuredComparison.count()).toBe(2);
  });
});

describe("removing", () => {
  test("DELETE removes a slot (204), the home page drops it; again or a malformed id is 404", async () => {
    const audit = jest.spyOn(console, "info").mockImplementation(() => {});
    const created = featuredSlotSchema.parse((await schedule(operator, { coin1Id: "pls", coin2Id: "eth", startsAt: iso(-HOUR) })).body);
    expect(await homeFeatured()).toEqual(["pls/eth"]);
    const res = await remove(operator, String(created.id));
    // Each operator write that succeeded is one audit line (lib/api/route.server.ts); refusals are not.
    const refused = await remove(operator, "abc");
    expect(refused.status).toBe(404);
    const lines = audit.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith("[admin-audit] "));
    audit.mockRestore();
    expect(lines.map((line) => JSON.parse(line.slice("[admin-audit] ".length)))).toEqual([
      expect.objectContaining({ operator: OPERATOR, endpoint: "POST /api/admin/featured", body: expect.objectContaining({ coin1Id: "pls", coin2Id: "eth" }), status: 201 }),
      expect.objectContaining({ operator: OPERATOR, endpoint: "DELETE /api/admin/featured/:id", params: { id: created.id }, status: 204 }),
    ]);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await homeFeatured()).toEqual([]);
    expect(await slots()).toEqual([]);

    const again = await remove(operator, String(created.id));
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: `No featured slot with id ${created.id}.` });
    for (const id of ["abc", "0", "-1", "1.5"]) expect((await remove(operator, id)).status).toBe(404);
  });
});

describe("slots and the seats orders hold (issue 38)", () => {
  const DAY = 24 * HOUR;
  const dayAhead = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY);
  beforeEach(async () => {
    await db().slotHold.deleteMany();
    await db().listingOrder.deleteMany();
  });

  /** A buyer's order holding one seat on each of `days` (paid: for good; else a quote's 15 minutes), as the quote and its payment leave it. */
  async function orderHolding(days: Date[], paid: boolean) {
    const buyer = await db().user.create({ data: { address: `0x${String(Math.random()).slice(2, 12).padStart(40, "0")}` } });
    const order = await db().listingOrder.create({
      data: {
        userId: buyer.id,
        status: paid ? "live" : "quoted",
        tokenAddress: SEEDED_HEX,
        tokenName: "HEX",
        tokenSymbol: "HEX",
        slotDays: days.length,
        slotStartsOn: days[0],
        slotAgainstId: "btc",
        priceUsd: 100,
        plsUsd: 0.00003,
        amountWei: "3333334000000000000000001",
        payTo: "0x2222222222222222222222222222222222222222",
        quoteExpiresAt: new Date(Date.now() + 15 * 60_000),
        paymentTx: paid ? `0x${"ab".repeat(32)}` : null,
      },
    });
    for (const day of days) {
      const taken = await db().slotHold.count({ where: { day } });
      await db().slotHold.create({ data: { day, seat: taken, orderId: order.id, expiresAt: paid ? null : order.quoteExpiresAt } });
    }
    const featured = paid
      ? await db().featuredComparison.create({
          data: { coin1Id: "hex", coin2Id: "btc", isPromoted: true, startsAt: days[0]!, endsAt: new Date(days[days.length - 1]!.getTime() + DAY), orderId: order.id },
        })
      : null;
    return { order, featured };
  }

  test("a promoted slot over a day whose seats orders hold (paid, or quoted and unexpired) is 409 and not written; unpromoted, or on a free seat, it is scheduled", async () => {
    await orderHolding([dayAhead(5), dayAhead(6)], true);
    await orderHolding([dayAhead(6)], false);
    const over = (from: number, to: number | null, isPromoted = true) => ({ coin1Id: "pls", coin2Id: "eth", startsAt: dayAhead(from).toISOString(), endsAt: to === null ? undefined : dayAhead(to).toISOString(), isPromoted });

    const full = await schedule(operator, over(6, 7));
    expect([full.status, errorOf(full).code]).toEqual([409, "slot_unavailable"]);
    expect(errorOf(full).message).toBe(
      `Orders hold 2 of the 2 Homepage Compare seats on ${dayAhead(6).toISOString().slice(0, 10)}, so a promoted slot then would push a paid comparison off the home page: start it after that day, end it before, or schedule it unpromoted.`,
    );
    // Open-ended from today: it would run over day 6 too.
    expect((await schedule(operator, over(0, null))).status).toBe(409);
    expect(await db().featuredComparison.count({ where: { orderId: null } })).toBe(0);

    expect((await schedule(operator, over(6, 7, false))).status).toBe(201);
    // Day 5 has one seat left: the first promoted slot takes it, a second one is refused.
    expect((await schedule(operator, over(5, 6))).status).toBe(201);
    expect((await schedule(operator, { ...over(5, 6), coin2Id: "bnb" })).status).toBe(409);
    expect((await schedule(operator, over(8, 9))).status).toBe(201);
  });

  test("a slot an order paid for cannot be removed (409, naming the order): the order stays live with its slot", async () => {
    const { order, featured } = await orderHolding([dayAhead(3)], true);
    const res = await remove(operator, String(featured!.id));
    expect([res.status, errorOf(res).code]).toEqual([409, "order_conflict"]);
    expect(errorOf(res).message).toBe(`Featured slot ${featured!.id} was paid for by order ${order.id}: reject or refund that order in the order queue, which takes its slot down with it.`);
    expect(await db().featuredComparison.count({ where: { id: featured!.id } })).toBe(1);
    expect((await db().listingOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("live");
    // The operator's own slots still go.
    const own = featuredSlotSchema.parse((await schedule(operator, { coin1Id: "pls", coin2Id: "eth", startsAt: iso(HOUR), isPromoted: false })).body);
    expect((await remove(operator, String(own.id))).status).toBe(204);
  });
});
