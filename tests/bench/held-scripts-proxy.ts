// Issue 41's experiment: a proxy on loopback that passes every request to the app byte for byte,
// but holds the body of each script of /_next/static for `holdMs` before sending it. Audited through it, a
// page shows what Lighthouse's simulated LCP would be if no script finished before the first paint
// it observes (its model counts every script that did). Not for anything but the bench.
import http from "node:http";
import { listenOnLoopback, type LoopbackProxy } from "./loopback-proxy";

export type HeldScriptsProxy = LoopbackProxy;

export async function startHeldScriptsProxy(upstream: string, holdMs: number): Promise<HeldScriptsProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const hold = /^\/_next\/static\/.*\.js(\?|$)/.test(req.url ?? "") ? holdMs : 0;
    const forwarded = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        // The headers go at once and only the body is held: Lighthouse estimates the server's
        // response time from each request's time to first byte, and a held first byte made it
        // read the whole origin as 400 ms slow (FCP 1.57 s on pages with few other requests).
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        if (hold === 0) return void answer.pipe(res);
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => setTimeout(() => res.end(Buffer.concat(chunks)), hold));
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  return listenOnLoopback(server, agent);
}
