// The open reads from any origin (issue 55, lib/api/cors.ts) through the real route handlers on a
// real SQLite file: every endpoint declared `crossOrigin` answers a page on another site, errors
// included, and its preflight; every other endpoint says nothing of CORS (a browser then refuses
// the other site's page), and a plain OPTIONS is still the 405 the edge asks for.
import * as coinList from "@/app/api/cryptocurrencies/route";
import * as pairs from "@/app/api/pairs/[coin1]/[coin2]/route";
import * as watchlist from "@/app/api/watchlist/route";
import * as authUser from "@/app/api/auth/user/route";
import { endpoints } from "@/lib/api/contract";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "@/lib/api/cors";
import type { RouteHandler } from "@/lib/api/route.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

useTestDatabase({ seed: true });
useAuthEnvironment();

const OTHER_SITE = { Origin: "https://builder.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors" };
const handlersOf = (routeModule: object) => routeModule as unknown as Record<string, RouteHandler>;
const corsOf = (headers: Headers) => Object.fromEntries(Object.keys(PREFLIGHT_HEADERS).map((name) => [name, headers.get(name)]).filter(([, value]) => value !== null));

test("only public GETs are open reads, and never one about a user or a session", () => {
  const open = Object.entries(endpoints).filter(([, endpoint]) => "crossOrigin" in endpoint && endpoint.crossOrigin);
  for (const [name, endpoint] of open) expect({ name, access: endpoint.access, method: endpoint.method }).toEqual({ name, access: "public", method: "GET" });
  const names = open.map(([name]) => name);
  expect(names).toEqual(expect.arrayContaining(["coinList", "coin", "coinHistory", "pair", "featuredComparisons", "mostCompared", "topGainers", "health"]));
  for (const personal of ["authUser", "csrf", "login", "watchlist", "vapidKey"]) expect(names).not.toContain(personal);
});

test("an open read answers another site's page, with its errors readable too", async () => {
  const list = await call(coinList.GET as RouteHandler, "/api/cryptocurrencies?ids=pls", { headers: OTHER_SITE });
  expect(list.status).toBe(200);
  expect(corsOf(list.headers)).toEqual(CORS_HEADERS);
  const pair = await call(handlersOf(pairs).GET!, "/api/pairs/plsx/hex", { headers: OTHER_SITE, params: { coin1: "plsx", coin2: "hex" } });
  expect(pair.status).toBe(200);
  expect(pair.headers.get("access-control-allow-origin")).toBe("*");
  const wrong = await call(coinList.GET as RouteHandler, "/api/cryptocurrencies?per_page=9999", { headers: OTHER_SITE });
  expect(wrong.status).toBe(400);
  expect(corsOf(wrong.headers)).toEqual(CORS_HEADERS);
});

test("its preflight: 204 with what a page may send (GET, an Authorization header); a plain OPTIONS is still the 405", async () => {
  const preflight = await call(handlersOf(coinList).OPTIONS!, "/api/cryptocurrencies", {
    method: "OPTIONS",
    headers: { ...OTHER_SITE, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
  });
  expect(preflight.status).toBe(204);
  expect(corsOf(preflight.headers)).toEqual(PREFLIGHT_HEADERS);
  expect(preflight.headers.get("allow")).toBe("GET");
  const plain = await call(handlersOf(coinList).OPTIONS!, "/api/cryptocurrencies", { method: "OPTIONS" });
  expect(plain.status).toBe(405);
  expect(plain.headers.get("allow")).toBe("GET");
  expect(plain.headers.get("access-control-allow-origin")).toBeNull();
});

test("user data and sessions say nothing of CORS, to a preflight either: the browser refuses the other site", async () => {
  for (const [routeModule, path] of [
    [watchlist, "/api/watchlist"],
    [authUser, "/api/auth/user"],
  ] as const) {
    const get = await call(handlersOf(routeModule).GET!, path, { headers: OTHER_SITE });
    expect({ path, status: get.status, cors: get.headers.get("access-control-allow-origin") }).toEqual({ path, status: 401, cors: null });
    const preflight = await call(handlersOf(routeModule).OPTIONS!, path, { method: "OPTIONS", headers: { ...OTHER_SITE, "Access-Control-Request-Method": "GET" } });
    expect({ path, status: preflight.status, cors: preflight.headers.get("access-control-allow-origin") }).toEqual({ path, status: 405, cors: null });
  }
});
