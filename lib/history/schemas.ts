// GET /api/cryptocurrencies/{id}/history: a coin's price and market cap over a range, from the
// site's price snapshots (and the backfilled days before them).
import { z } from "../shared/zod";

export const HISTORY_RANGES = ["1d", "7d", "30d", "1y", "all"] as const;
export const historyRangeSchema = z.enum(HISTORY_RANGES, { error: "range must be one of 1d, 7d, 30d, 1y, all." });
export type HistoryRange = z.infer<typeof historyRangeSchema>;

export const historyQuerySchema = z.object({ range: historyRangeSchema }).strict();

/**
 * One point: `t` is Unix time in milliseconds (as CoinGecko's market_chart); USD figures.
 * `sample: true` marks invented history a fresh install starts with (not real prices, replaced by
 * the coin's first live or backfilled prices); absent on real points.
 */
export const historyPointSchema = z.object({ t: z.number().int(), price: z.number(), marketCap: z.number(), sample: z.literal(true).optional() });
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** Points in time order, oldest first; empty for a coin with no history in the range. */
export const historySchema = z.array(historyPointSchema);
