// Linking a Telegram chat for alerts end to end: the real /api/telegram/link handlers with real
// sign-ins, the real webhook route carrying /start <token>, /alerts and /stop as Telegram sends
// them, the real bot (grammY) answering through the local Bot API server, a real SQLite file.
import * as linkRoute from "@/app/api/telegram/link/route";
import { hashLinkToken } from "@/lib/telegram/link-tokens.server";
import { LINK_TOKEN_PATTERN } from "@/lib/bot/linking.server";
import { telegramConnectSchema, telegramLinkSchema, TELEGRAM_LINK_TTL_MS } from "@/lib/telegram/schemas";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { SLOW_DOWN_TEXT } from "@/lib/bot/replies";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { TEST_BOT_USERNAME, inlineQueryUpdate, messageUpdate } from "@/tests/helpers/telegram-api";
import { postUpdate, useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const api = useTelegramApi();

let updateIds = 20_000;
let chatIds = 700_000;
const newChat = () => ++chatIds;

const connect = (user: SignedIn) => user.browser.request(linkRoute.POST, "/api/telegram/link", { method: "POST", headers: JSON_WRITE, body: "{}" });
const status = (user: SignedIn) => user.browser.request(linkRoute.GET, "/api/telegram/link");
const unlink = (user: SignedIn) => user.browser.request(linkRoute.DELETE, "/api/telegram/link", { method: "DELETE", headers: SAME_SITE });

/** A text message in a chat, posted to the webhook as Telegram would; the bot's last answer there. */
async function say(text: string, chat: { id: number; type?: "private" | "group" | "supergroup" }): Promise<string> {
  const res = await postUpdate(messageUpdate(++updateIds, text, chat, { id: Math.abs(chat.id) }));
  expect(res.status).toBe(200);
  const answers = api.messagesTo(chat.id);
  return answers.at(-1)?.text ?? "";
}

async function tokenFor(user: SignedIn): Promise<string> {
  const res = await connect(user);
  expect(res.status).toBe(200);
  const { url } = telegramConnectSchema.parse(res.body);
  return new URL(url).searchParams.get("start")!;
}

const linkRow = (userId: number) => db().telegramLink.findUnique({ where: { userId } });

test("Connect gives a one-time t.me link; /start <token> in a private chat links that chat; the page reads 'linked', never the chat id", async () => {
  const user = await signIn();
  expect((await status(user)).body).toEqual({ botUsername: TEST_BOT_USERNAME, status: "none", since: null });

  const res = await connect(user);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const offered = telegramConnectSchema.parse(res.body);
  const url = new URL(offered.url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${TEST_BOT_USERNAME}`);
  const token = url.searchParams.get("start")!;
  expect(token).toMatch(LINK_TOKEN_PATTERN);
  expect(token.length).toBeLessThanOrEqual(64);
  expect(Math.abs(Date.parse(offered.expiresAt) - (Date.now() + TELEGRAM_LINK_TTL_MS))).toBeLessThan(30_000);
  // Stored only as its hash.
  const stored = await db().telegramLinkToken.findMany({ where: { userId: user.userId } });
  expect(stored).toEqual([expect.objectContaining({ tokenHash: hashLinkToken(token), usedAt: null })]);
  expect(JSON.stringify(stored)).not.toContain(token);

  const chat = newChat();
  const reply = await say(`/start ${token}`, { id: chat });
  expect(reply).toMatch(/^Linked: your PulseCompare alerts will arrive in this chat/);
  expect(reply).toContain("/alerts");
  expect(reply).toContain("/stop");

  const linked = await status(user);
  expect(telegramLinkSchema.parse(linked.body)).toEqual({ botUsername: TEST_BOT_USERNAME, status: "linked", since: expect.any(String) });
  expect(linked.text).not.toContain(String(chat));
  expect(await linkRow(user.userId)).toMatchObject({ chatId: String(chat), status: "linked", unlinkedAt: null });
});

test("a token used twice, an expired one and an unknown one are refused in words, and link nothing", async () => {
  const user = await signIn();
  const token = await tokenFor(user);
  const first = newChat();
  expect(await say(`/start ${token}`, { id: first })).toMatch(/^Linked/);
  const second = newChat();
  expect(await say(`/start ${token}`, { id: second })).toMatch(/^This link has already been used\. Open .*\/alerts, sign in and choose 'Connect Telegram'\./);
  expect(await linkRow(user.userId)).toMatchObject({ chatId: String(first) });

  const other = await signIn();
  const late = await tokenFor(other);
  // Ten minutes later, as the database sees it.
  await db().telegramLinkToken.update({ where: { tokenHash: hashLinkToken(late) }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect(await say(`/start ${late}`, { id: second })).toMatch(/^This link has expired \(links work for 10 minutes\)\./);
  expect(await say(`/start ${"A".repeat(43)}`, { id: second })).toMatch(/^This link is not valid\./);
  expect(await linkRow(other.userId)).toBeNull();
  expect((await status(other)).body).toMatchObject({ status: "none" });

  // Spent and long-expired tokens are swept when anyone connects: the table keeps no history.
  await db().telegramLinkToken.update({ where: { tokenHash: hashLinkToken(late) }, data: { expiresAt: new Date(Date.now() - 25 * 3_600_000) } });
  await tokenFor(user);
  expect(await db().telegramLinkToken.count({ where: { tokenHash: { in: [hashLinkToken(token), hashLinkToken(late)] } } })).toBe(0);
});

test("two /start with one token at once link once", async () => {
  const user = await signIn();
  const token = await tokenFor(user);
  const [a, b] = [newChat(), newChat()];
  await Promise.all([say(`/start ${token}`, { id: a }), say(`/start ${token}`, { id: b })]);
  const replies = [api.messagesTo(a)[0]!.text, api.messagesTo(b)[0]!.text];
  expect(replies.filter((text) => text.startsWith("Linked"))).toHaveLength(1);
  expect(replies.filter((text) => text.startsWith("This link has already been used"))).toHaveLength(1);
});

test("a token binds to the user who asked for it: another user neither uses nor sees nor unlinks that link; a chat linked again moves", async () => {
  const alice = await signIn();
  const bob = await signIn();
  const chat = newChat();
  // Whoever opens Alice's link (here, from a chat Bob uses), it links Alice.
  await say(`/start ${await tokenFor(alice)}`, { id: chat });
  expect(await linkRow(alice.userId)).toMatchObject({ chatId: String(chat), status: "linked" });
  expect(await linkRow(bob.userId)).toBeNull();
  expect((await status(bob)).body).toMatchObject({ status: "none" });
  expect((await unlink(bob)).status).toBe(204);
  expect(await linkRow(alice.userId)).toMatchObject({ status: "linked" });

  // Bob links the same chat with his own token: it moves to him, and Alice's link stops.
  await say(`/start ${await tokenFor(bob)}`, { id: chat });
  expect(await linkRow(bob.userId)).toMatchObject({ chatId: String(chat), status: "linked" });
  expect(await linkRow(alice.userId)).toMatchObject({ chatId: null, status: "stopped" });
  expect((await status(alice)).body).toMatchObject({ status: "stopped" });
});

test("/start <token> in a group is refused and leaves the token unused for the private chat", async () => {
  const user = await signIn();
  const token = await tokenFor(user);
  const group = -(newChat());
  expect(await say(`/start@${TEST_BOT_USERNAME} ${token}`, { id: group, type: "supergroup" })).toBe(`Alerts come to a private chat with me: open @${TEST_BOT_USERNAME} and press Start there.`);
  expect(await linkRow(user.userId)).toBeNull();
  expect(await say(`/start ${token}`, { id: newChat() })).toMatch(/^Linked/);
});

test("/start spends the chat's budget: past it, one 'slow down', then silence, and a token is not used", async () => {
  const user = await signIn();
  const token = await tokenFor(user);
  const chat = newChat();
  // A private chat is its user: the user's inline queries spend the same 20 a minute (fast: no chat to throttle).
  const budget = RATE_LIMIT_BUCKETS["telegram-chat"].rules[0].points;
  expect(budget).toBe(20);
  for (let i = 0; i < budget; i++) {
    await postUpdate(inlineQueryUpdate(++updateIds, "hex eth", { id: chat }));
  }
  expect(api.callsOf("answerInlineQuery")).toHaveLength(budget);

  expect(await say(`/start ${token}`, { id: chat })).toBe(SLOW_DOWN_TEXT);
  expect(await say("/start", { id: chat })).toBe(SLOW_DOWN_TEXT);
  expect(api.messagesTo(chat)).toHaveLength(1);
  expect(await linkRow(user.userId)).toBeNull();
  expect(await db().telegramLinkToken.findUniqueOrThrow({ where: { tokenHash: hashLinkToken(token) } })).toMatchObject({ usedAt: null });
  // Another chat is answered, and the token still works there.
  expect(await say(`/start ${token}`, { id: newChat() })).toMatch(/^Linked/);
});

test("/alerts lists the linked user's rules; /stop unlinks; then /alerts says how to link", async () => {
  const user = await signIn();
  const chat = newChat();
  expect(await say("/alerts", { id: chat })).toMatch(/^This chat is not linked to PulseCompare alerts\. Open .*\/alerts/);
  await say(`/start ${await tokenFor(user)}`, { id: chat });
  expect(await say("/alerts", { id: chat })).toMatch(/^You have no alerts yet\./);

  await db().alertRule.create({
    data: { userId: user.userId, kind: "reach", coinId: "plsx", otherCoinId: "hex", coinSymbol: "PLSX", coinName: "PulseX", otherSymbol: "HEX", otherName: "HEX", direction: "above", level: 0.5 },
  });
  await db().alertRule.create({ data: { userId: user.userId, kind: "new_ath", coinId: "hex", coinSymbol: "HEX", coinName: "HEX", level: 0.1, paused: true } });
  expect((await say("/alerts", { id: chat })).split("\n")).toEqual([
    "Your alerts (2):",
    "• PLSX reaches 50% of HEX's market cap (on)",
    "• HEX makes a new all-time high (paused)",
    expect.stringMatching(/^Change them at .*\/alerts\.$/),
  ]);

  expect(await say("/stop", { id: chat })).toMatch(/^Unlinked: alerts no longer come to this chat\./);
  expect(await linkRow(user.userId)).toMatchObject({ chatId: null, status: "stopped", unlinkedAt: expect.any(Date) });
  expect((await status(user)).body).toMatchObject({ status: "stopped", since: expect.any(String) });
  expect(await say("/alerts", { id: chat })).toMatch(/^This chat is not linked/);
  expect(await say("/stop", { id: chat })).toBe("This chat is not linked to PulseCompare alerts.");
});

test("DELETE unlinks the user's chat (204) and gives up its pending deliveries", async () => {
  const user = await signIn();
  await say(`/start ${await tokenFor(user)}`, { id: newChat() });
  const link = (await linkRow(user.userId))!;
  const rule = await db().alertRule.create({ data: { userId: user.userId, kind: "new_ath", coinId: "hex", coinSymbol: "HEX", coinName: "HEX", level: 0.1 } });
  const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.userId, crossing: 1, message: "HEX made a new all-time high: $0.01", url: "/coins/hex", value: 0.01, firedAt: new Date() } });
  const delivery = await db().alertDelivery.create({ data: { firingId: firing.id, channel: "telegram", target: `telegram:${link.id}`, telegramLinkId: link.id, nextAttemptAt: new Date() } });

  const res = await unlink(user);
  expect(res.status).toBe(204);
  expect((await status(user)).body).toMatchObject({ status: "stopped" });
  expect(await linkRow(user.userId)).toMatchObject({ chatId: null, status: "stopped" });
  expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "gone" });
  // Again: nothing linked, still 204.
  expect((await unlink(user)).status).toBe(204);
});

test("without a bot: Connect is 503 telegram_unavailable and the status says no bot", async () => {
  const user = await signIn();
  const restore = setEnvVars({ TELEGRAM_BOT_TOKEN: "" });
  try {
    const res = await connect(user);
    expect(res.status).toBe(503);
    expect(errorOf(res).code).toBe("telegram_unavailable");
    expect((await status(user)).body).toEqual({ botUsername: null, status: "none", since: null });
  } finally {
    restore();
  }
  expect(await db().telegramLinkToken.count({ where: { userId: user.userId } })).toBe(0);
});

test("signed out: 401 on every method, nothing written", async () => {
  const before = await db().telegramLinkToken.count();
  for (const [handler, method] of [[linkRoute.GET, "GET"], [linkRoute.POST, "POST"], [linkRoute.DELETE, "DELETE"]] as const) {
    const res = await call(handler, "/api/telegram/link", { method, headers: method === "GET" ? {} : JSON_WRITE, ...(method === "POST" ? { body: "{}" } : {}) });
    expect(res.status).toBe(401);
  }
  expect(await db().telegramLinkToken.count()).toBe(before);
});
