// Issue 14's mixed load: 60 s at 50 connections of what a busy site sees at once. Public reads,
// signed-in users adding and removing watched coins and saved comparisons, anonymous comparison
// counts, and sign-ins, from hundreds of clients (each its own IP, told to the server through
// X-Forwarded-For, which it believes from loopback: TRUST_PROXY=loopback). Some clients are
// greedy on purpose, so the rate limits have something to refuse.
//
// Afterwards it checks, and prints:
//   - no 5xx;
//   - no lost or doubled write: each signed-in user is driven by one connection at a time, so
//     its answers say exactly what its lists must hold; the database is compared with that, and
//     the counted comparisons and opened sessions with the 204s and 200s that announced them;
//   - 429s where they should be and nowhere else: a refusal is right only when some rule of its
//     bucket had seen more than its points from that key within the rule's window;
//   - the server's memory a quiet minute after the run against a quiet minute after the warm-up.
import { readFileSync, readdirSync } from "node:fs";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createPrismaClient } from "@/lib/db/create-client";
import { RATE_LIMIT_BUCKETS, comparisonPairKey, type RateLimitRule } from "@/lib/security/rate-limit-buckets";
import type { App } from "@/tests/browser/harness";
import { attemptSignIn } from "./sign-in";
import { sleep } from "./stats";

export const MIXED_LOAD = { seconds: 60, connections: 50 } as const;

type Bucket = keyof typeof RATE_LIMIT_BUCKETS;
type Outcome = { bucket?: Bucket; ip: string; address?: string; pair?: string; sentAt: number; answeredAt: number; status: number };

const SIGNED_IN_USERS = 20;
/** Seconds of the same mix before the run, from other clients and users: every route hot. */
const WARM_UP_SECONDS = 30;
/**
 * Memory is read after this long without load, both before the run (after the warm-up) and
 * after it: by then the rate limiter's 60 s windows (its keys, per client) have run out and V8
 * has given back the load's garbage. Read 5 s after a load, the same process was 1.4x larger.
 */
const QUIET_MS = 65_000;
const ANONYMOUS_CLIENTS = 300;
/** Clients that count comparisons and sign in far more than a person does. */
const GREEDY_CLIENTS = 3;

const READS = ["/", "/compare/hex/btc", "/api/cryptocurrencies", "/api/cryptocurrencies?ids=pls,hex", "/api/trending/top-gainers", "/api/trending/most-compared", "/api/comparisons/featured"];

type User = { ip: string; cookie: string; address: string; watched: Set<string>; saved: Map<string, number>; busy: boolean };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const clientIp = (ipBase: string, i: number) => `${ipBase}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** The whole wallet sign-in over HTTP from `ip`, its nonce and callback recorded in `outcomes`. */
async function signIn(baseUrl: string, ip: string, outcomes: Outcome[]): Promise<{ cookie: string; address: string } | null> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const attempt = await attemptSignIn(baseUrl, {
    key,
    headers: { "X-Forwarded-For": ip },
    onAnswer: (step, sentAt, status) =>
      outcomes.push(
        step === "nonce"
          ? { bucket: "nonce", ip, sentAt, answeredAt: performance.now(), status }
          : { bucket: "sign-in", ip, address: address.toLowerCase(), sentAt, answeredAt: performance.now(), status },
      ),
  });
  return attempt.cookie ? { cookie: attempt.cookie, address } : null;
}

/** Resident memory of the server and its children (next start runs the app in a child process). */
function residentBytes(pid: number): number {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
      const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, "utf8").trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    }
  }
  return tree.reduce((sum, id) => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"));
    return sum + Number(match?.[1] ?? 0) * 1024;
  }, 0);
}

export type MixedLoadReport = {
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  writes: { watchlist: string; saved: string; counts: string; sessions: string; problems: string[] };
  limits: { refused: Record<string, number>; wrongRefusals: string[] };
  memory: { beforeMb: number; afterMb: number; ratio: number };
};

async function signInUsers(baseUrl: string, count: number, ipBase: string): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < count; i++) {
    const ip = `${ipBase}.${i + 1}`;
    const session = await signIn(baseUrl, ip, []);
    if (!session) throw new Error("bench: a signed-in user for the mixed load could not sign in");
    users.push({ ip, cookie: session.cookie, address: session.address, watched: new Set(), saved: new Map(), busy: false });
  }
  return users;
}

type Drive = { seconds: number; users: User[]; ids: string[]; pairs: (readonly [string, string])[]; ipBase: string; outcomes: Outcome[] };

/** MIXED_LOAD.connections connections, each sending one request after another until the time is up. */
async function drive(baseUrl: string, { seconds, users, ids, pairs, ipBase, outcomes }: Drive): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  // Ordinary visitors (clients 1..), and a few greedy ones (clients 9000..) that count and sign
  // in far more than a person does.
  const visitor = () => clientIp(ipBase, Math.floor(Math.random() * ANONYMOUS_CLIENTS));
  const greedy = (index: number) => clientIp(ipBase, 9000 + (index % GREEDY_CLIENTS));

  async function timed(bucket: Bucket | undefined, ip: string, extra: Partial<Outcome>, send: () => Promise<Response>): Promise<Response> {
    const sentAt = performance.now();
    const res = await send();
    await res.arrayBuffer().catch(() => {});
    outcomes.push({ bucket, ip, sentAt, answeredAt: performance.now(), status: res.status, ...extra });
    return res;
  }

  async function userWrite(user: User): Promise<void> {
    const headers = { Cookie: user.cookie, Origin: baseUrl, "Content-Type": "application/json", "X-Forwarded-For": user.ip };
    const keys = { address: user.address.toLowerCase() };
    const roll = Math.random();
    if (roll < 0.35) {
      const coinId = pick(ids);
      const res = await timed("account-write", user.ip, keys, () => fetch(`${baseUrl}/api/watchlist`, { method: "POST", headers, body: JSON.stringify({ coinId }) }));
      if (res.status === 201 || res.status === 200) user.watched.add(coinId);
    } else if (roll < 0.5) {
      const coinId = pick(ids);
      const res = await timed("account-write", user.ip, keys, () => fetch(`${baseUrl}/api/watchlist/${coinId}`, { method: "DELETE", headers }));
      if (res.status === 204 || res.status === 404) user.watched.delete(coinId);
    } else if (roll < 0.85) {
      const [coin1Id, coin2Id] = pick(pairs);
      // Not through timed(): the answer's body holds the new row's id.
      const sentAt = performance.now();
      const res = await fetch(`${baseUrl}/api/saved-comparisons`, { method: "POST", headers, body: JSON.stringify({ coin1Id, coin2Id }) });
      outcomes.push({ bucket: "account-write", ip: user.ip, sentAt, answeredAt: performance.now(), status: res.status, ...keys });
      if (res.status === 201 || res.status === 200) user.saved.set(`${coin1Id}/${coin2Id}`, ((await res.json()) as { id: number }).id);
      else await res.arrayBuffer();
    } else if (user.saved.size > 0) {
      const [key, id] = pick([...user.saved.entries()]);
      const res = await timed("account-write", user.ip, keys, () => fetch(`${baseUrl}/api/saved-comparisons/${id}`, { method: "DELETE", headers }));
      if (res.status === 204 || res.status === 404) user.saved.delete(key);
    }
  }

  async function count(ip: string): Promise<void> {
    const [coin1Id, coin2Id] = pick(pairs);
    await timed("comparison-count", ip, { pair: comparisonPairKey(coin1Id, coin2Id) }, () =>
      fetch(`${baseUrl}/api/comparisons`, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/json", "X-Forwarded-For": ip },
        body: JSON.stringify({ coin1Id, coin2Id }),
      }),
    );
  }

  async function connection(index: number): Promise<void> {
    while (performance.now() < deadline) {
      const roll = Math.random();
      const free = users.filter((user) => !user.busy);
      if (roll < 0.6) {
        const ip = visitor();
        await timed(undefined, ip, {}, () => fetch(`${baseUrl}${pick(READS)}`, { headers: { "X-Forwarded-For": ip } }));
      } else if (roll < 0.8 && free.length > 0) {
        const user = pick(free);
        user.busy = true;
        try {
          await userWrite(user);
        } finally {
          user.busy = false;
        }
      } else if (roll < 0.93) {
        await count(Math.random() < 0.3 ? greedy(index) : visitor());
      } else {
        await signIn(baseUrl, Math.random() < 0.5 ? greedy(index) : visitor(), outcomes);
      }
    }
  }

  await Promise.all(
    Array.from({ length: MIXED_LOAD.connections }, (_, i) =>
      connection(i).catch((error: unknown) => {
        console.error("# mixed load: a connection failed", error);
        outcomes.push({ ip: "?", sentAt: 0, answeredAt: 0, status: -1 });
      }),
    ),
  );
}

export async function mixedLoad(app: App): Promise<MixedLoadReport> {
  const serverPid = app.pid;
  const { baseUrl } = app;
  const db = createPrismaClient({ url: app.databaseUrl });
  const outcomes: Outcome[] = [];
  try {
    const ids = ((await (await fetch(`${baseUrl}/api/cryptocurrencies?per_page=16`)).json()) as { id: string }[]).map((coin) => coin.id);
    const pairs = ids.flatMap((a) => ids.filter((b) => b !== a).map((b) => [a, b] as const));

    const users = await signInUsers(baseUrl, SIGNED_IN_USERS, "10.1.0");
    // Warm: every route hot and the server's memory at its working size, from other clients and
    // users than the measured run's (their writes are not counted), then a quiet moment.
    const warmUsers = await signInUsers(baseUrl, 5, "10.50.0");
    await drive(baseUrl, { seconds: WARM_UP_SECONDS, users: warmUsers, ids, pairs, ipBase: "10.51", outcomes: [] });
    await sleep(QUIET_MS);
    const countsBefore = new Map((await db.pairCount.findMany()).map((row) => [comparisonPairKey(row.coin1Id, row.coin2Id), row.comparisons]));
    const sessionsBefore = await db.authSession.count();
    const before = residentBytes(serverPid);

    const started = performance.now();
    await drive(baseUrl, { seconds: MIXED_LOAD.seconds, users, ids, pairs, ipBase: "10.2", outcomes });
    const seconds = (performance.now() - started) / 1000;

    // The database against what the answers announced.
    const problems: string[] = [];
    let watchRows = 0;
    let savedRows = 0;
    for (const user of users) {
      const row = await db.user.findUniqueOrThrow({ where: { address: user.address }, include: { watchlist: true, savedComparisons: true } });
      watchRows += row.watchlist.length;
      savedRows += row.savedComparisons.length;
      const watched = row.watchlist.map((entry) => entry.coinId).sort();
      if (JSON.stringify(watched) !== JSON.stringify([...user.watched].sort())) problems.push(`watchlist of ${user.address}: ${watched} vs answered ${[...user.watched].sort()}`);
      const saved = row.savedComparisons.map((s) => `${s.coin1Id}/${s.coin2Id}`).sort();
      if (JSON.stringify(saved) !== JSON.stringify([...user.saved.keys()].sort())) problems.push(`saved of ${user.address}: ${saved} vs answered ${[...user.saved.keys()].sort()}`);
    }
    const counted = new Map<string, number>();
    for (const o of outcomes) if (o.bucket === "comparison-count" && o.status === 204) counted.set(o.pair!, (counted.get(o.pair!) ?? 0) + 1);
    let countsOk = 0;
    for (const row of await db.pairCount.findMany()) {
      const key = comparisonPairKey(row.coin1Id, row.coin2Id);
      const delta = row.comparisons - (countsBefore.get(key) ?? 0);
      if (delta !== (counted.get(key) ?? 0)) problems.push(`pair ${key}: ${delta} counted in the database, ${counted.get(key) ?? 0} answered 204`);
      else countsOk += delta;
    }
    const signIns = outcomes.filter((o) => o.bucket === "sign-in" && o.status === 200).length;
    const sessions = (await db.authSession.count()) - sessionsBefore;
    if (sessions !== signIns) problems.push(`${sessions} sessions opened, ${signIns} sign-ins answered 200`);

    // Each 429 against the rules of its bucket.
    const refused: Record<string, number> = {};
    const wrongRefusals: string[] = [];
    const keyOf = (o: Outcome, rule: RateLimitRule) => (rule.key === "ip" ? o.ip : rule.key === "address" ? o.address : `${o.ip} ${o.pair}`);
    for (const o of outcomes) {
      if (o.status !== 429 || !o.bucket) continue;
      refused[o.bucket] = (refused[o.bucket] ?? 0) + 1;
      const rules = RATE_LIMIT_BUCKETS[o.bucket].rules as readonly RateLimitRule[];
      const earned = rules.some((rule) => {
        const key = keyOf(o, rule);
        if (key === undefined) return false;
        const from = o.sentAt - rule.durationSeconds * 1000 - 1000;
        const seen = outcomes.filter((other) => other.bucket === o.bucket && keyOf(other, rule) === key && other.sentAt >= from && other.sentAt <= o.answeredAt).length;
        return seen > rule.points;
      });
      if (!earned) wrongRefusals.push(`${o.bucket} ${o.ip} ${o.address ?? ""} ${o.pair ?? ""}`.trim());
    }

    await sleep(QUIET_MS);
    const after = residentBytes(serverPid);
    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    return {
      requests: outcomes.length,
      seconds,
      byStatus,
      serverErrors: outcomes.filter((o) => o.status >= 500 || o.status < 0).length,
      writes: {
        watchlist: `${watchRows} rows for ${SIGNED_IN_USERS} users`,
        saved: `${savedRows} rows`,
        counts: `${countsOk} counts`,
        sessions: `${sessions} sessions`,
        problems,
      },
      limits: { refused, wrongRefusals },
      memory: { beforeMb: before / 2 ** 20, afterMb: after / 2 ** 20, ratio: after / before },
    };
  } finally {
    await db.$disconnect();
  }
}

export function printMixedLoad(report: MixedLoadReport): void {
  console.log(`\nMixed load (${MIXED_LOAD.seconds} s at ${MIXED_LOAD.connections} connections): ${report.requests} requests in ${report.seconds.toFixed(1)} s`);
  console.log(`  answers by status: ${JSON.stringify(report.byStatus)}`);
  console.log(`  writes: ${report.writes.watchlist}, ${report.writes.saved}, ${report.writes.counts}, ${report.writes.sessions}; problems: ${report.writes.problems.length ? report.writes.problems.join("; ") : "none"}`);
  console.log(`  429s by bucket: ${JSON.stringify(report.limits.refused)}; refused under budget: ${report.limits.wrongRefusals.length}`);
  console.log(`  server memory: ${report.memory.beforeMb.toFixed(0)} MB before, ${report.memory.afterMb.toFixed(0)} MB after (each read ${QUIET_MS / 1000} s after a load; ${report.memory.ratio.toFixed(2)}×)`);
}
