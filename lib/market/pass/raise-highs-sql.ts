// The all-time highs as SQL writes them: raised only where the new figure is at least the stored
// one, decided by the row as it is when the statement runs. A refresh pass and the history
// backfill each read a coin, work out its highs and write them later; either may have raised the
// highs in between, and a plain SET would put the older, lower ones back.

/** SQL expressions (column references or placeholders) for the highs a write offers. */
export type OfferedHighs = { price: string; priceAt: string; cap: string; capAt: string; capEstimated: string };

/** The SET clauses of an UPDATE on "Coin" that raise its highs to `offered`, never lowering them. */
export function raiseHighsSet(offered: OfferedHighs): string {
  const priceHigher = `"athPrice" IS NULL OR ${offered.price} >= "athPrice"`;
  const capHigher = `"athMarketCap" IS NULL OR ${offered.cap} >= "athMarketCap"`;
  return [
    `"athPrice" = CASE WHEN ${priceHigher} THEN ${offered.price} ELSE "athPrice" END`,
    `"athAt" = CASE WHEN ${priceHigher} THEN ${offered.priceAt} ELSE "athAt" END`,
    `"athMarketCap" = CASE WHEN ${capHigher} THEN ${offered.cap} ELSE "athMarketCap" END`,
    `"athMarketCapAt" = CASE WHEN ${capHigher} THEN ${offered.capAt} ELSE "athMarketCapAt" END`,
    `"athMarketCapEstimated" = CASE WHEN ${capHigher} THEN ${offered.capEstimated} ELSE "athMarketCapEstimated" END`,
  ].join(",\n         ");
}
