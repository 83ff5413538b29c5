// Listings closed (no payment address) is said before the token is read, in the quote's words,
// so the listing form stops at once.
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { paymentAddressOrThrow } from "@/lib/orders/quotes";
import { checkOrderToken } from "@/lib/orders/token-check";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.orderToken, async ({ query }) => {
    paymentAddressOrThrow();
    return checkOrderToken(getDb(), query.address);
  }),
});
