// A catch-all because next-auth's client calls its own paths under /api/auth; only the actions
// the app uses are answered here, and any other /api/auth/* path is a 404.
import { parseSiweMessage } from "viem/siwe";
import { endpoints } from "@/lib/api/contract";
import { errorResponse } from "@/lib/api/errors";
import { methods, route, type RouteHandler } from "@/lib/api/route.server";
import { runNextAuthAction } from "@/lib/auth/next-auth-route.server";

export const dynamic = "force-dynamic";

const ACTIONS: Record<string, RouteHandler> = {
  csrf: route(endpoints.csrf, ({ request }) => runNextAuthAction("csrf", request)),
  // Sign-in attempts are limited per client and per wallet the message names, before the
  // signature check (which may ask the chain).
  "callback/credentials": route(endpoints.signIn, ({ request, body }) => runNextAuthAction("callback/credentials", request, body), {
    rateLimitKeys: ({ body }) => ({ address: signerOf(body.message) }),
  }),
  signout: route(endpoints.signOut, ({ request, body }) => runNextAuthAction("signout", request, body)),
};

function signerOf(message: string): string | undefined {
  try {
    return parseSiweMessage(message).address?.toLowerCase();
  } catch {
    return undefined;
  }
}

type Context = { params: Promise<{ nextauth?: string[] }> };

async function dispatch(request: Request, context: Context): Promise<Response> {
  const action = (await context.params).nextauth?.join("/") ?? "";
  const handler = Object.hasOwn(ACTIONS, action) ? ACTIONS[action]! : undefined;
  if (!handler) return errorResponse("not_found", `No auth endpoint /api/auth/${action.slice(0, 80)}.`);
  const method = handler.endpoint!.method;
  if (request.method !== method) return errorResponse("method_not_allowed", `This endpoint accepts ${method} only.`, { Allow: method });
  return handler(request, { params: Promise.resolve({}) });
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: dispatch, POST: dispatch });
