import type { Metadata, Viewport } from "next";
import { CookieBanner } from "@/components/layout/cookie-banner";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Toaster } from "@/components/ui/toaster";
import { LogosInViewScript } from "@/components/shell/logos-in-view-script";
import { PlsPriceProvider } from "@/components/shell/pls-price";
import { UnitScript } from "@/components/unit/unit-script";
import { getSitePrices } from "@/lib/coins/site-prices.server";
import { getSiteUrl } from "@/lib/config/site";
import { SITE_DESCRIPTION, SITE_NAME, THEME_COLOR } from "@/lib/shared/site-identity";
import "./globals.css";

// Every page is one cached HTML for all visitors (nothing personal is rendered on the server: the
// wallet state and a user's lists are the browser's own requests). A page is rebuilt in the
// background once it is 20 s old and never served older than 40 s (`expireTime` in
// next.config.mjs); writes rebuild the pages they change at once (lib/cache/invalidate.server.ts). The
// data it is built from is at most 20 s old (lib/cache/public-cache.server.ts): at most 60 s in all.
export const revalidate = 20;

export const metadata: Metadata = {
  metadataBase: new URL(getSiteUrl()),
  title: { default: `${SITE_NAME}: compare PulseChain market caps`, template: `%s | ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  openGraph: { type: "website", siteName: SITE_NAME },
  // What iOS reads when the site is added to the Home Screen (the manifest, app/manifest.ts, says
  // the rest): opened as an app of its own under this name, with a black status bar over the dark
  // page. Next writes `capable` as mobile-web-app-capable; the manifest's display: standalone is
  // what iOS 16.4 and later (the versions with Web Push) go by. The icon is app/apple-icon.png.
  appleWebApp: { capable: true, title: SITE_NAME, statusBarStyle: "black" },
};

export const viewport: Viewport = { themeColor: THEME_COLOR, width: "device-width", initialScale: 1 };

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
        {/* After every list, before the first paint: the lists' logos load as they come near the screen. */}
        <LogosInViewScript />
        <div id="page-end" hidden />
        <CookieBanner />
        <Toaster />
      </body>
    </html>
  );
}
