// What POST /api/mcp takes (the MCP server, lib/mcp): JSON-RPC 2.0 messages, one or a batch (the
// protocol's 2025-03-26 revision allowed batches; later ones send one message per request). Checked
// here only as far as bounding the work goes: the API's body cap (16 KB, ./body.ts), a batch of at
// most MCP_MAX_MESSAGES, and at most MCP_MAX_TOOL_CALLS tool calls per request, since the rate limit
// counts requests. The MCP SDK's transport checks each message's shape after this. Pure.
import { z } from "@/lib/shared/zod";

/** Messages in one batch: a client sends one, or a few beside their notifications. */
export const MCP_MAX_MESSAGES = 10;
/** Tool calls in one request: each reads the coin snapshot (`history` its stored history too). */
export const MCP_MAX_TOOL_CALLS = 4;

const jsonRpcMessageSchema = z.looseObject({ jsonrpc: z.literal("2.0"), method: z.string().max(100).optional() });

const isToolCall = (message: { method?: string }) => message.method === "tools/call";

export const mcpBodySchema = z
  .union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema).min(1).max(MCP_MAX_MESSAGES)], {
    error: `The body is one JSON-RPC 2.0 message ({ "jsonrpc": "2.0", ... }) or a batch of 1 to ${MCP_MAX_MESSAGES}.`,
  })
  .refine((body) => (Array.isArray(body) ? body.filter(isToolCall).length : 0) <= MCP_MAX_TOOL_CALLS, {
    message: `A request may call at most ${MCP_MAX_TOOL_CALLS} tools; send the rest in further requests.`,
  });
export type McpBody = z.output<typeof mcpBodySchema>;
