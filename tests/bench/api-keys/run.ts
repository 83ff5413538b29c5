// `npm run bench:api-keys`: what checking a request's API key costs (issue 55's goal: at most 1 ms
// at p99 added to a request, with 100,000 keys stored). findLiveApiKey (lib/api-keys/verify.server.ts),
// as the API wrapper calls it for a request that carries `Authorization: Bearer …`, on the app's own
// client (lib/db/get-db.server.ts) against a temporary SQLite file migrated like the tests' (no
// seed), in this process, no server: a live key, a revoked one, an unknown well-formed one and a
// malformed one. The same on a file holding 100 keys gives the ratio: the lookup is one probe of
// the unique hash index, so the figures should match whatever the number of keys.
// Prints p50 / p99 / max per case and size; asserts nothing about time, only that each answer is right.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { generateApiKey, generateApiKeyId, hashApiKey, displayPrefix } from "@/lib/api-keys/key-format";
import { API_KEY_LIMIT } from "@/lib/api-keys/schemas";
import { findLiveApiKey } from "@/lib/api-keys/verify.server";
import { spendOpenQuota } from "@/lib/api/open-quota.server";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { migrateDatabase } from "@/lib/db/migrate";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { median, num, percentile } from "@/tests/bench/stats";

/** Calls per case and size, in ROUNDS rounds that alternate the sizes (so drift hits both alike). */
const CALLS = Number(process.env.API_KEYS_BENCH_CALLS ?? 10_000);
const ROUNDS = 5;
/** Distinct keys of each kind the calls cycle through, so the lookups touch many index pages. */
const SAMPLE = 1000;
const SIZES = [
  { keys: 100_000, wallets: 1_000 },
  { keys: 100, wallets: 5 },
];

type Store = { keys: number; client: PrismaClient; live: string[]; revoked: string[]; ids: Map<string, string>; remove(): void };

/** A migrated file with `keys` keys over `wallets` wallets: API_KEY_LIMIT live per wallet, the rest revoked. */
async function createStore(keys: number, wallets: number): Promise<Store> {
  const dir = mkdtempSync(path.join(tmpdir(), "api-keys-bench-"));
  const url = `file:${path.join(dir, "bench.db")}`;
  await migrateDatabase({ url });
  const client = createPrismaClient({ url });
  const now = Date.now();
  const users = Array.from({ length: wallets }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`);
  await client.$executeRawUnsafe(`INSERT INTO "User" ("address", "createdAt") VALUES ${users.map(() => "(?, ?)").join(", ")}`, ...users.flatMap((address) => [address, sqlDateTime(new Date(now))]));
  const userIds = (await client.user.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((user) => user.id);
  const live: string[] = [];
  const revoked: string[] = [];
  const ids = new Map<string, string>();
  const perWallet = Math.ceil(keys / wallets);
  const rows: unknown[][] = [];
  for (let i = 0; i < keys; i++) {
    const secret = generateApiKey();
    const id = generateApiKeyId();
    const isLive = i % perWallet < API_KEY_LIMIT;
    const created = sqlDateTime(new Date(now - (keys - i) * 1000));
    rows.push([id, userIds[Math.floor(i / perWallet)], `key ${i}`, hashApiKey(secret), displayPrefix(secret), created, isLive ? null : created]);
    (isLive ? live : revoked).push(secret);
    ids.set(secret, id);
  }
  // SQLite takes at most 32,766 variables a statement: 4,000 rows of 7.
  await client.$transaction(async (tx) => {
    for (let at = 0; at < rows.length; at += 4000) {
      const batch = rows.slice(at, at + 4000);
      await tx.$executeRawUnsafe(
        `INSERT INTO "ApiKey" ("id", "userId", "name", "hash", "prefix", "createdAt", "revokedAt") VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        ...batch.flat(),
      );
    }
  }, { timeout: 120_000 });
  await client.$executeRawUnsafe("ANALYZE");
  const stored = await client.apiKey.count();
  if (stored !== keys) throw new Error(`stored ${stored} keys, not ${keys}`);
  // SAMPLE of each kind, evenly over the file (not its first rows).
  return { keys, client, live: spread(live), revoked: spread(revoked), ids, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** SAMPLE of `items`, evenly spaced over them. */
const spread = <T>(items: T[]): T[] => (items.length <= SAMPLE ? items : Array.from({ length: SAMPLE }, (_, i) => items[Math.floor((i * items.length) / SAMPLE)]!));

type Case = {
  name: string;
  tokens: (store: Store) => string[];
  expect: (store: Store, token: string) => { id: string } | null;
  /** What is timed: findLiveApiKey, but for the floor. */
  call?: (store: Store, token: string) => Promise<{ id: string } | null>;
};

const unknownKeys = Array.from({ length: SAMPLE }, () => generateApiKey());
const CASES: Case[] = [
  { name: "live key", tokens: (store) => store.live, expect: (store, token) => ({ id: store.ids.get(token)! }) },
  { name: "revoked key", tokens: (store) => store.revoked, expect: () => null },
  { name: "unknown key (well-formed)", tokens: () => unknownKeys, expect: () => null },
  // A key with its last character changed to one no key ends in: refused by the pattern.
  { name: "malformed token", tokens: () => unknownKeys.map((key) => `${key.slice(0, -1)}B`), expect: () => null },
  // The whole check a request of the open API goes through (lib/api/open-quota.server.ts): without
  // a key, only the IP's count in the rate-limit store (memory here), no database read; with a live
  // key, the lookup and the key's count. Each from its own address or key, well inside the quotas.
  {
    name: "quota: no key",
    tokens: () => Array.from({ length: SAMPLE }, (_, i) => `198.51.${Math.floor(i / 250)}.${i % 250}`),
    expect: () => ({ id: "counted" }),
    call: async (_store, ip) => counted(await spendOpenQuota(new Request("http://127.0.0.1/api/pairs/plsx/hex", { headers: { "X-Forwarded-For": ip } }))),
  },
  {
    name: "quota: live key",
    tokens: (store) => store.live,
    expect: () => ({ id: "counted" }),
    call: async (_store, key) => counted(await spendOpenQuota(new Request("http://127.0.0.1/api/pairs/plsx/hex", { headers: { Authorization: `Bearer ${key}` } }))),
  },
  // The floor: the same client reading one row of a tiny table by its primary key, nothing to do
  // with keys. What a database read through Prisma costs at best on this machine.
  {
    name: "floor: a User by id",
    tokens: () => ["1"],
    expect: () => ({ id: "1" }),
    call: async (store) => {
      const user = await store.client.user.findUnique({ where: { id: 1 }, select: { id: true } });
      return user && { id: String(user.id) };
    },
  },
];

/** A call the quota counted says so in its RateLimit field. */
const counted = (headers: Record<string, string>) => (headers.RateLimit ? { id: "counted" } : null);

/** Garbage collections while measuring (start and end, ms on performance.now()'s clock): a slow call during one waited for it. */
const collections: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ entryTypes: ["gc"] });
/** Calls over 1 ms (start, end), to tell apart those a collection paused from the others. */
const slowCalls: { case: string; keys: number; start: number; end: number }[] = [];

/** The app's client is the one on globalThis (lib/db/get-db.server.ts): point findLiveApiKey at `store`. */
const use = (store: Store) => void ((globalThis as { prisma?: PrismaClient }).prisma = store.client);

async function timeCalls(store: Store, check: Case, calls: number, record = true): Promise<number[]> {
  use(store);
  const tokens = check.tokens(store);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const token = tokens[i % tokens.length]!;
    const start = performance.now();
    const found = await (check.call ? check.call(store, token) : findLiveApiKey(token));
    const end = performance.now();
    times.push(end - start);
    if (end - start > 1 && record) slowCalls.push({ case: check.name, keys: store.keys, start, end });
    const expected = check.expect(store, token);
    if (found?.id !== expected?.id) throw new Error(`${check.name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(found)}`);
  }
  return times;
}

console.log(`API key check bench: findLiveApiKey on the app's Prisma client (libSQL, local SQLite file), ${CALLS} calls per case and size in ${ROUNDS} rounds`);
const stores: Store[] = [];
try {
  for (const { keys, wallets } of SIZES) {
    const started = performance.now();
    const store = await createStore(keys, wallets);
    stores.push(store);
    console.log(`  ${keys.toLocaleString("en-US")} keys of ${wallets.toLocaleString("en-US")} wallets (${store.live.length} live and ${store.revoked.length} revoked kept to call) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Warm the JIT, the query compiler's cache and each file's pages.
  for (const store of stores) for (const check of CASES) await timeCalls(store, check, 500, false);

  const times = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const store of round % 2 ? [...stores].reverse() : stores) {
      for (const check of CASES) {
        const key = `${store.keys}|${check.name}`;
        times.set(key, [...(times.get(key) ?? []), ...(await timeCalls(store, check, Math.ceil(CALLS / ROUNDS)))]);
      }
    }
  }

  console.log("");
  console.log(`${"case".padEnd(28)}${"keys".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"max ms".padStart(9)}`);
  for (const check of CASES) {
    for (const store of stores) {
      const t = times.get(`${store.keys}|${check.name}`)!;
      console.log(`${check.name.padEnd(28)}${store.keys.toLocaleString("en-US").padStart(9)}${num(median(t), 3, 9)}${num(percentile(t, 99), 3, 9)}${num(Math.max(...t), 3, 9)}`);
    }
  }
  console.log("");
  for (const check of CASES) {
    const [big, small] = stores.map((store) => times.get(`${store.keys}|${check.name}`)!);
    console.log(`${check.name}: p50 at ${stores[0]!.keys.toLocaleString("en-US")} keys / at ${stores[1]!.keys} keys = ${(median(big!) / median(small!)).toFixed(2)}, p99 ${(percentile(big!, 99) / percentile(small!, 99)).toFixed(2)}`);
  }
  const paused = slowCalls.filter((call) => collections.some((gc) => gc.start < call.end && gc.end > call.start));
  console.log(`\nCalls over 1 ms: ${slowCalls.length} of ${CASES.length * stores.length * CALLS}; ${paused.length} of them overlapped a garbage collection.`);
  const at = (name: string) => times.get(`${stores[0]!.keys}|${name}`)!;
  console.log(
    `\nA request's whole quota check at ${stores[0]!.keys.toLocaleString("en-US")} keys: with a live key p50 ${median(at("quota: live key")).toFixed(3)} ms, p99 ${percentile(at("quota: live key"), 99).toFixed(3)} ms; ` +
      `without one p50 ${median(at("quota: no key")).toFixed(3)} ms, p99 ${percentile(at("quota: no key"), 99).toFixed(3)} ms (no database read).`,
  );
  const worst = Math.max(...CASES.filter((check) => !check.call).map((check) => percentile(times.get(`${stores[0]!.keys}|${check.name}`)!, 99)));
  console.log(`\nGoal: at most 1 ms p99 added to a request with 100,000 keys stored; worst case here ${worst.toFixed(3)} ms.`);
} finally {
  for (const store of stores) {
    await store.client.$disconnect();
    store.remove();
  }
}
