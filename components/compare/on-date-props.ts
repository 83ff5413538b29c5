// What the date view (on-date-view.tsx) passes to its lazily loaded panel (on-date-panel.tsx). In
// a file of its own so the panel reads the type without importing the view that loads it: the two
// would form an import circle.
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import type { PriceContext } from "@/lib/shared/freshness";
import type { ResultCoin } from "./result-figures";

export type OnDateProps = {
  coin1: ResultCoin;
  /** Coin 2: whose history is read, and named. */
  coin2: { id: string; symbol: string };
  priceContext: PriceContext;
  targets?: PoolsForTargets | null;
};
