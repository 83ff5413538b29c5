// Commit → new price served (issue 51): a worker process commits a pass that moves every coin's
// price; this watches the database for the commit (a one-row read every 20 ms, in this process)
// and each web instance's GET /api/cryptocurrencies/<id> every 50 ms, and says when each first
// served the committed price.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createPrismaClient } from "@/lib/db/create-client";
import { request } from "@/tests/bench/http-get";
import { sleep } from "@/tests/bench/stats";
import { ROOT } from "@/tests/bench/repo-root";
import type { Served } from "./reads";

export const POLL_MS = 50;
const COMMIT_POLL_MS = 20;

export type PassEvents = { ready?: boolean; started?: number; finished?: { at: number; updated: number; failed: number; seconds: number } };
export type Worker = {
  process: ChildProcess;
  events: PassEvents;
  output: () => string;
  exited: Promise<number | null>;
  /** Settles once the worker has loaded (its modules, the prices it will move). */
  ready: Promise<void>;
  /** Starts its pass. */
  go(): void;
};

/** tests/bench/coins/stall/pass.ts in a process of its own (node with tsx's loader, as `npm run market:worker` runs), loaded and waiting for go(). */
export function startPassWorker(databaseUrl: string): Worker {
  const child = spawn(process.execPath, ["--conditions", "react-server", "--import", "tsx", path.join(import.meta.dirname, "pass.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const events: PassEvents = {};
  let loaded = () => {};
  const ready = new Promise<void>((resolve) => (loaded = resolve));
  let output = "";
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      const event = JSON.parse(line) as { event: string; at: number; updated: number; failed: number; seconds: number };
      if (event.event === "ready") {
        events.ready = true;
        loaded();
      }
      if (event.event === "started") events.started = event.at;
      if (event.event === "finished") events.finished = event;
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { process: child, events, output: () => output, exited, ready, go: () => void child.stdin!.write("go\n") };
}

const servedPrice = async (baseUrl: string, coinId: string): Promise<{ price: number; ms: number }> => {
  const res = await request(baseUrl, { path: `/api/cryptocurrencies/${coinId}` });
  if (res.status !== 200) throw new Error(`stall bench: ${baseUrl} answered /api/cryptocurrencies/${coinId} with ${res.status}`);
  return { price: (JSON.parse(res.body.toString("utf8")) as { currentPrice: number }).currentPrice, ms: res.ms };
};

export type Watch = {
  /** When this process first read the new price from the database (within 20 ms of the commit), and the price. */
  committed: Promise<{ at: number; price: number }>;
  /** When each instance first served the committed price, by label (absent: not by the time watching stopped). */
  servedAt: Map<string, number>;
  /** The price each instance first served that differed from before. */
  servedPriceOf: Map<string, number>;
  /** Every poll's milliseconds, by label (the reads during the pass). */
  pollMs: Map<string, number[]>;
  stop(): Promise<void>;
};

/** Starts watching; `before` is the price every instance serves now. */
export function watchNewPrice(databaseUrl: string, coinId: string, before: number, instances: readonly Served[]): Watch {
  let stopped = false;
  const db = createPrismaClient({ url: databaseUrl });
  const committed = (async () => {
    while (!stopped) {
      const row = await db.coin.findUniqueOrThrow({ where: { id: coinId }, select: { currentPrice: true } });
      if (row.currentPrice !== before) return { at: Date.now(), price: row.currentPrice };
      await sleep(COMMIT_POLL_MS);
    }
    throw new Error("stall bench: stopped watching before the commit");
  })();
  committed.catch(() => {});
  const servedAt = new Map<string, number>();
  const servedPriceOf = new Map<string, number>();
  const pollMs = new Map(instances.map((instance) => [instance.label, [] as number[]]));
  const pollers = instances.map(async (instance) => {
    for (let next = Date.now(); !stopped; next += POLL_MS) {
      const { price, ms } = await servedPrice(instance.baseUrl, coinId);
      pollMs.get(instance.label)!.push(ms);
      // Only the pass moves the price: the first answer that differs serves the commit (run.ts checks it is the committed price).
      if (price !== before && !servedAt.has(instance.label)) {
        servedAt.set(instance.label, Date.now());
        servedPriceOf.set(instance.label, price);
      }
      await sleep(Math.max(0, next + POLL_MS - Date.now()));
    }
  });
  return {
    committed,
    servedAt,
    servedPriceOf,
    pollMs,
    async stop() {
      stopped = true;
      await Promise.all(pollers);
      await db.$disconnect();
    },
  };
}

/** What an instance serves for `coinId` now. */
export const currentlyServed = async (instance: Served, coinId: string) => (await servedPrice(instance.baseUrl, coinId)).price;
