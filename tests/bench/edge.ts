// `npm run bench:edge`: the edge (nginx, deploy/nginx/) in front of two standalone servers on one
// database, as a Node host runs them (issue 42). It asserts nothing and prints:
//   1. what the app's responses say to a cache (Cache-Control) and whether the edge stores them;
//   2. cached responses through the edge beside a file of the same bytes served by the same nginx
//      (requests/s, median of 3 runs each; goal: ratio >= 0.9), at 62 and at 5,062 coins, and the
//      embeddable cards' first load on the wire (issue 54; goal <= 30 KB, nothing from another origin);
//   3. failover: 20 clients GETting mixed paths for 10 s, one instance SIGKILLed 3 s in (goal: 0 failed);
//   4. drain: 20 clients on a new connection per request for 10 s, one instance SIGTERMed 3 s in
//      (goal: 0 failed; the instance's exit is printed).
// SKIP_BUILD=1 reuses the last build. The 5,062-coin database has no price history (the measured
// responses do not read it), so it takes seconds instead of a minute to make.
import http from "node:http";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { standaloneDir } from "@/scripts/standalone-assets";
import { BUILD_SECURITY_ENV, startApp, type App } from "@/tests/browser/harness";
import { startEdge, type Edge } from "@/tests/helpers/edge";
import { waitForServedData } from "./fresh-data";
import { request } from "./http-get";
import { load } from "./load";
import { kb, median, ratio, sleep } from "./stats";
import { createSyntheticDatabase } from "./synthetic-coins";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RUNS = 3;
const CACHED_PATHS = ["/api/cryptocurrencies", "/", "/compare/hex/btc", "/embed/hex/btc", "/embed/hex/btc/card.png"] as const;
/** The embeddable cards (issue 54), whose first load is weighed whole: the document and what it fetches. */
const CARD_PATHS = ["/embed/hex/btc", "/embed/hex/btc/ladder", "/embed/hex", "/embed/hex/btc?theme=light&hold=1.5m"] as const;
/** Failover and drain: cached paths, and ones every request of which reaches an instance. */
const MIXED_PATHS = ["/", "/compare/hex/btc", "/api/cryptocurrencies", "/api/health/live", "/api/health/live", "/api/cryptocurrencies?ids=pls,hex"] as const;
const CLIENTS = 20;
const HAMMER_MS = 10_000;
const SIGNAL_AT_MS = 3_000;
/** The instances trust the edge (127.0.0.1) for X-Forwarded-For. */
const APP_ENV = { TRUST_PROXY: "loopback" };

/** One GET through the edge, as the load generator sends it (gzip), on a connection of its own unless `agent` is given. */
const get = (edge: Edge, urlPath: string, options: { agent?: http.Agent; close?: boolean; localAddress?: string } = {}) =>
  request(edge.baseUrl, { path: urlPath, headers: options.close ? { Connection: "close" } : {} }, { agent: options.agent ?? false, localAddress: options.localAddress, timeoutMs: 15_000 });

/** Two instances of the build on one database, waited for until each serves that database's data. */
async function startInstances(databaseUrl: string | undefined, synthetic: boolean): Promise<[App, App]> {
  const first = await startApp({ databaseUrl, build: databaseUrl === undefined && process.env.SKIP_BUILD !== "1", env: APP_ENV });
  const second = await startApp({ databaseUrl: first.databaseUrl, build: false, env: APP_ENV }).catch(async (error) => {
    await first.stop();
    throw error;
  });
  for (const app of [first, second]) await waitForServedData(app.baseUrl, synthetic, []);
  return [first, second];
}

const edgeFor = (apps: App[]) =>
  startEdge({ upstreams: apps.map((app) => app.baseUrl), env: BUILD_SECURITY_ENV, nextStaticDir: path.join(standaloneDir(ROOT), ".next/static") });

/** 1. What the app sends, and what the edge makes of it: the first GET through a fresh edge, then the second. */
async function printCaching(edge: Edge, paths: readonly string[]): Promise<void> {
  console.log("\nCache-Control from the app, and X-Cache-Status on the 1st and 2nd GET through the edge");
  for (const urlPath of [...paths, "/api/watchlist", "/api/auth/csrf", "/api/health/live"]) {
    const [first, second] = [await get(edge, urlPath), await get(edge, urlPath)];
    const cookie = second.headers["set-cookie"] ? ", sets a cookie" : "";
    console.log(
      `  ${urlPath.padEnd(24)} ${String(second.status).padEnd(4)} ${String(second.headers["cache-control"] ?? "-").padEnd(58)}${cookie.padEnd(16)}` +
        ` ${first.headers["x-cache-status"] ?? "-"} -> ${second.headers["x-cache-status"] ?? "-"}`,
    );
  }
}

type RatioRow = { name: string; bytes: number; wireBytes: number; route: number[]; twin: number[] };

/**
 * 2. A cached response beside its twin: the same bytes as a file in the edge's files/ (the gzip
 * Next sent as file.gz beside it, which nginx sends as it is), both loaded through the edge.
 */
async function measureRatio(edge: Edge, dataSet: string, urlPath: string): Promise<RatioRow> {
  const answer = await get(edge, urlPath);
  if (answer.status !== 200) throw new Error(`bench:edge: ${urlPath} answered ${answer.status}`);
  const { body } = answer;
  const extension = answer.contentType.startsWith("text/html") ? "html" : answer.contentType.startsWith("image/png") ? "png" : "json";
  const name = `${dataSet}-${urlPath.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.${extension}`;
  writeFileSync(path.join(edge.dir, "files", name), body);
  if (answer.contentEncoding === "gzip") writeFileSync(path.join(edge.dir, "files", `${name}.gz`), answer.wire);

  const row: RatioRow = { name: urlPath, bytes: body.length, wireBytes: answer.wireBytes, route: [], twin: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const [figures, target] of [[row.route, urlPath], [row.twin, `/_edge-files/${name}`]] as const) {
      const measured = await load(edge.baseUrl, { path: target }, 200);
      const unexpected = Object.entries(measured.unexpected);
      if (unexpected.length) console.log(`  # ${target}: ${unexpected.map(([what, count]) => `${what}: ${count}`).join(", ")}`);
      figures.push(measured.requestsPerSecond);
    }
  }
  return row;
}

function printRatios(title: string, rows: RatioRow[]): void {
  console.log(`\n${title}: 50 connections, Accept-Encoding: gzip; twin = a file of the same bytes served by the same nginx`);
  console.log(`  ${"route".padEnd(24)} ${"body".padStart(9)} ${"wire".padStart(9)} | ${"req/s (runs)".padEnd(26)} median | twin median | ratio  goal`);
  for (const row of rows) {
    const ratioOf = median(row.route) / median(row.twin);
    console.log(
      `  ${row.name.padEnd(24)} ${kb(row.bytes).padStart(9)} ${kb(row.wireBytes).padStart(9)} | ${row.route.map((value) => value.toFixed(0)).join(" / ").padEnd(26)}` +
        ` ${median(row.route).toFixed(0).padStart(6)} | ${median(row.twin).toFixed(0).padStart(11)} | ${ratio(ratioOf).padStart(5)}  >= 0.9 ${ratioOf >= 0.9 ? "met" : "MISSED"}`,
    );
  }
}

/**
 * A card's first load as a framing page's visitor gets it: the document, then every file it names
 * (its logos; its style and script are inline), each as sent with gzip. Goal: <= 30 KB on the wire,
 * nothing from another origin (the card's CSP allows none; this counts what it names).
 */
async function printCardWeights(edge: Edge): Promise<void> {
  console.log("\nEmbeddable cards' first load through the edge (gzip on the wire: the document and every file it names)");
  for (const urlPath of CARD_PATHS) {
    const document = await get(edge, urlPath);
    const sources = [...document.body.toString("utf8").matchAll(/ (?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, "&"), edge.baseUrl));
    const fetched = sources.filter((url) => /\.(webp|png|svg|css|js)$/.test(url.pathname));
    const elsewhere = sources.filter((url) => url.origin !== new URL(edge.baseUrl).origin);
    let wire = document.wireBytes;
    for (const url of fetched) wire += (await get(edge, url.pathname)).wireBytes;
    console.log(
      `  ${urlPath.padEnd(40)} document ${kb(document.wireBytes).padStart(8)} + ${fetched.length} files = ${kb(wire).padStart(8)}  (goal <= 30 KB: ${wire <= 30 * 1024 ? "met" : "MISSED"});` +
        ` other origins: ${elsewhere.length}; Set-Cookie: ${document.headers["set-cookie"] ? "yes" : "none"}`,
    );
  }
}

type Tally = { requests: number; failed: number; byStatus: Record<string, number>; byCache: Record<string, number>; errors: Record<string, number> };

/**
 * 3 and 4. CLIENTS loops of GETs over MIXED_PATHS for HAMMER_MS; `signal` runs SIGNAL_AT_MS in.
 * A failure is an answer other than 2xx or no answer at all.
 */
async function hammer(edge: Edge, options: { newConnections: boolean; signal: () => void }): Promise<Tally> {
  const tally: Tally = { requests: 0, failed: 0, byStatus: {}, byCache: {}, errors: {} };
  const agent = options.newConnections ? undefined : new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const deadline = Date.now() + HAMMER_MS;
  const timer = setTimeout(options.signal, SIGNAL_AT_MS);
  // Each client from an address of its own (all of 127.0.0.0/8 is this machine): the edge picks an
  // instance by the client's address, so the clients spread over both instances as visitors do,
  // and the signalled instance has its share of them in hand.
  const client = async (index: number) => {
    const localAddress = `127.0.0.${2 + index}`;
    for (let i = index; Date.now() < deadline; i++) {
      const urlPath = MIXED_PATHS[i % MIXED_PATHS.length]!;
      tally.requests++;
      try {
        const answer = await get(edge, urlPath, { agent, close: options.newConnections, localAddress });
        tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
        const cache = String(answer.headers["x-cache-status"] ?? "none");
        tally.byCache[cache] = (tally.byCache[cache] ?? 0) + 1;
        if (answer.status < 200 || answer.status > 299) tally.failed++;
      } catch (error) {
        tally.failed++;
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        tally.errors[code] = (tally.errors[code] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  clearTimeout(timer);
  agent?.destroy();
  return tally;
}

function printTally(title: string, tally: Tally, extra: string[] = []): void {
  const list = (counts: Record<string, number>) => Object.entries(counts).map(([key, count]) => `${key}: ${count}`).join(", ") || "none";
  console.log(`\n${title}`);
  console.log(`  requests ${tally.requests}, failed ${tally.failed} (goal 0: ${tally.failed === 0 ? "met" : "MISSED"})`);
  console.log(`  statuses: ${list(tally.byStatus)}; X-Cache-Status: ${list(tally.byCache)}; errors: ${list(tally.errors)}`);
  for (const line of extra) console.log(`  ${line}`);
}

/**
 * The edge's error log lines about its upstreams (refused, failed, disabled), counted by kind. A
 * connection lost "while reading upstream" lost a response whose status line nginx had already
 * passed on: no proxy can retry that one, so its requests are named.
 */
function upstreamLog(edge: Edge): string {
  const kinds: Record<string, number> = {};
  const cut: string[] = [];
  for (const match of edge.output().matchAll(/\[(?:error|warn)\] [^*]*\*\d+ ([^,(]+)(.*)/g)) {
    const kind = match[1]!.trim();
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (kind.endsWith("while reading upstream")) cut.push(/request: "([^"]*)"/.exec(match[2]!)?.[1] ?? "?");
  }
  const counted = Object.entries(kinds).map(([what, count]) => `${count} × ${what}`).join("; ") || "nothing";
  return cut.length ? `${counted} (cut mid-response: ${cut.join(", ")})` : counted;
}

async function main(): Promise<void> {
  const started = Date.now();
  const ratios: Record<string, RatioRow[]> = {};

  // 62 coins: caching, ratios, then failover and drain.
  let [first, second] = await startInstances(undefined, false);
  let edge: Edge | null = null;
  try {
    edge = await edgeFor([first, second]);
    await printCaching(edge, CACHED_PATHS);
    await printCardWeights(edge);
    ratios["62"] = [];
    for (const urlPath of CACHED_PATHS) ratios["62"].push(await measureRatio(edge, "62", urlPath));
    printRatios("Cached responses through the edge at 62 coins", ratios["62"]);

    const killed = second;
    const failover = await hammer(edge, { newConnections: false, signal: () => process.kill(killed.pid, "SIGKILL") });
    printTally(`Failover: ${CLIENTS} clients, keep-alive, ${HAMMER_MS / 1000} s; instance ${killed.baseUrl} SIGKILLed at ${SIGNAL_AT_MS / 1000} s`, failover, [
      `edge's error log: ${upstreamLog(edge)}`,
    ]);
    await edge.stop();
    edge = null;

    second = await startApp({ databaseUrl: first.databaseUrl, build: false, env: APP_ENV });
    await waitForServedData(second.baseUrl, false, []);
    edge = await edgeFor([first, second]);
    const drained = second;
    let signalledAt = 0;
    const drain = await hammer(edge, {
      newConnections: true,
      signal: () => {
        signalledAt = Date.now();
        process.kill(drained.pid, "SIGTERM");
      },
    });
    const exit = await Promise.race([drained.exited, sleep(30_000).then(() => null)]);
    const shutdownLines = drained.output().split("\n").filter((line) => line.includes("[shutdown]"));
    printTally(`Drain: ${CLIENTS} clients, a new connection per request, ${HAMMER_MS / 1000} s; instance ${drained.baseUrl} SIGTERMed at ${SIGNAL_AT_MS / 1000} s`, drain, [
      exit ? `instance exited with code ${exit.code} signal ${exit.signal}, ${exit.at - signalledAt} ms after SIGTERM` : "instance had not exited 30 s after SIGTERM",
      ...shutdownLines.map((line) => `instance: ${line.trim()}`),
      `edge's error log: ${upstreamLog(edge)}`,
    ]);
  } finally {
    await edge?.stop();
    edge = null;
    await second.stop();
    await first.stop();
  }

  // 5,062 coins: the ratios again.
  console.log("\n# generating the 5,000-coin database (no history)…");
  const database = await createSyntheticDatabase({ history: false });
  try {
    [first, second] = await startInstances(database.url, true);
    try {
      edge = await edgeFor([first, second]);
      ratios["5062"] = [];
      for (const urlPath of CACHED_PATHS) ratios["5062"].push(await measureRatio(edge, "5062", urlPath));
    } finally {
      await edge?.stop();
      edge = null;
      await second.stop();
      await first.stop();
    }
  } finally {
    database.remove();
  }

  printRatios("Cached responses through the edge at 62 coins", ratios["62"]);
  printRatios(`Cached responses through the edge at ${database.coins.toLocaleString("en-US")} coins`, ratios["5062"]);
  console.log(`\n# bench:edge took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
}

await main();
