// Calls a route handler the way Next does: a real Request, params as a promise.
export const ORIGIN = "http://localhost:3000";

type RouteHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export async function call<P = Record<string, never>>(
  handler: RouteHandler<P>,
  pathAndQuery: string,
  init: RequestInit & { params?: P } = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const { params, ...requestInit } = init;
  const response = await handler(new Request(`${ORIGIN}${pathAndQuery}`, requestInit), {
    params: Promise.resolve((params ?? {}) as P),
  });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // left undefined: tests that expect JSON will fail on it
  }
  return { status: response.status, headers: response.headers, body, text };
}
