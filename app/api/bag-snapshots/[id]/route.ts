import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { removeBagSnapshot } from "@/lib/account/bag-snapshots.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.removeBagSnapshot, async ({ params, user }) => {
    if (!(await removeBagSnapshot(getDb(), user.id, params.id))) {
      throw new DomainError("not_found", endpoints.removeBagSnapshot.notFound({ id: String(params.id) }));
    }
  }),
});
