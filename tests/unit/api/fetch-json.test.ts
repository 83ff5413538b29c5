import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import { ApiCallError, fetchJson } from "@/lib/api/fetch-json.browser";
import { coinListSchema } from "@/lib/coins/schemas";

const BASE = "http://app.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const coin = {
  id: "pls",
  symbol: "PLS",
  name: "PulseChain",
  logoUrl: null,
  currentPrice: 0.00003874,
  marketCap: 5.2e9,
  priceChange24h: 5.73,
  rank: 14,
  chain: "pulsechain",
  contractAddress: null,
  circulatingSupply: 1.35e14,
  priceSource: "snapshot",
  tags: [],
  listedAt: "2025-01-02T00:00:00.000Z",
  updatedAt: "2026-11-20T00:00:00.000Z",
  priceUpdatedAt: "2026-11-20T00:00:00.000Z",
  lowLiquidity: false,
  liquidityUsd: 1.2e7,
  athPrice: 0.0001829,
  athAt: "2023-12-09T00:00:00.000Z",
  athMarketCap: 2.47e10,
  athMarketCapAt: "2023-12-09T00:00:00.000Z",
  athMarketCapEstimated: true,
  forkOf: null,
};

test("parses a success with the shared schema and sends cookies", async () => {
  let credentials: RequestCredentials | undefined;
  server.use(
    http.get(`${BASE}/api/cryptocurrencies`, ({ request }) => {
      credentials = request.credentials;
      return HttpResponse.json([coin]);
    }),
  );
  await expect(fetchJson(`${BASE}/api/cryptocurrencies`, coinListSchema)).resolves.toEqual([coin]);
  expect(credentials).toBe("include");
});

test("a non-success response throws an ApiCallError with the API's status, code and message, parsed once", async () => {
  server.use(http.get(`${BASE}/api/x`, () => HttpResponse.json({ error: { code: "reauthentication_required", message: "Sign in again." } }, { status: 401 })));
  const error = await fetchJson(`${BASE}/api/x`, z.unknown()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiCallError);
  expect({ ...(error as ApiCallError), message: (error as ApiCallError).message }).toEqual({ status: 401, code: "reauthentication_required", message: "Sign in again.", name: "ApiCallError" });
});

test("a body that is not the API's error has no code: its text, else the status text, is the message", async () => {
  const failWith = async (response: Response) => {
    server.use(http.get(`${BASE}/api/x`, () => response));
    return (await fetchJson(`${BASE}/api/x`, z.unknown()).catch((e: unknown) => e)) as ApiCallError;
  };
  expect(await failWith(new HttpResponse("<html>Bad gateway</html>", { status: 502 }))).toMatchObject({ status: 502, code: null, message: "<html>Bad gateway</html>" });
  expect(await failWith(new HttpResponse(null, { status: 404, statusText: "Not Found" }))).toMatchObject({ status: 404, code: null, message: "Not Found" });
  expect(await failWith(new HttpResponse('{"error":{"code":5}}', { status: 500 }))).toMatchObject({ status: 500, code: null });
});

test("a 401 throws by default and is null when the caller asks", async () => {
  server.use(http.get(`${BASE}/api/auth/user`, () => new HttpResponse("Unauthorized", { status: 401 })));
  await expect(fetchJson(`${BASE}/api/auth/user`, z.unknown())).rejects.toThrow("Unauthorized");
  await expect(fetchJson(`${BASE}/api/auth/user`, z.unknown(), { on401: "returnNull" })).resolves.toBeNull();
});

test("a body that does not match the schema is an error, not bad data on screen", async () => {
  server.use(http.get(`${BASE}/api/cryptocurrencies`, () => HttpResponse.json([{ ...coin, marketCap: "lots" }])));
  await expect(fetchJson(`${BASE}/api/cryptocurrencies`, coinListSchema)).rejects.toThrow(/marketCap/);
});

test("a JSON body is sent with a JSON content type", async () => {
  let received: { type: string | null; body: unknown } | undefined;
  server.use(
    http.post(`${BASE}/api/watchlist`, async ({ request }) => {
      received = { type: request.headers.get("content-type"), body: await request.json() };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  await fetchJson(`${BASE}/api/watchlist`, z.undefined(), { method: "POST", body: JSON.stringify({ coinId: "pls" }) });
  expect(received).toEqual({ type: "application/json", body: { coinId: "pls" } });
});
