// The outbox's Telegram channel end to end: delivery rows as the evaluation writes them for a
// linked chat, in a real SQLite file, sent by the real bot (grammY, its throttler and auto-retry)
// to the local Bot API server, which answers as Telegram does (403 blocked, 400, 429, 5xx).
import { drainOutbox } from "@/lib/alerts/outbox.server";
import { OPEN_BUTTON } from "@/lib/alerts/telegram-delivery.server";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { telegramLinkOf } from "@/lib/telegram/link-tokens.server";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { TEST_BOT_USERNAME } from "@/tests/helpers/telegram-api";
import { useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { slowReads } from "./outbox-helpers";

const { db } = useTestDatabase({ seed: false });

const SITE = "https://pulsecompare.example";
const api = useTelegramApi({ webhookSecret: false, env: { NEXT_PUBLIC_SITE_URL: SITE } });
beforeEach(async () => {
  await db().alertDelivery.deleteMany({});
});

const T0 = new Date();
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const MESSAGE = "PLSX reached 50% of HEX's market cap: $1.44B";

let users = 0;
let chats = 900_000;

/** A user whose Telegram chat is linked, with one rule. */
async function linkedUser() {
  const address = `0x${(++users).toString(16).padStart(40, "0")}`;
  const user = await db().user.create({ data: { address } });
  const chatId = String(++chats);
  const link = await db().telegramLink.create({ data: { userId: user.id, chatId } });
  const rule = await db().alertRule.create({
    data: { userId: user.id, kind: "reach", coinId: "plsx", otherCoinId: "hex", coinSymbol: "PLSX", coinName: "PulseX", otherSymbol: "HEX", otherName: "HEX", direction: "above", level: 0.5 },
  });
  return { user, link, chatId, rule };
}

/** The firing and its pending Telegram delivery, as the evaluation writes them. */
async function fire(owner: Awaited<ReturnType<typeof linkedUser>>, crossing = 1) {
  const firing = await db().alertFiring.create({
    data: { ruleId: owner.rule.id, userId: owner.user.id, crossing, firedAt: T0, message: MESSAGE, url: "/compare/plsx-vs-hex", value: 0.5 },
  });
  const delivery = await db().alertDelivery.create({
    data: { firingId: firing.id, channel: "telegram", target: `telegram:${owner.link.id}`, telegramLinkId: owner.link.id, nextAttemptAt: T0 },
  });
  return { firing, delivery };
}

const row = (id: number) => db().alertDelivery.findUniqueOrThrow({ where: { id } });
const drain = (now: Date, lines: string[] = [], client: PrismaClient = db(), holder = "worker-a") => drainOutbox(client, { holder, now, log: (line) => lines.push(line) });

test("the chat gets the firing's line and a button to its page (absolute), nothing personal; the row is sent", async () => {
  const owner = await linkedUser();
  const { delivery } = await fire(owner);
  const lines: string[] = [];
  expect(await drain(at(1), lines)).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  const [message, ...more] = api.messagesTo(owner.chatId);
  expect(more).toEqual([]);
  expect(message!.text).toBe(MESSAGE);
  expect(message!.replyMarkup).toEqual({ inline_keyboard: [[{ text: OPEN_BUTTON, url: `${SITE}/compare/plsx-vs-hex` }]] });
  expect(JSON.stringify(api.callsOf("sendMessage")[0]!.params)).not.toMatch(new RegExp(`${owner.user.address}|userId`, "i"));
  expect(await row(delivery.id)).toMatchObject({ status: "sent", attempts: 1, claimedUntil: null, lastError: null });
  expect(lines).toEqual(["[alerts] outbox telegram: 1 sent, 0 gone, 0 retried, 0 failed"]);
  expect(await drain(at(600))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(api.messagesTo(owner.chatId)).toHaveLength(1);
});

test("drains at once (four, on two database clients) send each row to its chat exactly once", async () => {
  const owners = [];
  for (let i = 0; i < 10; i++) owners.push(await linkedUser());
  const rows = [];
  for (const owner of owners) for (let crossing = 1; crossing <= 2; crossing++) rows.push((await fire(owner, crossing)).delivery);
  const second = createPrismaClient({ url: process.env.DATABASE_URL! });
  try {
    const results = await Promise.all([db(), second, db(), second].map((client, i) => drain(at(1), [], slowReads(client), `worker-${i}`)));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
    expect(results.reduce((sum, r) => sum + r.retried + r.failed + r.gone, 0)).toBe(0);
  } finally {
    await second.$disconnect();
  }
  for (const owner of owners) expect(api.messagesTo(owner.chatId)).toHaveLength(2);
  expect(await db().alertDelivery.count({ where: { id: { in: rows.map((r) => r.id) }, status: "sent" } })).toBe(20);
});

test("403 (the bot was blocked): the row is gone, the link blocked without its chat id, its other rows gone, and the page says blocked", async () => {
  const owner = await linkedUser();
  const first = await fire(owner, 1);
  const second = await fire(owner, 2);
  api.block(owner.chatId);
  const lines: string[] = [];
  expect(await drain(at(1), lines)).toEqual({ sent: 0, gone: 2, retried: 0, failed: 0 });
  // One request: the second row is given up with the link, without asking Telegram again.
  expect(api.calls.filter((c) => c.method === "sendMessage" && String(c.params.chat_id) === owner.chatId)).toHaveLength(1);
  expect(await row(first.delivery.id)).toMatchObject({ status: "gone", lastError: "403 Forbidden: bot was blocked by the user" });
  expect(await row(second.delivery.id)).toMatchObject({ status: "gone" });
  expect(await db().telegramLink.findUniqueOrThrow({ where: { id: owner.link.id } })).toMatchObject({ status: "blocked", chatId: null, unlinkedAt: expect.any(Date) });
  expect(await telegramLinkOf(db(), owner.user.id)).toEqual({ botUsername: TEST_BOT_USERNAME, status: "blocked", since: expect.any(String) });
  for (const line of lines) expect(line).not.toContain(owner.chatId);
});

test("400 chat not found is gone likewise; any other 400 fails the row and keeps the link", async () => {
  const lost = await linkedUser();
  const kept = await linkedUser();
  const a = await fire(lost);
  const b = await fire(kept);
  api.fail("sendMessage", { status: 400, description: "Bad Request: chat not found", chatId: lost.chatId });
  api.fail("sendMessage", { status: 400, description: "Bad Request: message is too long", chatId: kept.chatId });
  expect(await drain(at(1))).toEqual({ sent: 0, gone: 1, retried: 0, failed: 1 });
  expect(await row(a.delivery.id)).toMatchObject({ status: "gone" });
  expect(await db().telegramLink.findUniqueOrThrow({ where: { id: lost.link.id } })).toMatchObject({ status: "blocked", chatId: null });
  expect(await row(b.delivery.id)).toMatchObject({ status: "failed", lastError: "400 Bad Request: message is too long" });
  expect(await db().telegramLink.findUniqueOrThrow({ where: { id: kept.link.id } })).toMatchObject({ status: "linked", chatId: kept.chatId });
});

test("429 with a retry_after longer than auto-retry waits: the row is tried again exactly then, and sent once", async () => {
  const owner = await linkedUser();
  const { delivery } = await fire(owner);
  api.fail("sendMessage", { status: 429, description: "Too Many Requests: retry after 40", retryAfter: 40, chatId: owner.chatId });
  expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
  const waiting = await row(delivery.id);
  expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "429 Too Many Requests: retry after 40", claimedUntil: null });
  expect(waiting.nextAttemptAt).toEqual(at(41));
  expect(await drain(at(40))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(await drain(at(41))).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  expect(api.messagesTo(owner.chatId)).toHaveLength(1);
});

test("a short 429 is waited out in line by auto-retry: sent in the same drain", async () => {
  const owner = await linkedUser();
  const { delivery } = await fire(owner);
  api.fail("sendMessage", { status: 429, description: "Too Many Requests: retry after 1", retryAfter: 1, chatId: owner.chatId });
  expect(await drain(at(1))).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  expect(await row(delivery.id)).toMatchObject({ status: "sent", attempts: 1 });
});

test("5xx and no answer at all are retried with the outbox's backoff, then sent once", async () => {
  const owner = await linkedUser();
  const { delivery } = await fire(owner);
  api.fail("sendMessage", { status: 502, description: "Bad Gateway", chatId: owner.chatId });
  expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
  const waiting = await row(delivery.id);
  expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "502 Bad Gateway" });
  expect(waiting.nextAttemptAt).toEqual(at(31));

  const restore = setEnvVars({ TELEGRAM_API_ROOT: "http://127.0.0.1:9" });
  try {
    expect(await drain(at(31))).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
  } finally {
    restore();
  }
  const again = await row(delivery.id);
  expect(again).toMatchObject({ attempts: 2, lastError: "network error" });
  expect(again.nextAttemptAt).toEqual(at(91));
  expect(await drain(at(91))).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  expect(api.messagesTo(owner.chatId)).toHaveLength(1);
});

test("a chat unlinked before the send is gone without a request; without a bot rows fail as telegram_unavailable", async () => {
  const owner = await linkedUser();
  const { delivery } = await fire(owner);
  await db().telegramLink.update({ where: { id: owner.link.id }, data: { status: "stopped", chatId: null } });
  expect(await drain(at(1))).toEqual({ sent: 0, gone: 1, retried: 0, failed: 0 });
  expect(await row(delivery.id)).toMatchObject({ status: "gone", lastError: "chat unlinked" });

  const other = await linkedUser();
  const second = await fire(other);
  const restore = setEnvVars({ TELEGRAM_BOT_TOKEN: "" });
  try {
    expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 1 });
  } finally {
    restore();
  }
  expect(await row(second.delivery.id)).toMatchObject({ status: "failed", lastError: "telegram_unavailable" });
  expect(api.calls.filter((c) => c.method === "sendMessage")).toHaveLength(0);
});
