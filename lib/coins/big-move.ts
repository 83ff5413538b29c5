// The rule that holds a big move from a thin pool until the next pass confirms it: the refresh
// pass applies it (lib/market/pass/publish.ts), and the coin page tells a visitor why a price was
// held (lib/coins/provenance-copy.ts). Here, below both, so each reads the same numbers.

/** A pool with less USD liquidity than this is thin enough that a big move must be confirmed. */
export const BIG_MOVE_POOL_USD = 50_000;
/** A move by more than this factor (either way) from a thin pool is held for confirmation. */
export const BIG_MOVE_FACTOR = 5;
