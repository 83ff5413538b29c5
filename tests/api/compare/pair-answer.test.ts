// GET /api/pairs/{coin1}/{coin2} (issue 43): the pair page's answer for API readers, on the seed
// (no pools: nothing "would take" anything) and checked against the comparison worked the page's
// way. The on-chain figures (pools, supply bases) are in supply-bases-on-chain.test.ts.
import * as pairRoute from "@/app/api/pairs/[coin1]/[coin2]/route";
import { pairAnswerSchema } from "@/lib/compare/pair-answer-schema";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { call } from "@/tests/helpers/request";

const { db } = useTestDatabase({ seed: true });

const get = (coin1: string, coin2: string, query = "") => call(pairRoute.GET, `/api/pairs/${coin1}/${coin2}${query}`, { params: { coin1, coin2 } });

test("HEX at BTC's market cap: today, at BTC's high, the ladder; no pools in the seed, so nothing would take anything", async () => {
  const res = await get("hex", "btc");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toMatch(/public/);
  const answer = pairAnswerSchema.parse(res.body);
  const [hex, btc] = await Promise.all(["hex", "btc"].map((id) => db().coin.findUniqueOrThrow({ where: { id } })));
  // The seed's figures, worked by hand: BTC's cap / HEX's cap, times HEX's price.
  const multiplier = btc!.marketCap / hex!.marketCap;
  expect(answer.supply).toEqual({ coin1: { basis: "circulating", marketCap: hex!.marketCap }, coin2: { basis: "circulating", marketCap: btc!.marketCap } });
  expect(answer.today).toEqual({ targetMarketCap: btc!.marketCap, multiplier: expect.closeTo(multiplier, 9), projectedPrice: expect.closeTo(hex!.currentPrice * multiplier, 9), wouldTake: null });
  expect(answer.ath).toMatchObject({ targetMarketCap: btc!.athMarketCap, multiplier: expect.closeTo(btc!.athMarketCap! / hex!.marketCap, 9), wouldTake: null });
  expect(answer.failure).toBeNull();
  expect(answer.ladder!.progress).toBeCloseTo(1 / multiplier, 12);
  expect(answer.ladder!.steps.map((step) => step.share)).toEqual([0.1, 0.25, 0.5, 1, 2, 5]);
  expect(answer.ladder!.steps[3]).toEqual({ share: 1, marketCap: btc!.marketCap, price: answer.today!.projectedPrice, multiplier: answer.today!.multiplier, wouldTake: null });
});

test("bad input is a 4xx JSON error naming it, never a 500", async () => {
  const unknown = await get("hex", "no-such-coin");
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ error: { code: "not_found", message: 'No coin with id "no-such-coin".' } });
  const same = await get("hex", "hex");
  expect(same.status).toBe(400);
  expect(same.body).toMatchObject({ error: { message: "Pick two different coins to compare." } });
  const badBasis = await get("hex", "btc", "?supply1=burned");
  expect(badBasis.status).toBe(400);
  expect(badBasis.body).toMatchObject({ error: { code: "invalid_query", message: expect.stringContaining("circulating, total or staked") } });
  // A basis the coin has no reading for (the seed's HEX has none but circulating).
  const notRead = await get("hex", "btc", "?supply1=staked");
  expect(notRead.status).toBe(400);
  expect(notRead.body).toMatchObject({ error: { message: "HEX has no liquid and staked HEX figure: its bases are circulating." } });
  const extra = await get("hex", "btc", "?mcap=1b");
  expect(extra.status).toBe(400);
  const badId = await call(pairRoute.GET, "/api/pairs/HEX!/btc", { params: { coin1: "HEX!", coin2: "btc" } });
  expect(badId.status).toBe(404);
});

test("a coin with no market cap: the answer says why, with no figures", async () => {
  await db().coin.update({ where: { id: "btc" }, data: { marketCap: 0 } });
  const answer = pairAnswerSchema.parse((await get("hex", "btc")).body);
  expect(answer).toMatchObject({ today: null, ladder: null, failure: "BTC has no market cap data, so it can't be compared." });
});
