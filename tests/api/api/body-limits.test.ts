// Body caps count bytes as they arrive: a chunked body with no Content-Length is refused (413)
// once it passes the cap, long before it ends, and a body that trickles in is refused (408).
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as comparisonsRoute from "@/app/api/comparisons/route";
import { readJsonBody, MAX_BODY_BYTES } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { SITE, useAuthEnvironment } from "@/tests/helpers/wallet-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const CHUNK = 64 * 1024;
const TOTAL = 4 * 1024 * 1024;

/** A 4 MB body in 64 KB chunks, produced only as the reader asks: `pulled()` is what was read. */
function hugeBody() {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= TOTAL) return controller.close();
      sent += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}

const streamed = (stream: ReadableStream, contentType: string): RequestInit =>
  ({ method: "POST", body: stream, duplex: "half", headers: { "content-type": contentType, origin: SITE } }) as RequestInit;

test("a chunked 4 MB JSON body to /api/comparisons is a 413 after reading one chunk past the cap; nothing is counted", async () => {
  const body = hugeBody();
  const res = await call(comparisonsRoute.POST, "/api/comparisons", streamed(body.stream, "application/json"));
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: { code: "payload_too_large", message: `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.` } });
  expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  expect(await db().pairCount.count()).toBe(0);
});

test("a chunked 4 MB form to the sign-in callback is a 413 the same way; no session is opened", async () => {
  const body = hugeBody();
  const res = await call(nextAuthRoute.POST, "/api/auth/callback/credentials", {
    ...streamed(body.stream, "application/x-www-form-urlencoded"),
    params: { nextauth: ["callback", "credentials"] },
  });
  expect(res.status).toBe(413);
  expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  expect(await db().authSession.count()).toBe(0);
});

test("a declared Content-Length over the cap is refused before any byte is read", async () => {
  const body = hugeBody();
  const request = new Request("http://localhost/api/x", {
    ...streamed(body.stream, "application/json"),
    headers: { "content-type": "application/json", "content-length": String(TOTAL) },
  });
  await expect(readJsonBody(request)).rejects.toMatchObject({ code: "payload_too_large" });
  expect(body.pulled()).toBeLessThanOrEqual(CHUNK); // at most what the stream buffered on its own
});

test("a body that stops arriving is a 408 at the deadline", async () => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"coin1Id":'));
      // ...and nothing more, ever.
    },
  });
  const request = new Request("http://localhost/api/x", streamed(stream, "application/json"));
  const started = Date.now();
  const error = await readJsonBody(request, { deadlineMs: 200 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: "request_timeout", status: 408 });
  expect(Date.now() - started).toBeLessThan(2_000);
});

test("a body under the cap in many small chunks is read whole, multi-byte characters intact", async () => {
  const text = JSON.stringify({ note: "PLS ⚡ ".repeat(500) });
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  });
  await expect(readJsonBody(new Request("http://localhost/api/x", streamed(stream, "application/json")))).resolves.toEqual(JSON.parse(text));
});
