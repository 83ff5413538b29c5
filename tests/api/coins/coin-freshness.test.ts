// The public coin shape's freshness and liquidity fields, end to end: real route handlers on a
// real seeded SQLite file; the operator's edit goes through a real SIWE sign-in and PATCH.
import { privateKeyToAccount } from "viem/accounts";
import * as adminCoin from "@/app/api/admin/coins/[id]/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as one from "@/app/api/cryptocurrencies/[id]/route";
import * as pulsechainGainers from "@/app/api/trending/pulsechain-gainers/route";
import * as topGainers from "@/app/api/trending/top-gainers/route";
import { SNAPSHOT_TAKEN_AT } from "@/lib/db-setup/seed";
import { coinListSchema, coinSchema } from "@/lib/coins/schemas";
import { JSON_WRITE, signIn } from "@/tests/helpers/account-session";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(30_000);

const OPERATOR_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const { db, wroteBehindTheCache } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: privateKeyToAccount(OPERATOR_KEY).address });

const getCoin = async (id: string) => coinSchema.parse((await call(one.GET, `/api/cryptocurrencies/${id}`, { params: { id } })).body);
const ids = async (handler: typeof topGainers.GET, path: string) => coinListSchema.parse((await call(handler, path)).body).map((coin) => coin.id);

test("every seeded coin's price dates from the snapshot, and none is low-liquidity", async () => {
  const coins = coinListSchema.parse((await call(list.GET, "/api/cryptocurrencies")).body);
  expect(new Set(coins.map((coin) => coin.priceUpdatedAt))).toEqual(new Set([SNAPSHOT_TAKEN_AT.toISOString()]));
  expect(coins.every((coin) => coin.lowLiquidity === false)).toBe(true);
});

test("a coin never priced since its listing (priceUpdatedAt null) shows its listing time", async () => {
  const listedAt = new Date("2026-11-01T08:30:00.000Z");
  await db().coin.update({ where: { id: "pepe" }, data: { priceUpdatedAt: null, listedAt } });
  wroteBehindTheCache("coins");
  expect((await getCoin("pepe")).priceUpdatedAt).toBe("2026-11-01T08:30:00.000Z");
});

test("an operator's edit after a price moves updatedAt, not priceUpdatedAt", async () => {
  const pricedAt = new Date(Date.now() - 40 * 60_000);
  await db().coin.update({ where: { id: "hex" }, data: { priceSource: "pulsex", priceUpdatedAt: pricedAt, updatedAt: pricedAt } });
  wroteBehindTheCache("coins");
  const operator = await signIn(OPERATOR_KEY);
  const edited = await operator.browser.request(adminCoin.PATCH, "/api/admin/coins/hex", {
    method: "PATCH",
    headers: JSON_WRITE,
    body: JSON.stringify({ tags: ["edited"] }),
    params: { id: "hex" },
  });
  expect(edited.status).toBe(200);
  const hex = await getCoin("hex");
  expect(hex.tags).toEqual(["edited"]);
  expect(hex.priceUpdatedAt).toBe(pricedAt.toISOString());
  expect(Date.parse(hex.updatedAt)).toBeGreaterThan(pricedAt.getTime());
});

test("a low-liquidity coin is flagged in the API and leaves both gainer lists until it recovers", async () => {
  // PLSX: a PulseChain coin near the top; the biggest 24h change of all puts it first on both lists.
  await db().coin.update({ where: { id: "plsx" }, data: { priceChange24h: 900 } });
  wroteBehindTheCache("coins");
  expect((await ids(topGainers.GET, "/api/trending/top-gainers"))[0]).toBe("plsx");
  expect((await ids(pulsechainGainers.GET, "/api/trending/pulsechain-gainers"))[0]).toBe("plsx");

  await db().coin.update({ where: { id: "plsx" }, data: { lowLiquidity: true } });
  wroteBehindTheCache("coins");
  expect((await getCoin("plsx")).lowLiquidity).toBe(true);
  expect(await ids(topGainers.GET, "/api/trending/top-gainers?limit=100")).not.toContain("plsx");
  expect(await ids(pulsechainGainers.GET, "/api/trending/pulsechain-gainers?limit=100")).not.toContain("plsx");
  // Still listed and still comparable: only the rankings drop it.
  expect((await ids(list.GET, "/api/cryptocurrencies")).includes("plsx")).toBe(true);

  await db().coin.update({ where: { id: "plsx" }, data: { lowLiquidity: false } });
  wroteBehindTheCache("coins");
  expect((await ids(topGainers.GET, "/api/trending/top-gainers"))[0]).toBe("plsx");
});
