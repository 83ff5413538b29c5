// The evaluation's pure part: which figures may fire, the values compared, cooldowns, what firing
// does to a rule, and the daily cap; and which published coins a pass counts as changed.
import {
  afterFiring,
  coinValue,
  coolingDown,
  pairValue,
  pastLevel,
  planFirings,
  usableFigures,
  type Candidate,
  type CoinFigures,
} from "@/lib/alerts/evaluate";
import { DAILY_FIRING_CAP } from "@/lib/alerts/limits";
import { changedFigures } from "@/lib/market/pass/published-rows";
import type { PublishOutcome } from "@/lib/market/pass/judge";
import type { PublishedPrice } from "@/lib/market/pass/pass-writes.server";

const now = new Date("2026-11-27T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

const figures = (extra: Partial<CoinFigures> = {}): CoinFigures => ({
  id: "plsx",
  symbol: "PLSX",
  currentPrice: 0.00003,
  marketCap: 1.44e9,
  priceChange24h: -12.5,
  athPrice: 0.0001,
  athMarketCap: 5e9,
  lowLiquidity: false,
  quarantinedAt: null,
  pendingPrice: null,
  priceSource: "pulsex",
  priceUpdatedAt: minutesAgo(1),
  ...extra,
});

const candidate = (extra: Partial<Candidate> = {}): Candidate => ({
  id: 1,
  userId: 7,
  kind: "price",
  coinId: "plsx",
  otherCoinId: null,
  direction: "above",
  level: 0.00002,
  crossing: 0,
  lastFiredAt: null,
  value: 0.00003,
  ...extra,
});

test("figures fire only when live, over the floor, not quarantined, with no move pending and not stale", () => {
  const cutoff = minutesAgo(15).getTime();
  expect(usableFigures(figures(), cutoff)).toBe(true);
  expect(usableFigures(figures({ priceSource: "snapshot" }), cutoff)).toBe(false);
  expect(usableFigures(figures({ lowLiquidity: true }), cutoff)).toBe(false);
  expect(usableFigures(figures({ quarantinedAt: minutesAgo(60) }), cutoff)).toBe(false);
  expect(usableFigures(figures({ pendingPrice: 0.0003 }), cutoff)).toBe(false);
  expect(usableFigures(figures({ priceUpdatedAt: minutesAgo(16) }), cutoff)).toBe(false);
  expect(usableFigures(figures({ priceUpdatedAt: null }), cutoff)).toBe(false);
});

test("each kind's value: price, cap, high, the size of the 24h move; A's cap over B's cap or B's high", () => {
  const coin = figures();
  expect([coinValue("price", coin), coinValue("market_cap", coin), coinValue("new_ath", coin), coinValue("move_24h", coin)]).toEqual([0.00003, 1.44e9, 0.0001, 12.5]);
  const hex = figures({ id: "hex", marketCap: 2.88e9, athMarketCap: 0 });
  expect(pairValue("reach", coin, hex)).toBe(0.5);
  expect(pairValue("reach_ath", coin, hex)).toBeNull();
});

test("past the level by side and kind; cooldown an hour, a day for highs and moves; what firing leaves", () => {
  expect(pastLevel(candidate())).toBe(true);
  expect(pastLevel(candidate({ direction: "below" }))).toBe(false);
  expect(pastLevel(candidate({ kind: "new_ath", direction: null, level: 0.00003 }))).toBe(false);
  expect(coolingDown(candidate({ lastFiredAt: minutesAgo(59) }), now)).toBe(true);
  expect(coolingDown(candidate({ lastFiredAt: minutesAgo(61) }), now)).toBe(false);
  expect(coolingDown(candidate({ kind: "move_24h", lastFiredAt: minutesAgo(23 * 60) }), now)).toBe(true);
  expect(afterFiring(candidate({ level: 100 }))).toEqual({ armed: false, rearmAt: 98, level: 100 });
  expect(afterFiring(candidate({ level: 100, direction: "below" }))).toEqual({ armed: false, rearmAt: 102, level: 100 });
  expect(afterFiring(candidate({ kind: "new_ath", direction: null, level: 1, value: 1.5 }))).toEqual({ armed: true, rearmAt: null, level: 1.5 });
});

test(`planning: cooling rules wait; past ${DAILY_FIRING_CAP} a day a user's firings are suppressed; the live symbols speak`, () => {
  const coins = new Map([["plsx", figures()]]);
  const rules = Array.from({ length: 5 }, (_, i) => candidate({ id: i + 1 }));
  const planned = planFirings([...rules, candidate({ id: 9, lastFiredAt: minutesAgo(10) })], coins, new Map([[7, DAILY_FIRING_CAP - 2]]), now);
  expect(planned.map((firing) => [firing.rule.id, firing.crossing, firing.suppressed])).toEqual([
    [1, 1, null],
    [2, 1, null],
    [3, 1, "daily_cap"],
    [4, 1, "daily_cap"],
    [5, 1, "daily_cap"],
  ]);
  expect(planned[0]!.message).toMatch(/^PLSX's price went above/);
});

test("a pass counts as changed the coins whose figures moved or became usable, not a republished figure's last-digit drift", () => {
  const coin = { id: "c", currentPrice: 2.1379798071903494e-9, marketCap: 1000, priceChange24h: 1, athPrice: 3e-9, athMarketCap: 2000, priceSource: "pulsex", lowLiquidity: false, quarantinedAt: null, pendingPrice: null, priceUpdatedAt: minutesAgo(5) };
  const outcome = (extra: object) => ({ kind: "publish", coin: { ...coin, ...extra } }) as unknown as PublishOutcome;
  const row = (extra: Partial<PublishedPrice> = {}) => ({ id: "c", currentPrice: 2.137979807190349e-9, marketCap: 1000, priceChange24h: 1, athPrice: null, athMarketCap: null, priceUpdatedAt: now, ...extra }) as PublishedPrice;
  const changed = (extra: object, published: Partial<PublishedPrice> = {}) => changedFigures([outcome(extra)], [row(published)]);
  expect(changed({})).toEqual([]);
  expect(changed({}, { currentPrice: 2.2e-9 })).toEqual(["c"]);
  expect(changed({}, { athPrice: 4e-9 })).toEqual(["c"]);
  expect(changed({ lowLiquidity: true })).toEqual(["c"]);
  expect(changed({ priceUpdatedAt: minutesAgo(20) })).toEqual(["c"]);
});
