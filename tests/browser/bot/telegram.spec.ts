// The bot on the production build: updates POSTed to the running server's webhook as Telegram
// sends them, answered to the local Bot API server (suite().telegram), and the pair page the
// answer's button points at opening with the same comparison.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TEST_WEBHOOK_SECRET, inlineQueryUpdate, messageUpdate } from "@/tests/helpers/telegram-api";
import { newContext, SITE_URL } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

async function postUpdate(update: unknown): Promise<void> {
  const res = await fetch(`${suite().baseUrl}/api/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": TEST_WEBHOOK_SECRET },
    body: JSON.stringify(update),
  });
  assert.equal(res.status, 200, await res.text());
}

type Keyboard = { inline_keyboard: { text: string; url?: string }[][] };

test("a /compare in a group and an inline query are answered with the comparison and a button to its pair page, which shows it", async () => {
  const { telegram, baseUrl, browser } = suite();
  const group = -4_000_000_001;
  const updateId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
  await postUpdate(messageUpdate(updateId, "/compare@PulseCompareTestBot hex BTC 1m", { id: group }));
  const [answer] = telegram.messagesTo(group);
  assert.ok(answer, "the group got an answer");
  assert.equal(answer.parseMode, "HTML");
  const sentence = /When HEX reaches the market cap of BTC, it will be at <b>(\$[\d.,]+)<\/b>/.exec(answer.text);
  assert.ok(sentence, answer.text);
  assert.match(answer.text, /1,000,000 HEX: \$[\d,.]+ today, <b>\$[\d,.]+[KMBT]?<\/b> at BTC's market cap\./);
  const button = (answer.replyMarkup as Keyboard).inline_keyboard[0]![0]!;
  assert.equal(button.url, `${SITE_URL}/compare/hex/btc`);

  await postUpdate(inlineQueryUpdate(updateId + 1, "hex btc"));
  const inline = telegram.callsOf("answerInlineQuery").find((call) => call.params.inline_query_id === `iq-${updateId + 1}`);
  const results = inline?.params.results as { title: string; url: string }[] | undefined;
  assert.equal(results?.[0]?.url, `${SITE_URL}/compare/hex/btc`);
  assert.match(results![0]!.title, new RegExp(`^HEX at BTC's market cap: \\${sentence[1]} \\(`));

  // The button's address on this server: the page says the same sentence with the same price.
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto(new URL(button.url!).pathname);
    // What the page shows (innerText): each figure also carries its PLS text, hidden in dollars.
    const onPage = (await page.getByTestId("comparison-sentence").innerText()).replace(/\s+/g, " ");
    assert.equal(onPage, `When HEX reaches the market cap of BTC, it will be at ${sentence[1]}.`);
  } finally {
    await context.close();
  }
});
