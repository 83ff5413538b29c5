// 'Your Bag' with broken token contracts among 500 listed (issue 38, item 6), on a real local
// chain: one listed token whose balanceOf burns all the gas it is given and one whose balanceOf
// reverts (MOST), a watch-only wallet holding listed tokens ranked before, between and after them.
// Every other holding shows, the two are named, and the balances were one chunk of 500 calls.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { CAPPED_MULTICALL_ADDRESS, cappedMulticallAbi } from "@/lib/chain/capped-multicall";
import { createPrismaClient } from "@/lib/db/create-client";
import { BAG_COINS, listMoreBagTokens, startBagWorld, type BagWorld, type MoreBagTokens } from "./bag-steps";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { PUBLIC_RPC } from "@/tests/browser/wallet-steps";

/** A fresh watch-only wallet: it never sends a transaction, so it holds exactly what it is sent. */
const CAROL: Address = getAddress("0x00000000000000000000000000000000000ca201");
/** Listed PulseChain coins in all, PLS included: one chunk of the reader's 500 calls. */
const LISTED = 500;
const HOLD_EVERY = 50;

describe("Your Bag with broken tokens", () => {
  let world: BagWorld;
  let more: MoreBagTokens;
  before(async () => {
    const { baseUrl, databaseUrl } = suite();
    world = await startBagWorld(baseUrl, databaseUrl);
    const db = createPrismaClient({ url: databaseUrl });
    const seeded = await db.coin.count({ where: { chain: "pulsechain" } });
    await db.$disconnect();
    // The seed's PulseChain coins (MOST among them, ranked 21st), then the added tokens, the gas
    // burner 200th among them: LISTED in all.
    more = await listMoreBagTokens(world, baseUrl, databaseUrl, { count: LISTED - seeded - 1, burnerAt: 200, holder: CAROL, holdEvery: HOLD_EVERY, amount: "1000" });
    // PLS (ranked 14th) and HEX (16th) come before MOST; the added tokens after it, on both sides of the burner.
    await world.chain.sendPls(CAROL, "1000000");
    await world.chain.transfer(world.tokens.hex!, CAROL, "10000");
  });
  after(async () => {
    await more?.remove();
    await world?.stop();
  });

  test("a token whose balanceOf burns gas and one whose balanceOf reverts, among 500 listed: every other holding shows, the two are named", async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, { width: 1440, height: 900 });
    await world.routeRpc(context);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl, { unreachable: [PUBLIC_RPC] });
    await page.goto(`/portfolio#${CAROL}`);
    await page.getByTestId("bag-table").or(page.getByTestId("bag-error")).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath("bag-bad-tokens-1440"), fullPage: true });
    assert.equal(await page.getByTestId("bag-error").count(), 0, await page.getByTestId("bag-error").innerText().catch(() => ""));

    // PLS: 1,000,000 × $0.00003 = $30. HEX: 10,000 × $0.005 = $50. Each added token held: 1,000 × $1.
    const rows = (await page.getByTestId("bag-row").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
    const expected = ["PLS", "HEX", ...more.held];
    assert.equal(rows.length, expected.length, rows.join("\n"));
    for (const symbol of expected) assert.ok(rows.some((row) => new RegExp(`(^| )${symbol} `).test(row)), `no row for ${symbol}: ${rows.join("\n")}`);
    assert.ok(more.held.includes("BX150") && more.held.includes("BX250"), "holdings on both sides of the burner");
    const total = 1_000_000 * BAG_COINS.pls.price + 10_000 * BAG_COINS.hex.price + 1_000 * more.held.length;
    assert.equal(await page.getByTestId("bag-total-today").innerText(), `$${total.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    assert.match(
      await page.getByTestId("bag-not-counted").innerText(),
      new RegExp(`^2 tokens were not counted, as their contracts did not answer: MOST \\(balanceOf reverted\\), ${more.burner.symbol} \\(balanceOf ran out of gas\\)\\.`),
    );
    assert.equal(await page.getByTestId("bag-error").count(), 0);

    // The balances went out as one capped-multicall chunk of all 500 calls pinned to the bag's
    // block, then the two broken tokens once more with 1,000,000 gas each.
    const block = `0x${Number(await page.getByTestId("bag").getAttribute("data-block")).toString(16)}`;
    const chunks = world.rpcCalls
      .filter((call) => call.method === "eth_call" && (call.params[0] as { to?: string }).to?.toLowerCase() === CAPPED_MULTICALL_ADDRESS.toLowerCase() && call.params[1] === block)
      .map((call) => decodeFunctionData({ abi: cappedMulticallAbi, data: (call.params[0] as { data: Hex }).data }).args[0].map((inner) => Number(inner.gasLimit)));
    assert.deepEqual(
      chunks.map((caps) => [caps.length, Math.max(...caps)]),
      [
        [LISTED, 40_000],
        [2, 1_000_000],
      ],
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
