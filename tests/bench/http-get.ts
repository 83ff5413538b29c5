// One request the way the load generator sends it (Accept-Encoding: gzip), answered with both
// sizes: what crossed the wire and the decoded body. fetch() cannot give the wire size, because
// it decompresses out of sight.
import http from "node:http";
import { gunzipSync } from "node:zlib";

export type BenchRequest = { path: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  contentEncoding: string | null;
  /** Bytes of the body as sent (gzip when the server compressed it), and how many. */
  wire: Buffer;
  wireBytes: number;
  /** The decoded body. */
  body: Buffer;
  ms: number;
};

export const GZIP_HEADERS = { "Accept-Encoding": "gzip" } as const;

/**
 * How the request travels: the connection pool (`false`: a connection of its own), the local
 * address it leaves from, and how long it may take (none by default).
 */
export type Transport = { agent?: http.Agent | false; localAddress?: string; timeoutMs?: number };

export function request(baseUrl: string, req: BenchRequest, transport: Transport = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(req.path, baseUrl),
      { method: req.method ?? "GET", headers: { ...GZIP_HEADERS, ...req.headers }, agent: transport.agent, localAddress: transport.localAddress, timeout: transport.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"] ?? null;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            contentType: res.headers["content-type"] ?? "",
            contentEncoding: encoding,
            wire,
            wireBytes: wire.length,
            body: encoding === "gzip" ? gunzipSync(wire) : wire,
            ms: performance.now() - started,
          });
        });
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}
