import { endpoints } from "@/lib/api/contract";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { methods, route } from "@/lib/api/route.server";

// Built once per server: the declarations it describes do not change while the server runs.
let document: Record<string, unknown> | undefined;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.openApi, async () => (document ??= buildOpenApiDocument())),
});
