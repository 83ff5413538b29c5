"use client";

import Link from "next/link";
import type { AlertFiringView } from "@/lib/alerts/schemas";
import { useAlertFirings } from "./alert-queries";
import { firingDeliveryTexts, formatUtcTime } from "./alert-text";
import { SectionError, SectionSpinner } from "./section-states";

/** The last 50 firings, newest first: when, what, where it opens, and where it was sent. */
export function FiringList({ userId }: { userId: number }) {
  const firings = useAlertFirings(userId);
  if (firings.isPending) return <SectionSpinner label="Loading recent alerts" />;
  if (firings.isError) return <SectionError message="Couldn't load your recent alerts." onRetry={() => void firings.refetch()} />;
  if (firings.data.length === 0) {
    return <p className="py-2 text-sm text-muted-foreground">Nothing has fired yet. When an alert fires it is listed here, with where it was sent.</p>;
  }
  return (
    <ol className="flex flex-col divide-y" aria-label="Recent alerts">
      {firings.data.map((firing) => (
        <FiringRow key={firing.id} firing={firing} />
      ))}
    </ol>
  );
}

function FiringRow({ firing }: { firing: AlertFiringView }) {
  const deliveries = firingDeliveryTexts(firing);
  const failed = (text: string) => text.startsWith("Failed") || text.startsWith("Not sent");
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid="alert-firing">
      <time dateTime={firing.firedAt} className="text-xs text-muted-foreground tabular-nums">
        {formatUtcTime(firing.firedAt)}
      </time>
      <p className="break-words">
        {/* The same page the notification opens (a relative path from the server). */}
        <Link href={firing.url} prefetch={false} className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          {firing.message}
        </Link>
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Delivery">
        {deliveries.map((text, index) => (
          <li key={index} className={failed(text) ? "text-destructive" : "text-muted-foreground"}>
            {text}
          </li>
        ))}
      </ul>
    </li>
  );
}
