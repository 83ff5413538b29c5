// The operators' page in Chromium, signed in with the scripted wallet as the test server's
// operator: an edit refused for a signature older than 15 minutes offers 'Sign again', the wallet
// signs a fresh Sign-In with Ethereum message without signing out, and the same Save goes
// through. The listing preview is asked of the server, whose PulseChain RPC is unreachable here:
// it must say so (the preview itself is covered against a local chain in tests/api).
import assert from "node:assert/strict";
import { test } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { createPrismaClient } from "@/lib/db/create-client";
import { operatorEdit } from "@/tests/browser/cache-steps";
import { OPERATOR_KEY, screenshotPath } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { connectAndSignIn, sessionUser, walletMenuButton, walletPage } from "@/tests/browser/wallet-steps";

const operator = privateKeyToAccount(OPERATOR_KEY);
const consented = `document.cookie = "cookie-consent=true; path=/";`;

/** What this test makes the server refuse on purpose, and the console lines Chromium logs for them. */
const EXPECTED = [/^HTTP 503: \/api\/admin\/coins\/preview\?/, /^HTTP 401: \/api\/admin\/coins\/eth$/, /^console: Failed to load resource: the server responded with a status of (401|503)/];

test("an old signature: 'Sign again' signs without signing out, and the same Save goes through; the preview reports an unreachable chain", async () => {
  const { databaseUrl } = suite();
  const db = createPrismaClient({ url: databaseUrl });
  const { context, page, wallet, problems } = await walletPage({ account: operator, init: consented });
  const ethTags = (await db.coin.findUniqueOrThrow({ where: { id: "eth" } })).tags;
  try {
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Login Required" }).waitFor();
    await connectAndSignIn(page, wallet);
    const listForm = page.getByRole("form", { name: "List a coin" });
    await listForm.waitFor();

    // The preview asks the server, which cannot reach PulseChain here: it says so, nothing is listed.
    await listForm.getByLabel("Contract address").fill("0x1111111111111111111111111111111111111111");
    await listForm.getByRole("button", { name: "Preview listing" }).click();
    assert.match(await listForm.getByRole("alert").innerText(), /The PulseChain RPC did not answer/);
    assert.equal(await page.getByRole("button", { name: "Confirm listing" }).count(), 0);

    // The wallet signed 16 minutes ago (as if the page had been left open).
    const signedBefore = await db.authSession.findMany({ where: { user: { address: operator.address } } });
    await db.authSession.updateMany({ where: { user: { address: operator.address } }, data: { createdAt: new Date(Date.now() - 16 * 60_000) } });

    await page.getByRole("button", { name: "Edit ETH (eth)" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit ETH (eth)" });
    await dialog.getByLabel("Tags").fill("layer-one, og");
    await dialog.getByRole("button", { name: "Save" }).click();
    const notice = dialog.getByTestId("sign-again");
    await notice.waitFor();
    assert.match(await notice.innerText(), /Admin changes need a wallet signature from the last 15 minutes\. Sign in again with your wallet, then try again\./);
    await page.waitForTimeout(200); // the dialog's open animation, for the screenshot
    await page.screenshot({ path: screenshotPath("admin-sign-again-1440") });

    const signatures = wallet.calls.filter((call) => call === "personal_sign").length;
    await notice.getByRole("button", { name: "Sign again" }).click();
    await dialog.getByText("Signed in again: your wallet signature is fresh. Now press 'Save' again.").waitFor();
    assert.equal(wallet.calls.filter((call) => call === "personal_sign").length, signatures + 1);
    assert.equal(await dialog.getByLabel("Tags").inputValue(), "layer-one, og", "the dialog kept what was typed");
    // Still signed in the whole time, now on a fresh session that replaced this browser's (the
    // newest before; other specs' sessions of the same wallet, if any, are left alone).
    assert.equal((await sessionUser(page))?.address, operator.address);
    const sessions = await db.authSession.findMany({ where: { user: { address: operator.address } } });
    const replaced = signedBefore.reduce((newest, row) => (row.createdAt > newest.createdAt ? row : newest));
    assert.ok(!sessions.some((row) => row.id === replaced.id), "the replaced session row is gone");
    const fresh = sessions.filter((row) => !signedBefore.some((old) => old.id === row.id));
    assert.equal(fresh.length, 1);
    assert.ok(Date.now() - fresh[0]!.createdAt.getTime() < 60_000);
    assert.equal(sessions.length, signedBefore.length);

    // The focused Save sends the same edit again.
    await page.keyboard.press("Enter");
    await page.locator("[data-slot=toast]", { hasText: "Coin updated" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    assert.equal((await db.coin.findUniqueOrThrow({ where: { id: "eth" } })).tags, "layer-one,og");
    // The header never left the signed-in state (hidden from the accessibility tree while the dialog was open).
    await walletMenuButton(page).waitFor();
    await page.screenshot({ path: screenshotPath("admin-after-sign-again-1440") });

    const unexpected = problems.filter((problem) => !EXPECTED.some((pattern) => pattern.test(problem)));
    assert.deepEqual(unexpected, []);
  } finally {
    // Through the app (not behind its cache): later specs read ETH's tags from the API.
    assert.equal((await operatorEdit(suite().baseUrl, "eth", { tags: ethTags ? ethTags.split(",") : [] })).status, 200);
    await db.$disconnect();
    await context.close();
  }
});
