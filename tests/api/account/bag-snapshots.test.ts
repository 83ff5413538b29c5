// The bag-snapshot endpoints end to end: real route handlers, a real seeded SQLite file, sessions
// from real SIWE sign-ins with real keys. A snapshot is a date and two totals, scoped to its user.
// Who may call them: tests/api/api/route-access.test.ts.
import * as list from "@/app/api/bag-snapshots/route";
import * as one from "@/app/api/bag-snapshots/[id]/route";
import { saveBagSnapshot } from "@/lib/account/bag-snapshots.server";
import { bagSnapshotListSchema, bagSnapshotSchema } from "@/lib/account/schemas";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const save = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(list.POST, "/api/bag-snapshots", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/bag-snapshots");
const remove = (user: SignedIn, id: string | number, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/bag-snapshots/${encodeURIComponent(String(id))}`, { method: "DELETE", headers, params: { id: String(id) } });
const rows = () => db().bagSnapshot.count();

test("save (201), the same totals again within the minute (200, the same row), list newest first, remove (204, then 404)", async () => {
  const user = await signIn();
  const first = await save(user, { totalToday: 4047.5015, totalAtHighs: 26103.2167857 });
  expect(first.status).toBe(201);
  const snapshot = bagSnapshotSchema.parse(first.body);
  expect(snapshot).toEqual({ id: expect.any(Number), takenAt: expect.any(String), totalToday: 4047.5015, totalAtHighs: 26103.2167857 });
  // Only the totals are stored: no balance, token or address column exists to hold one.
  expect(Object.keys((await db().bagSnapshot.findFirstOrThrow())).sort()).toEqual(["fingerprint", "id", "takenAt", "totalAtHighs", "totalToday", "userId"]);

  const again = await save(user, { totalToday: 4047.5015, totalAtHighs: 26103.2167857 });
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  const other = await save(user, { totalToday: 5000, totalAtHighs: 30000 });
  expect(other.status).toBe(201);

  const listed = await get(user);
  expect(listed.status).toBe(200);
  expect(listed.headers.get("cache-control")).toMatch(/private/);
  const snapshots = bagSnapshotListSchema.parse(listed.body);
  expect(snapshots.map((s) => s.totalToday)).toEqual([5000, 4047.5015]);

  expect((await remove(user, snapshot.id)).status).toBe(204);
  expect((await remove(user, snapshot.id)).status).toBe(404);
  expect(bagSnapshotListSchema.parse((await get(user)).body)).toHaveLength(1);
});

test("20 concurrent identical saves make one snapshot", async () => {
  const user = await signIn();
  const at = new Date("2026-11-25T07:00:30Z");
  const results = await Promise.all(Array.from({ length: 20 }, () => saveBagSnapshot(db(), user.userId, { totalToday: 10, totalAtHighs: 20 }, at)));
  expect(results.filter((result) => result.created)).toHaveLength(1);
  expect(new Set(results.map((result) => result.snapshot.id)).size).toBe(1);
  expect(await db().bagSnapshot.count({ where: { userId: user.userId } })).toBe(1);
  // The next minute is a new snapshot.
  await saveBagSnapshot(db(), user.userId, { totalToday: 10, totalAtHighs: 20 }, new Date("2026-11-25T07:01:00Z"));
  expect(await db().bagSnapshot.count({ where: { userId: user.userId } })).toBe(2);
});

test("one user's snapshots are invisible and untouchable to another", async () => {
  const owner = await signIn();
  const stranger = await signIn();
  const mine = bagSnapshotSchema.parse((await save(owner, { totalToday: 1, totalAtHighs: 1 })).body);
  expect(bagSnapshotListSchema.parse((await get(stranger)).body)).toEqual([]);
  const res = await remove(stranger, mine.id);
  expect(res.status).toBe(404);
  expect(errorOf(res)).toEqual({ code: "not_found", message: `You have no bag snapshot with id "${mine.id}".` });
  expect(bagSnapshotListSchema.parse((await get(owner)).body)).toEqual([mine]);
});

describe("bad requests are 4xx JSON that say why, and write nothing", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signIn();
  });
  const ok = '{"totalToday":1,"totalAtHighs":2}';

  test.each([
    ["malformed JSON", 400, "bad_request", '{"totalToday":1,', JSON_WRITE, /not valid JSON/],
    ["a missing total", 400, "bad_request", { totalToday: 1 }, JSON_WRITE, /totalAtHighs/],
    ["a total as text", 400, "bad_request", { totalToday: "1", totalAtHighs: 2 }, JSON_WRITE, /totalToday.*expected number/],
    ["a negative total", 400, "bad_request", { totalToday: -1, totalAtHighs: 2 }, JSON_WRITE, /totalToday/],
    ["a total over $1e18", 400, "bad_request", { totalToday: 1, totalAtHighs: 2e18 }, JSON_WRITE, /totalAtHighs/],
    ["balances sent along", 400, "bad_request", { totalToday: 1, totalAtHighs: 2, balances: { hex: 5 } }, JSON_WRITE, /Unrecognized key.*balances/],
    ["an address sent along", 400, "bad_request", { totalToday: 1, totalAtHighs: 2, address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }, JSON_WRITE, /Unrecognized key.*address/],
    ["a body over 16 KB", 413, "payload_too_large", `{"totalToday":1,"totalAtHighs":2,"pad":"${"x".repeat(17_000)}"}`, JSON_WRITE, /16 KB/],
    ["Content-Type text/plain", 415, "unsupported_media_type", ok, { ...SAME_SITE, "content-type": "text/plain" }, /application\/json/],
    ["a total at highs below today's", 422, "inconsistent_totals", { totalToday: 5, totalAtHighs: 4 }, JSON_WRITE, /totalAtHighs cannot be below totalToday/],
  ] as const)("%s: %i %s", async (_name, status, code, body, headers, message) => {
    const before = await rows();
    const res = await save(user, body, headers);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(errorOf(res)).toEqual({ code, message: expect.stringMatching(message) });
    expect(await rows()).toBe(before);
  });

  test.each([["abc"], ["0"], ["-1"], ["1.5"], ["99999999999999999999"]])("DELETE /api/bag-snapshots/%s is 404 JSON", async (id) => {
    const res = await remove(user, id);
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe("not_found");
  });
});
