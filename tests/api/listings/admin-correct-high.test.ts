// An operator corrects a wrong all-time high (POST /api/admin/coins/{id}/high): back to the
// highest held price on the coin's record, or to figures given, with a reason in the audit log;
// the public coin API shows it at once. Real route handlers on a real seeded SQLite file.
import { privateKeyToAccount } from "viem/accounts";
import * as high from "@/app/api/admin/coins/[id]/high/route";
import * as coinRoute from "@/app/api/cryptocurrencies/[id]/route";
import { adminCoinSchema } from "@/lib/listings/schemas";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let operator: SignedIn;
beforeAll(async () => {
  operator = await signIn(OPERATOR_KEY);
});

const correct = (user: SignedIn, id: string, body: unknown) =>
  user.browser.request(high.POST, `/api/admin/coins/${id}/high`, { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body), params: { id } });
const publicHigh = async (id: string) => {
  const res = await call(coinRoute.GET, `/api/cryptocurrencies/${id}`, { params: { id } });
  const { athPrice, athMarketCap } = res.body as { athPrice: number; athMarketCap: number };
  return { athPrice, athMarketCap };
};
const T = Date.parse("2026-11-24T12:00:00Z");
const minute = (n: number) => new Date(T + n * 60_000);

test("back to the highest held price on record: a one-pass spike that became a high is undone, with the reason in the audit log", async () => {
  // 5-minute passes at $0.01, one pass at $0.05, then $0.012 for three passes: $0.012 had held
  // (at least) from the spike on, so by 12:25.
  const prices = [0.01, 0.01, 0.01, 0.05, 0.012, 0.012, 0.012];
  await db().priceSnapshot.deleteMany({ where: { coinId: "ehex" } });
  await db().priceSnapshot.createMany({ data: prices.map((price, i) => ({ coinId: "ehex", price, marketCap: price * 1e10, takenAt: minute(i * 5) })) });
  await db().coin.update({ where: { id: "ehex" }, data: { athPrice: 0.05, athMarketCap: 5e8, athAt: minute(15), athMarketCapAt: minute(15) } });
  expect(await publicHigh("ehex")).toEqual({ athPrice: 0.05, athMarketCap: 5e8 });

  const audit = jest.spyOn(console, "info").mockImplementation(() => {});
  const res = await correct(operator, "ehex", { reason: "  Pushed in one pool for one block.  " });
  const lines = audit.mock.calls.map(([line]) => String(line));
  audit.mockRestore();
  expect(res.status).toBe(200);
  expect(adminCoinSchema.parse(res.body)).toMatchObject({ id: "ehex", athPrice: 0.012, athMarketCap: 1.2e8, athAt: minute(25).toISOString() });
  expect(await publicHigh("ehex")).toEqual({ athPrice: 0.012, athMarketCap: 1.2e8 });
  expect(lines.filter((line) => line.startsWith("[admin-audit] ")).map((line) => JSON.parse(line.slice(14)))).toEqual([
    expect.objectContaining({ operator: OPERATOR, endpoint: "POST /api/admin/coins/:id/high", params: { id: "ehex" }, body: { reason: "Pushed in one pool for one block." }, status: 200 }),
  ]);
});

test("to the figures given; a coin with no held price on record must be given them", async () => {
  // Left with the seed's sample history only: a year of made-up prices is no record.
  await db().priceSnapshot.deleteMany({ where: { coinId: "inc", sample: false } });
  expect(await db().priceSnapshot.count({ where: { coinId: "inc", sample: true } })).toBeGreaterThan(300);
  const none = await correct(operator, "inc", { reason: "Wrong." });
  expect([none.status, errorOf(none).code]).toEqual([422, "no_held_high"]);
  const given = await correct(operator, "inc", { reason: "From the project's own records.", athPrice: 3.5, athMarketCap: 7e6 });
  expect(given.status).toBe(200);
  expect(adminCoinSchema.parse(given.body)).toMatchObject({ athPrice: 3.5, athMarketCap: 7e6 });
  expect(await publicHigh("inc")).toEqual({ athPrice: 3.5, athMarketCap: 7e6 });
});

test("bad input and strangers change nothing", async () => {
  const before = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
  const visitor = await signIn();
  const cases: Array<[string, () => ReturnType<typeof correct>, number]> = [
    ["no reason", () => correct(operator, "hex", {}), 400],
    ["an empty reason", () => correct(operator, "hex", { reason: "   " }), 400],
    ["one figure only", () => correct(operator, "hex", { reason: "x", athPrice: 1 }), 400],
    ["a negative figure", () => correct(operator, "hex", { reason: "x", athPrice: -1, athMarketCap: 5 }), 400],
    ["an unknown field", () => correct(operator, "hex", { reason: "x", athAt: "2026-01-01" }), 400],
    ["an unknown coin", () => correct(operator, "nope", { reason: "x" }), 404],
    ["not an operator", () => correct(visitor, "hex", { reason: "x" }), 403],
  ];
  for (const [name, send, status] of cases) expect([name, (await send()).status]).toEqual([name, status]);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).toEqual(before);
});
