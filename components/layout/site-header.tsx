import { IntentLink } from "@/components/shell/intent-link";
import { SiteMark } from "@/components/shell/site-mark";
import { formatPlsPrice } from "@/lib/shared/format";
import { SignedInHintScript } from "@/components/wallet/signed-in-hint-script";
import { WalletButton } from "@/components/wallet/wallet-button";
import { UnitSwitch } from "@/components/unit/unit-switch";

// "Compare" is the home page, which the brand links to as well: below 1024 px the link goes, to make room
// for the unit switch beside the PLS price (docs/spec-notes.md).
const NAV = [
  { href: "/", label: "Compare", className: "max-lg:hidden" },
  { href: "/playground", label: "Playground", className: "" },
  { href: "/get-listed", label: "Get Listed", className: "" },
];

export function SiteHeader({ plsPrice }: { plsPrice: number | null }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <SignedInHintScript />
      {/*
        Phones get two rows on a grid: brand and wallet, then the links, the USD / PLS switch and
        the PLS price (the spec puts the price in the header on every page, so it stays at every
        width). Wider screens get one row: brand, links, then switch, price and wallet on the right.
      */}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 px-3 py-2 md:flex md:h-16 md:gap-x-5 sm:px-4 md:py-0">
        <IntentLink href="/" className="col-start-1 row-start-1 flex items-center gap-2 justify-self-start font-bold tracking-tight" aria-label="PulseCompare home">
          <SiteMark size={28} />
          <span>PulseCompare</span>
        </IntentLink>
        <nav aria-label="Main" className="col-start-1 row-start-2 -mx-1 sm:-mx-2 flex min-w-0 items-center text-[13px] sm:text-sm md:mx-0 md:gap-2">
          {NAV.map((item) => (
            <IntentLink
              key={item.href}
              href={item.href}
              className={`whitespace-nowrap rounded-md px-1 py-1 text-muted-foreground hover:bg-accent hover:text-foreground sm:px-2 ${item.className}`}
            >
              {item.label}
            </IntentLink>
          ))}
        </nav>
        <div className="col-start-2 row-start-2 flex items-center gap-2 justify-self-end md:ml-auto">
          <UnitSwitch />
          <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground sm:text-sm" data-testid="header-pls-price">
            PLS <span className="text-foreground">{formatPlsPrice(plsPrice)}</span>
          </span>
        </div>
        <div className="col-start-2 row-start-1 justify-self-end">
          <WalletButton />
        </div>
      </div>
    </header>
  );
}
