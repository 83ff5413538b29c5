import { endpoints } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { methods, route } from "@/lib/api/route.server";
import { removeBagSnapshot } from "@/lib/account/bag-snapshots.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.removeBagSnapshot, async ({ params, user }) => {
    if (!(await removeBagSnapshot(getDb(), user.id, params.id))) {
      throw new ApiError("not_found", endpoints.removeBagSnapshot.notFound({ id: String(params.id) }));
    }
  }),
});
