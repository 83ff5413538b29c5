import Link from "next/link";
import { ListCoinLogo } from "@/components/shell/list-coin-logo";
import { PriceBadges } from "@/components/shell/price-badges";
import { PriceChange } from "@/components/shell/price-change";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { coinPath } from "@/lib/coins/coin-path";
import type { PriceContext } from "@/lib/shared/freshness";
import type { Coin } from "@/lib/coins/schemas";
import { MoneyView } from "@/components/shell/money-view";

type TableCoin = Pick<Coin, "id" | "symbol" | "name" | "logoUrl" | "currentPrice" | "marketCap" | "priceChange24h" | "priceUpdatedAt" | "lowLiquidity">;

/**
 * The home tables' columns: #, Coin, Price, 1d, MC. `#` is the row's place in this list.
 * Phones get smaller type and padding, so all five columns fit at 360 px without scrolling.
 * `coins === null` means still loading: `skeletonRows` placeholder rows keep the layout steady.
 * A price's badges ('stale', 'low liquidity') sit under it, in the same column. A coin's symbol
 * links to its page. A server component: `plsUsd` (the layout's PLS price) converts the figures
 * here, so the browser formats none of them. The columns' alignment and figures are `.coin-table`'s
 * (app/globals.css), set once rather than on each of up to 35 rows' cells.
 */
export function CoinTable({
  coins,
  skeletonRows = 0,
  label,
  priceContext,
  plsUsd,
}: {
  coins: TableCoin[] | null;
  skeletonRows?: number;
  label: string;
  priceContext: PriceContext;
  plsUsd: number | null;
}) {
  return (
    <Table aria-label={label} aria-busy={coins === null || undefined} className="coin-table max-sm:text-xs [&_td]:px-[3px] sm:[&_td]:px-2 [&_th]:px-[3px] sm:[&_th]:px-2">
      <TableHeader>
        <TableRow>
          <TableHead className="w-8">#</TableHead>
          <TableHead>Coin</TableHead>
          <TableHead align="right">Price</TableHead>
          <TableHead align="right">1d</TableHead>
          <TableHead align="right">MC</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {coins === null
          ? Array.from({ length: skeletonRows }, (_, i) => (
              <TableRow key={i} data-testid="skeleton-row">
                {[4, 24, 16, 12, 16].map((width, cell) => (
                  <TableCell key={cell}>
                    <Skeleton className="h-4" style={{ width: `${width * 4}px` }} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : coins.map((coin, index) => (
              <TableRow key={coin.id} data-testid="coin-row">
                <TableCell>{index + 1}</TableCell>
                <TableCell>
                  {/* The coin's own page; the name of the link is the symbol (the logo is decorative). */}
                  <Link
                    href={coinPath(coin.id)}
                    // Fifty rows would fetch fifty coin pages on a visit that opens none of them.
                    prefetch={false}
                    className="coin-cell-link"
                  >
                    <ListCoinLogo coin={coin} size={22} />
                    <span className="font-medium">{coin.symbol}</span>
                  </Link>
                </TableCell>
                <TableCell>
                  <MoneyView usd={coin.currentPrice} plsUsd={plsUsd} />
                  <PriceBadges coin={coin} context={priceContext} align="end" />
                </TableCell>
                <TableCell>
                  <PriceChange value={coin.priceChange24h} />
                </TableCell>
                <TableCell><MoneyView usd={coin.marketCap} format="cap" plsUsd={plsUsd} /></TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
