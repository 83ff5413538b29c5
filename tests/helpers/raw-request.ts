// One HTTP request exactly as given (fetch refuses TRACE and normalises paths such as "//x"), on a
// connection of its own: status, headers and the body as sent (bytes, and as text).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer; text: string };

/**
 * `target` as a URL, or as host, port and path: a path given so is sent byte for byte ("/\\x"),
 * where the URL parser would turn a backslash into a slash.
 */
export function rawRequest(
  target: string | { host: string; port: number; path: string },
  method: string,
  { headers, body }: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const options = { method, agent: false, headers };
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes, text: bytes.toString("utf8") });
      });
    };
    const req = typeof target === "string" ? httpRequest(target, options, onAnswer) : httpRequest({ ...target, ...options }, onAnswer);
    req.on("error", reject);
    req.end(body);
  });
}
