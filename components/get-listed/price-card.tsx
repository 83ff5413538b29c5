import { Check } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatWholeUsd } from "@/lib/shared/format";
import { ContactButton } from "./contact-button";
import type { ContactLinks } from "./contact-channels";

/**
 * One priced option on the Get Listed page (server component): a heading, the price in large
 * bold type, optional feature lines with check icons, and the client-side Contact button.
 */
export function PriceCard({
  id,
  title,
  priceUsd,
  priceNote,
  features,
  recommended = false,
  contactLinks,
}: {
  /** Unique per page: used for the heading id the Contact button is described by. */
  id: string;
  title: string;
  priceUsd: number;
  /** A short muted line under the price. */
  priceNote?: string;
  features?: readonly string[];
  recommended?: boolean;
  /** The Contact dialog's configured channels. */
  contactLinks?: ContactLinks;
}) {
  const headingId = `${id}-title`;
  return (
    <Card
      data-testid="price-card"
      data-recommended={recommended || undefined}
      // The recommended look overrides Card's bg-card and shadow-sm through data-recommended (a
      // more specific selector), since cn() does not drop conflicting classes.
      className="flex min-w-0 flex-col gap-5 p-5 sm:p-6 data-recommended:border-primary data-recommended:bg-primary/5 data-recommended:shadow-lg data-recommended:shadow-primary/10 data-recommended:ring-1 data-recommended:ring-primary"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        {recommended ? <Badge>Recommended</Badge> : null}
      </div>
      <div>
        <p className="text-4xl font-bold tracking-tight tabular-nums">{formatWholeUsd(priceUsd)}</p>
        {priceNote ? <p className="mt-1 text-sm text-muted-foreground">{priceNote}</p> : null}
      </div>
      {features?.length ? (
        <ul className="flex flex-col gap-2 text-sm" aria-label={`${title} includes`}>
          {features.map((feature) => (
            <FeatureItem key={feature}>{feature}</FeatureItem>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto">
        <ContactButton describedBy={headingId} highlighted={recommended} links={contactLinks} />
      </div>
    </Card>
  );
}

function FeatureItem({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
      <span>{children}</span>
    </li>
  );
}
