// The client's one way to call the API (spec section 8): every call sends cookies; a
// non-success response becomes an HttpError whose message is "<status>: <body text>" (or the
// status text when the body is empty); a 401 throws unless the caller asks for null instead.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

type Options = RequestInit & { on401?: "throw" | "returnNull" };

/** What checks a response body: a zod schema, or a plain function object where zod is too heavy. */
export type BodyParser<T> = { parse(body: unknown): T };

/**
 * A parser loaded when the first answer arrives, `() => import("...").then((m) => m.schema)`:
 * zod is a large library, and pages whose first load makes no API call should not carry it.
 */
export type LazyBodyParser<T> = () => Promise<BodyParser<T>>;

export async function fetchJson<T>(url: string, schema: BodyParser<T> | LazyBodyParser<T>, options?: Options & { on401?: "throw" }): Promise<T>;
export async function fetchJson<T>(url: string, schema: BodyParser<T> | LazyBodyParser<T>, options: Options & { on401: "returnNull" }): Promise<T | null>;
export async function fetchJson<T>(url: string, schema: BodyParser<T> | LazyBodyParser<T>, options: Options = {}): Promise<T | null> {
  const { on401 = "throw", headers, ...init } = options;
  const response = await fetch(url, {
    credentials: "include",
    ...init,
    headers: init.body !== undefined ? { "Content-Type": "application/json", ...headers } : headers,
  });
  if (response.status === 401 && on401 === "returnNull") return null;
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new HttpError(response.status, `${response.status}: ${text}`);
  }
  // A 204 has no body; schemas for such calls accept undefined.
  const body = response.status === 204 ? undefined : await response.json();
  return (typeof schema === "function" ? await schema() : schema).parse(body);
}

/**
 * The API's error code (`{ "error": { "code" } }`) in an HttpError's body, or null. A plain
 * parse, not zod: the query client uses it on every failed call.
 */
export function httpErrorCode(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const body = JSON.parse(error.message.replace(/^\d{3}: /, "")) as { error?: { code?: unknown } } | null;
    return typeof body?.error?.code === "string" ? body.error.code : null;
  } catch {
    return null;
  }
}
