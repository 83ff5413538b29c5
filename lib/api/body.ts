// Reading request bodies defensively: a size cap before parsing, and a clear 4xx for a body
// that is too big, of the wrong type or not parseable.
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 16 * 1024;

async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await request.text();
  if (new TextEncoder().encode(text).length > maxBytes) throw tooLarge(maxBytes);
  return text;
}

function tooLarge(maxBytes: number) {
  return new ApiError(413, "payload_too_large", `The request body must be at most ${maxBytes / 1024} KB.`);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A JSON body (Content-Type application/json), parsed but not yet validated. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (mediaType(request) !== "application/json") {
    throw new ApiError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = await readLimitedText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "bad_request", "The request body is not valid JSON.");
  }
}

/** A form body (application/x-www-form-urlencoded) or a JSON object, as string fields. */
export async function readFormOrJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (mediaType(request) === "application/x-www-form-urlencoded") {
    return Object.fromEntries(new URLSearchParams(await readLimitedText(request, maxBytes)));
  }
  return readJsonBody(request, maxBytes);
}
