import Link from "next/link";
import { ListCoinLogo } from "@/components/shell/list-coin-logo";
import { comparisonHref } from "@/lib/compare/comparison-link";
import type { Coin } from "@/lib/coins/schemas";

/**
 * Newest listings as a logo grid: 3 columns on the smallest screens, up to 9 on large ones.
 * Each opens the compare form on this page with that coin chosen; the page is already here, so
 * there is nothing to prefetch.
 */
export function RecentlyListed({ coins }: { coins: Pick<Coin, "id" | "symbol" | "name" | "logoUrl">[] }) {
  if (coins.length === 0) return <p className="text-sm text-muted-foreground">No coins listed yet.</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 md:grid-cols-6 lg:grid-cols-9">
      {coins.map((coin) => (
        <li key={coin.id}>
          <Link
            href={comparisonHref(coin.id)}
            prefetch={false}
            className="coin-tile"
            title={coin.name}
          >
            <ListCoinLogo coin={coin} size={36} />
            <span>{coin.symbol}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
