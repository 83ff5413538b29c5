// The bench's servers: the production build on the seed database (62 coins) or on a scratch
// database with 5,000 synthetic coins more. Only the first start builds; the rest reuse it.
// The 5,000-coin database (with its 11 million history rows) is generated once per run and
// copied for each server, so every server starts from the same untouched data.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp, type App } from "@/tests/browser/harness";
import { waitForServedData } from "./fresh-data";
import { createSyntheticDatabase, type SyntheticDatabase } from "./synthetic-coins";
import { PUBLIC_TARGETS } from "./targets";

export type DataSet = "62" | "5000";

let template: Promise<SyntheticDatabase> | null = null;

/** A fresh copy of the run's 5,000-coin database (generated on first use). */
async function largeDatabase(): Promise<{ url: string; coins: number; snapshots: number; remove(): void }> {
  if (!template) {
    const started = Date.now();
    template = createSyntheticDatabase();
    const made = await template;
    console.log(`# generated the 5,000-coin database: ${made.coins} coins, ${made.snapshots.toLocaleString("en-US")} history rows (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const { file, coins, snapshots } = await template;
  const dir = mkdtempSync(path.join(tmpdir(), "bench-5000-copy-"));
  copyFileSync(file, path.join(dir, "app.db"));
  return { url: `file:${path.join(dir, "app.db")}`, coins, snapshots, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Removes the generated 5,000-coin database; the bench calls it when it ends. */
export async function removeLargeDatabase(): Promise<void> {
  const made = await template?.catch(() => null);
  made?.remove();
  template = null;
}

const otherPublicPaths = PUBLIC_TARGETS.map((target) => target.path).filter((path) => path !== "/" && path !== "/api/cryptocurrencies");

/** Serves `dataSet`, waits until the cache shows it, runs `use`, stops the server. */
export async function withServer<T>(dataSet: DataSet, options: { build: boolean }, use: (app: App) => Promise<T>): Promise<T> {
  const started = Date.now();
  const database = dataSet === "5000" ? await largeDatabase() : null;
  try {
    // SKIP_BUILD=1 reuses the last build, as in the browser tests.
    // The bench plays many clients from one machine, telling the server who is who through
    // X-Forwarded-For, which it believes from loopback only. The throughput rows hammer the open
    // reads from one address: the anonymous quota (120 a minute, issue 55) is raised so that they
    // measure the route, the quota's counting included, not its 429.
    const app = await startApp({
      databaseUrl: database?.url,
      build: options.build && process.env.SKIP_BUILD !== "1",
      env: { TRUST_PROXY: "loopback", API_ANONYMOUS_PER_MINUTE: "1000000000" },
    });
    try {
      await waitForServedData(app.baseUrl, dataSet === "5000", otherPublicPaths);
      console.log(`# serving ${dataSet === "5000" ? `${database!.coins} coins` : "the seed's 62 coins"} at ${app.baseUrl} (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return await use(app);
    } finally {
      await app.stop();
    }
  } finally {
    database?.remove();
  }
}
