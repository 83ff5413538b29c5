import Link from "next/link";
import { formatPlsPrice } from "@/lib/format";
import { SignedInHintScript } from "@/components/wallet/signed-in-hint-script";
import { WalletButton } from "@/components/wallet/wallet-button";

const NAV = [
  { href: "/", label: "Compare" },
  { href: "/playground", label: "Playground" },
  { href: "/get-listed", label: "Get Listed" },
];

export function SiteHeader({ plsPrice }: { plsPrice: number | null }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      {/* Phones get two rows (brand and wallet, then the links); wider screens one. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-3 py-2 sm:px-4 sm:h-16 sm:flex-nowrap sm:py-0">
        <Link href="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label="PulseCompare home">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>PulseCompare</span>
        </Link>
        <nav aria-label="Main" className="order-last -mx-2 flex w-full items-center gap-1 text-sm sm:order-none sm:mx-0 sm:w-auto sm:gap-3">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="rounded-md px-2 py-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm tabular-nums text-muted-foreground md:inline" data-testid="header-pls-price">
            PLS <span className="text-foreground">{formatPlsPrice(plsPrice)}</span>
          </span>
          <WalletButton />
          <SignedInHintScript />
        </div>
      </div>
    </header>
  );
}
