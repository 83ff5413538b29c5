import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { AlertsView } from "@/components/alerts/alerts-view";

export const metadata: Metadata = {
  title: "Alerts",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default function AlertsPage() {
  return (
    <>
      <PageHeading title="Alerts" text="Be told when a coin reaches another's market cap, a price or a new high, in this browser" />
      <AlertsView />
    </>
  );
}
