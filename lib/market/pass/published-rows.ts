// What the pass writes for its coins (pure): each published price as its row, with its 24h change
// and the highs it may raise; the moves held back; the coins newly under the liquidity floor.
import { usableFigures } from "@/lib/alerts/evaluate";
import { staleBefore } from "@/lib/shared/freshness";
import type { Coin } from "@/lib/generated/prisma/client";
import { heldFigures, type PricePoint } from "./held-highs";
import type { PendingMoveRow, PublishedPrice } from "./pass-writes.server";
import { chooseChange24h, raiseAllTimeHigh } from "./publish";
import type { Outcome, PublishOutcome } from "./judge";
import type { RefreshReport } from "./report";

/** A published price that raises no high: the stored highs stay as they are (pass-writes.server.ts). */
export const NO_NEW_HIGH = { athPrice: null, athMarketCap: null, athAt: null, athMarketCapAt: null, athMarketCapEstimated: false };

export function publishedOf(outcomes: readonly Outcome[]): PublishOutcome[] {
  return outcomes.filter((outcome): outcome is PublishOutcome => outcome.kind === "publish");
}

/** The coins whose new price or market cap is above their high: only their last hour is read (held-highs.ts). */
export function aboveHigh(published: readonly PublishOutcome[]): string[] {
  return published
    .filter(({ coin, quote, marketCap }) => coin.athPrice === null || quote.price > coin.athPrice || coin.athMarketCap === null || marketCap > coin.athMarketCap)
    .map(({ coin }) => coin.id);
}

/**
 * Each published price as the row written to its coin. Its 24h change is from the site's own
 * price about 24 h ago when there is one; a high rises only as far as the price has held over the
 * last passes (`recent`: their prices, for the coins above a high).
 */
export function publishedRows(
  published: readonly PublishOutcome[],
  context: { references: ReadonlyMap<string, number>; recent: ReadonlyMap<string, PricePoint[]>; writtenAt: Date },
): PublishedPrice[] {
  const { references, recent, writtenAt } = context;
  const highsAfter = (coin: Coin, price: number, marketCap: number) => {
    const held = heldFigures({ price, marketCap, takenAt: writtenAt }, recent.get(coin.id) ?? []);
    return held ? raiseAllTimeHigh(coin, held.price, held.marketCap, writtenAt) : NO_NEW_HIGH;
  };
  return published.map(({ coin, source, quote, marketCap, circulatingSupply, pendingSupply, pendingSupplySince }) => ({
    id: coin.id,
    currentPrice: quote.price,
    marketCap,
    priceChange24h: chooseChange24h(quote.price, references.get(coin.id), quote.change24h),
    liquidityUsd: quote.liquidityUsd,
    circulatingSupply,
    priceSource: source,
    priceUpdatedAt: writtenAt,
    ...highsAfter(coin, quote.price, marketCap),
    provenance: quote.provenance ? JSON.stringify(quote.provenance) : null,
    // A supply held back (the price published with the last one), or null: none waits.
    pendingSupply,
    pendingSupplySince,
  }));
}

/**
 * Two figures differ by more than the last digits: a stored figure comes back a unit in the last
 * place off the one written (the raw statement's parameters carry 16 significant digits), which
 * is no move.
 */
function differs(a: number, b: number): boolean {
  return Math.abs(a - b) > 1e-12 * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * The published coins whose figures an alert can see changed (lib/alerts/evaluate.server.ts
 * evaluates only these): price, market cap, 24h change or a high raised, or a coin whose figures
 * could fire nothing before (seed snapshot, flagged, quarantined, a move pending, or stale) and
 * can now. A coin republished with the same figures crosses no level its last evaluation did not see.
 */
export function changedFigures(published: readonly PublishOutcome[], rows: readonly PublishedPrice[]): string[] {
  const before = new Map(published.map(({ coin }) => [coin.id, coin]));
  return rows.flatMap((row) => {
    const coin = before.get(row.id);
    if (!coin) return [];
    // The evaluation's own rule, stale as of this pass (its prices are the freshest there are).
    const unusable = !usableFigures(coin, staleBefore(row.priceUpdatedAt, row.priceUpdatedAt.getTime()));
    const raised = (offered: number | null, stored: number | null) => offered !== null && (stored === null || (offered > stored && differs(offered, stored)));
    const moved =
      differs(row.currentPrice, coin.currentPrice) ||
      differs(row.marketCap, coin.marketCap) ||
      (row.priceChange24h === null) !== (coin.priceChange24h === null) ||
      (row.priceChange24h !== null && coin.priceChange24h !== null && differs(row.priceChange24h, coin.priceChange24h)) ||
      raised(row.athPrice, coin.athPrice) ||
      raised(row.athMarketCap, coin.athMarketCap);
    return unusable || moved ? [row.id] : [];
  });
}

/** The moves held back this pass, kept as pending for the next pass to confirm (with the supply that waits with them). */
export function pendingMoves(outcomes: readonly Outcome[]): PendingMoveRow[] {
  return outcomes.flatMap((outcome) =>
    outcome.kind === "hold"
      ? [{ id: outcome.coin.id, pendingPrice: outcome.pendingPrice, pendingSince: outcome.pendingSince, pendingSupply: outcome.pendingSupply, pendingSupplySince: outcome.pendingSupplySince }]
      : [],
  );
}

/**
 * What the pass writes to its coins, decided at once: the published rows, the moves held back, the
 * coins newly under the floor, and of the published, those whose figures changed (what the
 * alerts evaluate).
 */
export function plannedWrites(
  outcomes: readonly Outcome[],
  context: { coins: readonly Coin[]; lowLiquidity: RefreshReport["lowLiquidity"]; references: ReadonlyMap<string, number>; recent: ReadonlyMap<string, PricePoint[]>; writtenAt: Date },
): { rows: PublishedPrice[]; pendingMoves: PendingMoveRow[]; newlyLow: string[]; changed: string[] } {
  const published = publishedOf(outcomes);
  const rows = publishedRows(published, context);
  return { rows, pendingMoves: pendingMoves(outcomes), newlyLow: newlyLow(context.coins, context.lowLiquidity), changed: changedFigures(published, rows) };
}

/** The coins under the floor this pass that were not flagged already (flagging again writes nothing new). */
export function newlyLow(coins: readonly Coin[], lowLiquidity: RefreshReport["lowLiquidity"]): string[] {
  const alreadyLow = new Set(coins.filter((coin) => coin.lowLiquidity).map((coin) => coin.id));
  return lowLiquidity.map(({ coinId }) => coinId).filter((coinId) => !alreadyLow.has(coinId));
}
