"use client";

// The operator's queue of paid listings: orders grouped by status, what needs the operator first
// (in review, paid but not done, live with posts on X owed), then the closed ones. A filter shows
// one status at a time. Each order and its actions: ./order-row.tsx.
import { useId, useState } from "react";
import { cn } from "@/lib/shared/class-names";
import { STATUS_LABELS } from "@/components/orders/order-text";
import type { OrderStatus } from "@/lib/orders/status";
import type { OperatorOrder } from "@/lib/orders/operator-schemas";
import { OrderRow } from "./order-row";

/** The groups, in the order the operator works through them. */
const GROUP_ORDER: readonly OrderStatus[] = ["review", "paid", "live", "rejected", "refunded", "quoted", "expired"];

type Filter = OrderStatus | "all";

export function OrderQueue({ orders }: { orders: OperatorOrder[] }) {
  const [filter, setFilter] = useState<Filter>("all");
  const filterLabel = useId();
  const count = (status: OrderStatus) => orders.filter((order) => order.status === status).length;
  const groups = GROUP_ORDER.filter((status) => filter === "all" || filter === status)
    .map((status) => ({ status, orders: orders.filter((order) => order.status === status) }))
    .filter((group) => group.orders.length > 0);

  if (orders.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No orders yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-labelledby={filterLabel} className="flex flex-wrap items-center gap-2">
        <span id={filterLabel} className="text-sm font-medium">
          Show
        </span>
        <FilterButton pressed={filter === "all"} onClick={() => setFilter("all")}>
          All ({orders.length})
        </FilterButton>
        {GROUP_ORDER.filter((status) => count(status) > 0).map((status) => (
          <FilterButton key={status} pressed={filter === status} onClick={() => setFilter(status)}>
            {STATUS_LABELS[status]} ({count(status)})
          </FilterButton>
        ))}
      </div>
      {groups.length === 0 ? <p className="py-6 text-center text-sm text-muted-foreground">No {STATUS_LABELS[filter as OrderStatus].toLowerCase()} orders.</p> : null}
      {groups.map((group) => (
        <section key={group.status} aria-label={`${STATUS_LABELS[group.status]} orders`} className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">
            {STATUS_LABELS[group.status]} ({group.orders.length})
          </h3>
          <ul className="flex flex-col gap-3">
            {group.orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "h-8 rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        pressed ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
      )}
    >
      {children}
    </button>
  );
}
