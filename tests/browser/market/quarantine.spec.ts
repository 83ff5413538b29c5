// A token quarantined for a failing contract (lib/market/pass/quarantine.ts) on its coin page: the
// notice under 'Where this price comes from', on the cached page once the app hears of the change
// (through an operator's edit), at 360 px and 1440 px. The spec puts the coin back afterwards.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createPrismaClient } from "@/lib/db/create-client";
import { coinDetailSchema } from "@/lib/coins/schemas";
import { operatorEdit, waitWithinCeiling } from "@/tests/browser/cache-steps";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

test("a quarantined token's coin page says its contract is failing and how old its price is; 360 px and 1440 px", async () => {
  const { browser, baseUrl, databaseUrl } = suite();
  const db = createPrismaClient({ url: databaseUrl });
  const saved = await db.coin.findUniqueOrThrow({ where: { id: "inc" } });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const tags = saved.tags ? saved.tags.split(",") : [];
  try {
    // INC's last good price 3 hours old; its contract failing since, quarantined for 2 hours.
    await db.coin.update({
      where: { id: "inc" },
      data: {
        priceSource: "pulsex",
        priceUpdatedAt: minutesAgo(181),
        contractFailures: 4,
        contractFailedAt: minutesAgo(20),
        contractFailureReason: "balanceOf reverted",
        quarantinedAt: minutesAgo(120),
      },
    });
    assert.equal((await operatorEdit(baseUrl, "inc", { tags })).status, 200);
    await waitWithinCeiling("the quarantine in the coin's answer", async () => {
      const detail = coinDetailSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies/inc`)).json());
      return detail.contractFailing !== null;
    });

    for (const viewport of [{ width: 1440, height: 900 }, { width: 360, height: 780 }]) {
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      await page.goto("/coins/inc");
      const provenance = page.getByRole("region", { name: "Where this price comes from" });
      const notice = provenance.getByTestId("contract-failing");
      assert.equal(await notice.innerText(), "This token's contract is failing, the price is from 3 hours ago. Its source is asked again once an hour.");
      // The notice, not "stale", says why the price is old.
      assert.doesNotMatch(await provenance.innerText(), /This price is .* old/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `/coins/inc at ${viewport.width}px is ${overflow}px wider than the window`);
      // The viewport, the section in its middle: an element shot would slide it under the sticky header.
      await provenance.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: screenshotPath(`coin-contract-failing-${viewport.width}`) });
      assert.deepEqual(problems, []);
      await context.close();
    }
  } finally {
    const { id, ...fields } = saved;
    await db.coin.update({ where: { id }, data: fields });
    assert.equal((await operatorEdit(baseUrl, "inc", { tags })).status, 200);
    await db.$disconnect();
  }
});
