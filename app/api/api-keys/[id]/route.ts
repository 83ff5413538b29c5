import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { revokeApiKey } from "@/lib/api-keys/store.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.revokeApiKey, async ({ params, user }) => {
    if (!(await revokeApiKey(getDb(), user.id, params.id))) throw new DomainError("not_found", endpoints.revokeApiKey.notFound({ id: params.id }));
  }),
});
