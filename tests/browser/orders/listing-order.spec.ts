// Issue 25 end to end in Chromium: a signed-in buyer goes from /get-listed's Contact dialog to the
// Listing Form, pastes a token deployed on a local chain (ganache), picks Basic+ and a 1-day
// Homepage Compare slot, gets a quote in PLS, pays it from the scripted wallet with a real
// transaction, watches it go pending and confirmed (the test mines the blocks), and sees the
// order live, on /orders and on the coin's own page; then the same token, now listed, is refused.
//
// The server must read the same chain the wallet pays on, so this spec serves the suite's build a
// second time (`next start`, its own seeded database) with the chain in its environment: the
// suite's own server reads no chain (its PULSECHAIN_RPC_URL is a closed port).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { createTestClient, http, parseEther, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createPrismaClient } from "@/lib/db/create-client";
import { formatDay } from "@/lib/shared/format";
import { pulseXReaderEnv, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { chooseCoin } from "@/tests/browser/coin-steps";
import { OPERATOR_KEY, newContext, screenshotPath, startApp, watchForErrors, type App } from "@/tests/browser/harness";
import { injectWallet, type WalletState } from "@/tests/browser/injected-wallet";
import { suite } from "@/tests/browser/suite";
import { PUBLIC_RPC, connectAndSignIn } from "@/tests/browser/wallet-steps";

// A buyer of its own (a well-known development key, never a real wallet).
const dana = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const operator = privateKeyToAccount(OPERATOR_KEY);
const PAY_TO: Address = "0x3333333333333333333333333333333333333333";
const CONFIRMATIONS = 3;
const consented = `document.cookie = "cookie-consent=true; path=/";`;

describe("the Listing Form, paid on a local chain", () => {
  let chain: LocalChain;
  let app: App;
  let doggo: Address;

  before(async () => {
    chain = await startLocalChain();
    const { wpls, dai, factoryV1, factoryV2 } = chain.contracts;
    await chain.addLiquidity(factoryV1, wpls, "1000000000", dai, "30000"); // WPLS at $0.00003
    doggo = await chain.deployToken("Doggo Inu", "DOGGO", 9, "1000000000");
    await chain.addLiquidity(factoryV2, doggo, "1000000", wpls, "200000000"); // $12,000 of liquidity
    await chain.sendPls(dana.address, "50000000");
    app = await startApp({
      build: false,
      env: { ...pulseXReaderEnv(chain), LISTING_PAYMENT_ADDRESS: PAY_TO, LISTING_CONFIRMATIONS: String(CONFIRMATIONS) },
    });
    // Quotes lock only a PLS price under two refresh intervals old; this server refreshes no
    // prices on a timer, so the seed's PLS price is published as just updated.
    const db = createPrismaClient({ url: app.databaseUrl });
    await db.coin.update({ where: { id: "pls" }, data: { priceUpdatedAt: new Date() } });
    await db.$disconnect();
  });
  after(async () => {
    await app?.stop();
    await chain?.stop();
  });

  /** A context on this spec's server: the scripted wallet pays on the chain, and the browser's PulseChain RPC is the chain. */
  async function buyerPage(width = 1440, account = dana): Promise<{ context: BrowserContext; page: Page; wallet: WalletState; problems: string[] }> {
    const context = await newContext(suite().browser, app.baseUrl, { width, height: 900 });
    const wallet = await injectWallet(context, account, 369, chain.rpcUrl);
    await context.addInitScript(consented);
    await context.route(
      (url) => url.origin === PUBLIC_RPC,
      async (route) => {
        const response = await route.fetch({ url: chain.rpcUrl });
        await route.fulfill({ response, headers: { ...response.headers(), "access-control-allow-origin": "*" } });
      },
    );
    const page = await context.newPage();
    // The wallet kit's own reads of the chain may fail (ENS on a chain without it): not the page's problem.
    return { context, page, wallet, problems: watchForErrors(page, app.baseUrl, { unreachable: [PUBLIC_RPC] }) };
  }

  /** Screenshots at both widths; at 360 px nothing may stick out sideways. */
  async function shoot(page: Page, name: string) {
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      if (width === 360) assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, `${name} scrolls sideways at 360 px`);
      await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  test("Contact, Listing Form, a deployed token, Basic+ and a 1-day slot, a quote, a real payment, live, on /orders and its coin page", async () => {
    const { context, page, wallet, problems } = await buyerPage();
    await page.goto("/get-listed");
    await connectAndSignIn(page, wallet);

    await page.getByRole("button", { name: "Contact", exact: true }).first().click();
    await page.getByRole("dialog", { name: "Contact Us" }).getByRole("link", { name: "Listing Form" }).click();
    await page.waitForURL((url) => url.pathname === "/get-listed/apply");
    await page.getByRole("heading", { name: "Listing Form" }).waitFor();

    await page.getByRole("textbox", { name: "Token contract address (PulseChain)" }).fill(doggo);
    await page.getByRole("button", { name: "Check token" }).click();
    const preview = page.getByTestId("token-preview");
    await preview.waitFor();
    assert.match(await preview.innerText(), /Doggo Inu[\s\S]*DOGGO[\s\S]*\$12\.00K/);

    await page.getByRole("radio", { name: /^Basic\+/ }).check();
    await page.getByRole("radio", { name: "1 Day $100" }).check();
    const calendar = page.getByTestId("slot-calendar");
    await calendar.waitFor();
    // The seed's promoted comparison runs every day: one of the two seats is left.
    const firstDay = calendar.locator('button[aria-disabled="false"]').first();
    assert.match((await firstDay.getAttribute("aria-label")) ?? "", /: 1 of 2 slots free$/);
    await firstDay.click();
    const startsOn = await firstDay.getAttribute("data-day");
    await chooseCoin(page, /Compared with/, "HEX");
    await page.getByRole("textbox", { name: "Project links" }).fill("https://doggo.example");
    await shoot(page, "listing-form");

    await page.getByRole("button", { name: "Get quote" }).click();
    const quote = page.getByTestId("quote-step");
    await quote.waitFor();
    assert.match(await quote.getByTestId("quote-countdown").innerText(), /^Price held for 1[45]:\d\d$/);
    const amountText = await quote.getByText("Amount", { exact: true }).locator("xpath=following-sibling::dd").innerText();
    const amountWei = parseEther(amountText.replace(/,/g, "").replace(/ PLS$/, ""));
    await shoot(page, "listing-quote");

    // The wallet waits for the buyer, and the chain mines only when this test says.
    const mining = createTestClient({ mode: "ganache", transport: http(chain.rpcUrl) });
    await mining.setAutomine(false);
    let confirmInWallet = () => {};
    wallet.holdTransactions = new Promise((resolve) => (confirmInWallet = resolve));
    await quote.getByRole("button", { name: /^Pay [\d,]+ PLS$/ }).click();
    const progress = page.getByTestId("payment-progress");
    const stepState = (label: string) => progress.locator("li", { hasText: label }).getAttribute("data-step");
    const stepBecomes = (index: number, state: string) =>
      page.waitForFunction(([i, s]) => document.querySelector(`[data-testid="payment-progress"] li:nth-child(${i})`)?.getAttribute("data-step") === s, [index, state] as const);
    await stepBecomes(1, "current");
    assert.equal(await page.getByRole("button", { name: "Waiting for your wallet…" }).isDisabled(), true);
    await shoot(page, "listing-wallet-confirm");

    confirmInWallet();
    await stepBecomes(2, "current");
    assert.equal(await stepState("Confirm in your wallet"), "done");
    assert.equal(await stepState("Confirmed"), "todo");
    const txLink = progress.getByRole("link", { name: /PulseScan/ });
    const href = (await txLink.getAttribute("href"))!;
    assert.match(href, /^https:\/\/scan\.pulsechain\.com\/tx\/0x[0-9a-f]{64}$/);
    const hash = href.split("/").pop() as `0x${string}`;
    const tx = await chain.client.getTransaction({ hash });
    assert.equal(tx.to?.toLowerCase(), PAY_TO.toLowerCase());
    assert.equal(tx.from.toLowerCase(), dana.address.toLowerCase());
    assert.equal(tx.value, amountWei);
    await shoot(page, "listing-payment-pending");

    // Mined: confirmed in the browser; the server waits for CONFIRMATIONS blocks in all.
    await mining.mine({ blocks: 1 });
    await stepBecomes(3, "done");
    assert.equal(await stepState("Checked by PulseCompare"), "current");
    await shoot(page, "listing-payment-confirmed");
    await mining.mine({ blocks: CONFIRMATIONS - 1 });
    await mining.setAutomine(true);
    const outcome = page.getByTestId("order-outcome");
    await outcome.waitFor({ timeout: 20_000 });
    assert.equal(await outcome.getAttribute("data-status"), "live");
    assert.match(await outcome.innerText(), /Your order is live\.\s*DOGGO is listed\. Its Homepage Compare slot is booked\./);
    await shoot(page, "listing-live");

    await outcome.getByRole("link", { name: "Your orders" }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    const card = page.getByTestId("order-card").first();
    await card.waitFor();
    assert.equal(await card.getByTestId("order-status").innerText(), "Live");
    const cardText = await card.innerText();
    assert.match(cardText, /DOGGO/);
    assert.match(cardText, /Basic\+/);
    assert.ok(cardText.includes(`1 Day from ${formatDay(`${startsOn}T00:00:00Z`)}`), cardText);
    assert.equal(await card.getByRole("link", { name: /PulseScan/ }).getAttribute("href"), href);
    await shoot(page, "orders");

    await card.getByRole("link", { name: "See DOGGO on PulseCompare" }).click();
    await page.waitForURL((url) => url.pathname === "/coins/doggo");
    await page.getByRole("heading", { name: /Doggo Inu/ }).first().waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a token listed already, opened from the Listing Bot's button (?token=): checked on arrival, the plan refused in the quote's words, only a slot offered", async () => {
    const { context, page, wallet, problems } = await buyerPage(360);
    await page.goto(`/get-listed/apply?token=${doggo.toLowerCase()}`);
    await page.getByRole("heading", { name: "Login Required" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Log in" }).getAttribute("href"), `/api/login?returnTo=${encodeURIComponent(`/get-listed/apply?token=${doggo}`)}`);
    await connectAndSignIn(page, wallet);
    // No typing and no click: the page filled the address in (checksummed) and checked it.
    assert.equal(await page.getByRole("textbox", { name: "Token contract address (PulseChain)" }).inputValue(), doggo);
    const listed = page.getByTestId("token-listed");
    await listed.waitFor();
    assert.match(await listed.innerText(), new RegExp(`${doggo} is already listed as "doggo"\\.`));
    assert.equal(await page.getByRole("group", { name: "Listing plan" }).count(), 0);
    assert.equal(await page.getByRole("radio", { name: "No slot" }).count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, "the refusal scrolls sideways at 360 px");
    await page.screenshot({ path: screenshotPath("listing-form-refused-360"), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the operator's queue: the paid order with its posts on X, 'Done', then 'Reject' with a reason the buyer reads", async () => {
    const { context, page, wallet, problems } = await buyerPage(1440, operator);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Login Required" }).waitFor();
    await connectAndSignIn(page, wallet);
    const order = page.getByTestId("operator-order").filter({ hasText: "DOGGO" });
    await order.waitFor();
    assert.match(await order.innerText(), /Basic\+ listing \+ Homepage Compare/);
    assert.match(await order.innerText(), new RegExp(dana.address, "i"));
    await order.getByRole("button", { name: "Mark “Listed post on X” done" }).click();
    await order.getByText(/Done [A-Z][a-z]{2} \d/).waitFor();
    // The queue's order only: the admin page below it lists every coin.
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 900 });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `the queue scrolls sideways at ${width} px`);
      await order.screenshot({ path: screenshotPath(`order-queue-${width}`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A transfer that paid no order (recorded by the scheduled check: tests/api/orders/order-unmatched.test.ts):
    // listed with why under the queue, and gone from it once marked handled.
    const db = createPrismaClient({ url: app.databaseUrl });
    await db.unmatchedTransfer.create({
      data: { txHash: `0x${"5".repeat(64)}`, fromAddress: dana.address, toAddress: PAY_TO, valueWei: parseEther("1234").toString(), blockNumber: 7, minedAt: new Date(), reason: "Its amount names no order (it ends in 0)." },
    });
    await db.$disconnect();
    await page.reload();
    const stray = page.getByTestId("unmatched-transfer").filter({ hasText: "Its amount names no order (it ends in 0)." });
    await stray.waitFor();
    assert.match(await stray.innerText(), /1,?234 PLS in block 7/);
    await stray.getByRole("button", { name: "Mark handled" }).click();
    await page.getByText("No unmatched transfers.").waitFor();

    await order.getByRole("button", { name: "Reject…" }).click();
    await order.getByRole("textbox", { name: "Reason (the buyer sees it)" }).fill("The project's site is not live yet.");
    await order.getByRole("button", { name: "Reject order" }).click();
    await page.getByRole("region", { name: "Rejected orders" }).getByText("DOGGO").first().waitFor();
    assert.equal((await page.request.get("/api/cryptocurrencies/doggo")).status(), 404);
    assert.deepEqual(problems, []);
    await context.close();

    const buyer = await buyerPage(360);
    await buyer.page.goto("/orders");
    await connectAndSignIn(buyer.page, buyer.wallet);
    const card = buyer.page.getByTestId("order-card").first();
    await card.waitFor();
    assert.equal(await card.getByTestId("order-status").innerText(), "Rejected");
    assert.match(await card.innerText(), /The project's site is not live yet\./);
    await buyer.page.screenshot({ path: screenshotPath("orders-rejected-360"), fullPage: true });
    assert.deepEqual(buyer.problems, []);
    await buyer.context.close();
  });
});
