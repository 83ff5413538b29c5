// Reading request bodies defensively: bytes are counted as they arrive, so a body past the cap
// is refused (413) as soon as it passes it, whatever Content-Length said or whether it was sent
// chunked; a body that trickles in is refused (408) at a deadline. Then a clear 4xx for a body
// of the wrong type or not parseable.
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 16 * 1024;
/** Longest a body may take to arrive: a real form or JSON body takes milliseconds. */
export const BODY_DEADLINE_MS = 10_000;

export type BodyLimits = { maxBytes?: number; deadlineMs?: number };

async function readLimitedText(request: Request, { maxBytes = MAX_BODY_BYTES, deadlineMs = BODY_DEADLINE_MS }: BodyLimits): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError("request_timeout", `The request body must arrive within ${deadlineMs / 1000} s.`)), deadlineMs);
  });
  let text = "";
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    // Stop reading: the rest of the body is not wanted, and the answer goes out now.
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function tooLarge(maxBytes: number) {
  return new ApiError("payload_too_large", `The request body must be at most ${maxBytes / 1024} KB.`);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A JSON body (Content-Type application/json), parsed but not yet validated. */
export async function readJsonBody(request: Request, limits: BodyLimits = {}): Promise<unknown> {
  if (mediaType(request) !== "application/json") {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = await readLimitedText(request, limits);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
}

/** A form body (application/x-www-form-urlencoded) or a JSON object, as string fields. */
export async function readFormOrJsonBody(request: Request, limits: BodyLimits = {}): Promise<unknown> {
  if (mediaType(request) === "application/x-www-form-urlencoded") {
    return Object.fromEntries(new URLSearchParams(await readLimitedText(request, limits)));
  }
  return readJsonBody(request, limits);
}
