// A fake of our own API for component tests: replaces globalThis.fetch with a router over
// "METHOD /path" (query string ignored when matching), records every call, and answers with
// JSON, a 204, or a response the test holds back until it calls release() (to observe the
// pending state: spinners, disabled buttons).
//
//   const api = useFakeApi();             // at the top of a test file: installs/restores fetch around each test
//   api.on("GET /api/watchlist", json([entry]));           // every matching call, until replaced
//   api.once("GET /api/watchlist", json([]));               // the next matching call only (queued before `on`)
//   const removal = hold();                                  // answer later:
//   api.on("DELETE /api/watchlist/tiny", removal);
//   ...; removal.release(noContent());
//   api.calls("DELETE /api/watchlist/tiny")                  // [{ method, url, path, body, headers }]
//
// A call with no route answers 404 and fails the test in afterEach, so a forgotten route can't
// pass unnoticed as an error state. jsdom has no Response class, so answers are a minimal
// Response-like object with what lib/api/fetch-json.browser.ts reads (status, ok, statusText, text, json).

export type RecordedCall = {
  method: string;
  /** As passed to fetch, e.g. "/api/watchlist/tiny". */
  url: string;
  /** Pathname only, e.g. "/api/watchlist/tiny". */
  path: string;
  /** The request body parsed as JSON; the raw string if it isn't JSON; undefined if none. */
  body: unknown;
  /** Request headers with lower-cased names. */
  headers: Record<string, string>;
};

export type Reply = { status: number; body?: unknown };

export type Held = {
  readonly kind: "held";
  /** Lets every call waiting on this answer go through with `reply`. */
  release(reply: Reply): void;
  readonly promise: Promise<Reply>;
};

type Answer = Reply | Held | ((call: RecordedCall) => Reply | Held);

export const json = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });
/** An error answer shaped like the API's ({ error: { code, message } }). */
export const apiError = (status: number, code = "ERROR", message = "Something went wrong."): Reply => ({
  status,
  body: { error: { code, message } },
});

/** An answer held back until the test calls release(); never released, the request hangs. */
export function hold(): Held {
  let release!: (reply: Reply) => void;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { kind: "held", release, promise };
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  409: "Conflict",
  500: "Internal Server Error",
};

function responseFor({ status, body }: Reply): Response {
  const text = status === 204 || body === undefined ? "" : JSON.stringify(body);
  const response = {
    status,
    ok: status >= 200 && status < 300,
    statusText: STATUS_TEXT[status] ?? "",
    headers: { get: (name: string) => (name.toLowerCase() === "content-type" && text ? "application/json" : null) },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
  return response as unknown as Response;
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const source = init?.headers;
  if (!source) return headers;
  if (Array.isArray(source)) {
    for (const [name, value] of source) headers[name!.toLowerCase()] = value!;
  } else if (typeof (source as Headers).forEach === "function") {
    (source as Headers).forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
  } else {
    for (const [name, value] of Object.entries(source)) headers[name.toLowerCase()] = value;
  }
  return headers;
}

function bodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export class FakeApi {
  private readonly routes = new Map<string, Answer>();
  private readonly queued = new Map<string, Answer[]>();
  private readonly recorded: RecordedCall[] = [];
  readonly unrouted: string[] = [];

  /** Answers every call to `route` ("METHOD /path") with `answer`, replacing any earlier `on`. */
  on(route: string, answer: Answer): this {
    this.routes.set(normalise(route), answer);
    return this;
  }

  /** Answers only the next call to `route` with `answer` (several `once`s queue up, before `on`). */
  once(route: string, answer: Answer): this {
    const key = normalise(route);
    this.queued.set(key, [...(this.queued.get(key) ?? []), answer]);
    return this;
  }

  /** Every call so far, or those to one route ("METHOD /path"), oldest first. */
  calls(route?: string): RecordedCall[] {
    if (route === undefined) return [...this.recorded];
    const key = normalise(route);
    return this.recorded.filter((call) => `${call.method} ${call.path}` === key);
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      url,
      path: new URL(url, "http://localhost").pathname,
      body: bodyOf(init),
      headers: headersOf(init),
    };
    this.recorded.push(call);
    const key = `${call.method} ${call.path}`;
    const answer = this.queued.get(key)?.shift() ?? this.routes.get(key);
    if (answer === undefined) {
      this.unrouted.push(key);
      return responseFor(apiError(404, "NO_FAKE_ROUTE", `fake-api: no route for ${key}`));
    }
    let reply = typeof answer === "function" ? answer(call) : answer;
    if ("kind" in reply) reply = await reply.promise;
    return responseFor(reply);
  };
}

function normalise(route: string): string {
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(route);
  if (!match) throw new Error(`fake-api: a route is "METHOD /path", got ${JSON.stringify(route)}`);
  return `${match[1]!.toUpperCase()} ${match[2]}`;
}

/**
 * Installs a fresh FakeApi as globalThis.fetch before each test and restores the previous fetch
 * after it; fails the test if any call had no route. The returned object always talks to the
 * current test's fake.
 */
export function useFakeApi(): FakeApi {
  let current: FakeApi | undefined;
  let previous: typeof globalThis.fetch;
  beforeEach(() => {
    current = new FakeApi();
    previous = globalThis.fetch;
    globalThis.fetch = current.fetch;
  });
  afterEach(() => {
    globalThis.fetch = previous;
    const unrouted = current?.unrouted ?? [];
    current = undefined;
    if (unrouted.length > 0) throw new Error(`fake-api: calls with no route: ${unrouted.join(", ")}`);
  });
  return new Proxy({} as FakeApi, {
    get(_target, property) {
      if (!current) throw new Error("fake-api: used outside a test (useFakeApi installs it in beforeEach)");
      const value = Reflect.get(current, property, current) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
