// A signed-in user's own lists (spec sections 3 and 7): the watchlist, saved comparisons and bag
// snapshots. Each declaration is the one the server's wrapper enforces, the OpenAPI document
// describes and the browser's client calls (lib/contract/endpoint.ts says how).
import { z } from "@/lib/shared/zod";
import { coinIdSchema } from "@/lib/coins/schemas";
import { endpoint, noContentSchema, noQuerySchema, oneRow, quoted } from "@/lib/contract/endpoint";
import {
  bagSnapshotBodySchema,
  bagSnapshotIdSchema,
  bagSnapshotListSchema,
  bagSnapshotSchema,
  savedComparisonBodySchema,
  savedComparisonIdSchema,
  savedComparisonListSchema,
  savedComparisonSchema,
  watchlistAddBodySchema,
  watchlistEntrySchema,
  watchlistSchema,
} from "./schemas";

export const watchlist = endpoint({
  method: "GET",
  summary: "The user's watchlist, each entry with its coin.",
  path: "/api/watchlist",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: watchlistSchema,
});

export const watchlistAdd = endpoint({
  method: "POST",
  summary: "Adds a coin to the user's watchlist.",
  path: "/api/watchlist",
  access: "user",
  cache: "private",
  body: watchlistAddBodySchema,
  rateLimit: "account-write",
  response: watchlistEntrySchema,
});

export const watchlistRemove = endpoint({
  method: "DELETE",
  summary: "Removes a coin from the user's watchlist.",
  path: "/api/watchlist/:coinId",
  access: "user",
  cache: "private",
  params: z.strictObject({ coinId: coinIdSchema }),
  notFound: (params) => `${quoted(params.coinId)} is not on your watchlist.`,
  rateLimit: "account-write",
  response: noContentSchema,
});

export const savedComparisons = endpoint({
  method: "GET",
  summary: "The user's saved comparisons, each with both coins.",
  path: "/api/saved-comparisons",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: savedComparisonListSchema,
});

export const saveComparison = endpoint({
  method: "POST",
  summary: "Saves a comparison (201 when new, which also counts one save for the ranking).",
  path: "/api/saved-comparisons",
  access: "user",
  cache: "private",
  body: savedComparisonBodySchema,
  rateLimit: "account-write",
  response: savedComparisonSchema,
});

export const removeSavedComparison = endpoint({
  method: "DELETE",
  summary: "Removes one of the user's saved comparisons.",
  path: "/api/saved-comparisons/:id",
  access: "user",
  cache: "private",
  // Someone else's comparison is "not found" too: its existence is not ours to reveal.
  ...oneRow(savedComparisonIdSchema, "You have no saved comparison with id"),
  rateLimit: "account-write",
  response: noContentSchema,
});

export const bagSnapshots = endpoint({
  method: "GET",
  summary: "The user's saved bag totals, newest first.",
  path: "/api/bag-snapshots",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: bagSnapshotListSchema,
});

export const saveBagSnapshot = endpoint({
  method: "POST",
  summary: "Saves the bag's total today and at its coins' highs.",
  path: "/api/bag-snapshots",
  access: "user",
  cache: "private",
  body: bagSnapshotBodySchema,
  rateLimit: "account-write",
  response: bagSnapshotSchema,
});

export const removeBagSnapshot = endpoint({
  method: "DELETE",
  summary: "Removes one of the user's bag snapshots.",
  path: "/api/bag-snapshots/:id",
  access: "user",
  cache: "private",
  // Someone else's snapshot is "not found" too.
  ...oneRow(bagSnapshotIdSchema, "You have no bag snapshot with id"),
  rateLimit: "account-write",
  response: noContentSchema,
});
