import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { getCoinOrThrow } from "@/lib/coins/queries";
import { coinIdSchema, noQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request, { params }: { params: Promise<{ id: string }> }) => {
  parseQuery(request, noQuerySchema);
  const { id } = await params;
  const parsed = coinIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError(404, "not_found", `No coin with id "${id.slice(0, 80)}".`);
  return publicJson(await getCoinOrThrow(parsed.data));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
