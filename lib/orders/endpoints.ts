// Listing orders (issue 25): a buyer's quotes and orders and the slots still free; the operators'
// featured slots, order queue and unmatched transfers. Each declaration is the one the server's
// wrapper enforces, the OpenAPI document describes and the browser's client calls
// (lib/contract/endpoint.ts says how).
import { endpoint, noContentSchema, noQuerySchema, oneRow } from "@/lib/contract/endpoint";
import { featuredIdSchema, featuredSlotListSchema, featuredSlotSchema, scheduleFeaturedBodySchema } from "./featured-slot-schemas";
import {
  cancelOrderBodySchema,
  operatorOrderIdSchema,
  operatorOrderListSchema,
  operatorOrderSchema,
  operatorOrdersQuerySchema,
  orderTaskIdSchema,
  orderTaskSchema,
  recordRefundBodySchema,
  rejectOrderBodySchema,
} from "./operator-schemas";
import { orderTokenQuerySchema, orderTokenSchema } from "./order-token-schema";
import { createOrderBodySchema, orderIdSchema, orderListSchema, orderSchema, slotCalendarSchema, submitPaymentBodySchema } from "./schemas";
import { unmatchedTransferIdSchema, unmatchedTransferSchema, unmatchedTransfersSchema } from "./unmatched-schemas";

// The listing form (issue 25): a buyer's quotes and orders, and the slots still free.
export const orders = endpoint({
  method: "GET",
  summary: "The user's own listing and promotion orders, newest first.",
  path: "/api/orders",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: orderListSchema,
});

export const createOrder = endpoint({
  method: "POST",
  summary: "Quotes an order (a plan, a Homepage Compare slot, or both): the PLS amount to pay and until when the quote holds.",
  path: "/api/orders",
  access: "user",
  cache: "private",
  body: createOrderBodySchema,
  rateLimit: "order-quote",
  response: orderSchema,
});

export const submitPayment = endpoint({
  method: "POST",
  summary: "Submits an order's payment transaction; the server checks it on chain.",
  path: "/api/orders/:id/payment",
  access: "user",
  cache: "private",
  // Someone else's order is "not found" too.
  ...oneRow(orderIdSchema, "You have no order"),
  body: submitPaymentBodySchema,
  rateLimit: "account-write",
  response: orderSchema,
});

export const slotCalendar = endpoint({
  method: "GET",
  summary: "Which Homepage Compare days are free to book.",
  path: "/api/orders/calendar",
  access: "public",
  cache: "none",
  query: noQuerySchema,
  response: slotCalendarSchema,
});

// The token a buyer pasted, read as the quote will read it (it spends the quotes' budget: it
// reads the chain as a quote does).
export const orderToken = endpoint({
  method: "GET",
  summary: "Checks a token for the listing form: new, listed already, or refused with the reason.",
  path: "/api/orders/token",
  access: "user",
  cache: "private",
  query: orderTokenQuerySchema,
  rateLimit: "order-quote",
  response: orderTokenSchema,
});

// The featured comparison slots an operator schedules (orders sell their seats too).
export const featuredSlots = endpoint({
  method: "GET",
  summary: "The featured comparison slots, running and booked.",
  path: "/api/admin/featured",
  access: "operator",
  cache: "private",
  query: noQuerySchema,
  response: featuredSlotListSchema,
});

export const scheduleFeatured = endpoint({
  method: "POST",
  summary: "Schedules a featured comparison (a promoted one over a day whose seats orders hold is 409).",
  path: "/api/admin/featured",
  access: "operator",
  cache: "private",
  body: scheduleFeaturedBodySchema,
  rateLimit: "admin-write",
  response: featuredSlotSchema,
});

export const removeFeatured = endpoint({
  method: "DELETE",
  summary: "Removes a featured comparison slot (one an order paid for is 409: reject or refund the order instead).",
  path: "/api/admin/featured/:id",
  access: "operator",
  cache: "private",
  ...oneRow(featuredIdSchema, "No featured slot with id"),
  rateLimit: "admin-write",
  response: noContentSchema,
});

// The operator's queue of paid listings (issue 25): orders with their payments, the posts on X
// they owe, and the operator's approve, reject, cancel (of an unpaid quote) and refund.
export const operatorOrders = endpoint({
  method: "GET",
  summary: "The order queue, by status.",
  path: "/api/admin/orders",
  access: "operator",
  cache: "private",
  query: operatorOrdersQuerySchema,
  response: operatorOrderListSchema,
});

export const rejectOrder = endpoint({
  method: "POST",
  summary: "Rejects an order with the reason the buyer reads, taking down what it listed or booked.",
  path: "/api/admin/orders/:id/reject",
  access: "operator",
  cache: "private",
  ...oneRow(operatorOrderIdSchema, "No order"),
  body: rejectOrderBodySchema,
  rateLimit: "admin-write",
  response: operatorOrderSchema,
});

export const cancelOrder = endpoint({
  method: "POST",
  summary: "Cancels an unpaid quote (a stuck payment's) with the reason the buyer reads, freeing its seats; refused while its claimed payment is mined.",
  path: "/api/admin/orders/:id/cancel",
  access: "operator",
  cache: "private",
  ...oneRow(operatorOrderIdSchema, "No order"),
  body: cancelOrderBodySchema,
  rateLimit: "admin-write",
  response: operatorOrderSchema,
});

export const approveOrder = endpoint({
  method: "POST",
  summary: "Approves an order held for review; it goes live like any paid order.",
  path: "/api/admin/orders/:id/approve",
  access: "operator",
  cache: "private",
  ...oneRow(operatorOrderIdSchema, "No order"),
  rateLimit: "admin-write",
  response: operatorOrderSchema,
});

export const recordRefund = endpoint({
  method: "POST",
  summary: "Records an order's refund, read on chain.",
  path: "/api/admin/orders/:id/refund",
  access: "operator",
  cache: "private",
  ...oneRow(operatorOrderIdSchema, "No order"),
  body: recordRefundBodySchema,
  rateLimit: "admin-write",
  response: operatorOrderSchema,
});

// Transfers to a payment address that paid no order (issue 38): listed until marked handled.
export const unmatchedTransfers = endpoint({
  method: "GET",
  summary: "Transfers to a payment address that paid no order, not yet handled, newest first (at most 200), and those under 1 PLS counted, not listed.",
  path: "/api/admin/orders/unmatched",
  access: "operator",
  cache: "private",
  response: unmatchedTransfersSchema,
});

export const unmatchedTransferHandled = endpoint({
  method: "POST",
  summary: "Marks an unmatched transfer handled (idempotent); it leaves the list.",
  path: "/api/admin/orders/unmatched/:id/handled",
  access: "operator",
  cache: "private",
  ...oneRow(unmatchedTransferIdSchema, "No unmatched transfer"),
  rateLimit: "admin-write",
  response: unmatchedTransferSchema,
});

export const unmatchedDustHandled = endpoint({
  method: "POST",
  summary: "Marks every unmatched transfer under 1 PLS recorded so far handled; the counted line starts again from none.",
  path: "/api/admin/orders/unmatched/dust/handled",
  access: "operator",
  cache: "private",
  rateLimit: "admin-write",
  response: unmatchedTransfersSchema,
});

export const orderTaskDone = endpoint({
  method: "POST",
  summary: "Marks an order's task (a post on X) done.",
  path: "/api/admin/order-tasks/:id/done",
  access: "operator",
  cache: "private",
  ...oneRow(orderTaskIdSchema, "No order task with id"),
  rateLimit: "admin-write",
  response: orderTaskSchema,
});
