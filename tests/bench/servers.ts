// The bench's servers: the production build on the seed database (62 coins) or on a scratch
// database with 5,000 synthetic coins more. Only the first start builds; the rest reuse it.
import { startApp, type App } from "../browser/harness";
import { waitForServedData } from "./fresh-data";
import { createSyntheticDatabase } from "./synthetic-coins";
import { PUBLIC_TARGETS } from "./targets";

export type DataSet = "62" | "5000";

const otherPublicPaths = PUBLIC_TARGETS.map((target) => target.path).filter((path) => path !== "/" && path !== "/api/cryptocurrencies");

/** Serves `dataSet`, waits until the cache shows it, runs `use`, stops the server. */
export async function withServer<T>(dataSet: DataSet, options: { build: boolean }, use: (app: App) => Promise<T>): Promise<T> {
  const started = Date.now();
  const database = dataSet === "5000" ? await createSyntheticDatabase() : null;
  if (database) console.log(`# scratch database with ${database.coins} coins`);
  try {
    // SKIP_BUILD=1 reuses the last build, as in the browser tests.
    // The bench plays many clients from one machine, telling the server who is who through
    // X-Forwarded-For, which it believes from loopback only.
    const app = await startApp({ databaseUrl: database?.url, build: options.build && process.env.SKIP_BUILD !== "1", env: { TRUST_PROXY: "loopback" } });
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
