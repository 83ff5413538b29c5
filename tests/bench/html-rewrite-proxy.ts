// Issue 53's experiments: a proxy on loopback that passes every request to the app but rewrites the
// HTML pages it answers, so one thing can be taken out of a page and the page audited without it,
// in the same run as the page as served. Not for anything but the bench.
import http from "node:http";
import { gzipSync } from "node:zlib";
import { listenOnLoopback, type LoopbackProxy } from "./loopback-proxy";

export type HtmlRewrite = (html: string) => string;

/**
 * What can be taken out:
 * - `scripts`: every <script> and script preload. The main thread then does only the work of the
 *   HTML and stylesheet: no framework, no hydration, no app code. (Chromium's own switch for
 *   scripts also stops Lighthouse's protocol calls.)
 * - `expect`: the layout's render-blocking `<link rel="expect">` (app/layout.tsx), so the browser
 *   may paint before the whole page is parsed.
 * - `pre-paint`: the work of the two inline scripts that run before the first paint (the unit
 *   switch's and the signed-in hint's: components/unit/unit-script.tsx,
 *   components/wallet/signed-in-hint-script.tsx). Their text becomes `0`: the elements are React's,
 *   and without them hydration does not match and React renders the page again in the browser.
 * - `hydration`: the page's RSC payload (every inline `self.__next_f` script), with the stream that
 *   carries it held open. Every script still loads and the framework starts, but React's root waits
 *   for data that never comes, so nothing hydrates: the page's HTML and stylesheet plus the
 *   framework's start-up, without the payload's parsing and the hydration of the page.
 * - `logos`: every coin logo (`img.coin-logo`) points at one file, so the page makes one logo
 *   request instead of one per coin, with the same elements, sizes and paint. React does not
 *   correct an attribute's value when it hydrates, so nothing renders again.
 * - `logos-in-view`: the lists' logos as they were before components/shell/logos-in-view-script.tsx:
 *   each has its file as src with the browser's own loading="lazy" and low priority, which on a
 *   phone fetches every one within 1,250 px of the screen while the page loads.
 */
export const REWRITES = {
  scripts: (html) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\bas="script"[^>]*>/g, ""),
  expect: (html) => html.replace(/<link rel="expect"[^>]*>/g, ""),
  // The page's bare inline scripts are the RSC payload's and the layout's own, and the layout's
  // are the pre-paint ones (their text is minified differently from build to build).
  "pre-paint": (html) => replaceBareInlineScripts(html, (text) => !isRscPayload(text), "<script>0</script>"),
  // Next closes the payload's stream at DOMContentLoaded (next/dist/client/app-index.js); with no
  // close, its reader waits and React's root suspends before hydrating anything.
  hydration: (html) => replaceBareInlineScripts(html, isRscPayload, "").replace(/<head>/, "<head><script>ReadableStreamDefaultController.prototype.close=function(){}</script>"),
  logos: (html) => html.replace(/<img\b[^>]*\bclass="coin-logo"[^>]*>/g, (img) => img.replace(/\bsrc="\/logos\/[^"]+"/, 'src="/logos/hex.webp"')),
  "logos-in-view": (html) => html.replace(/<img\b[^>]*\bdata-src="[^"]*"[^>]*>/g, (img) => img.replace(/\bdata-src="/, 'loading="lazy" fetchpriority="low" src="')),
} satisfies Record<string, HtmlRewrite>;

/** Next's inline RSC payload: its bootstrap `(self.__next_f=...).push([0])` and every row after it. */
function isRscPayload(scriptText: string): boolean {
  return /^\(?self\.__next_f\b/.test(scriptText);
}

/** Replaces by `by` (nothing, or a script that does nothing) the `<script>`s with no attribute (no src, id or type) whose text `pick` picks. */
function replaceBareInlineScripts(html: string, pick: (scriptText: string) => boolean, by: string): string {
  return html.replace(/<script>([\s\S]*?)<\/script>/g, (script, text: string) => (pick(text) ? by : script));
}

export type RewriteName = keyof typeof REWRITES;

export async function startHtmlRewriteProxy(upstream: string, rewrite: HtmlRewrite): Promise<LoopbackProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    // A page uncompressed from the app, so its HTML can be rewritten (gzipped again here); the
    // browser's other requests as it asks, so scripts and styles cross the proxy as compressed as
    // they would come from the app.
    const page = (req.headers["sec-fetch-dest"] ?? "document") === "document";
    const headers = { ...req.headers, host: target.host, ...(page ? { "accept-encoding": "identity" } : {}) };
    const forwarded = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent }, (answer) => {
      if (!page || !String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = gzipSync(rewrite(Buffer.concat(chunks).toString("utf8")));
        const { "content-length": _length, "transfer-encoding": _chunked, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, "content-encoding": "gzip", "content-length": body.length });
        res.end(body);
      });
    });
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  return listenOnLoopback(server, agent);
}
