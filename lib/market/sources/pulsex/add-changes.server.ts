// The 24h change (I/O): the chain alone has none, so an optional change source (DexScreener)
// supplies it for the coins the chain priced; without it the refresh pass takes it from the
// site's own snapshots.
import "server-only";
import type { FetchOptions, PriceSource, Quote, QuoteRequest } from "../../types";

/**
 * Copies the change source's 24h change onto the chain's quotes; its failures change nothing. It
 * keeps to the pass's deadline: a coin it does not reach in time takes its change from the site's
 * own snapshots, which the pass prefers anyway once a day of them exists; coins that already have
 * such a snapshot are not asked about at all.
 */
export async function addChanges(changeSource: PriceSource, requests: readonly QuoteRequest[], quotes: Map<string, Quote>, fetchOptions: FetchOptions): Promise<void> {
  try {
    const wanted = requests.filter((request) => quotes.has(request.coinId) && request.wantsChange24h !== false);
    if (wanted.length === 0) return;
    const changes = await changeSource.fetchQuotes(wanted, fetchOptions);
    for (const [coinId, quote] of quotes) {
      const change = changes.quotes.get(coinId)?.change24h;
      if (typeof change === "number" && Number.isFinite(change)) quote.change24h = change;
    }
  } catch {
    // Without a change from the source, the pass derives it from the snapshots.
  }
}
