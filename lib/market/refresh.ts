// One market refresh pass: ask each source for the coins assigned to it (Coin.quoteSource), and
// publish what is good. A coin whose source failed, answered garbage or moved wildly in a thin
// pool keeps its last good values; the pass reports and logs it with the source and the reason.
// Each published quote also writes a price snapshot; old snapshots are thinned at the end.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { DAY_MS, HOUR_MS, THIN_AFTER_MS, deriveMarketCap, holdBackReason, parseBurnAddresses, percentChange, quoteIsForThisCoin, snapshotsToThin } from "./publish";
import type { PriceSource, QuoteRequest, SourceResult } from "./types";

export type RefreshReport = {
  startedAt: string;
  finishedAt: string;
  updated: string[];
  failed: { coinId: string; source: string; reason: string }[];
  heldBack: { coinId: string; source: string; reason: string }[];
  snapshotsThinned: number;
};

/** How far from exactly 24 h ago a snapshot may be to serve as the 24h reference. */
const CHANGE_WINDOW_MS = 2 * HOUR_MS;

export async function runRefreshPass(
  db: PrismaClient,
  sources: readonly PriceSource[],
  options: { now?: () => Date; log?: (line: string) => void } = {},
): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));
  const startedAt = now();
  const report: RefreshReport = { startedAt: startedAt.toISOString(), finishedAt: "", updated: [], failed: [], heldBack: [], snapshotsThinned: 0 };
  const fail = (coinId: string, source: string, reason: string) => {
    report.failed.push({ coinId, source, reason });
    log(`[market] ${source} ${coinId}: ${reason}`);
  };

  const coins = await db.coin.findMany({ where: { quoteSource: { not: null }, quoteId: { not: null } } });
  const bySource = new Map<string, typeof coins>();
  for (const coin of coins) bySource.set(coin.quoteSource!, [...(bySource.get(coin.quoteSource!) ?? []), coin]);

  for (const [sourceName, sourceCoins] of bySource) {
    const source = sources.find((candidate) => candidate.name === sourceName);
    if (!source) {
      for (const coin of sourceCoins) fail(coin.id, sourceName, "no such source configured");
      continue;
    }
    const requests: QuoteRequest[] = sourceCoins.map((coin) => ({
      coinId: coin.id,
      quoteId: coin.quoteId!,
      burnAddresses: parseBurnAddresses(coin.burnAddresses),
    }));
    let result: SourceResult;
    try {
      result = await source.fetchQuotes(requests);
    } catch (error) {
      // Sources report per coin and should not throw; if one does, none of its coins change.
      for (const coin of sourceCoins) fail(coin.id, sourceName, `source failed: ${String(error)}`);
      continue;
    }
    for (const failure of result.failures) fail(failure.coinId, sourceName, failure.reason);

    for (const coin of sourceCoins) {
      const quote = result.quotes.get(coin.id);
      if (!quote) {
        if (!result.failures.some((failure) => failure.coinId === coin.id)) fail(coin.id, sourceName, "no quote in the answer");
        continue;
      }
      if (!Number.isFinite(quote.price) || quote.price <= 0) {
        fail(coin.id, sourceName, `unusable price ${quote.price}`);
        continue;
      }
      const held = holdBackReason(quote.price, quote.liquidityUsd, coin);
      if (held) {
        report.heldBack.push({ coinId: coin.id, source: sourceName, reason: held });
        log(`[market] ${sourceName} ${coin.id}: held back: ${held}`);
        continue;
      }
      const ownQuote = quoteIsForThisCoin(coin);
      const circulatingSupply = ownQuote && quote.circulatingSupply ? quote.circulatingSupply : coin.circulatingSupply;
      const marketCap = deriveMarketCap(quote.price, ownQuote ? quote.marketCap : null, { ...coin, circulatingSupply });
      if (marketCap === null) {
        fail(coin.id, sourceName, "no market cap and no circulating supply to derive one");
        continue;
      }
      const takenAt = now();
      const change24h = quote.change24h ?? (await changeFromSnapshots(db, coin.id, quote.price, takenAt));
      await db.$transaction([
        db.coin.update({
          where: { id: coin.id },
          data: {
            currentPrice: quote.price,
            marketCap,
            priceChange24h: change24h,
            liquidityUsd: quote.liquidityUsd,
            circulatingSupply,
            priceSource: sourceName,
            updatedAt: takenAt,
          },
        }),
        db.priceSnapshot.create({ data: { coinId: coin.id, price: quote.price, marketCap, takenAt } }),
      ]);
      report.updated.push(coin.id);
    }
  }

  if (report.updated.length > 0) await rerank(db);
  report.snapshotsThinned = await thinSnapshots(db, now());
  report.finishedAt = now().toISOString();
  return report;
}

/** The change since the snapshot nearest to 24 h ago (within 2 h of it), or null. */
async function changeFromSnapshots(db: PrismaClient, coinId: string, price: number, now: Date): Promise<number | null> {
  const target = now.getTime() - DAY_MS;
  const [before, after] = await Promise.all([
    db.priceSnapshot.findFirst({ where: { coinId, takenAt: { lte: new Date(target), gte: new Date(target - CHANGE_WINDOW_MS) } }, orderBy: { takenAt: "desc" } }),
    db.priceSnapshot.findFirst({ where: { coinId, takenAt: { gt: new Date(target), lte: new Date(target + CHANGE_WINDOW_MS) } }, orderBy: { takenAt: "asc" } }),
  ]);
  const nearest = [before, after]
    .filter((snapshot) => snapshot !== null)
    .sort((a, b) => Math.abs(a.takenAt.getTime() - target) - Math.abs(b.takenAt.getTime() - target))[0];
  return percentChange(price, nearest?.price);
}

/** Rank = place by market cap, biggest first (ties by id, so ranks are stable). */
export async function rerank(db: PrismaClient): Promise<void> {
  const coins = await db.coin.findMany({ select: { id: true, rank: true }, orderBy: [{ marketCap: "desc" }, { id: "asc" }] });
  const changes = coins.flatMap((coin, index) => (coin.rank === index + 1 ? [] : [db.coin.update({ where: { id: coin.id }, data: { rank: index + 1 } })]));
  if (changes.length) await db.$transaction(changes);
}

async function thinSnapshots(db: PrismaClient, now: Date): Promise<number> {
  const old = await db.priceSnapshot.findMany({
    where: { takenAt: { lt: new Date(now.getTime() - THIN_AFTER_MS) } },
    select: { id: true, coinId: true, takenAt: true },
    orderBy: [{ takenAt: "asc" }, { id: "asc" }],
  });
  const ids = snapshotsToThin(old, now);
  for (let i = 0; i < ids.length; i += 500) await db.priceSnapshot.deleteMany({ where: { id: { in: ids.slice(i, i + 500) } } });
  return ids.length;
}
