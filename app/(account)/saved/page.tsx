import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { SavedView } from "@/components/compare/saved-view";
import { QueryProvider } from "@/components/shell/query-provider";

export const metadata: Metadata = {
  title: "Saved Comparisons",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default function SavedPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Saved Comparisons" text="Quickly access your frequently used market cap comparisons" />
      <QueryProvider>
        <SavedView />
      </QueryProvider>
    </div>
  );
}
