// One request the way the load generator sends it (Accept-Encoding: gzip), answered with both
// sizes: what crossed the wire and the decoded body. fetch() cannot give the wire size, because
// it decompresses out of sight.
import http from "node:http";
import { gunzipSync } from "node:zlib";

export type BenchRequest = { path: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

export type RawResponse = {
  status: number;
  contentType: string;
  contentEncoding: string | null;
  /** Bytes of the body as sent (gzip when the server compressed it). */
  wireBytes: number;
  /** The decoded body. */
  body: Buffer;
  ms: number;
};

export const GZIP_HEADERS = { "Accept-Encoding": "gzip" } as const;

export function request(baseUrl: string, req: BenchRequest): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(req.path, baseUrl),
      { method: req.method ?? "GET", headers: { ...GZIP_HEADERS, ...req.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"] ?? null;
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers["content-type"] ?? "",
            contentEncoding: encoding,
            wireBytes: wire.length,
            body: encoding === "gzip" ? gunzipSync(wire) : wire,
            ms: performance.now() - started,
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}
