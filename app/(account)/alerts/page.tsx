import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { AlertsView } from "@/components/alerts/alerts-view";
import { QueryProvider } from "@/components/shell/query-provider";

export const metadata: Metadata = {
  title: "Alerts",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default function AlertsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Alerts" text="Be told when a coin reaches another's market cap, a price or a new high, in this browser" />
      <QueryProvider>
        <AlertsView />
      </QueryProvider>
    </div>
  );
}
