import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route.server";
import { issueApiKey, listApiKeys } from "@/lib/api-keys/views.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.apiKeys, ({ user }) => listApiKeys(getDb(), user.id)),
  POST: route(endpoints.createApiKey, async ({ user, body }) => created(await issueApiKey(getDb(), user.id, body.name))),
});
