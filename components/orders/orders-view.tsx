"use client";

// The buyer's orders page (spec section 4's account-page states): loading, not logged in, a load
// error with 'Try again', empty, or the orders, newest first (GET /api/orders: the wallet's own).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@/lib/api/endpoint-queries.browser";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadError } from "@/components/shell/load-error";
import { PageSpinner, SignedInOnly } from "@/components/shell/signed-in-only";
import { OrderCard } from "./order-card";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

export function OrdersView() {
  return (
    <SignedInOnly loginMessage="Please log in to view your orders." returnTo="/orders">
      {(user) => <OrderList userId={user.id} />}
    </SignedInOnly>
  );
}

function OrderList({ userId }: { userId: number }) {
  const orders = useQuery(apiQuery(ordersEndpoints, "orders", { scope: [userId] }));
  if (orders.isPending) return <PageSpinner />;
  if (orders.isError) return <LoadError title="Couldn't load your orders" onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) return <EmptyState title="No orders yet" linkLabel="Get Listed" href="/get-listed" />;
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Orders">
      {orders.data.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}
