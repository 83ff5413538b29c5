// The root layout (every page) and the home page derive the PLS price, the price-source label and
// the home tables from every coin: each is built once per coin snapshot (snapshotView), so a render
// after the first walks no coin list. Checked on a real seeded file by watching the snapshot's coin
// array itself: any read of it during a render (a find, a filter, a sort, an index) is counted.
import RootLayout from "@/app/layout";
import HomePage from "@/app/page";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { useTestDatabase } from "@/tests/helpers/test-database";

useTestDatabase({ seed: true });

/** Swaps the snapshot's coins for a proxy of them that counts every read (the same object stays the views' key). */
async function watchSnapshotCoins(): Promise<{ reads: () => number; reset: () => void }> {
  const snapshot = await getCoinSnapshot();
  let reads = 0;
  const watched = new Proxy(snapshot.coins, {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  (snapshot as { coins: unknown }).coins = watched;
  return { reads: () => reads, reset: () => void (reads = 0) };
}

test("the layout and the home page build their views from the coins once per snapshot, then read none per render", async () => {
  const coins = await watchSnapshotCoins();
  // The first render builds the views (they read every coin once).
  await RootLayout({ children: null });
  await HomePage();
  expect(coins.reads()).toBeGreaterThan(0);
  coins.reset();
  for (let render = 0; render < 3; render++) {
    await RootLayout({ children: null });
    await HomePage();
  }
  expect(coins.reads()).toBe(0);
});

test("what they show is what a search of every coin finds: PLS by symbol, the meme table in rank order", async () => {
  const { getSitePrices } = await import("@/lib/coins/site-prices.server");
  const { listMemeCoins } = await import("@/lib/trending/lists.server");
  const { findCoinBySymbol } = await import("@/lib/coins/coin-search");
  const { describePriceSource } = await import("@/lib/coins/price-source");
  const { selectMemeCoins } = await import("@/lib/trending/home-tables");
  const { coins } = await getCoinSnapshot();
  const prices = await getSitePrices();
  expect(prices.pls).toBe(findCoinBySymbol(coins, "PLS"));
  expect(prices.pls?.id).toBe("pls");
  expect(prices.plsUsd).toBe(prices.pls?.currentPrice); // the one rate the layout and the pages convert at
  expect(prices.priceSourceLabel).toBe(describePriceSource(coins)?.label);
  expect(prices.priceSourceLabel).toMatch(/^Prices: snapshot of /);
  expect((await listMemeCoins()).map((coin) => coin.id)).toEqual(selectMemeCoins(coins).map((coin) => coin.id));
  expect((await listMemeCoins()).length).toBeGreaterThan(0);
  // The fixed pairs' fill-up, from the few coins they name, is what the search of every coin gave.
  const { homeMostComparedPairs } = await import("@/lib/trending/lists.server");
  const { selectMostComparedPairs } = await import("@/lib/trending/home-tables");
  const byId = (id: string) => coins.find((coin) => coin.id === id)!;
  for (const counted of [[], [{ coin1: byId("pls"), coin2: byId("hex") }], [{ coin1: byId("hex"), coin2: byId("btc") }, { coin1: byId("eth"), coin2: byId("plsx") }]]) {
    const pairs = await homeMostComparedPairs(counted);
    expect(pairs).toEqual(selectMostComparedPairs(coins, counted));
    expect(pairs).toHaveLength(4);
  }
});
