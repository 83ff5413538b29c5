// 'Your Bag' (/portfolio) against a real local chain: the scripted wallet connects without
// signing, its balances are read in the browser at one block, every figure is checked against
// values worked out by hand, targets switch, a watch-only address is pasted and shared through
// the fragment, no request to the site's own server ever carries an address, and no request
// depends on what the wallet holds.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page, Request } from "playwright-core";
import { CAPPED_MULTICALL_ADDRESS } from "@/lib/chain/capped-multicall";
import { createPrismaClient } from "@/lib/db/create-client";
import { startBagWorld, tellTheApp, type BagWorld } from "./bag-steps";
import { chooseCoin } from "@/tests/browser/coin-steps";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { PUBLIC_RPC, alice, bob, close, connectAndSignIn, walletMenuButton, walletPage } from "@/tests/browser/wallet-steps";

/** Every request to the site's own server, with what it carried, to look for an address in. */
function recordSiteRequests(page: Page, baseUrl: string): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(baseUrl)) requests.push(request);
  });
  return requests;
}

async function assertNoAddressSent(requests: Request[], addresses: string[]) {
  assert.ok(requests.length > 0);
  for (const request of requests) {
    const sent = [request.url(), JSON.stringify(await request.allHeaders()), request.postData() ?? ""].join("\n").toLowerCase();
    for (const address of addresses) {
      assert.ok(!sent.includes(address.slice(2).toLowerCase()), `${request.method()} ${request.url()} carries ${address}`);
    }
  }
}

/**
 * Every request a page makes anywhere but the PulseChain RPC (which must see the address): method,
 * path with query, and body. A set: the same logo asked twice is still one entry. Next's `_rsc`
 * parameter is left out: it is a hash of the router's headers that tells a whole prefetch of a
 * header link (/, /get-listed) from a segment prefetch, and which of them the router sends depends
 * on timing (seen differing between two wallets on a busy machine), never on the page's data.
 */
function recordRequestsBesidesRpc(page: Page): Set<string> {
  const sent = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === PUBLIC_RPC) return;
    url.searchParams.delete("_rsc");
    sent.add(`${request.method()} ${url.origin}${url.pathname}${url.search} ${request.postData() ?? ""}`.trim());
  });
  return sent;
}

/** Each row's text, without the coin's initials (drawn in place of a logo, hidden from screen readers). */
const rowTexts = async (page: Page) => (await page.getByTestId("bag-row").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim().replace(/^[0-9A-Z]{1,2} /, ""));

describe("Your Bag", () => {
  let world: BagWorld;
  before(async () => {
    const { baseUrl, databaseUrl } = suite();
    world = await startBagWorld(baseUrl, databaseUrl);
  });
  after(() => world?.stop());

  test("a connected wallet's bag at one block, valued by hand today, at its highs and at a picked target; the pair page names the wallet's HEX", async () => {
    const { baseUrl } = suite();
    const { context, page, wallet, problems } = await walletPage();
    await world.routeRpc(context);
    const siteRequests = recordSiteRequests(page, baseUrl);
    await page.goto("/portfolio");
    await page.getByRole("heading", { name: "Your Bag" }).waitFor();
    const noWallet = page.getByTestId("bag-no-wallet");
    await noWallet.waitFor();

    // The page's own 'Connect Wallet' opens the kit's dialog; connecting is enough, nothing to sign.
    world.rpcCalls.length = 0;
    await noWallet.getByRole("button", { name: "Connect Wallet" }).click();
    await connectRabbyInDialog(page);
    await page.getByTestId("bag-table").waitFor();
    assert.ok(!wallet.calls.includes("personal_sign"), "the bag asked for a signature");
    assert.ok((await page.getByTestId("bag-owner").innerText()).includes(alice.address));

    // The table, most valuable first. PLS: 1,000,000 × $0.00003 = $30; at its high (1.2e10 / 4.2e9)
    // $85.71. HEX: 200,000 × $0.005 = $1,000; high 20x = $20,000. pDAI (6 decimals, read from the
    // chain): 1,500,000.5 × $0.002 = $3,000.001; high 2x = $6,000.002. 9MM (0 decimals): 7 × $2.50 =
    // $17.50, no high on record. PCOCK: 5 × $0.0001 = $0.0005, under $1: in the totals only.
    assert.deepEqual(await rowTexts(page), [
      "pDAI 1,500,000.5 $0.0020 $3,000.00 $6,000.00",
      "HEX 200,000 $0.0050 $1,000.00 $20,000.00",
      "PLS 1,000,000 $0.000030 $30.00 $85.71",
      "9MM 7 $2.50 $17.50 $17.50",
    ]);
    assert.match(await page.getByTestId("bag-dust").innerText(), /^1 holding worth under \$1\.00 each \(\$0\.00050 in all\) is counted in the totals but not listed\.$/);
    // Today: 3,000.001 + 1,000 + 30 + 17.5 + 0.0005 = 4,047.5015. At highs: 6,000.002 + 20,000 +
    // 85.714… + 17.5 + 0.0005 = 26,103.2168.
    assert.equal(await page.getByTestId("bag-total-today").innerText(), "$4,047.50");
    assert.equal(await page.getByTestId("bag-total-highs").innerText(), "$26,103.22");
    assert.match(await page.getByTestId("bag-not-counted").innerText(), /1 token was not counted, as its contract did not answer: MOST \(balanceOf reverted\)\./);
    assert.ok(await page.getByRole("link", { name: "Get a token listed" }).isVisible());

    // In PLS (the header's switch, issue 43) at the PLS price the bag is valued at, $0.00003: the
    // PLS held is worth 1,000,000 PLS today and 85.714… / 0.00003 = 2,857,142.86 at its high; the
    // totals 4,047.5015 / 0.00003 = 134,916,716.67 and 26,103.2168 / 0.00003 = 870,107,226.19.
    await page.getByRole("radio", { name: "PLS" }).click();
    assert.equal((await rowTexts(page))[2], "PLS 1,000,000 1.00 PLS 1,000,000.00 PLS 2,857,142.86 PLS");
    assert.equal(await page.getByTestId("bag-total-today").innerText(), "134,916,716.67 PLS");
    assert.equal(await page.getByTestId("bag-total-highs").innerText(), "870,107,226.19 PLS");
    await page.getByTestId("bag-totals").evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: screenshotPath("bag-in-pls-1440") });
    await page.getByRole("radio", { name: "US dollars" }).click();
    assert.equal(await page.getByTestId("bag-total-today").innerText(), "$4,047.50");

    // The balances (49 tokens and PLS: one chunk), MOST asked again with more gas, and pDAI's
    // decimals: three capped multicalls pinned to the one block read (the wallet kit's own reads
    // ask for "latest").
    const block = Number(await page.getByTestId("bag").getAttribute("data-block"));
    assert.ok(block > 0);
    const pinned = world.rpcCalls.filter(
      (call) => call.method === "eth_call" && (call.params[0] as { to?: string }).to?.toLowerCase() === CAPPED_MULTICALL_ADDRESS.toLowerCase() && call.params[1] !== "latest",
    );
    assert.deepEqual(
      pinned.map((call) => call.params[1]),
      [`0x${block.toString(16)}`, `0x${block.toString(16)}`, `0x${block.toString(16)}`],
    );
    assert.equal(world.rpcCalls.filter((call) => call.method === "eth_blockNumber").length >= 1, true);

    // A typed market cap for the whole table: $6B. PLS 30 × 6e9 / 4.2e9 = 42.857; HEX 1,000 × 2;
    // pDAI 3,000.001 × 300 = 900,000.30; 9MM 17.5 × 1,200 = 21,000; PCOCK × 1. Total 923,043.1576.
    await page.getByRole("radio", { name: "Custom market cap" }).click();
    await page.getByRole("textbox", { name: "Market cap" }).fill("$6b");
    assert.deepEqual(await rowTexts(page), [
      "pDAI 1,500,000.5 $0.0020 $3,000.00 $6,000.00 $900,000.30 300.00x",
      "HEX 200,000 $0.0050 $1,000.00 $20,000.00 $2,000.00 2.00x",
      "PLS 1,000,000 $0.000030 $30.00 $85.71 $42.86 1.43x",
      "9MM 7 $2.50 $17.50 $17.50 $21,000.00 1,200.00x",
    ]);
    assert.equal(await page.getByText("At a market cap of $6.00B", { exact: true }).count(), 1);
    assert.equal(await page.getByTestId("bag-total-target").innerText(), "$923,043.16");

    // A coin's all-time high as the target: HEX's $60B. PLS × 14.29, HEX × 20, pDAI × 3,000, 9MM × 12,000.
    await page.getByRole("radio", { name: "All-time-high market cap" }).click();
    await chooseCoin(page, /Target coin/, "HEX");
    await page.getByText("At HEX's all-time-high market cap", { exact: true }).waitFor();
    assert.deepEqual(await rowTexts(page), [
      "pDAI 1,500,000.5 $0.0020 $3,000.00 $6,000.00 $9,000,003.00 3,000.00x",
      "HEX 200,000 $0.0050 $1,000.00 $20,000.00 $20,000.00 20.00x",
      "PLS 1,000,000 $0.000030 $30.00 $85.71 $428.57 14.29x",
      "9MM 7 $2.50 $17.50 $17.50 $210,000.00 12,000.00x",
    ]);
    // 9,000,003 + 20,000 + 428.571 + 210,000 + PCOCK's 0.0005 × 10 = 9,230,431.576.
    assert.equal(await page.getByTestId("bag-total-target").innerText(), "$9,230,431.58");
    await page.screenshot({ path: screenshotPath("bag-connected-1440"), fullPage: true });

    // The header's menu for a wallet connected without signing in: the bag, and no lists.
    await walletMenuButton(page).click();
    assert.deepEqual(await page.getByRole("menu").getByRole("menuitem").allInnerTexts(), ["Your Bag", "Disconnect"]);
    await page.keyboard.press("Escape");

    // The pair page answers for the connected wallet: 200,000 HEX × $0.005 × (1.5e12 / 3e9 = 500) = $500,000.
    await page.goto("/compare/hex/btc");
    assert.equal(await page.getByTestId("wallet-holding").innerText(), "Your HEX: 200,000 → $500,000.00 at BTC's market cap");

    await assertNoAddressSent(siteRequests, [alice.address]);
    await close(context, problems);
  });

  test("watch-only: a pasted address (any case) reads the same way, its link keeps it in the fragment, an empty wallet says so, an RPC failure offers Retry", async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, { width: 360, height: 780 });
    await world.routeRpc(context);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl, { unreachable: [PUBLIC_RPC] });
    const siteRequests = recordSiteRequests(page, baseUrl);
    await page.goto("/portfolio");
    await page.getByTestId("bag-no-wallet").waitFor();
    await page.screenshot({ path: screenshotPath("bag-no-wallet-360"), fullPage: true });

    const field = page.getByRole("textbox", { name: "View any wallet, watch-only" });
    await field.fill("0x1234");
    await page.getByRole("button", { name: "View" }).click();
    assert.equal(await page.getByRole("form", { name: "View any wallet" }).getByRole("alert").innerText(), "That is not a wallet address: it is 0x followed by 40 hex characters.");
    assert.equal(new URL(page.url()).hash, "");

    // Bob holds 50,000 HEX: $250 today, $5,000 at HEX's high. A slow node shows the reading state first.
    world.rpcDelayMs.value = 1_500;
    await field.fill(bob.address.toLowerCase());
    await page.getByRole("button", { name: "View" }).click();
    await page.getByRole("status", { name: "Reading the bag" }).waitFor();
    await page.screenshot({ path: screenshotPath("bag-reading-360"), fullPage: true });
    world.rpcDelayMs.value = 0;
    await page.getByTestId("bag-table").waitFor();
    assert.equal(new URL(page.url()).hash, `#${bob.address}`);
    assert.deepEqual(await rowTexts(page), ["HEX 50,000 $250.00 $5,000.00"]);
    assert.equal(await page.getByTestId("bag-total-today").innerText(), "$250.00");
    // The whole table at a typed $6B: HEX × 2.
    await page.getByRole("radio", { name: "Custom market cap" }).click();
    await page.getByRole("textbox", { name: "Market cap" }).fill("6b");
    // At 360 px the chosen target's column takes the place of the all-time high's (its total stays).
    assert.deepEqual(await rowTexts(page), ["HEX 50,000 $250.00 $500.00 2.00x"]);
    await page.screenshot({ path: screenshotPath("bag-watch-only-360"), fullPage: true });

    // The shared link opens on the same bag in a new page.
    const shared = await context.newPage();
    const sharedProblems = watchForErrors(shared, baseUrl, { unreachable: [PUBLIC_RPC] });
    siteRequests.push(...recordSiteRequests(shared, baseUrl));
    await shared.goto(`/portfolio#${bob.address}`);
    await shared.getByTestId("bag-table").waitFor();
    assert.deepEqual(await rowTexts(shared), ["HEX 50,000 $250.00 $5,000.00"]);

    // A wallet that holds none of the listed coins.
    const empty = "0x000000000000000000000000000000000000bEEF";
    await shared.goto(`/portfolio#${empty}`);
    await shared.reload();
    await shared.getByTestId("bag-empty").waitFor();
    assert.equal(await shared.getByTestId("bag-empty").innerText(), "This wallet holds none of the coins listed here.");

    // The node is down: what failed, and Retry once it is back.
    world.rpcDown.value = true;
    await shared.goto("/");
    await shared.goto(`/portfolio#${bob.address}`);
    const error = shared.getByTestId("bag-error");
    await error.waitFor();
    assert.match(await error.getByRole("alert").innerText(), /^Couldn't read the latest block from the PulseChain RPC: /);
    await shared.screenshot({ path: screenshotPath("bag-rpc-error-360"), fullPage: true });
    world.rpcDown.value = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await shared.getByTestId("bag-table").waitFor();

    // An amount and a typed market cap in a pair page's address: the cached page, read in the browser.
    // 1,500,000 HEX × $0.005 = $7,500; at $6B (6e9 / 3e9 = 2x) $15,000.
    const pair = await shared.goto("/compare/hex/btc?hold=1.5m&mcap=6b");
    assert.match(pair?.headers()["x-nextjs-cache"] ?? "", /HIT|STALE/);
    await shared.getByRole("radio", { name: "Custom market cap", checked: true }).waitFor();
    assert.equal(await shared.getByTestId("holding-today").innerText(), "$7,500.00");
    assert.equal(await shared.getByTestId("holding-at-target").innerText(), "$15,000.00 (2.00x)");
    await shared.screenshot({ path: screenshotPath("pair-hold-typed-cap-360"), fullPage: true });

    await assertNoAddressSent(siteRequests, [bob.address, empty]);
    assert.deepEqual(problems, []);
    assert.deepEqual(sharedProblems, []);
    await context.close();
  });

  test("two wallets with different holdings make the same requests to the site: no logo, prefetch or read depends on what is held", async () => {
    const { browser, baseUrl } = suite();
    const requestsOf = async (address: string) => {
      const context = await newContext(browser, baseUrl, { width: 1440, height: 900 });
      await world.routeRpc(context);
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl, { unreachable: [PUBLIC_RPC] });
      const sent = recordRequestsBesidesRpc(page);
      await page.goto(`/portfolio#${address}`);
      await page.getByTestId("bag-table").waitFor();
      // What a visitor does next, each of which could load something per coin: scroll (lazy
      // images), point at and focus each coin's link (prefetches), value the table at a target.
      // (A target coin is read by the id the visitor picks, whatever is held; the picker's list
      // draws the logos of whatever it shows as the visitor types, so a typed cap keeps this exact.)
      await page.mouse.wheel(0, 4000);
      for (const link of await page.getByTestId("bag-row").getByRole("link").all()) {
        await link.hover();
        await link.focus();
      }
      await page.getByRole("radio", { name: "Custom market cap" }).click();
      await page.getByRole("textbox", { name: "Market cap" }).fill("6b");
      await page.getByText("At a market cap of $6.00B", { exact: true }).waitFor();
      await page.waitForTimeout(1_000);
      assert.deepEqual(problems, []);
      await context.close();
      return [...sent].sort();
    };
    // Alice holds pDAI, HEX, PLS, 9MM and PCOCK; Bob only HEX.
    const alices = await requestsOf(alice.address);
    const bobs = await requestsOf(bob.address);
    assert.ok(alices.some((request) => request.includes("/api/bag-tokens?v=")), alices.join("\n"));
    assert.deepEqual(alices, bobs);
  });

  test("at 360 px the chosen target's column is on screen without sideways scrolling, stale rows and totals say so; at 1440 px every column shows", async () => {
    const { browser, baseUrl, databaseUrl } = suite();
    // PLS priced live a moment ago: every other coin still carries the seed snapshot's price of
    // days ago, so pDAI, HEX, 9MM and PCOCK are stale, as on their coin pages.
    const db = createPrismaClient({ url: databaseUrl });
    const pls = await db.coin.findUniqueOrThrow({ where: { id: "pls" } });
    await db.coin.update({ where: { id: "pls" }, data: { priceSource: "pulsex", priceUpdatedAt: new Date() } });
    const saved = await db.coin.findMany({ select: { id: true, tags: true } });
    await tellTheApp(baseUrl, saved);
    const context = await newContext(browser, baseUrl, { width: 360, height: 780 });
    await world.routeRpc(context);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl, { unreachable: [PUBLIC_RPC] });
    await page.goto(`/portfolio#${alice.address}`);
    await page.getByTestId("bag-table").waitFor();
    // The widest figures of the bag: pDAI at HEX's high, $9,000,003.00 (3,000.00x).
    await page.getByRole("radio", { name: "All-time-high market cap" }).click();
    await chooseCoin(page, /Target coin/, "HEX");
    await page.getByText("At HEX's all-time-high market cap", { exact: true }).waitFor();
    const box = page.locator('[data-slot="table-container"]').filter({ has: page.getByTestId("bag-table") });
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    assert.ok(scrollWidth <= clientWidth, `the table scrolls sideways: ${scrollWidth} px of content in ${clientWidth}`);
    const cells = await page.getByTestId("bag-at-target").all();
    assert.equal(cells.length, 4);
    for (const cell of cells) {
      const rect = (await cell.boundingBox())!;
      assert.ok(rect.x >= 0 && rect.x + rect.width <= 360, `a target cell at ${rect.x}..${rect.x + rect.width} px`);
    }
    assert.equal(await page.getByTestId("bag-at-high").first().isVisible(), false);
    assert.equal(await page.getByTestId("bag-total-highs").innerText(), "$26,103.22");
    const stale = await page.getByTestId("bag-row").evaluateAll((rows) => rows.map((row) => row.querySelector('[data-testid="price-badges"]')?.textContent ?? null));
    assert.deepEqual(
      stale.map((text) => text?.replace(/\d+ days/, "N days") ?? null),
      ["stale: Price not updated for N days", "stale: Price not updated for N days", null, "stale: Price not updated for N days"],
    );
    // Today 4,047.5015 less PLS's $30; at highs 26,103.2168 less PLS's 85.714.
    assert.equal(await page.getByTestId("bag-total-today-stale").innerText(), "$4,017.50 of this total uses prices older than 15 minutes.");
    assert.equal(await page.getByTestId("bag-total-highs-stale").innerText(), "$26,017.50 of this total uses prices older than 15 minutes.");
    await page.screenshot({ path: screenshotPath("bag-target-360"), fullPage: true });

    await page.setViewportSize({ width: 1440, height: 900 });
    assert.equal(await page.getByTestId("bag-at-high").first().isVisible(), true);
    await page.screenshot({ path: screenshotPath("bag-target-1440"), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
    await db.coin.update({ where: { id: "pls" }, data: { priceSource: pls.priceSource, priceUpdatedAt: pls.priceUpdatedAt } });
    await tellTheApp(baseUrl, saved);
    await db.$disconnect();
  });

  test("a wallet on another network: the bag still reads, and the header says 'Wrong Network'", async () => {
    const { context, page, wallet, problems } = await walletPage({ chainId: 1, width: 1440 });
    // RainbowKit asks the wallet to switch to PulseChain while connecting; this one cannot.
    wallet.refuseSwitch = true;
    await world.routeRpc(context);
    await page.goto("/portfolio");
    await page.getByTestId("bag-no-wallet").getByRole("button", { name: "Connect Wallet" }).click();
    await connectRabbyInDialog(page);
    await page.getByTestId("bag-table").waitFor();
    await page.getByRole("button", { name: "Wrong Network" }).waitFor();
    assert.equal((await rowTexts(page)).length, 4);
    await close(context, problems);
  });

  test("signed in, the bag's own wallet keeps snapshots of its two totals, and nothing else", async () => {
    const { baseUrl } = suite();
    const { context, page, wallet, problems } = await walletPage({ account: alice });
    await world.routeRpc(context);
    await page.goto("/");
    await connectAndSignIn(page, wallet);
    // From here on, nothing sent to the site may carry the address (signing in had to).
    const siteRequests = recordSiteRequests(page, baseUrl);
    await page.goto("/portfolio");
    const snapshots = page.getByTestId("bag-snapshots");
    await snapshots.getByText("No snapshots yet.").waitFor();
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bag-snapshots" && response.request().method() === "POST");
    await snapshots.getByRole("button", { name: "Save snapshot" }).click();
    const response = await saved;
    assert.equal(response.status(), 201);
    // The totals as the page shows them (today 4,047.5015; at highs 26,103.2168), and no other field.
    const body = JSON.parse(response.request().postData() ?? "{}") as Record<string, number>;
    assert.deepEqual(Object.keys(body).sort(), ["totalAtHighs", "totalToday"]);
    assert.ok(Math.abs(body.totalToday! - 4047.5015) < 1e-6 && Math.abs(body.totalAtHighs! - 26103.2167857) < 1e-6, JSON.stringify(body));
    await page.getByText("Snapshot saved", { exact: true }).waitFor();
    const row = snapshots.getByTestId("bag-snapshot");
    await row.waitFor();
    assert.match(await row.innerText(), /Today\s+\$4,047\.50[\s\S]*At all-time highs\s+\$26,103\.22/);
    await page.screenshot({ path: screenshotPath("bag-snapshots-1440"), fullPage: true });
    // Watching another wallet offers no snapshot: it is not this user's bag.
    await page.goto(`/portfolio#${bob.address}`);
    await page.reload();
    await page.getByTestId("bag-table").waitFor();
    assert.equal(await page.getByTestId("bag-snapshots").count(), 0);
    await assertNoAddressSent(siteRequests, [alice.address, bob.address]);
    await close(context, problems);
  });
});

async function connectRabbyInDialog(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: "Rabby Wallet" }).click();
}
