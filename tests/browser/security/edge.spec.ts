// The edge itself (issue 42): a second site of its own, as the suite's (harness.ts
// startBehindEdge: nginx, deploy/nginx/, in front of two standalone servers of this run's build),
// so that one of its instances can be killed. What a visitor and a prober see through it, and that
// the site keeps answering when the instance serving this machine is killed.
// tests/server/security/edge.test.ts covers the edge's rules one by one.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { rawRequest } from "@/tests/helpers/raw-request";
import { newContext, screenshotPath, startBehindEdge, watchForErrors, type EdgeSite } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

let site: EdgeSite | undefined;

/** The instance the edge sends this machine's requests to, read from its access log (written within a second). */
async function servingInstance(edgeSite: EdgeSite) {
  // A path no one else asks for (the app's 404 JSON): its line in the log names the instance.
  const marker = `/api/which-instance-${randomUUID()}`;
  assert.equal((await fetch(`${edgeSite.baseUrl}${marker}`)).status, 404);
  for (let tries = 0; tries < 30; tries++) {
    const line = readFileSync(path.join(edgeSite.edge.dir, "access.log"), "utf8")
      .split("\n")
      .find((entry) => entry.includes(marker));
    const upstream = line && /upstream=(\S+)/.exec(line)?.[1];
    const instance = upstream && edgeSite.instances.find((app) => app.baseUrl.endsWith(upstream));
    if (instance) return instance;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the edge's access log does not say which instance answered");
}

describe("behind the edge", () => {
  before(async () => {
    site = await startBehindEdge({ build: false });
  });

  after(async () => {
    await site?.stop();
  });

  test("the home page in Chromium at 360 and 1440 px; a page and the coin list then come from the edge, with the app's headers once", async () => {
    const { baseUrl } = site!;
    const context = await newContext(suite().browser, baseUrl);
    try {
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      await page.goto("/");
      await page.getByRole("table", { name: "Top Gaining Coins" }).waitFor();
      await page.screenshot({ path: screenshotPath("edge-home-1440") });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto("/compare/hex/btc");
      await page.getByRole("heading", { name: "HEX at BTC's market cap", level: 1 }).waitFor();
      await page.screenshot({ path: screenshotPath("edge-pair-360"), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
    for (const path of ["/", "/api/cryptocurrencies"]) {
      await fetch(`${baseUrl}${path}`);
      const again = await fetch(`${baseUrl}${path}`);
      assert.equal(again.status, 200, path);
      assert.equal(again.headers.get("x-cache-status"), "HIT", path);
      // fetch joins repeated headers with ", ": one policy means the edge added none of its own.
      assert.equal(again.headers.get("content-security-policy")?.split("default-src").length, 2, path);
    }
  });

  test("what the edge answers itself: an API path's 405 is the app's own, repeated slashes a 308 with the site's headers, a body over 64 KB a 413", async () => {
    const { baseUrl } = site!;
    const trace = await rawRequest(`${baseUrl}/api/watchlist`, "TRACE");
    assert.deepEqual([trace.status, trace.headers.allow, JSON.parse(trace.text).error.code], [405, "GET, POST", "method_not_allowed"]);
    const slashes = await rawRequest({ host: "127.0.0.1", port: Number(new URL(baseUrl).port), path: "//evil.example/" }, "GET");
    assert.deepEqual([slashes.status, slashes.headers.location], [308, "/evil.example/"]);
    assert.match(String(slashes.headers["content-security-policy"]), /frame-ancestors 'none'/);
    const tooLarge = await fetch(`${baseUrl}/api/comparisons`, { method: "POST", headers: { "Content-Type": "application/json", Origin: baseUrl }, body: " ".repeat(70_000) });
    assert.deepEqual([tooLarge.status, ((await tooLarge.json()) as { error: { code: string } }).error.code], [413, "payload_too_large"]);
  });

  test("the instance serving this machine killed: pages and the API keep answering from the other", async () => {
    const { baseUrl } = site!;
    const serving = await servingInstance(site!);
    process.kill(serving.pid, "SIGKILL");
    await serving.exited;
    const context = await newContext(suite().browser, baseUrl);
    try {
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      await page.goto("/coins/hex");
      await page.getByRole("heading", { name: "HEX (HEX)", level: 1 }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
    const list = await fetch(`${baseUrl}/api/cryptocurrencies?ids=pls,hex`);
    assert.equal(list.status, 200);
  });
});
