// Every reply under Telegram's 4,096 characters, whatever is typed: the longest input each command
// accepts (a Telegram message is at most 4,096 characters, a button's data 64 bytes, an inline
// query 256 characters) sent through the real webhook route to the real bot, and the local Bot
// API server refusing any text over 4,096 (400 "message is too long", as Telegram does). Words the
// user typed are said back cut to ECHO_MAX_CHARS; /alerts with 50 long rules is shortened with a
// link to the page; and the guard every send goes through (lib/telegram/api.server.ts) cuts what
// a command would still make too long.
import { Api } from "grammy";
import { ECHO_MAX_CHARS } from "@/lib/bot/replies";
import { ALERT_RULE_LIMIT } from "@/lib/alerts/schemas";
import { configureTelegramApi } from "@/lib/telegram/api.server";
import { MAX_MESSAGE_CHARS } from "@/lib/telegram/message-limit";
import { signIn } from "@/tests/helpers/account-session";
import {
  TEST_BOT_TOKEN,
  TEST_BOT_USERNAME,
  callbackQueryUpdate,
  inlineQueryUpdate,
  messageUpdate,
  type SentMessage,
} from "@/tests/helpers/telegram-api";
import { postUpdate, useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const SITE = "https://pulsecompare.test";
/** Telegram's longest message: what a user can type after a command. */
const LONGEST_MESSAGE = 4096;

const api = useTelegramApi({ env: { NEXT_PUBLIC_SITE_URL: SITE } });
afterEach(() => jest.restoreAllMocks());

let nextUpdateId = 60_000;
let nextChat = 61_000;

async function post(update: unknown): Promise<void> {
  const res = await postUpdate(update);
  expect(res.status).toBe(200);
}

/** Lines logged by the send guard when it had to cut a text: none, when every command keeps its own replies short. */
const watchCuts = () => {
  const warn = jest.spyOn(console, "warn");
  return () => warn.mock.calls.map((args) => args.join(" ")).filter((line) => line.includes("was cut"));
};

/** Sends `text` from a new chat; the one message the bot answered, after checking every send to the chat was taken. */
async function ask(text: string, chat: { id?: number; type?: "private" | "supergroup" } = {}, from?: { id: number }): Promise<SentMessage> {
  const id = chat.id ?? (chat.type === "supergroup" ? -++nextChat : ++nextChat);
  await post(messageUpdate(nextUpdateId++, text, { id, type: chat.type }, from ?? { id: Math.abs(id) }));
  expect(api.calls.filter((c) => String(c.params.chat_id) === String(id)).map((c) => [c.method, c.status, c.description])).toEqual([["sendMessage", 200, undefined]]);
  const sent = api.messagesTo(id);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

/** A word of `length` characters that names no coin, with HTML's special characters in it. */
const word = (length: number, seed = "zq") => `${seed}<&>`.repeat(Math.ceil(length / (seed.length + 3))).slice(0, length);
/** `command` and its arguments, padded with one word to Telegram's longest message. */
const longest = (command: string, ...args: string[]) => {
  const start = [command, ...args].join(" ");
  return `${start} ${word(LONGEST_MESSAGE - start.length - 1)}`;
};
const shown = (text: string) => text.replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe("the longest message each command accepts gets one reply under 4,096 characters, with no cut needed", () => {
  const twoWords = `/compare ${word(2043, "ab")} ${word(LONGEST_MESSAGE - 2053, "cd")}`;
  const cases: Array<[string, string, "private" | "supergroup"]> = [
    ["/compare with two unknown words of 2,043 characters", twoWords, "private"],
    ["/compare with two unknown words, in a group", `/compare@${TEST_BOT_USERNAME} ${twoWords.slice(`/compare@${TEST_BOT_USERNAME} `.length)}`, "supergroup"],
    ["/compare with a coin and an unknown word", longest("/compare", "hex"), "private"],
    ["/compare with an unknown word and a coin", `/compare ${word(4083)} hex`, "private"],
    ["/compare with two coins and an amount too large", `/compare hex eth ${"9".repeat(LONGEST_MESSAGE - 17)}`, "private"],
    ["/compare with two coins and an amount of words", longest("/compare", "hex", "eth"), "private"],
    ["/price", longest("/price"), "private"],
    ["/ath", longest("/ath"), "supergroup"],
    ["/top", longest("/top"), "private"],
    ["/help", longest("/help"), "private"],
    ["/start", longest("/start"), "private"],
    ["/start in a group", longest(`/start@${TEST_BOT_USERNAME}`), "supergroup"],
    ["/list", longest("/list"), "private"],
    ["/list with 0x and 4,088 hex digits", `/list 0x${"ab".repeat(2044)}`, "supergroup"],
    ["/alerts (an unlinked chat)", longest("/alerts"), "private"],
    ["/stop (an unlinked chat)", longest("/stop"), "private"],
  ];
  test.each(cases)("%s", async (_name, text, type) => {
    expect(text).toHaveLength(LONGEST_MESSAGE);
    const cuts = watchCuts();
    const reply = await ask(text, { type });
    expect(reply.text.length).toBeLessThan(MAX_MESSAGE_CHARS);
    expect(cuts()).toEqual([]);
  });

  test("a word said back is cut to 64 characters and an ellipsis", async () => {
    const [first, second] = twoWords.split(" ").slice(1);
    const reply = shown((await ask(twoWords)).text);
    expect(ECHO_MAX_CHARS).toBe(64);
    expect(reply).toBe(`No coin called ${first!.slice(0, 64)}… on PulseCompare.\nNo coin called ${second!.slice(0, 64)}… on PulseCompare.`);
  });
});

test("a button's longest data (64 bytes) and the longest inline query (256 characters) are answered within the limits", async () => {
  const cuts = watchCuts();
  const chat = { id: ++nextChat };
  const data = `cmp:${word(30)}:${word(64 - 4 - 30 - 1)}`;
  expect(Buffer.byteLength(data)).toBe(64);
  await post(callbackQueryUpdate(nextUpdateId++, data, chat, 1));
  const edited = api.callsOf("editMessageText");
  expect(edited).toHaveLength(1);
  expect((edited[0]!.params.text as string).length).toBeLessThan(MAX_MESSAGE_CHARS);

  await post(inlineQueryUpdate(nextUpdateId++, `hex eth ${"9".repeat(256 - 8)}`));
  await post(inlineQueryUpdate(nextUpdateId++, word(256)));
  expect(api.calls.filter((c) => c.method === "answerInlineQuery").map((c) => c.status)).toEqual([200, 200]);
  expect(cuts()).toEqual([]);
});

test(`/alerts with ${ALERT_RULE_LIMIT} long rules: shortened under 4,096 characters, saying how many more, with the link to /alerts`, async () => {
  const user = await signIn();
  const chatId = ++nextChat;
  await db().telegramLink.create({ data: { userId: user.userId, chatId: String(chatId), status: "linked", linkedAt: new Date() } });
  // "PLSX reaches 12.34% of HEX's all-time-high market cap (fired, waiting to re-arm)": the longest words a rule has.
  await db().alertRule.createMany({
    data: Array.from({ length: ALERT_RULE_LIMIT }, (_, i) => ({
      userId: user.userId,
      kind: "reach_ath",
      coinId: "plsx",
      otherCoinId: "hex",
      coinSymbol: "PLSX",
      coinName: "PulseX",
      otherSymbol: "HEX",
      otherName: "HEX",
      direction: "above",
      level: 0.1234 + i / 10_000,
      armed: false,
    })),
  });
  const cuts = watchCuts();
  const reply = await ask("/alerts", { id: chatId });
  const lines = reply.text.split("\n");
  const listed = lines.filter((line) => line.startsWith("• "));
  expect(lines[0]).toBe(`Your alerts (${ALERT_RULE_LIMIT}):`);
  expect(listed[0]).toBe("• PLSX reaches 12.34% of HEX's all-time-high market cap (fired, waiting to re-arm)");
  // Every rule's line together would not fit: the list stops and says how many more, and where they all are.
  expect(ALERT_RULE_LIMIT * (listed[0]!.length + 1)).toBeGreaterThan(MAX_MESSAGE_CHARS);
  expect(lines.at(-1)).toBe(`…and ${ALERT_RULE_LIMIT - listed.length} more: see them all and change them at ${SITE}/alerts.`);
  expect(reply.text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
  expect(lines).toHaveLength(listed.length + 2);
  expect(cuts()).toEqual([]);
});

describe("the guard every send goes through: a text over 4,096 characters is cut before it is sent, and the cut is logged without the text", () => {
  let send: Api;
  beforeAll(() => {
    send = configureTelegramApi(new Api(TEST_BOT_TOKEN, { apiRoot: api.apiRoot }));
  });

  test("HTML lines: whole lines are kept, their tags balanced, and a last line says it goes on", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const line = "<b>PLSX</b> reaches 50% of HEX's market cap &amp; more";
    const text = Array.from({ length: 120 }, () => line).join("\n");
    expect(text.length).toBeGreaterThan(MAX_MESSAGE_CHARS);
    const chatId = ++nextChat;
    await send.sendMessage(chatId, text, { parse_mode: "HTML" });
    const [sent] = api.messagesTo(chatId);
    expect(sent!.text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    const lines = sent!.text.split("\n");
    expect(lines.at(-1)).toBe("…");
    expect(lines.slice(0, -1).every((kept) => kept === line)).toBe(true);
    expect(lines.length - 1).toBe(Math.floor((MAX_MESSAGE_CHARS - 2 + 1) / (line.length + 1)));
    expect(warn.mock.calls.map((args) => args.join(" "))).toEqual([`[telegram] sendMessage: a text of ${text.length} characters was cut to ${sent!.text.length} (Telegram's limit is 4096)`]);
  });

  test("one line too long: cut within, its tags dropped, no entity or character split", async () => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    const chatId = ++nextChat;
    const text = `<b>${"🙂&amp;".repeat(1000)}</b>`;
    await send.sendMessage(chatId, text, { parse_mode: "HTML" });
    const [sent] = api.messagesTo(chatId);
    expect(sent!.text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(sent!.text).toMatch(/^(🙂&amp;)+(🙂)?…$/u);

    await send.editMessageText(chatId, sent!.messageId, "x".repeat(5000));
    expect(api.callsOf("editMessageText").at(-1)!.params.text).toBe(`${"x".repeat(MAX_MESSAGE_CHARS - 1)}…`);
  });
});
