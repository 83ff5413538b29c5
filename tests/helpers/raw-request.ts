// One HTTP request exactly as given (fetch refuses TRACE and normalises paths such as "//x"), on a
// connection of its own: status, headers and body as text.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; text: string };

/**
 * `target` as a URL, or as host, port and path: a path given so is sent byte for byte ("/\\x"),
 * where the URL parser would turn a backslash into a slash.
 */
export function rawRequest(target: string | { host: string; port: number; path: string }, method: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const options = { method, agent: false };
    const onAnswer = (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    };
    const req = typeof target === "string" ? httpRequest(target, options, onAnswer) : httpRequest({ ...target, ...options }, onAnswer);
    req.on("error", reject);
    req.end();
  });
}
