// /developers in Chromium (issue 55): signed out, the open API and its quotas with a sign-in prompt
// for keys; signed in with the scripted wallet, a key created from the keyboard is shown once
// (focused, with its curl line), stored only as its hash, listed by its prefix after a reload with
// the key itself nowhere on the page, and revoked from the keyboard behind a confirmation.
// Screenshots at 1440 and 360 px, no sideways scroll.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { API_KEY_PATTERN } from "@/lib/api-keys/key-format";
import { createPrismaClient } from "@/lib/db/create-client";
import { screenshotPath } from "@/tests/browser/harness";
import { tabTo } from "@/tests/browser/keyboard";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, walletPage } from "@/tests/browser/wallet-steps";

const consented = `document.cookie = "cookie-consent=true; path=/";`;

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`${name}-1440`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name} is ${overflow}px too wide at 360px`);
  await page.screenshot({ path: screenshotPath(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

test("/developers: the open API signed out; a key created, shown once, listed, and revoked from the keyboard", async () => {
  // A wallet of its own: the other specs share this app's database.
  const account = privateKeyToAccount(generatePrivateKey());
  const { context, page, wallet, problems } = await walletPage({ account, init: consented });
  const db = createPrismaClient({ url: suite().databaseUrl });
  try {
    // Signed out: what the API is, both quotas, and a sign-in prompt instead of keys. The footer links here.
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Developers: the open API" }).click();
    await page.waitForURL("**/developers");
    await page.getByRole("heading", { name: "Developers", level: 1 }).waitFor();
    assert.match(await page.getByTestId("anonymous-quota").innerText(), /^[\d,]+ calls a minute per IP address\.$/);
    assert.match(await page.getByTestId("key-quota").innerText(), /^[\d,]+ calls a minute and [\d,]+ a day per key/);
    await page.getByRole("link", { name: "/api/openapi.json" }).waitFor();
    await page.getByText(/Sign in with your wallet to create API keys/).waitFor();
    await screenshots(page, "developers-signed-out");

    await connectAndSignIn(page, wallet);
    await page.getByTestId("api-keys-empty").waitFor();

    // Keyboard only: name the key, Enter. The new key is shown once, focused, with its curl line.
    await page.getByRole("textbox", { name: "Key name" }).focus();
    await page.keyboard.type("Browser test bot");
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/api-keys" && response.request().method() === "POST");
    await page.keyboard.press("Enter");
    assert.equal((await created).status(), 201);
    const panel = page.getByTestId("new-api-key");
    await panel.waitFor();
    const secret = await panel.getByRole("textbox", { name: "Your new API key" }).inputValue();
    assert.match(secret, API_KEY_PATTERN);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "new-api-key-title");
    assert.match(await panel.innerText(), /it will not be shown again/);
    assert.ok((await panel.getByLabel("A curl command with your key").innerText()).includes(`Authorization: Bearer ${secret}`));
    const row = page.getByTestId("api-key").filter({ hasText: "Browser test bot" });
    await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
    assert.match(await row.getByTestId("api-key-use").innerText(), /^0 of [\d,]+ calls used in the last day/);
    await screenshots(page, "developers-new-key");

    // Stored as its hash only; the key answers the open API.
    const stored = await db.apiKey.findMany({ where: { user: { address: account.address } } });
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.hash, sha256(secret));
    assert.ok(!JSON.stringify(stored).includes(secret));
    const used = await context.request.get("/api/pairs/plsx/hex", { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(used.status(), 200);

    // Dismissed, and after a reload: listed by its prefix, the key itself nowhere on the page.
    await panel.getByRole("button", { name: "I've saved my key" }).click();
    await panel.waitFor({ state: "detached" });
    await page.reload();
    await row.waitFor();
    assert.ok(!(await page.content()).includes(secret));
    await screenshots(page, "developers-keys");

    // Revoke from the keyboard: Tab to it, Enter, the dialog asks; Tab to 'Revoke key', Enter.
    await page.locator("body").focus();
    await tabTo(page, "Revoke API key Browser test bot");
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Revoke “Browser test bot”?" });
    await confirm.waitFor();
    await tabTo(page, "Revoke key", 5);
    const revoked = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/api-keys/${stored[0]!.id}` && response.request().method() === "DELETE");
    await page.keyboard.press("Enter");
    assert.equal((await revoked).status(), 204);
    await page.locator("[data-slot=toast]", { hasText: "API key revoked" }).waitFor();
    await page.getByTestId("api-keys-empty").waitFor();
    assert.ok((await db.apiKey.findUniqueOrThrow({ where: { id: stored[0]!.id } })).revokedAt);
    await close(context, problems);
  } finally {
    await db.$disconnect();
  }
});
