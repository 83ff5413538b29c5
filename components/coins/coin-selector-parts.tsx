// What the coin selector (its trigger, coin-selector.tsx) and its lazily loaded panel
// (coin-selector-panel.tsx) share, so that neither imports the other.
import type { Coin } from "@/lib/coins/schemas";

/** What the open panel says when it has no option to show. */
export const EMPTY_MESSAGE: Record<CoinListStatus, string> = {
  ready: "No cryptocurrencies found",
  loading: "Loading coins…",
  error: "Couldn't load the coin list. Close it and open it again to retry.",
};

/** The open panel's frame, shared with the panel itself. */
export const PANEL_CLASS = "absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-card text-card-foreground shadow-lg";

/**
 * All the selector reads from a coin, so callers may pass full `Coin`s or lighter rows. `tag`
 * tells coins apart where the symbol does not ("PulseChain copy", a chain): lib/coins/fork-copies.ts.
 */
export type SelectorCoin = Pick<Coin, "id" | "symbol" | "name" | "logoUrl"> & { tag?: string | null };

/** The small mark after a coin's name in the selectors. */
export function CoinTag({ tag }: { tag: string }) {
  return <span className="shrink-0 rounded border px-1 py-px text-[10px] leading-tight text-muted-foreground">{tag}</span>;
}

/** Where the list of coins stands: selectors that load it on first use show the wait and a failure. */
export type CoinListStatus = "ready" | "loading" | "error";

/** What was typed before the panel's code arrived, and whether Enter was pressed after it. */
export type TypedAhead = { query: string; enter: boolean };
