// What every share image must be, checked the same way for the pair and coin images.
import assert from "node:assert/strict";

/** A 200 `image/png` answer whose PNG header says 1200×630, the Open Graph and X card size. */
export async function assertSharePng(res: Response): Promise<void> {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/png");
  const png = Buffer.from(await res.arrayBuffer());
  // The PNG signature, then the IHDR chunk: width and height as big-endian 32-bit numbers.
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.subarray(12, 16).toString("ascii"), "IHDR");
  assert.equal(png.readUInt32BE(16), 1200);
  assert.equal(png.readUInt32BE(20), 630);
}
