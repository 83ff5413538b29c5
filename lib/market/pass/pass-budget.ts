// The time budget of one refresh pass (MARKET_PASS_BUDGET_SECONDS, 45 s by default so a pass fits
// Vercel's 60 s function limit). Sources stop starting requests at the deadline; the reserve
// after it is for what follows the quotes: the 24h references, the batched writes, the re-rank.

/** Time kept after the deadline for the writes: a quarter of the budget, at most 10 s. */
export function writeReserveMs(budgetMs: number): number {
  return Math.min(10_000, budgetMs / 4);
}

/** Epoch ms after which no source starts a new request. */
export function passDeadline(startMs: number, budgetMs: number): number {
  return startMs + budgetMs - writeReserveMs(budgetMs);
}
