// The webhook route end to end: the real handler, a real SQLite file, the real bot (grammY) talking
// to the local Bot API server through TELEGRAM_API_ROOT. What every command answers is tested by
// its own feature's file; this one is the pipe: the secret, once per update, and a Bot API that
// does not answer.
import { sweepHandledUpdates } from "@/lib/bot/handle-update.server";
import { TEST_WEBHOOK_SECRET, messageUpdate } from "@/tests/helpers/telegram-api";
import { postUpdate, useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const api = useTelegramApi();
afterEach(() => jest.restoreAllMocks());

const post = postUpdate;

// First in this file: the process's first handled update sweeps (then at most once a minute).
test("handling an update forgets the ids handled over a day ago", async () => {
  await db().telegramUpdate.create({ data: { updateId: 1006, receivedAt: new Date(Date.now() - 25 * 3_600_000) } });
  await db().telegramUpdate.create({ data: { updateId: 1007, receivedAt: new Date(Date.now() - 23 * 3_600_000) } });
  expect((await post(messageUpdate(1008, "/help", { id: 46 }))).status).toBe(200);
  expect((await db().telegramUpdate.findMany({ where: { updateId: { in: [1006, 1007, 1008] } }, orderBy: { updateId: "asc" } })).map((row) => row.updateId)).toEqual([1007, 1008]);
});

test("an update with the secret is answered in its chat, once, however often Telegram sends it", async () => {
  const update = messageUpdate(1001, "/help", { id: 42 });
  const answers = await Promise.all([post(update), post(update), post(update)]);
  expect(answers.map((res) => [res.status, res.body])).toEqual(Array(3).fill([200, { ok: true }]));
  expect(api.messagesTo(42)).toHaveLength(1);
  expect((await post(update)).status).toBe(200);
  expect(api.messagesTo(42)).toHaveLength(1);
});

test("without the secret, or with a wrong one: 401 in the API's words, nothing sent, nothing recorded", async () => {
  for (const secret of [null, "wrong-secret-0123456789", `${TEST_WEBHOOK_SECRET}x`]) {
    const res = await post(messageUpdate(1002, "/help", { id: 43 }), secret);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { error: { code: "unauthenticated", message: expect.stringMatching(/webhook's secret token/) } } });
  }
  expect(api.calls).toEqual([]);
  expect(await db().telegramUpdate.count({ where: { updateId: 1002 } })).toBe(0);
});

test("a body that is no update is a 400 naming update_id, and an update of a kind the bot ignores is a 200", async () => {
  for (const body of [{}, { update_id: "7" }, { update_id: -1 }, [1, 2]]) {
    const res = await post(body);
    expect({ status: res.status, code: (res.body as { error?: { code: string } }).error?.code }).toEqual({ status: 400, code: "bad_request" });
  }
  const res = await post({ update_id: 1003, chat_boost: { chat: { id: -5, type: "supergroup", title: "x" } } });
  expect(res.status).toBe(200);
  expect(api.calls).toEqual([]);
});

describe("a Bot API that does not answer (an outage): 503 and the claim dropped, so Telegram's next attempt is answered", () => {
  const outages: Array<[string, (chatId: number) => void]> = [
    ["a 500", (chatId) => api.fail("sendMessage", { status: 500, description: "Internal Server Error", chatId })],
    ["a 502", (chatId) => api.fail("sendMessage", { status: 502, description: "Bad Gateway", chatId })],
    ["a dropped connection", (chatId) => api.hangUp("sendMessage", { chatId })],
    // Longer than the 5 s waited in line (MAX_INLINE_RETRY_S): Telegram sends the update again later.
    ["a 429 with retry_after 30", (chatId) => api.fail("sendMessage", { status: 429, description: "Too Many Requests: retry after 30", retryAfter: 30, chatId })],
  ];
  let nextChat = 1040;
  test.each(outages)("%s", async (_name, outage) => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const chatId = ++nextChat;
    outage(chatId);
    const update = messageUpdate(chatId, "/help", { id: chatId });
    const first = await post(update);
    expect({ status: first.status, code: (first.body as { error: { code: string } }).error.code }).toEqual({ status: 503, code: "service_unavailable" });
    expect(api.messagesTo(chatId)).toHaveLength(0);
    expect(await db().telegramUpdate.count({ where: { updateId: chatId } })).toBe(0);
    expect((await post(update)).status).toBe(200);
    expect(api.messagesTo(chatId)).toHaveLength(1);
  });
});

describe("a final refusal from the Bot API: 200, logged without the chat or the text, and the update is not handled again", () => {
  const refusals: Array<[string, (chatId: number) => void, string]> = [
    ["a 403: the chat blocked the bot", (chatId) => api.block(chatId), "403: Forbidden: bot was blocked by the user"],
    ["a 400: a message Telegram will not take", (chatId) => api.fail("sendMessage", { status: 400, description: "Bad Request: message is too long", chatId }), "400: Bad Request: message is too long"],
  ];
  let nextChat = 987_650;
  test.each(refusals)("%s", async (_name, refuse, said) => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const chatId = ++nextChat;
    refuse(chatId);
    const update = messageUpdate(2000 + (chatId % 100), "/price zz-private-words", { id: chatId });
    const answers = [await post(update), await post(update), await post(update)];
    expect(answers.map((res) => [res.status, res.body])).toEqual(Array(3).fill([200, { ok: true }]));
    // One attempt at the Bot API: Telegram's re-sends are not handled again.
    expect(api.calls.filter((c) => c.method === "sendMessage" && String(c.params.chat_id) === String(chatId)).map((c) => c.status)).toEqual([Number(said.slice(0, 3))]);
    expect(await db().telegramUpdate.count({ where: { updateId: update.update_id } })).toBe(1);
    const logged = warn.mock.calls.map((args) => args.join(" ")).filter((line) => line.startsWith("[telegram]"));
    expect(logged).toEqual([`[telegram] update ${update.update_id}: the Bot API refused sendMessage for good (${said}); answered 200, not retried`]);
    expect(logged.join("\n")).not.toMatch(new RegExp(`${chatId}|zz-private-words`));
  });
});

test("handled updates are forgotten after a day", async () => {
  await db().telegramUpdate.deleteMany();
  await post(messageUpdate(1005, "/help", { id: 45 }));
  expect(await sweepHandledUpdates(db(), new Date(Date.now() + 23 * 3_600_000))).toBe(0);
  expect(await sweepHandledUpdates(db(), new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThan(0);
  expect(await db().telegramUpdate.count({ where: { updateId: 1005 } })).toBe(0);
});
