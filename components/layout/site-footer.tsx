import { IntentLink } from "@/components/shell/intent-link";

/** `priceSourceLabel` says how fresh the prices on every page are ("Prices: snapshot of …"). */
export function SiteFooter({ priceSourceLabel }: { priceSourceLabel: string | null }) {
  return (
    <footer className="mt-16 border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-3 py-8 sm:px-4 text-sm text-muted-foreground">
        <p className="font-medium text-foreground">From PulseChain community to PulseChain community</p>
        <p>Compare crypto market caps with ease.</p>
        {priceSourceLabel ? <p data-testid="footer-price-source">{priceSourceLabel}</p> : null}
        <nav aria-label="More" className="mt-2 flex flex-wrap gap-x-4">
          <IntentLink href="/developers" className="underline-offset-4 hover:text-foreground hover:underline">
            Developers: the open API
          </IntentLink>
        </nav>
      </div>
    </footer>
  );
}
