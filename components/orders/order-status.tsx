// An order's status as a badge, in words (never by colour alone).
import { Badge } from "@/components/ui/badge";
import type { OrderStatus } from "@/lib/orders/status";
import { STATUS_LABELS } from "./order-text";

const VARIANTS: Record<OrderStatus, "success" | "warning" | "outline" | "muted" | "secondary"> = {
  quoted: "outline",
  paid: "success",
  live: "success",
  review: "warning",
  refunded: "secondary",
  expired: "muted",
  rejected: "muted",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="order-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
