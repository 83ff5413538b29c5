// What public data a write changes, named once: the server's data cache (public-cache.ts) and
// Next's page cache are both invalidated by these tags.

/** `coins`: any coin's figures or listing; `featured`: featured slots; `pair-counts`: most compared. */
export type PublicTag = "coins" | "featured" | "pair-counts";

/**
 * The cached pages each tag reaches, as `revalidatePath` arguments. Every page shows the PLS
 * price in the header (the root layout), so a coin change reaches them all; featured slots and
 * pair counts show on the home page only.
 */
export const PAGES_BY_TAG: Record<PublicTag, readonly (readonly [path: string, type?: "layout" | "page"])[]> = {
  coins: [["/", "layout"]],
  featured: [["/", "page"]],
  "pair-counts": [["/", "page"]],
};
