import type { Metadata } from "next";
import { AdminView } from "@/components/admin/admin-view";
import { PageHeading } from "@/components/shell/page-heading";
import { QueryProvider } from "@/components/shell/query-provider";

export const metadata: Metadata = {
  title: "Listings admin",
  // Operators only, and not linked from the site: nothing for search engines here.
  robots: { index: false, follow: false },
};

export default function AdminPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Listings admin" text="List coins and schedule featured comparisons" />
      <QueryProvider>
        <AdminView />
      </QueryProvider>
    </div>
  );
}
