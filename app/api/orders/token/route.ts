// Listings closed (no payment address) is said before the token is read, in the quote's words,
// so the listing form stops at once.
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { paymentAddressOrThrow } from "@/lib/orders/quotes.server";
import { checkOrderToken } from "@/lib/orders/token-check.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.orderToken, async ({ query }) => {
    paymentAddressOrThrow();
    return checkOrderToken(getDb(), query.address);
  }),
});
