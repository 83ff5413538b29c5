// The listing form's quotes (POST /api/orders), the buyer's orders (GET /api/orders) and the slot
// calendar (GET /api/orders/calendar), end to end: real route handlers on a real seeded SQLite
// file, real SIWE sessions from real keys, and a real local EVM (ganache) whose tokens the quote
// reads as the operator's listing preview does.
import type { Address } from "viem";
import * as calendar from "@/app/api/orders/calendar/route";
import * as orders from "@/app/api/orders/route";
import { ORDER_TAG_MODULUS } from "@/lib/orders/amount";
import { dayKey } from "@/lib/shared/utc-day";
import { MAX_OPEN_QUOTES } from "@/lib/orders/status";
import { orderListSchema, orderSchema, slotCalendarSchema, type CreateOrderInput } from "@/lib/orders/schemas";
import type { LocalChain } from "@/tests/chain/local-chain";
import { deployOrderTokens, startOrderChain } from "@/tests/helpers/paying-buyers";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(60_000);

const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
const EOA: Address = "0x1111111111111111111111111111111111111111";
/** HEX's PulseChain contract: listed in the seed. */
const SEEDED_HEX: Address = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const PLS_USD = 0.00003;
const DAY_MS = 86_400_000;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

let chain: LocalChain;
let doggo: Address; // a pool with $12,000 of liquidity: over the $5,000 floor
let thin: Address; // a pool with $120: under it
let lonely: Address; // no pool at all
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO));
  ({ doggo, thin, lonely } = await deployOrderTokens(chain));
});

afterAll(() => stopChain());

beforeEach(async () => {
  await db().slotHold.deleteMany();
  await db().listingOrder.deleteMany();
  await db().featuredComparison.deleteMany();
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: PLS_USD, priceUpdatedAt: new Date() } });
});

const quote = (user: SignedIn, body: CreateOrderInput | Record<string, unknown>) =>
  user.browser.request(orders.POST, "/api/orders", { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body) });
const ownOrders = async (user: SignedIn) => orderListSchema.parse((await user.browser.request(orders.GET, "/api/orders")).body);
const freeSeats = async () => slotCalendarSchema.parse((await call(calendar.GET, "/api/orders/calendar")).body);
const written = async () => ({ orders: await db().listingOrder.count(), holds: await db().slotHold.count(), coins: await db().coin.count() });

/** UTC midnight `n` days from today, as the API takes it. */
const dayFromToday = (n: number) => dayKey(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + n * DAY_MS));

describe("a quote", () => {
  test("a plan: priced in whole PLS at the published PLS price plus the order's id in wei, held 15 minutes, the buyer's alone", async () => {
    const buyer = await signIn();
    const before = Date.now();
    const res = await quote(buyer, { tokenAddress: doggo.toLowerCase(), plan: "basic-plus", logoUrl: "https://doggo.example/logo.png", links: ["https://doggo.example"] });
    expect(res.status).toBe(201);
    const order = orderSchema.parse(res.body);
    // $135 at $0.00003: 4,500,000 PLS, and the id below a billionth of a PLS.
    expect(BigInt(order.amountWei)).toBe(4_500_000n * 10n ** 18n + BigInt(order.id));
    expect(BigInt(order.amountWei) % ORDER_TAG_MODULUS).toBe(BigInt(order.id));
    expect(order).toMatchObject({
      status: "quoted",
      tokenAddress: doggo,
      tokenName: "Doggo Inu",
      tokenSymbol: "DOGGO",
      plan: "basic-plus",
      slot: null,
      priceUsd: 135,
      plsUsd: PLS_USD,
      payTo: PAY_TO,
      logoUrl: "https://doggo.example/logo.png",
      links: ["https://doggo.example"],
      paymentTx: null,
    });
    const expires = Date.parse(order.quoteExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // Quoting lists nothing: the token joins the list only once paid.
    expect(await db().coin.count({ where: { contractAddress: doggo } })).toBe(0);

    expect(await ownOrders(buyer)).toEqual([order]);
    expect(await ownOrders(await signIn())).toEqual([]);
  });

  test("a plan and a slot: both prices, and one seat held on each day", async () => {
    const buyer = await signIn();
    const res = await quote(buyer, { tokenAddress: doggo, plan: "enhanced", slot: { days: 3, startsOn: dayFromToday(2), against: "hex" } });
    expect(res.status).toBe(201);
    const order = orderSchema.parse(res.body);
    expect(order.priceUsd).toBe(225 + 250);
    expect(BigInt(order.amountWei)).toBe(15_833_334n * 10n ** 18n + BigInt(order.id)); // $475 / $0.00003, rounded up
    expect(order.slot).toEqual({ days: 3, startsOn: dayFromToday(2), against: "hex" });
    const holds = await db().slotHold.findMany({ where: { orderId: order.id }, orderBy: { day: "asc" } });
    expect(holds.map((hold) => dayKey(hold.day))).toEqual([dayFromToday(2), dayFromToday(3), dayFromToday(4)]);
    expect(holds.every((hold) => hold.expiresAt?.toISOString() === order.quoteExpiresAt)).toBe(true);
    const { days } = await freeSeats();
    expect(days.find((d) => d.day === dayFromToday(1))?.free).toBe(2);
    expect(days.filter((d) => d.free === 1).map((d) => d.day)).toEqual([dayFromToday(2), dayFromToday(3), dayFromToday(4)]);
  });

  test("a slot alone is for a token the site lists already", async () => {
    const buyer = await signIn();
    const res = await quote(buyer, { tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: dayFromToday(1), against: "btc" } });
    expect(res.status).toBe(201);
    expect(orderSchema.parse(res.body)).toMatchObject({ tokenSymbol: "HEX", plan: null, priceUsd: 100, slot: { against: "btc" } });
  });

  test("without a payment address, listings are closed and nothing is written", async () => {
    const buyer = await signIn();
    const restore = setEnvVars({ LISTING_PAYMENT_ADDRESS: "" });
    try {
      const before = await written();
      const res = await quote(buyer, { tokenAddress: doggo, plan: "target" });
      expect([res.status, errorOf(res).code]).toEqual([503, "listings_closed"]);
      expect(await written()).toEqual(before);
    } finally {
      restore();
    }
  });
});

describe("the PLS price a quote locks", () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const quoteAt = async (priceUpdatedAt: Date | null, env: Record<string, string> = {}) => {
    await db().coin.update({ where: { id: "pls" }, data: { priceUpdatedAt } });
    const restore = setEnvVars(env);
    try {
      return await quote(await signIn(), { tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: dayFromToday(3), against: "hex" } });
    } finally {
      restore();
    }
  };

  test("older than two refresh intervals (10 minutes at the default 5): 503 with the reason, nothing written", async () => {
    const before = await written();
    const stale = await quoteAt(minutesAgo(11));
    expect([stale.status, errorOf(stale).code]).toEqual([503, "service_unavailable"]);
    expect(errorOf(stale).message).toBe("The PLS price was last updated 11 minutes ago, and quotes use one under 10 minutes old, so nothing can be quoted right now. Try again in a few minutes.");
    const never = await quoteAt(null);
    expect(errorOf(never).message).toMatch(/^The PLS price has never been updated/);
    expect(await written()).toEqual(before);
    expect((await quoteAt(minutesAgo(9))).status).toBe(201);
  });

  test("MARKET_REFRESH_INTERVAL_MINUTES=0 (a web instance beside a worker) reads as the worker's 5 minutes; a longer interval allows an older price", async () => {
    expect((await quoteAt(minutesAgo(11), { MARKET_REFRESH_INTERVAL_MINUTES: "0" })).status).toBe(503);
    expect((await quoteAt(minutesAgo(25), { MARKET_REFRESH_INTERVAL_MINUTES: "15" })).status).toBe(201);
    expect((await quoteAt(minutesAgo(31), { MARKET_REFRESH_INTERVAL_MINUTES: "15" })).status).toBe(503);
  });
});

describe("refusals change nothing", () => {
  const tomorrow = () => dayFromToday(1);
  const cases: Array<[string, () => Record<string, unknown>, number, string, RegExp]> = [
    ["a malformed address", () => ({ tokenAddress: "0x123", plan: "target" }), 400, "bad_request", /40 hex digits/],
    ["a bad checksum", () => ({ tokenAddress: doggo.toLowerCase().replace(/^0x./, "0xA"), plan: "target" }), 400, "bad_request", /checksum/],
    ["neither a plan nor a slot", () => ({ tokenAddress: doggo }), 400, "bad_request", /Choose a listing plan/],
    ["an unknown plan", () => ({ tokenAddress: doggo, plan: "gold" }), 400, "bad_request", /plan/],
    ["an unknown field", () => ({ tokenAddress: doggo, plan: "target", price: 1 }), 400, "bad_request", /price/],
    ["a link that is not https", () => ({ tokenAddress: doggo, plan: "target", links: ["http://doggo.example"] }), 400, "bad_request", /https/],
    ["six links", () => ({ tokenAddress: doggo, plan: "target", links: Array.from({ length: 6 }, (_, i) => `https://x${i}.example`) }), 400, "bad_request", /At most 5/],
    ["a slot of 2 days", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 2, startsOn: tomorrow(), against: "hex" } }), 400, "bad_request", /days/],
    ["a day that does not exist", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: "2027-02-30", against: "hex" } }), 400, "bad_request", /not a day/],
    ["a date in the past", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: dayFromToday(-1), against: "hex" } }), 400, "bad_request", /tomorrow/],
    ["today", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: dayFromToday(0), against: "hex" } }), 400, "bad_request", /tomorrow/],
    ["past the horizon", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: dayFromToday(91), against: "hex" } }), 400, "bad_request", /within 90 days/],
    ["a slot against an unknown coin", () => ({ tokenAddress: doggo, plan: "target", slot: { days: 1, startsOn: tomorrow(), against: "nope" } }), 422, "unknown_coin", /nope/],
    ["a listed token against itself", () => ({ tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: tomorrow(), against: "hex" } }), 400, "bad_request", /itself/],
    ["a slot alone for a token not listed", () => ({ tokenAddress: doggo, slot: { days: 1, startsOn: tomorrow(), against: "hex" } }), 422, "unknown_coin", /choose a listing plan/],
    ["a plan for a token already listed", () => ({ tokenAddress: SEEDED_HEX, plan: "target" }), 409, "already_listed", /already listed/],
    ["a contract that is not an ERC-20", () => ({ tokenAddress: EOA, plan: "target" }), 422, "not_a_token", /./],
    ["a token without a pool", () => ({ tokenAddress: lonely, plan: "target" }), 422, "not_priceable", /LONE/],
    ["a token under the liquidity floor", () => ({ tokenAddress: thin, plan: "target" }), 422, "under_liquidity_floor", /THIN.*\$5,000/],
  ];
  test.each(cases)("%s", async (_name, body, status, code, message) => {
    const buyer = await signIn();
    const before = await written();
    const res = await quote(buyer, body());
    expect([res.status, errorOf(res).code]).toEqual([status, code]);
    expect(errorOf(res).message).toMatch(message);
    expect(await written()).toEqual(before);
  });

});

describe("the calendar's seats", () => {
  const slotOn = (day: string, days: 1 | 3 | 7 = 1) => ({ tokenAddress: doggo, plan: "target", slot: { days, startsOn: day, against: "hex" } });

  test("two orders fill a day, the third is refused; an operator's featured slot takes a seat too", async () => {
    const day = dayFromToday(5);
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    expect((await quote(a, slotOn(day))).status).toBe(201);
    // Another token can share the day; the same token cannot hold two seats on it.
    const sameToken = await quote(b, slotOn(day));
    expect([sameToken.status, errorOf(sameToken).code]).toEqual([409, "slot_unavailable"]);
    expect(errorOf(sameToken).message).toMatch(/DOGGO already has a Homepage Compare slot/);
    expect((await quote(b, { tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: day, against: "btc" } })).status).toBe(201);
    const full = await quote(c, { tokenAddress: SEEDED_HEX.toLowerCase(), slot: { days: 3, startsOn: dayFromToday(4), against: "pls" } });
    expect([full.status, errorOf(full).code]).toEqual([409, "slot_unavailable"]);
    expect(errorOf(full).message).toContain(day);
    expect((await freeSeats()).days.find((d) => d.day === day)?.free).toBe(0);

    // An operator's promoted slot running over day 10 leaves one seat there; unpromoted ones
    // (shown only when no paid one fills the row) take none.
    const operatorDay = dayFromToday(10);
    await db().featuredComparison.create({ data: { coin1Id: "pls", coin2Id: "btc", startsAt: new Date(`${operatorDay}T00:00:00Z`), endsAt: null } });
    await db().featuredComparison.create({ data: { coin1Id: "hex", coin2Id: "btc", startsAt: new Date(`${operatorDay}T12:00:00Z`), endsAt: new Date(`${operatorDay}T18:00:00Z`), isPromoted: true } });
    expect((await freeSeats()).days.find((d) => d.day === operatorDay)?.free).toBe(1);
    expect((await quote(c, slotOn(operatorDay))).status).toBe(201);
    const none = await quote(a, { tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: operatorDay, against: "btc" } });
    expect(errorOf(none).code).toBe("slot_unavailable");
  });

  test("an expired hold frees its seat", async () => {
    const day = dayFromToday(6);
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    const first = orderSchema.parse((await quote(a, slotOn(day))).body);
    expect((await quote(b, { tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: day, against: "btc" } })).status).toBe(201);
    expect((await freeSeats()).days.find((d) => d.day === day)?.free).toBe(0);
    // The first quote runs out unpaid.
    const past = new Date(Date.now() - 1_000);
    await db().listingOrder.update({ where: { id: first.id }, data: { quoteExpiresAt: past } });
    await db().slotHold.updateMany({ where: { orderId: first.id }, data: { expiresAt: past } });
    expect((await freeSeats()).days.find((d) => d.day === day)?.free).toBe(1);
    expect((await ownOrders(a))[0]?.status).toBe("expired");
    expect((await quote(c, slotOn(day))).status).toBe(201);
    expect(await db().slotHold.count({ where: { orderId: first.id } })).toBe(0);
  });

  test("two buyers racing for the last seat: one hold", async () => {
    const day = dayFromToday(7);
    await db().featuredComparison.create({ data: { coin1Id: "hex", coin2Id: "btc", startsAt: new Date(`${day}T00:00:00Z`), endsAt: null, isPromoted: true } });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signIn()));
    const tokens = [doggo, SEEDED_HEX, doggo, SEEDED_HEX];
    const answers = await Promise.all(
      buyers.map((buyer, i) => quote(buyer, tokens[i] === doggo ? slotOn(day) : { tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: day, against: "btc" } })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((res) => res.status === 409).every((res) => errorOf(res).code === "slot_unavailable")).toBe(true);
    expect(await db().slotHold.count({ where: { day: new Date(`${day}T00:00:00Z`) } })).toBe(1);
    // The losers' orders are gone with their failed holds.
    expect(await db().listingOrder.count()).toBe(1);
  });
});

describe("open quotes per wallet", () => {
  test(`at most ${MAX_OPEN_QUOTES}; an expired one no longer counts`, async () => {
    const buyer = await signIn();
    for (let i = 0; i < MAX_OPEN_QUOTES; i++) expect((await quote(buyer, { tokenAddress: doggo, plan: "target" })).status).toBe(201);
    const refused = await quote(buyer, { tokenAddress: doggo, plan: "target" });
    expect([refused.status, errorOf(refused).code]).toEqual([409, "too_many_quotes"]);
    await db().listingOrder.updateMany({ where: { userId: buyer.userId }, data: { quoteExpiresAt: new Date(Date.now() - 1) }, limit: 1 });
    expect((await quote(buyer, { tokenAddress: doggo, plan: "target" })).status).toBe(201);
  });

  test("quotes sent at once cannot pass the limit together", async () => {
    const buyer = await signIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => quote(buyer, { tokenAddress: doggo, plan: "basic-plus" })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(MAX_OPEN_QUOTES);
    expect(answers.filter((res) => res.status !== 201).every((res) => errorOf(res).code === "too_many_quotes")).toBe(true);
    expect(await db().listingOrder.count({ where: { userId: buyer.userId } })).toBe(MAX_OPEN_QUOTES);
  });
});
