import Link from "next/link";
import { ListCoinLogo } from "@/components/shell/list-coin-logo";
import { comparisonHref } from "@/lib/compare/comparison-link";
import type { ComparedPair } from "@/lib/trending/home-tables";
import type { Coin } from "@/lib/coins/schemas";

type PairCoin = Pick<Coin, "id" | "symbol" | "logoUrl">;

/** Ranked pairs, each a link to its comparison. */
export function MostComparedPairs({ pairs }: { pairs: ComparedPair<PairCoin>[] }) {
  if (pairs.length === 0) return <p className="text-sm text-muted-foreground">No pairs to show yet.</p>;
  return (
    <ol className="grid gap-1 sm:grid-cols-2 lg:grid-cols-4">
      {pairs.map(({ rank, coin1, coin2 }) => (
        <li key={`${coin1.id}-${coin2.id}`}>
          <Link href={comparisonHref(coin1.id, coin2.id)} prefetch={false} className="pair-link">
            <span className="w-5 text-sm tabular-nums text-muted-foreground">{rank}</span>
            <span className="pair-coin">
              <ListCoinLogo coin={coin1} size={24} />
              {coin1.symbol}
            </span>
            <span className="text-sm text-muted-foreground">vs</span>
            <span className="pair-coin">
              <ListCoinLogo coin={coin2} size={24} />
              {coin2.symbol}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
