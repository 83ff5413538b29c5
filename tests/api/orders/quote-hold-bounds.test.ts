// One visitor cannot hold the featured calendar (issue 38, item 3): the seat-days unpaid quotes
// hold are bounded per client (14) and in total (60). Real route handlers on a real seeded SQLite
// file, real SIWE sessions signed in from the client's own IP (TRUST_PROXY=vercel: the server
// believes Vercel's x-vercel-forwarded-for, as in production on Vercel), real tokens on the local
// chain (ganache).
import type { Address } from "viem";
import * as calendar from "@/app/api/orders/calendar/route";
import * as orders from "@/app/api/orders/route";
import { dayKey } from "@/lib/shared/utc-day";
import { MAX_HELD_SEAT_DAYS_PER_CLIENT, MAX_HELD_SEAT_DAYS_TOTAL } from "@/lib/orders/hold-bounds.server";
import { slotCalendarSchema } from "@/lib/orders/schemas";
import type { LocalChain } from "@/tests/chain/local-chain";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { payingBuyers, SMALL_POOL_FLOOR, startOrderChain } from "@/tests/helpers/paying-buyers";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { ClientAt, useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(120_000);

const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
/** HEX's PulseChain contract: listed in the seed, so it can take a slot without a plan. */
const SEEDED_HEX: Address = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const DAY_MS = 86_400_000;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ TRUST_PROXY: "vercel" });

let chain: LocalChain;
const { newToken } = payingBuyers(() => chain, "Hold");
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO, SMALL_POOL_FLOOR));
});

afterAll(() => stopChain());

beforeEach(async () => {
  await db().slotHold.deleteMany();
  await db().listingOrder.deleteMany();
  await db().featuredComparison.deleteMany();
  await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 0.00003, priceUpdatedAt: new Date() } });
});

const dayFromToday = (n: number) => dayKey(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + n * DAY_MS));
const signInAt = (ip: string) => signIn(undefined, new ClientAt(ip));
const quote = (user: SignedIn, body: Record<string, unknown>) =>
  user.browser.request(orders.POST, "/api/orders", { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body) });
const freeDays = async () => slotCalendarSchema.parse((await call(calendar.GET, "/api/orders/calendar")).body).days;

test("ten wallets from one client try to hold every open day: they hold 14 seat-days, and a buyer from another client still gets a day", async () => {
  // Operators' promoted slots take both seats from day 15 on: days 1 to 14 are the open calendar
  // (28 seat-days), which four 7-day slots would fill.
  for (const [coin1Id, coin2Id] of [["pls", "btc"], ["hex", "btc"]] as const) {
    await db().featuredComparison.create({ data: { coin1Id, coin2Id, isPromoted: true, startsAt: new Date(`${dayFromToday(15)}T00:00:00Z`), endsAt: null } });
  }
  expect((await freeDays()).filter((day) => day.free > 0)).toHaveLength(14);

  const hoarder = "203.0.113.7";
  const wallets: SignedIn[] = [];
  for (let i = 0; i < 10; i++) wallets.push(await signInAt(hoarder));
  const theirToken = await newToken();
  const week = (startsOn: string, token: Address) =>
    token === SEEDED_HEX ? { tokenAddress: SEEDED_HEX, slot: { days: 7, startsOn, against: "btc" } } : { tokenAddress: token, plan: "target", slot: { days: 7, startsOn, against: "hex" } };
  const attempts = [
    week(dayFromToday(1), theirToken),
    week(dayFromToday(1), SEEDED_HEX),
    week(dayFromToday(8), theirToken),
    week(dayFromToday(8), SEEDED_HEX),
    ...Array.from({ length: 6 }, (_, i) => ({ tokenAddress: SEEDED_HEX, slot: { days: 1, startsOn: dayFromToday(9 + i), against: "pls" } })),
  ];
  const answers = [];
  for (const [i, body] of attempts.entries()) answers.push(await quote(wallets[i]!, body));
  expect(answers.map((res) => res.status)).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
  for (const refused of answers.slice(2)) {
    expect(errorOf(refused).code).toBe("too_many_quotes");
    expect(errorOf(refused).message).toMatch(/Unpaid quotes from your connection hold 14 days of Homepage Compare slots at most/);
  }
  const held = await db().slotHold.count();
  expect(held).toBe(MAX_HELD_SEAT_DAYS_PER_CLIENT);
  // Days 8 to 14 are still open to everyone else.
  expect((await freeDays()).filter((day) => day.free > 0).map((day) => day.day)).toEqual(Array.from({ length: 7 }, (_, i) => dayFromToday(8 + i)));

  const buyer = await signInAt("198.51.100.20");
  const bought = await quote(buyer, { tokenAddress: await newToken(), plan: "target", slot: { days: 3, startsOn: dayFromToday(9), against: "hex" } });
  expect(bought.status).toBe(201);
});

test(`all clients together hold at most ${MAX_HELD_SEAT_DAYS_TOTAL} seat-days; past it a buyer is told when days free up, and a plan alone is still quoted`, async () => {
  const token = await newToken();
  const week = (n: number) => ({ tokenAddress: token, plan: "target", slot: { days: 7, startsOn: dayFromToday(1 + 7 * n), against: "hex" } });
  // Four clients, two 7-day quotes each: 56 seat-days.
  for (let client = 0; client < 4; client++) {
    const wallet = await signInAt(`192.0.2.${client + 1}`);
    for (let n = 0; n < 2; n++) expect((await quote(wallet, week(client * 2 + n))).status).toBe(201);
  }
  const late = await signInAt("192.0.2.99");
  const refused = await quote(late, week(8));
  expect([refused.status, errorOf(refused).code]).toEqual([409, "slot_unavailable"]);
  const firstLapse = (await db().listingOrder.findFirstOrThrow({ orderBy: { quoteExpiresAt: "asc" } })).quoteExpiresAt.toISOString().slice(11, 16);
  expect(errorOf(refused).message).toBe(
    `Unpaid quotes hold 60 days of Homepage Compare slots right now, the most the site holds at once: try again after ${firstLapse} UTC, when the next one lapses. A listing plan without a slot can be quoted now.`,
  );
  expect(await db().slotHold.count()).toBe(56);
  // Four more days fit under the total; a plan without a slot holds none and is quoted whatever the total.
  expect((await quote(late, { ...week(8), slot: { days: 3, startsOn: dayFromToday(57), against: "hex" } })).status).toBe(201);
  expect((await quote(late, { ...week(8), slot: { days: 1, startsOn: dayFromToday(60), against: "hex" } })).status).toBe(201);
  expect((await quote(late, { tokenAddress: token, plan: "target" })).status).toBe(201);
  expect(await db().slotHold.count()).toBe(MAX_HELD_SEAT_DAYS_TOTAL);
  // Once a quote lapses its days count no more.
  await db().listingOrder.updateMany({ where: { slotStartsOn: new Date(`${dayFromToday(1)}T00:00:00Z`) }, data: { quoteExpiresAt: new Date(Date.now() - 1_000) } });
  expect((await quote(await signInAt("192.0.2.100"), week(9))).status).toBe(201);
});

test("quotes racing past the bound together: the later ones are withdrawn", async () => {
  const wallets = await Promise.all(Array.from({ length: 4 }, () => signInAt("203.0.113.50")));
  const token = await newToken();
  const answers = await Promise.all(wallets.map((wallet, n) => quote(wallet, { tokenAddress: token, plan: "target", slot: { days: 7, startsOn: dayFromToday(1 + 7 * n), against: "hex" } })));
  expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
  expect(answers.filter((res) => res.status !== 201).every((res) => errorOf(res).code === "too_many_quotes")).toBe(true);
  expect(await db().slotHold.count()).toBe(MAX_HELD_SEAT_DAYS_PER_CLIENT);
});
