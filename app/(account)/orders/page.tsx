import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { OrdersView } from "@/components/orders/orders-view";

export const metadata: Metadata = {
  title: "My Orders",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default function OrdersPage() {
  return (
    <>
      <PageHeading title="My Orders" text="Your listing and Homepage Compare orders, and their payments" />
      <OrdersView />
    </>
  );
}
