// Operators only: DELETE /api/admin/featured/{id} removes a slot (204), or 404.
import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { noContent } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { removeFeatured } from "@/lib/listings/featured";
import { requireOperatorForWrite } from "@/lib/listings/operators";
import { featuredIdSchema } from "@/lib/validation/listings";

export const dynamic = "force-dynamic";

export const DELETE = withErrorHandling(async (request, { params }: { params: Promise<{ id: string }> }) => {
  await requireOperatorForWrite(request);
  const { id } = await params;
  const parsed = featuredIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError(404, "not_found", `No featured slot with id "${id.slice(0, 80)}".`);
  await removeFeatured(getDb(), parsed.data);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = rejectOtherMethods(["DELETE"]);
