// GET /api/cryptocurrencies with no query, answered before Next sees the request.
//
// It is the API's most asked-for answer (every coin, by rank), and the same bytes for everyone
// until the next refresh: the snapshot serialises it once (lib/coins/snapshot.server.ts). Through Next,
// serving those bytes still cost about as much as rendering a small page: measured with
// `npm run bench` at 62 coins, the route answered 690-790 req/s where the same bytes as a static
// file answered 1,770-2,260 (Next's request pipeline, the web-stream body and per-request gzip;
// docs/testing.md, issue 24). Here the body and its gzip are made once per snapshot and written straight
// to Node's response.
//
// Everything else takes Next's route as before: any query (the route validates it, and pages or
// filters), any other method (405 JSON), and every request while no snapshot within the cache's
// ceiling is ready (the route builds one; the first requests after a refresh also wait for the
// gzip). The answer is the route's: the same body, Cache-Control and Content-Type, and the
// headers next.config.mjs gives every response, read from the build.
//
// Only under `next start` (instrumentation.ts): on Vercel no Node server runs our code before
// Next, and the CDN serves this answer from its cache (s-maxage) anyway.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzip } from "node:zlib";
import { peekCoinSnapshot, type CoinSnapshot } from "../coins/snapshot.server";
import { acceptsGzip } from "../http/accepts-gzip";
import { fixedHeadersFor } from "../http/build-route-rules";
import { readRoutesManifest } from "../http/read-routes-manifest.server";
import { addRequestHook } from "../http/request-hooks.server";
import { endpoints } from "./contract";
import { PUBLIC_CACHE_CONTROL } from "./responses";

const PATH = endpoints.coinList.path;
export const COIN_LIST_HOOK = "coin-list-fast-path";

type Bodies = { identity: Buffer; gzip?: Buffer };
/** Per snapshot, so a new snapshot's bodies replace the old ones with it. */
const bodiesBySnapshot = new WeakMap<CoinSnapshot, Bodies>();

function bodiesOf(snapshot: CoinSnapshot): Bodies {
  let bodies = bodiesBySnapshot.get(snapshot);
  if (!bodies) {
    const made: Bodies = { identity: Buffer.from(snapshot.listBody) };
    // Off the event loop: at 5,000 coins the body is a few MB.
    gzip(made.identity, (error, zipped) => {
      if (!error) made.gzip = zipped;
    });
    bodiesBySnapshot.set(snapshot, made);
    bodies = made;
  }
  return bodies;
}

/** The hook: answers the exact request `GET|HEAD /api/cryptocurrencies` when it can, else leaves it to Next. */
export function coinListFastPath(buildHeaders: ReadonlyArray<[string, string]>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== PATH || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const snapshot = peekCoinSnapshot();
    if (!snapshot) return false;
    const bodies = bodiesOf(snapshot);
    const zipped = acceptsGzip(req.headers["accept-encoding"]);
    const body = zipped ? bodies.gzip : bodies.identity;
    if (!body) return false;
    for (const [name, value] of buildHeaders) res.setHeader(name, value);
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding");
    if (zipped) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}

/**
 * Adds the hook, with the headers of the build in `dir/.next` for the path. Returns false (and
 * Next answers every request) when there is no build there, or its rules could treat the path
 * differently per request.
 */
export function installCoinListFastPath(dir = process.cwd()): boolean {
  const headers = buildHeaders(dir);
  if (!headers) return false;
  addRequestHook(COIN_LIST_HOOK, coinListFastPath(headers));
  return true;
}

function buildHeaders(dir: string): Array<[string, string]> | null {
  const manifest = readRoutesManifest(dir, `Next answers ${PATH}`);
  if (!manifest) return null;
  const headers = fixedHeadersFor(manifest, PATH);
  if (!headers) console.warn(`[coin-list] the build's redirects, rewrites or conditional headers may apply to ${PATH}: Next answers it`);
  return headers;
}
