// Operators only: GET ?contractAddress=0x… reads the token's name, symbol and decimals (cleaned,
// with the raw text where cleaning changed it) and its first price, as listing it would, and
// writes nothing. The admin page shows it before 'Confirm listing' (POST /api/admin/coins).
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { previewListing } from "@/lib/listings/coins";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.listingPreview, ({ query }) => previewListing(getDb(), query.contractAddress)),
});
