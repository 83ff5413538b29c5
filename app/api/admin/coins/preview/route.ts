import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { previewListing } from "@/lib/listings/coins";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.listingPreview, ({ query }) => previewListing(getDb(), query.contractAddress)),
});
