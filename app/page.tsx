import { CoinTable } from "@/components/coins/coin-table";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { describePriceSource } from "@/lib/coins/price-source";
import { listCoins } from "@/lib/coins/queries";

export default async function HomePage() {
  const coins = await listCoins();
  const source = describePriceSource(coins);
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Compare Market Caps</h1>
        <p className="text-muted-foreground">
          See the price a coin would have if it reached another coin&apos;s market cap.
        </p>
      </section>
      <Card>
        <CardHeader className="flex-row flex-wrap items-baseline justify-between">
          <CardTitle>All coins</CardTitle>
          {source ? (
            <p className="text-sm text-muted-foreground" data-testid="price-source">
              {source.label}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          {coins.length ? (
            <CoinTable coins={coins} />
          ) : (
            <p className="py-8 text-center text-muted-foreground">No coins listed yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
