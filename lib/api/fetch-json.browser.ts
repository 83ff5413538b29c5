// The client's one way to call the API (spec section 8): every call sends cookies; a
// non-success response becomes an ApiCallError, its body parsed once into the API's code and
// message; a 401 throws unless the caller asks for null instead.

/**
 * A call the API refused or failed: the HTTP status, the API's error code (null when the body
 * was not the API's `{ "error": { "code", "message" } }`: a proxy's page, an empty body) and its
 * message (else the body text, or the status text). Callers branch on `code`, never the message.
 */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "ApiCallError";
  }

  /** From a response's status and body text. A plain parse, not zod: it runs on every failed call. */
  static fromResponse(status: number, text: string, statusText: string): ApiCallError {
    try {
      const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } } | null;
      const { code, message } = body?.error ?? {};
      if (typeof code === "string") return new ApiCallError(status, code, typeof message === "string" ? message : statusText);
    } catch {
      // Not JSON: the text says what it can.
    }
    return new ApiCallError(status, null, text || statusText || `HTTP ${status}`);
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
  if (!response.ok) throw ApiCallError.fromResponse(response.status, await response.text(), response.statusText);
  // A 204 has no body; schemas for such calls accept undefined.
  const body = response.status === 204 ? undefined : await response.json();
  return (typeof schema === "function" ? await schema() : schema).parse(body);
}
