// A path with repeated slashes or a backslash ("//evil.example/", "/coins\hex"): Next answers it
// with a 308 to the collapsed path before it applies next.config.mjs's headers
// (next/dist/server/lib/router-utils/resolve-routes.js), so that redirect went out without the
// security headers every other response carries, and neither the config nor the proxy can reach
// it. Answered here instead (a request hook, added by instrumentation.ts): the same 308 to the
// same place, with the headers the build gives the target path. Only under `next start` and the
// standalone server; the test is one regular expression per request.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fixedHeadersFor, type RoutesManifest } from "./build-route-rules";
import { readRoutesManifest } from "./read-routes-manifest.server";
import { addRequestHook } from "./request-hooks.server";

export const REPEATED_SLASHES_HOOK = "repeated-slashes";

const REPEATED = /\\|\/\//;

/** Next's normalisation (normalizeRepeatedSlashes): backslashes become slashes, runs of slashes one; the query stays. */
export function collapseSlashes(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return path.replace(/\\/g, "/").replace(/\/\/+/g, "/") + (queryAt === -1 ? "" : url.slice(queryAt));
}

export function repeatedSlashRedirect(manifest: RoutesManifest) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    if (!REPEATED.test(queryAt === -1 ? url : url.slice(0, queryAt))) return false;
    // Only a path ("/..."): an absolute-form target ("http://host//x") would collapse to
    // "http:/host/x", which a browser reads as another host.
    if (!url.startsWith("/")) return false;
    const target = collapseSlashes(url);
    const targetPath = target.split("?", 1)[0]!;
    // A target some rule answers per request: Next's own redirect stands.
    const headers = fixedHeadersFor(manifest, targetPath);
    if (!headers) return false;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.statusCode = 308;
    res.setHeader("Location", target);
    res.setHeader("Refresh", `0;url=${target}`);
    res.end(target);
    return true;
  };
}

/** Adds the hook, with the rules of the build in `dir/.next`. False (Next redirects) without a build there. */
export function installRepeatedSlashRedirect(dir = process.cwd()): boolean {
  const manifest = readRoutesManifest(dir, "Next redirects repeated slashes, without the security headers");
  if (!manifest) return false;
  addRequestHook(REPEATED_SLASHES_HOOK, repeatedSlashRedirect(manifest));
  return true;
}
