import { CoinLogo } from "@/components/coins/coin-logo";
import { PriceChange } from "@/components/coins/price-change";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMarketCap, formatPrice } from "@/lib/format";
import type { Coin } from "@/lib/validation/coins";

/** Coins with the columns of the home tables: #, Coin, Price, 1d, MC. */
export function CoinTable({ coins, caption }: { coins: Coin[]; caption?: string }) {
  return (
    <Table>
      {caption ? <TableCaption>{caption}</TableCaption> : null}
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">#</TableHead>
          <TableHead>Coin</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead className="text-right">1d</TableHead>
          <TableHead className="text-right">MC</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {coins.map((coin) => (
          <TableRow key={coin.id} data-testid="coin-row">
            <TableCell className="text-muted-foreground tabular-nums">{coin.rank}</TableCell>
            <TableCell>
              <span className="flex items-center gap-2">
                <CoinLogo coin={coin} size={24} />
                <span className="font-medium">{coin.symbol}</span>
                <span className="hidden text-muted-foreground sm:inline">{coin.name}</span>
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatPrice(coin.currentPrice)}</TableCell>
            <TableCell className="text-right">
              <PriceChange value={coin.priceChange24h} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatMarketCap(coin.marketCap)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
