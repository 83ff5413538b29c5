// One MCP tool: what it takes (a zod schema built from the contract's own: an endpoint's params and
// query, or the schemas they are made of), what it answers (the API's figures and the page's URL,
// as structured content), and the sentence a client that shows only text shows. Calling one
// validates the arguments and maps every failure to a tool error with the API's message
// (lib/api/errors.ts), never a protocol error or a 500.
import "server-only";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describeZodError, errorAnswerOf } from "@/lib/api/errors";
import { z } from "@/lib/shared/zod";

/** The page on the site for the user, absolute: every answer carries one. */
const withUrl = <O extends z.ZodObject>(output: O) => output.extend({ url: z.string().describe("The page on PulseCompare that shows this answer: give it to the user.") });

export type McpTool<I extends z.ZodType = z.ZodType, O extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  run: (input: z.output<I>) => Promise<{ figures: z.output<O>; url: string; text: string }>;
};

/** Declares a tool, keeping its input and output types for `run`. */
export const tool = <I extends z.ZodType, O extends z.ZodObject>(declaration: McpTool<I, O>): McpTool => declaration as unknown as McpTool;

/** A zod schema as the JSON Schema (draft 7, as the SDK writes them) that tools/list gives. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest as Tool["inputSchema"];
}

/** The tool as tools/list describes it: read-only, and reading nothing outside this site. */
export function listed(declared: McpTool): Tool {
  return {
    name: declared.name,
    title: declared.title,
    description: declared.description,
    inputSchema: jsonSchema(declared.input, "input"),
    outputSchema: jsonSchema(withUrl(declared.output), "output"),
    annotations: { title: declared.title, readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * tools/call: the arguments parsed with the tool's schema (a failure names the field as the API's
 * 400 does), then the tool. The answer is the figures as structured content and, for clients that
 * read only text, the sentence and the figures' JSON (as the protocol advises for structured content).
 */
export async function callTool(declared: McpTool, args: unknown): Promise<CallToolResult> {
  const parsed = declared.input.safeParse(args ?? {});
  if (!parsed.success) return toolError(describeZodError(parsed.error));
  try {
    const { figures, url, text } = await declared.run(parsed.data);
    const structuredContent = { ...(figures as Record<string, unknown>), url };
    return {
      content: [
        { type: "text", text: `${text}\n${url}` },
        { type: "text", text: JSON.stringify(structuredContent) },
      ],
      structuredContent,
    };
  } catch (error) {
    return toolError(errorAnswerOf(error, `MCP tools/call ${declared.name}`).message);
  }
}
