import type { Metadata } from "next";
import { AdminView } from "@/components/admin/admin-view";
import { PageHeading } from "@/components/shell/page-heading";

export const metadata: Metadata = {
  title: "Listings admin",
  // Operators only, and not linked from the site: nothing for search engines here.
  robots: { index: false, follow: false },
};

export default function AdminPage() {
  return (
    <>
      <PageHeading title="Listings admin" text="List coins and schedule featured comparisons" />
      <AdminView />
    </>
  );
}
