import type { Metadata, Viewport } from "next";
import { CookieBanner } from "@/components/layout/cookie-banner";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Toaster } from "@/components/ui/toaster";
import { describePriceSource } from "@/lib/coins/price-source";
import { listCoins } from "@/lib/coins/queries";
import { findCoinBySymbol } from "@/lib/coin-search";
import { getSiteUrl } from "@/lib/site";
import { Providers } from "./providers";
import "./globals.css";

// Every page shows current prices (the header's PLS price at least), read per request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  metadataBase: new URL(getSiteUrl()),
  title: { default: "PulseCompare: compare PulseChain market caps", template: "%s | PulseCompare" },
  description:
    "See the price a PulseChain coin would have at another coin's market cap. Compare PLS, PLSX, HEX and more with ease.",
  openGraph: { type: "website", siteName: "PulseCompare" },
};

export const viewport: Viewport = { themeColor: "#1a1025", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const coins = await listCoins();
  const pls = findCoinBySymbol(coins, "PLS");
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <Providers>
          <SiteHeader plsPrice={pls?.currentPrice ?? null} />
          <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">{children}</main>
          <SiteFooter priceSourceLabel={describePriceSource(coins)?.label ?? null} />
          <CookieBanner />
          <Toaster />
        </Providers>
      </body>
    </html>
  );
}
