import { fileURLToPath } from "node:url";
import { FRAMEABLE_PATHS, UNFRAMEABLE_PATHS, embedSecurityHeaders, securityHeaders } from "./lib/security/headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `next build` also writes .next/standalone: server.js with only the files it needs, which the
  // container image runs and the browser tests start (scripts/standalone-assets.ts copies public/
  // and .next/static/ beside it; docs/operations.md: "Container").
  output: "standalone",
  // Next hashes the whole HTML of a cached page in JavaScript on every request to make its ETag:
  // 12 % of the server's CPU under load (profiled at 50 connections). A page is 11 KB gzipped and
  // a CDN sets its own validators, so the ETag is not worth it.
  generateEtags: false,
  // `npm test` type-checks the whole tree (tsc --noEmit) before the browser suite builds the app,
  // and the build's own check is the same minute or more again (2 on CI). Only that suite's build
  // sets this (tests/browser/harness.ts); every other `next build` checks as usual.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // On every response, pages, API and files alike. Set here rather than in proxy.ts: Next applies
  // these while routing, where running the proxy for each request halves a cached page's throughput.
  // `next build` calls this and writes the result into the build, so the environment of the build
  // decides the values (lib/security/headers.mjs; docs/security.md).
  // The embeddable cards (app/embed/) are the one place other sites may frame: they get the same
  // headers without the refusal, and their route sets their own CSP.
  async headers() {
    return [
      { source: UNFRAMEABLE_PATHS, headers: securityHeaders(process.env) },
      { source: FRAMEABLE_PATHS, headers: embedSecurityHeaders(process.env) },
    ];
  },
  // Next's own redirects (this one, and any `redirects()` entry) are sent without the headers
  // above. proxy.ts does the same 308 ("/get-listed/" -> "/get-listed") with them.
  skipTrailingSlashRedirect: true,
  // Cached pages (app/layout.tsx `revalidate`) are never served older than this many seconds: past
  // it, a request waits for a fresh render instead of getting the stale page. Shared caches get
  // `s-maxage=revalidate, stale-while-revalidate=expireTime-revalidate` from it too.
  expireTime: 40,
  // Next's own page cache, which also answers a miss for a page or route answer rendered before
  // the current coins version: a new price shows on every instance the first time a page is
  // asked after it exists, not when the ceilings above run out (lib/cache/page-cache-handler.mjs;
  // docs/caching.md). Next traces the file into the standalone output.
  cacheHandler: fileURLToPath(new URL("./lib/cache/page-cache-handler.mjs", import.meta.url)),
  experimental: {
    // Rebuilt pages stay in memory: a page is never older than 40 s anyway, and pages written to
    // .next/ by one server would be served by the next one started on the same build, even on
    // another database (the bench's second server, a test run after a bench).
    isrFlushToDisk: false,
    // The stylesheet is linked, not inlined (`inlineCss`). Inlined, Next sent it three times a page:
    // once in a <style> and twice more as text rows of the RSC payload (the root layout's and the
    // global error boundary's), 3 x 45 KB of a 240 KB page. Linked, it is one cacheable file and
    // / is 105 KB (11 KB gzipped, from 37). Lighthouse's default mobile run (simulated throttling,
    // issue 41, docs/testing.md) paints sooner linked: FCP 0.76-0.77 s against 0.82-0.87 s inlined,
    // medians of 5 on each page kind. Under applied throttling a linked sheet costs a round trip
    // before the first paint (issue 24); tests/browser/layout/paint.spec.ts allows that one request only.
  },
  // The libSQL client ships a native binary; keep it (and Prisma's adapter) out of the bundle.
  serverExternalPackages: ["@libsql/client", "@prisma/adapter-libsql", "libsql"],
  // ESM-only packages that the tests load. next/jest compiles what is listed here; Jest on
  // Node 20 cannot load ES modules from node_modules otherwise. They are the offline migration
  // engine (migration tests) and msw's ESM-only helpers (tests of outbound HTTP); the app
  // itself imports none of them.
  transpilePackages: ["@prisma/schema-engine-wasm", "rettime", "@open-draft/deferred-promise", "until-async"],
};

export default nextConfig;
