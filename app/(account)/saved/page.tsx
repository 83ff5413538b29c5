import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { SavedView } from "@/components/compare/saved-view";

export const metadata: Metadata = {
  title: "Saved Comparisons",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default function SavedPage() {
  return (
    <>
      <PageHeading title="Saved Comparisons" text="Quickly access your frequently used market cap comparisons" />
      <SavedView />
    </>
  );
}
