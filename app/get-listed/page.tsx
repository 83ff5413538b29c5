import type { Metadata } from "next";
import { PriceCard } from "@/components/get-listed/price-card";
import { GET_LISTED_PRICING } from "@/components/get-listed/plans";
import { contactLinks } from "@/lib/listings/contact-links.server";
import { formatWholeUsd } from "@/lib/shared/format";

const { homepageCompare, listing } = GET_LISTED_PRICING;

const DESCRIPTION =
  `Promote your PulseChain coin to thousands of investors: a featured Homepage Compare slot from ` +
  `${formatWholeUsd(Math.min(...homepageCompare.map((s) => s.priceUsd)))} or a listing plan from ` +
  `${formatWholeUsd(Math.min(...listing.map((p) => p.priceUsd)))}.`;

export const metadata: Metadata = {
  title: "Get Listed",
  description: DESCRIPTION,
  alternates: { canonical: "/get-listed" },
  // A segment's openGraph replaces the root layout's, so siteName is repeated here.
  openGraph: {
    title: "Get Listed | PulseCompare",
    description: DESCRIPTION,
    url: "/get-listed",
    type: "website",
    siteName: "PulseCompare",
  },
};

/**
 * Server component: static pricing (indexed by search engines); only the Contact dialogs hydrate.
 * Cached like every page (app/layout.tsx): the Contact channels are the server's settings, read
 * when the page is rendered, so a restart with new ones shows them within the page's 40 s.
 */
export default function GetListedPage() {
  const links = contactLinks();
  return (
    <div className="flex flex-col gap-12">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">GET LISTED</h1>
        <p className="text-muted-foreground sm:text-lg">Promote your cryptocurrency to thousands of investors</p>
      </header>

      <PlanSection id="homepage-compare" title="Homepage Compare" text="A featured slot in the compare row on the home page.">
        {homepageCompare.map((slot) => (
          <PriceCard key={slot.id} id={slot.id} title={slot.duration} priceUsd={slot.priceUsd} contactLinks={links} />
        ))}
      </PlanSection>
      <PlanSection id="listing" title="Listing">
        {listing.map((plan) => (
          <PriceCard key={plan.id} id={plan.id} title={plan.name} priceUsd={plan.priceUsd} features={plan.features} recommended={plan.recommended} contactLinks={links} />
        ))}
      </PlanSection>
      <PlanSection id="promotion" title="Promotion" />
    </div>
  );
}

/** A titled group of plans (a region named by its heading), their cards in a row of three. */
function PlanSection({ id, title, text, children }: { id: string; title: string; text?: string; children?: React.ReactNode }) {
  const heading = (
    <h2 id={id} className="text-2xl font-semibold tracking-tight">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      {text ? (
        <div className="flex flex-col gap-1">
          {heading}
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
      ) : (
        heading
      )}
      {children ? <div className="grid gap-4 md:grid-cols-3">{children}</div> : null}
    </section>
  );
}
