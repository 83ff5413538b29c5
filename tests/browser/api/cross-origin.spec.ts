// The open API from another site's page in Chromium (issue 55; docs/public-api.md): a page on a
// second local port fetches the coin list and a pair, with and without an API key (whose
// Authorization header takes the preflight), reads the quota's RateLimit fields, meets the 401 of
// a revoked key and reads a 400 as JSON; the same page is refused by the user-data
// and session routes, with or without credentials.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { displayPrefix, generateApiKey, generateApiKeyId, hashApiKey } from "@/lib/api-keys/key-format";
import { createPrismaClient } from "@/lib/db/create-client";
import { contextFor, startOtherOrigin, type OtherOrigin } from "@/tests/browser/other-origin";
import { suite } from "@/tests/browser/suite";

let site: OtherOrigin | undefined;
after(() => site?.close());

type Outcome = { status: number; body: unknown; quota: { policy: string | null; standing: string | null } } | { refused: string };

test("a page on another origin reads the open API, and is refused by user data", async () => {
  const { browser, baseUrl } = suite();
  site ??= await startOtherOrigin("<!doctype html><title>A builder's page</title><p>Prices from PulseCompare</p>");
  const context = await contextFor(browser, [new URL(baseUrl).origin, site.origin]);
  try {
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    const fetchFrom = (path: string, init: { headers?: Record<string, string>; credentials?: "include" | "omit" } = {}) =>
      page.evaluate(
        async ({ url, init }): Promise<Outcome> => {
          try {
            const response = await fetch(url, init);
            // What a script may read of the quota: only exposed headers come through.
            const quota = { policy: response.headers.get("RateLimit-Policy"), standing: response.headers.get("RateLimit") };
            return { status: response.status, body: await response.json(), quota };
          } catch (error) {
            return { refused: String(error) };
          }
        },
        { url: `${baseUrl}${path}`, init },
      );

    const list = await fetchFrom("/api/cryptocurrencies?ids=pls,hex");
    assert.ok("status" in list && list.status === 200, JSON.stringify(list));
    assert.deepEqual((list.body as { id: string }[]).map((coin) => coin.id).sort(), ["hex", "pls"]);
    // The quota is readable by the other site's script (issue 55: RateLimit fields, exposed).
    assert.match(list.quota.policy ?? "", /^"minute";q=\d+;w=60$/);
    assert.match(list.quota.standing ?? "", /^"minute";r=\d+;t=\d+$/);

    const direct = await (await fetch(`${baseUrl}/api/pairs/plsx/hex`)).json();
    const pair = await fetchFrom("/api/pairs/plsx/hex");
    assert.ok("status" in pair && pair.status === 200);
    assert.deepEqual(pair.body, direct, "another site reads the same answer");

    // An Authorization header makes the browser ask first (a preflight); the answer is readable:
    // a key that is not a live one is a 401, never the anonymous answer.
    const withHeader = await fetchFrom("/api/pairs/plsx/hex", { headers: { Authorization: "Bearer example" } });
    assert.ok("status" in withHeader && withHeader.status === 401, `the preflight let it through: ${JSON.stringify(withHeader)}`);
    assert.equal((withHeader.body as { error: { code: string } }).error.code, "unauthenticated");

    // A live key (stored as /developers stores one: its hash) from the other site's page: the
    // preflight lets the header through, the answer is the same figures under the key's own quota;
    // revoked, the same call is a 401, never the anonymous answer.
    const db = createPrismaClient({ url: suite().databaseUrl });
    try {
      const secret = generateApiKey();
      const address = `0x${"c0ffee".padEnd(40, "0")}`;
      const user = await db.user.upsert({ where: { address }, create: { address }, update: {} });
      const key = await db.apiKey.create({ data: { id: generateApiKeyId(), userId: user.id, name: "cross-origin spec", hash: hashApiKey(secret), prefix: displayPrefix(secret) } });
      const keyed = await fetchFrom("/api/pairs/plsx/hex", { headers: { Authorization: `Bearer ${secret}` } });
      assert.ok("status" in keyed && keyed.status === 200, JSON.stringify(keyed));
      assert.deepEqual(keyed.body, direct);
      assert.equal(keyed.quota.policy, '"minute";q=600;w=60, "day";q=50000;w=86400');
      assert.match(keyed.quota.standing ?? "", /^"minute";r=599;t=\d+, "day";r=49999;t=\d+$/);
      await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      const revoked = await fetchFrom("/api/pairs/plsx/hex", { headers: { Authorization: `Bearer ${secret}` } });
      assert.ok("status" in revoked && revoked.status === 401, JSON.stringify(revoked));
    } finally {
      await db.$disconnect();
    }

    const wrong = await fetchFrom("/api/cryptocurrencies?per_page=9999");
    assert.ok("status" in wrong && wrong.status === 400 && (wrong.body as { error: { code: string } }).error.code === "invalid_query", JSON.stringify(wrong));

    for (const path of ["/api/watchlist", "/api/saved-comparisons", "/api/alerts", "/api/auth/user", "/api/auth/csrf"]) {
      for (const credentials of ["omit", "include"] as const) {
        const outcome = await fetchFrom(path, { credentials });
        assert.ok("refused" in outcome, `${path} (${credentials}) answered another site: ${JSON.stringify(outcome)}`);
      }
    }
  } finally {
    await context.close();
  }
});
