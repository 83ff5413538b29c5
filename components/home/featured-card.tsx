import Link from "next/link";
import { IntentLink } from "@/components/shell/intent-link";
import { CoinLogo } from "@/components/shell/coin-logo";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LineIcon } from "@/components/ui/line-icon";
import { ARROW_RIGHT, MEGAPHONE } from "@/components/ui/line-icons";
import { comparisonHref } from "@/lib/compare/comparison-link";
import { formatMultiplier } from "@/lib/shared/format";
import type { FeaturedComparison } from "@/lib/coins/schemas";
import { MoneyView } from "@/components/shell/money-view";

/**
 * A featured comparison: coin 1 at coin 2's market cap, linking to the full result. A server
 * component: `plsUsd` (the layout's PLS price) converts the figure here, not in the browser.
 */
export function FeaturedCard({ featured, plsUsd }: { featured: FeaturedComparison; plsUsd: number | null }) {
  const { coin1, coin2 } = featured;
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="featured-card">
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2 font-semibold">
          <CoinLogo coin={coin1} size={28} />
          <span>{coin1.symbol}</span>
          <LineIcon icon={ARROW_RIGHT} label="at the market cap of" className="size-4 shrink-0 text-muted-foreground" />
          <CoinLogo coin={coin2} size={28} />
          <span>{coin2.symbol}</span>
        </div>
        {featured.isPromoted ? <Badge variant="secondary">Promoted</Badge> : null}
      </div>
      <div>
        <p className="text-sm text-muted-foreground">
          {coin1.symbol} at {coin2.symbol}&apos;s market cap
        </p>
        <p className="text-2xl font-bold tabular-nums">
          <MoneyView usd={featured.projectedPrice} format="featured" plsUsd={plsUsd} />{" "}
          <span className="text-base font-medium text-muted-foreground">({formatMultiplier(featured.multiplier)})</span>
        </p>
      </div>
      <Link href={comparisonHref(coin1.id, coin2.id)} prefetch={false} className="mt-auto text-sm font-medium text-primary underline-offset-4 hover:underline">
        See in detail
        <span className="sr-only">: {coin1.symbol} at {coin2.symbol}&apos;s market cap</span>
      </Link>
    </Card>
  );
}

/** The third card of the featured row: advertises the paid featured slot. */
export function AdvertiseCard() {
  return (
    <Card className="flex flex-col items-start gap-3 border-dashed p-5" data-testid="advertise-card">
      <LineIcon icon={MEGAPHONE} className="size-6 text-primary" />
      <p className="font-semibold">Advertise your coin&apos;s comparison here!</p>
      <IntentLink href="/get-listed" className="mt-auto text-sm font-medium text-primary underline-offset-4 hover:underline">
        Get listed
      </IntentLink>
    </Card>
  );
}
