// A coin's history as the API serves it: read from the snapshots once per refresh per coin and
// range, thinned (ranges.ts) and serialised once, then served from the public cache like every
// public read. A refresh pass invalidates it with the rest of the coin data ("coins"). Points
// from the seed's sample history are marked `sample` (lib/history/sample-rows.server.ts).
import "server-only";
import { cachedPublic } from "../cache/public-cache.server";
import { getCoinOrThrow } from "../coins/queries.server";
import { getDb } from "../db/get-db.server";
import type { HistoryPoint, HistoryRange } from "./schemas";
import { RANGE_SPECS, rangeStart, thinToSteps } from "./ranges";

/** The points of `coinId` over `range`, oldest first, as a JSON body; an unknown coin is a 404. */
export async function getHistoryBody(coinId: string, range: HistoryRange): Promise<string> {
  await getCoinOrThrow(coinId); // from the cached coin snapshot: an unknown id never reaches the database
  // Only the serialised body is kept: it is what every request sends, and the smaller entry.
  return cachedPublic(`history:${coinId}:${range}`, ["coins"], async () => JSON.stringify(await readHistory(coinId, range, Date.now())));
}

async function readHistory(coinId: string, range: HistoryRange, now: number): Promise<HistoryPoint[]> {
  const from = rangeStart(range, now);
  const rows = await getDb().priceSnapshot.findMany({
    where: { coinId, ...(from === null ? {} : { takenAt: { gte: new Date(from) } }) },
    orderBy: [{ takenAt: "asc" }, { id: "asc" }],
    select: { takenAt: true, price: true, marketCap: true, sample: true },
  });
  // Sample points say so (the chart notes it); real ones carry no flag, so their bodies stay as small.
  const points = rows.map((row) => ({ t: row.takenAt.getTime(), price: row.price, marketCap: row.marketCap, ...(row.sample && { sample: true as const }) }));
  return thinToSteps(points, RANGE_SPECS[range].stepMs);
}
