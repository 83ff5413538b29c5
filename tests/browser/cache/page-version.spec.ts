// Cached pages follow the coins version on every instance (issue 51, item 1): two more standalone
// servers on this run's build and one database of their own, pages cached on each, then a coin
// written by another process (the operators' CLI renaming its symbol: a writer that moves the
// version). Each instance must show the change on the first request after its version probe has
// had the time to read the row (2 s), not when Next's time ceilings run out (20 s to revalidate,
// 40 s to expire: app/layout.tsx, next.config.mjs), and that request is a fresh render, not the
// cached page (lib/cache/page-cache-handler.mjs). Each instance is asked directly, not via the edge.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";
import { setupDatabase } from "@/lib/db-setup/setup";
import { COINS_PROBE_MS } from "@/tests/browser/cache-steps";
import { startApp, type App } from "@/tests/browser/harness";

/** Time for the request itself to reach the probe after the wait (a busy machine). */
const MARGIN_MS = 500;
// The home page shows symbols (not names), the pair page both.
const NEW_SYMBOL = "HEXFOLLOWS";
const PAGES = ["/", "/compare/hex/pls"];

describe("cached pages follow the coins version", () => {
  let dir: string;
  let databaseUrl: string;
  const apps: App[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "page-version-"));
    databaseUrl = `file:${path.join(dir, "app.db")}`;
    await setupDatabase({ url: databaseUrl });
    for (let i = 0; i < 2; i++) apps.push(await startApp({ build: false, databaseUrl }));
  });

  after(async () => {
    for (const app of apps.reverse()) await app.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a coin's new symbol, written by another process, shows on every instance's cached pages at the first request after the probe interval", async () => {
    for (const app of apps) {
      for (const page of PAGES) {
        await fetch(`${app.baseUrl}${page}`).then((res) => res.text());
        // Cached, as under traffic: the second request is Next's stored page.
        const cached = await fetch(`${app.baseUrl}${page}`);
        assert.equal(cached.headers.get("x-nextjs-cache"), "HIT", `${app.baseUrl}${page} is not cached`);
        const html = await cached.text();
        assert.ok(html.includes("HEX") && !html.includes(NEW_SYMBOL), `${page} before the rename`);
      }
    }

    const cli = await promisify(execFile)("npm", ["run", "--silent", "admin", "--", "rename-coin", "hex", "--symbol", NEW_SYMBOL], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.match(cli.stdout, new RegExp(`hex symbol: "HEX" -> "${NEW_SYMBOL}"`));
    await new Promise((resolve) => setTimeout(resolve, COINS_PROBE_MS + MARGIN_MS));

    for (const app of apps) {
      for (const page of PAGES) {
        const res = await fetch(`${app.baseUrl}${page}`);
        const html = await res.text();
        assert.ok(html.includes(NEW_SYMBOL), `${app.baseUrl}${page}: the cached page (x-nextjs-cache ${res.headers.get("x-nextjs-cache")}) still shows the old symbol`);
        assert.doesNotMatch(res.headers.get("x-nextjs-cache") ?? "", /^(HIT|STALE)$/, `${app.baseUrl}${page} was served from the cache`);
      }
    }
  });
});
