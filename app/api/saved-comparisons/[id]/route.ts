import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { removeSavedComparison } from "@/lib/account/saved-comparisons.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.removeSavedComparison, async ({ params, user }) => {
    if (!(await removeSavedComparison(getDb(), user.id, params.id))) {
      throw new DomainError("not_found", endpoints.removeSavedComparison.notFound({ id: String(params.id) }));
    }
  }),
});
