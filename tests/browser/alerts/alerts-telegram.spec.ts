// Telegram alerts in Chromium against the production server: "Connect Telegram" on /alerts gives
// the one-time t.me link; its token, sent to the app's webhook as Telegram sends /start <token>,
// links the chat through the real bot (talking to the suite's local Bot API server); the page,
// reading the status every few seconds, turns "Linked". Screenshots at 1440 and 360 px.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { TEST_BOT_USERNAME, TEST_WEBHOOK_SECRET, messageUpdate } from "@/tests/helpers/telegram-api";
import { screenshotPath } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, walletPage } from "@/tests/browser/wallet-steps";

test("Connect Telegram: the one-time link, /start <token> through the webhook, and the page turns 'Linked'", async () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const { context, page, wallet, problems } = await walletPage({ account, init: `document.cookie = "cookie-consent=true; path=/";` });
  await page.goto("/");
  await connectAndSignIn(page, wallet);
  await page.goto("/alerts");
  const section = page.getByRole("region", { name: "Telegram" });
  await section.getByText("Telegram is not linked").waitFor();
  await section.getByRole("button", { name: "Connect Telegram" }).click();

  const open = section.getByRole("link", { name: "Open Telegram" });
  await open.waitFor();
  const url = new URL((await open.getAttribute("href")) ?? "");
  assert.equal(`${url.origin}${url.pathname}`, `https://t.me/${TEST_BOT_USERNAME}`);
  const token = url.searchParams.get("start") ?? "";
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: screenshotPath("alerts-telegram-offer-1440"), fullPage: true });

  // What Telegram sends when the user presses Start in the bot's chat.
  const { baseUrl, telegram } = suite();
  const chatId = 61_000_000 + Math.floor(Math.random() * 1_000_000);
  const res = await fetch(`${baseUrl}/api/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": TEST_WEBHOOK_SECRET },
    body: JSON.stringify(messageUpdate(chatId, `/start ${token}`, { id: chatId })),
  });
  assert.equal(res.status, 200);
  assert.match(telegram.messagesTo(chatId).at(-1)?.text ?? "", /^Linked: your PulseCompare alerts will arrive in this chat/);

  await section.getByText("Linked to a Telegram chat").waitFor({ timeout: 10_000 });
  await section.getByRole("button", { name: "Disconnect" }).waitFor();
  assert.ok(!(await section.innerText()).includes(String(chatId)), "the page never shows the chat id");
  await page.screenshot({ path: screenshotPath("alerts-telegram-linked-1440"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `/alerts is ${overflow}px too wide at 360px`);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("alerts-telegram-linked-360"), fullPage: true });
  await close(context, problems);
});
