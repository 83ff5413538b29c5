// What Next's router would do to a path before any route runs, read from the build's
// routes-manifest.json: the response headers next.config.mjs's `headers()` set (fixed at
// `next build`), and whether a redirect or an early rewrite would take the path elsewhere. A
// request answered before Next sees it (lib/http/request-hooks.server.ts) needs both to answer as Next
// would.

type Rule = { regex: string; has?: unknown[]; missing?: unknown[]; internal?: boolean };
type HeaderRule = Rule & { headers: Array<{ key: string; value: string }> };

/** The parts of `.next/routes-manifest.json` read here (Next 16). */
export type RoutesManifest = {
  basePath?: string;
  headers?: HeaderRule[];
  redirects?: Rule[];
  rewrites?: Rule[] | { beforeFiles?: Rule[] };
};

/**
 * The headers Next adds to every response for `path`, or null when a rule depends on the request
 * (`has`/`missing`), a redirect matches, or a rewrite runs before the routes: then only Next
 * itself can answer the path faithfully.
 */
export function fixedHeadersFor(manifest: RoutesManifest, path: string): Array<[string, string]> | null {
  if (manifest.basePath) return null;
  const matches = (rule: Rule) => new RegExp(rule.regex).test(path);
  const redirects = manifest.redirects ?? [];
  const rewrites = Array.isArray(manifest.rewrites) ? manifest.rewrites : (manifest.rewrites?.beforeFiles ?? []);
  if ([...redirects, ...rewrites].some(matches)) return null;
  const headers: Array<[string, string]> = [];
  for (const rule of manifest.headers ?? []) {
    if (!matches(rule)) continue;
    if (rule.has?.length || rule.missing?.length) return null;
    for (const { key, value } of rule.headers) headers.push([key, value]);
  }
  return headers;
}
