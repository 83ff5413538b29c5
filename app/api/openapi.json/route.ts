// GET /api/openapi.json: the API as OpenAPI 3.1, built once per server from the declared
// endpoints (lib/api/openapi.ts) and cached like the other public reads.
import { endpoints } from "@/lib/api/contract";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { methods, route } from "@/lib/api/route";

let document: Record<string, unknown> | undefined;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.openApi, async () => (document ??= buildOpenApiDocument())),
});
