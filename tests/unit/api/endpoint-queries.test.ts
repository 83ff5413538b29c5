// Keys made from the endpoint declarations: one entry per user and per input, and the bare name
// as the prefix a write invalidates.
import { QueryClient } from "@tanstack/react-query";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";

const accountEndpoints = () => import("@/lib/account/endpoints");
const historyEndpoints = () => import("@/lib/history/endpoints");

test("a user's read is keyed by the endpoint, then the user; inputs get entries of their own", () => {
  expect(apiQuery(accountEndpoints, "watchlist", { scope: [7] }).queryKey).toEqual(["watchlist", 7]);
  expect(apiQuery(accountEndpoints, "watchlist", { scope: [8] }).queryKey).not.toEqual(apiQuery(accountEndpoints, "watchlist", { scope: [7] }).queryKey);
  const day = apiQuery(historyEndpoints, "coinHistory", { params: { id: "hex" }, query: { range: "1d" } }).queryKey;
  const year = apiQuery(historyEndpoints, "coinHistory", { params: { id: "hex" }, query: { range: "1y" } }).queryKey;
  expect(day).not.toEqual(year);
  expect(day.slice(0, 1)).toEqual(apiKey("coinHistory"));
});

test("invalidating the endpoint's name reaches every user's entry and nothing else", async () => {
  const client = new QueryClient();
  client.setQueryData(apiQuery(accountEndpoints, "watchlist", { scope: [7] }).queryKey, []);
  client.setQueryData(apiQuery(accountEndpoints, "watchlist", { scope: [8] }).queryKey, []);
  client.setQueryData(apiQuery(accountEndpoints, "savedComparisons", { scope: [7] }).queryKey, []);
  await client.invalidateQueries({ queryKey: apiKey("watchlist") });
  const stale = client.getQueryCache().getAll().filter((query) => query.state.isInvalidated).map((query) => query.queryKey);
  expect(stale).toEqual([["watchlist", 7], ["watchlist", 8]]);
});

test("a write's mutation carries the endpoint's name as its key", () => {
  expect(apiMutation(accountEndpoints, "watchlistAdd", (coinId: string) => ({ body: { coinId } })).mutationKey).toEqual(["watchlistAdd"]);
});
