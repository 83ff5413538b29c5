// A catch-all because next-auth's client calls its own paths under /api/auth; only the actions
// the app uses are answered here, and any other /api/auth/* path is a 404.
import { endpoints } from "@/lib/api/contract";
import { errorResponse } from "@/lib/api/errors";
import { route, type RouteHandler } from "@/lib/api/route.server";
import { runNextAuthAction } from "@/lib/auth/next-auth.server";

export const dynamic = "force-dynamic";

const ACTIONS: Record<string, RouteHandler> = {
  csrf: route(endpoints.csrf, ({ request }) => runNextAuthAction("csrf", request)),
  // Sign-in attempts are limited per client only. Not per the wallet the message names: anyone
  // can name any wallet, so that budget would let a stranger keep its owner out. The wallet's
  // budget is spent inside the check, and only when the chain must be asked (a contract wallet;
  // lib/auth/verify-signature.server.ts).
  "callback/credentials": route(endpoints.signIn, ({ request, body }) => runNextAuthAction("callback/credentials", request, body)),
  signout: route(endpoints.signOut, ({ request, body }) => runNextAuthAction("signout", request, body)),
};

type Context = { params: Promise<{ nextauth?: string[] }> };

async function dispatch(request: Request, context: Context): Promise<Response> {
  const action = (await context.params).nextauth?.join("/") ?? "";
  const handler = Object.hasOwn(ACTIONS, action) ? ACTIONS[action]! : undefined;
  if (!handler) return errorResponse("not_found", `No auth endpoint /api/auth/${action.slice(0, 80)}.`);
  const method = handler.endpoint!.method;
  if (request.method !== method) return errorResponse("method_not_allowed", `This endpoint accepts ${method} only.`, { Allow: method });
  return handler(request, { params: Promise.resolve({}) });
}

// Every method goes to dispatch, so that a method an action does not serve (OPTIONS and TRACE
// included: the edge asks the app with OPTIONS, deploy/nginx/) is answered with that action's own
// Allow, not with the union of the catch-all's methods.
export { dispatch as GET, dispatch as POST, dispatch as PUT, dispatch as PATCH, dispatch as DELETE, dispatch as OPTIONS };
