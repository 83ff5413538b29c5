// The coin page's market cap on each supply basis it has (lib/coins/supply-bases.ts), in the
// section on where its figures come from: nothing when circulating is the only one.
import { basisLabel, basisMeaning, type BasisFigure } from "@/lib/coins/supply-bases";
import { formatCompactAmount } from "@/lib/shared/format";
import { MoneyView } from "@/components/shell/money-view";

export function SupplyBases({ symbol, figures, plsUsd }: { symbol: string; figures: readonly BasisFigure[]; plsUsd: number | null }) {
  if (figures.length < 2) return null;
  return (
    <div className="mt-3" data-testid="supply-bases">
      <h3 className="text-sm font-semibold">Market cap by supply</h3>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.basis} className="rounded-lg bg-muted/50 p-3" data-basis={figure.basis}>
            <dt className="text-xs text-muted-foreground" title={basisMeaning(figure.basis, symbol)}>
              {basisLabel(figure.basis, symbol)}
            </dt>
            <dd className="mt-1 font-semibold tabular-nums"><MoneyView usd={figure.marketCap} format="cap" plsUsd={plsUsd} /></dd>
            <dd className="text-xs text-muted-foreground tabular-nums">
              {formatCompactAmount(figure.supply, symbol)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {figures.map((figure) => `${basisLabel(figure.basis, symbol)}: ${basisMeaning(figure.basis, symbol)}`).join(" ")} The rest of the site uses circulating supply.
      </p>
    </div>
  );
}
