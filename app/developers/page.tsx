import type { Metadata } from "next";
import { ApiKeysSection } from "@/components/developers/api-keys-section";
import { OpenApiIntro } from "@/components/developers/open-api-intro";
import { HomeSection } from "@/components/shell/home-section";
import { PageHeading } from "@/components/shell/page-heading";
import { QueryProvider } from "@/components/shell/query-provider";
import { anonymousPerMinute, apiKeyQuota } from "@/lib/api-keys/quota";
import { getEnv } from "@/lib/config/env";
import { getSiteUrl } from "@/lib/config/site";

const DESCRIPTION = "PulseCompare's open API: coins, pairs and market caps as JSON from any site, its quotas, and API keys for more.";

export const metadata: Metadata = {
  title: "Developers",
  description: DESCRIPTION,
  alternates: { canonical: "/developers" },
  // A segment's openGraph replaces the root layout's, so siteName is repeated here.
  openGraph: { title: "Developers | PulseCompare", description: DESCRIPTION, url: "/developers", type: "website", siteName: "PulseCompare" },
};

/**
 * The open API explained to everyone (indexed), then a wallet's keys, read in the browser. Cached
 * like every page (app/layout.tsx): the anonymous quota and the site's address are the server's
 * settings, read when the page is rendered.
 */
export default function DevelopersPage() {
  const { minuteLimit, dayLimit } = apiKeyQuota();
  const quotas = { anonymousPerMinute: anonymousPerMinute(getEnv().API_ANONYMOUS_PER_MINUTE), keyPerMinute: minuteLimit, keyPerDay: dayLimit };
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeading title="Developers" text="PulseCompare's data as JSON for your site, bot or spreadsheet, and keys for more than the anonymous quota." />
      <OpenApiIntro siteUrl={getSiteUrl()} quotas={quotas} />
      <HomeSection title="Your API keys" id="api-keys">
        <QueryProvider>
          <ApiKeysSection />
        </QueryProvider>
      </HomeSection>
    </div>
  );
}
