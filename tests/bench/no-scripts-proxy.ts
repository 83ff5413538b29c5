// Issue 53's experiment: a proxy on loopback that passes every request to the app, but takes every
// <script> (and every script preload) out of the HTML pages it answers. Audited through it, a
// page's main thread does only the work of its HTML and stylesheet: no framework, no hydration,
// no app code. (Chromium's own switch for scripts also stops Lighthouse's protocol calls.) Not for
// anything but the bench.
import http from "node:http";
import { listenOnLoopback, type LoopbackProxy } from "./loopback-proxy";
import { gzipSync } from "node:zlib";

export type NoScriptsProxy = LoopbackProxy;

export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\bas="script"[^>]*>/g, "");
}

export async function startNoScriptsProxy(upstream: string): Promise<NoScriptsProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    // Uncompressed from the app, so the HTML can be rewritten; gzipped again here.
    const headers = { ...req.headers, host: target.host, "accept-encoding": "identity" };
    const forwarded = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent }, (answer) => {
      if (!String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = gzipSync(withoutScripts(Buffer.concat(chunks).toString("utf8")));
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
