import type { Metadata, Viewport } from "next";
import { CookieBanner } from "@/components/layout/cookie-banner";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Toaster } from "@/components/ui/toaster";
import { PlsPriceProvider } from "@/components/shell/pls-price";
import { UnitScript } from "@/components/unit/unit-script";
import { getSitePrices } from "@/lib/coins/site-prices.server";
import { getSiteUrl } from "@/lib/config/site";
import "./globals.css";

// Every page is one cached HTML for all visitors (nothing personal is rendered on the server: the
// wallet state and a user's lists are the browser's own requests). A page is rebuilt in the
// background once it is 20 s old and never served older than 40 s (`expireTime` in
// next.config.mjs); writes rebuild the pages they change at once (lib/cache/invalidate.server.ts). The
// data it is built from is at most 20 s old (lib/cache/public-cache.server.ts): at most 60 s in all.
export const revalidate = 20;

export const metadata: Metadata = {
  metadataBase: new URL(getSiteUrl()),
  title: { default: "PulseCompare: compare PulseChain market caps", template: "%s | PulseCompare" },
  description:
    "See the price a PulseChain coin would have at another coin's market cap. Compare PLS, PLSX, HEX and more with ease.",
  openGraph: { type: "website", siteName: "PulseCompare" },
};

export const viewport: Viewport = { themeColor: "#1a1025", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Derived once per coin snapshot (lib/coins/site-prices.server.ts): a render walks no coin list.
  const { plsUsd, priceSourceLabel } = await getSitePrices();
  return (
    // suppressHydrationWarning: UnitScript may mark <html> with the visitor's unit before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <body className="flex min-h-screen flex-col">
        {/*
          No paint before the page's own HTML is all parsed (up to #page-end, before the framework's
          data): a slow phone's parser yields mid-page, and what was painted then moved as the rest
          arrived (the compare form's columns before its button, the header before its PLS price:
          layout shifts at 4x CPU). React puts the link in <head>; browsers without it paint as before.
        */}
        <link rel="expect" href="#page-end" blocking="render" />
        <UnitScript />
        {/* Every figure below converts to PLS at this price, from the same snapshot (components/shell/money.tsx, pls-price.tsx). */}
        <PlsPriceProvider plsUsd={plsUsd}>
          <SiteHeader plsPrice={plsUsd} />
          <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">{children}</main>
          <SiteFooter priceSourceLabel={priceSourceLabel} />
        </PlsPriceProvider>
        <div id="page-end" hidden />
        <CookieBanner />
        <Toaster />
      </body>
    </html>
  );
}
