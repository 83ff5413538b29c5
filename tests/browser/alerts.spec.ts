// Alerts in Chromium (issue 39 item 5), signed in with the scripted wallet: 'Alert me' on a pair
// page makes a rule, /alerts lists it (screenshots at 1440 and 360 px, no sideways scroll), the
// wallet menu leads there, and the rule is paused and deleted from the keyboard alone.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { screenshotPath } from "./harness";
import { close, connectAndSignIn, walletMenuButton, walletPage } from "./wallet-steps";

const consented = `localStorage.setItem("cookie-consent", "true");`;

const toast = (page: Page, title: string, description: string | RegExp) =>
  page.locator("[data-slot=toast]", { hasText: title }).filter({ hasText: description }).waitFor();

/** Presses Tab until the focused element's accessible name (aria-label or text) is `name`. */
async function tabTo(page: Page, name: string, limit = 60) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
    });
    if (focused === name) return;
  }
  assert.fail(`no "${name}" within ${limit} Tab presses`);
}

async function fitsAt360(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name} is ${overflow}px too wide at 360px`);
  await page.screenshot({ path: screenshotPath(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("'Alert me' on a pair page makes a rule; /alerts lists it; pause and delete from the keyboard", async () => {
  // A wallet of its own: the other specs share this app's database.
  const account = privateKeyToAccount(generatePrivateKey());
  const { context, page, wallet, problems } = await walletPage({ account, init: consented });
  await page.goto("/");
  await connectAndSignIn(page, wallet);

  // Signed in, /alerts from the wallet menu: no rules yet, and where to make one.
  await walletMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Alerts" }).click();
  await page.waitForURL("**/alerts");
  await page.getByText("You have no alerts yet.").waitFor();

  // The pair page: half of PLSX's market cap.
  await page.goto("/compare/hex/plsx");
  const alertMe = page.getByRole("button", { name: "Alert me when HEX reaches PLSX's market cap" });
  await alertMe.click();
  const dialog = page.getByRole("dialog", { name: "Alert me when HEX reaches PLSX's market cap" });
  await dialog.getByRole("combobox", { name: "How much of it" }).selectOption({ label: "Half (0.5×)" });
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/alerts" && response.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create alert" }).click();
  assert.equal((await created).status(), 201);
  const rule = (await (await created).json()) as { id: number; description: string; kind: string; level: number };
  assert.equal(rule.kind, "reach");
  assert.equal(rule.level, 0.5);
  await toast(page, "Alert created", rule.description);
  await page.locator("[data-slot=toast]").getByRole("link", { name: "See your alerts" }).click();
  await page.waitForURL("**/alerts");

  // Listed, armed, with its description in the server's words.
  const row = page.getByTestId("alert-rule").filter({ hasText: rule.description });
  await row.waitFor();
  assert.match(await row.innerText(), /Armed\s+Alerts you on the next crossing/);
  await page.getByText(/^Nothing has fired yet\./).waitFor();
  await page.locator("[data-slot=toast]").getByRole("button", { name: "Close" }).click();
  await page.locator("[data-slot=toast]").waitFor({ state: "detached" });
  await page.screenshot({ path: screenshotPath("alerts-1440"), fullPage: true });
  await fitsAt360(page, "alerts");

  // Keyboard only: Tab to Pause, Enter; the rule says Paused and offers Resume.
  await page.locator("body").focus();
  await tabTo(page, `Pause alert: ${rule.description}`);
  await page.keyboard.press("Enter");
  await toast(page, "Alert paused", rule.description);
  await row.getByRole("button", { name: `Resume alert: ${rule.description}` }).waitFor();
  assert.match(await row.innerText(), /Paused\s+Sends nothing until you resume it/);

  // Tab to Delete, Enter: the dialog asks; Tab to 'Delete alert', Enter.
  await page.locator("body").focus();
  await tabTo(page, `Delete alert: ${rule.description}`);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Delete this alert?" });
  await confirm.waitFor();
  await tabTo(page, "Delete alert", 5);
  const deleted = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/alerts/${rule.id}` && response.request().method() === "DELETE");
  await page.keyboard.press("Enter");
  assert.equal((await deleted).status(), 204);
  await toast(page, "Alert deleted", rule.description);
  await page.getByText("You have no alerts yet.").waitFor();
  await close(context, problems);
});

test("a signed-out visitor: /alerts asks to log in, the pair page says how to get alerts", async () => {
  const { context, page, problems } = await walletPage({ init: consented });
  await page.goto("/alerts");
  await page.getByRole("heading", { name: "Login Required" }).waitFor();
  assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, follow");
  await page.goto("/compare/hex/plsx");
  const hint = page.getByTestId("alert-sign-in-hint");
  assert.equal(await hint.innerText(), "Log in to be alerted when HEX reaches PLSX's market cap.");
  assert.equal(await hint.getByRole("link", { name: "Log in" }).getAttribute("href"), "/api/login?returnTo=%2Fcompare%2Fhex%2Fplsx");
  await close(context, problems);
});
