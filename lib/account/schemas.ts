// Shapes of the watchlist and saved-comparison endpoints (spec sections 3 and 7): request bodies,
// which the route handlers validate, and answers, which the client parses.
import { z } from "../shared/zod";
import { rowIdSchema } from "../shared/row-id";
import { coinIdSchema, coinPairBodySchema, coinSchema } from "../coins/schemas";

// `.strict()`: an unknown field is a mistake worth reporting, not something to drop silently.
export const watchlistAddBodySchema = z.object({ coinId: coinIdSchema }).strict();

export const savedComparisonBodySchema = coinPairBodySchema;

/** A watchlist entry with its coin, so the page needs no second lookup. */
export const watchlistEntrySchema = z.object({
  id: z.number().int(),
  coinId: coinIdSchema,
  addedAt: z.iso.datetime(),
  coin: coinSchema,
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;
export const watchlistSchema = z.array(watchlistEntrySchema);

/** A saved comparison with both coins as they are today (the page projects from today's data). */
export const savedComparisonSchema = z.object({
  id: z.number().int(),
  coin1Id: coinIdSchema,
  coin2Id: coinIdSchema,
  savedAt: z.iso.datetime(),
  coin1: coinSchema,
  coin2: coinSchema,
});
export type SavedComparison = z.infer<typeof savedComparisonSchema>;
export const savedComparisonListSchema = z.array(savedComparisonSchema);

/** Path parameter of DELETE /api/saved-comparisons/{id}: a positive whole number. */
export const savedComparisonIdSchema = rowIdSchema;

/** A bag's total in USD: not negative, and below any figure a real bag could reach. */
const bagTotal = z.number().finite().min(0).max(1e18);

/**
 * POST /api/bag-snapshots: the two totals the bag page shows, and nothing else (no balance, token
 * or address is ever sent). That they agree (a bag at its highs is worth at least what it is
 * worth today) is checked where it is kept (lib/account/bag-snapshots.server.ts, 422).
 */
export const bagSnapshotBodySchema = z.object({ totalToday: bagTotal, totalAtHighs: bagTotal }).strict();
export type BagSnapshotBody = z.infer<typeof bagSnapshotBodySchema>;

export const bagSnapshotSchema = z.object({
  id: z.number().int(),
  takenAt: z.iso.datetime(),
  totalToday: z.number(),
  totalAtHighs: z.number(),
});
export type BagSnapshot = z.infer<typeof bagSnapshotSchema>;
export const bagSnapshotListSchema = z.array(bagSnapshotSchema);

/** Path parameter of DELETE /api/bag-snapshots/{id}, like a saved comparison's. */
export const bagSnapshotIdSchema = savedComparisonIdSchema;
