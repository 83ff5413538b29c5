// A route file's handlers served over real HTTP on 127.0.0.1 (a free port), for a client that
// speaks HTTP itself (the MCP SDK's client): each request becomes the Fetch API Request Next hands a
// route handler, and its Response is written back as it is. Nothing but loopback is listened on.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { RouteHandler } from "@/lib/api/route.server";
import { forwardTo } from "./forward-to";

export type RouteServer = { url: string; requests: { method: string; status: number }[] };

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`${origin}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody && { duplex: "half" }),
  } as RequestInit);
}

/**
 * Serves `routeModule` (a route file's exports: its method handlers; `dynamic` and the like are
 * ignored) at `path`. Starts in beforeAll, stops in afterAll: `url` is the route's address,
 * `requests` what it answered.
 */
export function useRouteServer(path: string, routeModule: object): RouteServer {
  const handlers = routeModule as Partial<Record<string, RouteHandler>>;
  let server: Server | undefined;
  let state: RouteServer | undefined;

  beforeAll(async () => {
    const requests: RouteServer["requests"] = [];
    server = createServer(async (req, res) => {
      const origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      const handler = new URL(req.url ?? "/", origin).pathname === path ? handlers[req.method ?? "GET"] : undefined;
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const response = await handler(toRequest(req, origin), { params: Promise.resolve({}) });
      requests.push({ method: req.method ?? "GET", status: response.status });
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    state = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, requests };
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  return forwardTo(() => {
    if (!state) throw new Error("useRouteServer: the server starts in beforeAll");
    return state;
  });
}
