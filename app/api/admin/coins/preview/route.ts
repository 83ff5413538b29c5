// Operators only: GET ?contractAddress=0x… reads the token's name, symbol and decimals (cleaned,
// with the raw text where cleaning changed it) and its first price, as listing it would, and
// writes nothing. The admin page shows it before 'Confirm listing' (POST /api/admin/coins).
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { privateJson } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { previewListing } from "@/lib/listings/coins";
import { requireOperator } from "@/lib/listings/operators";
import { listingPreviewQuerySchema } from "@/lib/validation/listings";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  await requireOperator(request);
  const { contractAddress } = parseQuery(request, listingPreviewQuerySchema);
  return privateJson(await previewListing(getDb(), contractAddress));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
