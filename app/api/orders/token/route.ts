// The listing form's token check: the token a signed-in buyer pasted, read as the operator's
// preview reads it, or refused in the words the quote would use. Writes nothing. Listings closed
// (no payment address) is said here first, as the quote says it, so the form stops at once.
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
