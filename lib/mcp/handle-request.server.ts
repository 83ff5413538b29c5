// The MCP server at POST /api/mcp (issue 55): the Model Context Protocol's Streamable HTTP transport
// from the official SDK, stateless (no session, nothing kept between requests) and answering JSON
// rather than an event stream, so each request is one server and one transport, built, used and
// closed here. The route (app/api/mcp/route.ts) has already checked and bounded the body
// (lib/api/mcp-body.ts) through the API's wrapper; the tools are ./tools.server.ts.
import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpBody } from "@/lib/api/mcp-body";
import { quoted } from "@/lib/contract/endpoint";
import { callTool, listed, toolError } from "./tool.server";
import { TOOLS } from "./tools.server";

const SERVER_INFO = { name: "pulsecompare", title: "PulseCompare", version: "1.0.0" };

const INSTRUCTIONS =
  "PulseCompare compares PulseChain coins (PLS, PLSX, HEX and every listed token) by market cap: the price coin A would have at coin B's market cap, and the multiplier. " +
  "Tools take coin ids (lowercase, e.g. hex, plsx, pls, btc): find one with search_coins. Figures are in US dollars unless a field says PLS. " +
  "Every answer carries `url`, the page on PulseCompare that shows it: give it to the user.";

// Described once: the list is the same for every request.
const LISTED = TOOLS.map(listed);
const BY_NAME = new Map(TOOLS.map((declared) => [declared.name, declared]));

function mcpServer(): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const declared = BY_NAME.get(params.name);
    if (!declared) return toolError(`No tool named ${quoted(params.name)}: the tools are ${TOOLS.map((each) => each.name).join(", ")}.`);
    return callTool(declared, params.arguments);
  });
  return server;
}

/** One POST's JSON-RPC message or batch, answered as JSON (202 with no body for notifications alone). */
export async function handleMcpRequest(request: Request, body: McpBody): Promise<Response> {
  const server = mcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    // The body was read (and bounded) by the API's wrapper: the transport takes it parsed.
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    // JSON mode resolves only once every answer is in the response: nothing is left to send.
    await server.close();
  }
}
