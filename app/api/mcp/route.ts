import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { handleMcpRequest } from "@/lib/mcp/handle-request.server";

export const dynamic = "force-dynamic";

// POST only: a stateless MCP server has no session to end (DELETE) and no stream to open (GET).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.mcp, ({ request, body }) => handleMcpRequest(request, body)),
});
