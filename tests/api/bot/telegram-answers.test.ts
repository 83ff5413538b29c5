// The site's answers in Telegram, end to end: updates POSTed to the real webhook route (with the
// secret header, as Telegram sends them), the real bot (grammY) answering from the seeded
// database's published figures, and the local Bot API server recording what each chat would show.
// Its HTML check refuses any reply whose tags or & < > are not what Telegram's parser accepts.
import {
  TEST_BOT_USERNAME,
  callbackQueryUpdate,
  inlineQueryUpdate,
  messageUpdate,
  type SentMessage,
} from "@/tests/helpers/telegram-api";
import { postUpdate, useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { SLOW_DOWN_TEXT } from "@/lib/bot/replies";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

const { db, wroteBehindTheCache } = useTestDatabase({ seed: true });

const SITE = "https://pulsecompare.test";
const PRIVATE = { id: 4242 };
const GROUP = { id: -100777, type: "supergroup" as const };

const api = useTelegramApi({ env: { NEXT_PUBLIC_SITE_URL: SITE } });
let nextUpdateId = 5000;

async function post(update: unknown) {
  const res = await postUpdate(update);
  expect(res.status).toBe(200);
  return res;
}

let nextChat = 0;
/**
 * Sends `text` from a chat like `chat` (a new one each time: the throttler holds a chat to Telegram's
 * 1 message a second) and returns the one message the bot answered with.
 */
async function ask(text: string, like: { id: number; type?: "supergroup" } = PRIVATE): Promise<SentMessage> {
  nextChat++;
  const chat = { ...like, id: like.id < 0 ? like.id - nextChat : like.id + nextChat };
  const before = api.messagesTo(chat.id).length;
  await post(messageUpdate(nextUpdateId++, text, chat));
  const sent = api.messagesTo(chat.id).slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.parseMode).toBe("HTML");
  return sent[0]!;
}

const buttons = (message: SentMessage) => (message.replyMarkup as { inline_keyboard: { text: string; url?: string; callback_data?: string }[][] }).inline_keyboard.flat();
/** The text as the chat shows it: tags gone, entities decoded. */
const shown = (text: string) => text.replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe.each([
  ["a private chat", PRIVATE, ""],
  ["a group (privacy mode: the command names the bot)", GROUP, `@${TEST_BOT_USERNAME}`],
])("in %s", (_, chat, suffix) => {
  test("/compare: the pair page's sentence, the projected price and multiplier, and a button to the pair page", async () => {
    const message = await ask(`/compare${suffix} HEX eth`, chat);
    // HEX $0.004762, cap $2.87B; ETH cap $411.91B: 143.5x, $0.6833.
    expect(shown(message.text)).toContain("HEX at ETH's market cap: $0.6833 (143x)");
    expect(shown(message.text)).toContain("When HEX reaches the market cap of ETH, it will be at $0.6833 (143x).");
    expect(shown(message.text)).toContain("HEX: $0.0048, market cap $2.87B. ETH market cap: $411.91B.");
    expect(buttons(message)).toEqual([{ text: "HEX at ETH's market cap ↗", url: `${SITE}/compare/hex/eth` }]);
    if (chat.id < 0) expect(api.callsOf("sendMessage").at(-1)!.params.reply_parameters).toMatchObject({ allow_sending_without_reply: true });
  });

  test("/compare with an amount typed like the site's field: its value today and at the target", async () => {
    const message = await ask(`/compare${suffix} hex ETH 1.5m`, chat);
    // 1,500,000 × $0.004762 = $7,143; × 143.5 = $1.025M.
    expect(shown(message.text)).toContain("1,500,000 HEX: $7,143.00 today, $1,025,003.35 at ETH's market cap.");
    const bad = await ask(`/compare${suffix} hex eth 1,50,000`, chat);
    expect(shown(bad.text)).toBe("Group thousands with commas in threes (1,500,000) and use a point for decimals.");
  });

  test("/price, /ath and /top", async () => {
    const price = await ask(`/price${suffix} hex`, chat);
    expect(shown(price.text)).toMatch(/^HEX \(HEX\): \$0\.0048\nMarket cap \$2\.87B, 24h -?\d+\.\d%/);
    expect(buttons(price)).toEqual([{ text: "HEX on PulseCompare ↗", url: `${SITE}/coins/hex` }]);
    // The seed's prices are the snapshot's: older than the refresh interval, so the age is said.
    expect(shown(price.text)).toMatch(/HEX's price is from \d+ (days|hours) ago\./);

    const ath = await ask(`/ath${suffix} HEX`, chat);
    expect(shown(ath.text)).toMatch(/^HEX: (-\d+\.\d% from its all-time high of \$[\d.]+|No all-time high recorded yet)/);
    expect(shown(ath.text)).toContain("Price now $0.0048.");

    const top = await ask(`/top${suffix}`, chat);
    const rows = shown(top.text).split("\n").filter((line) => /^\d\. /.test(line));
    expect(shown(top.text).split("\n")[0]).toBe("Top Gaining Coins (24h)");
    expect(rows).toHaveLength(5);
    const changes = rows.map((row) => Number(/(-?\d+\.\d)%$/.exec(row)![1]));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
  });

  test("/help says what the bot does", async () => {
    const message = await ask(`/help${suffix}`, chat);
    for (const command of ["/compare", "/price", "/ath", "/top", `@${TEST_BOT_USERNAME}`]) expect(shown(message.text)).toContain(command);
  });
});

test("/start without a payload is the help; a command for another bot in a group is not answered", async () => {
  expect(shown((await ask("/start")).text)).toContain("/compare HEX ETH");
  await post(messageUpdate(nextUpdateId++, "/compare@SomeOtherBot hex eth", GROUP));
  expect(api.messagesTo(GROUP.id)).toHaveLength(0);
});

test("an unknown symbol says so and suggests the closest coin; a missing argument shows the usage", async () => {
  expect(shown((await ask("/compare hexx eth")).text)).toBe("No coin called hexx on PulseCompare. Did you mean HEX (HEX)?");
  expect(shown((await ask("/price zzzzqqq")).text)).toBe("No coin called zzzzqqq on PulseCompare.");
  expect(shown((await ask("/compare hex")).text)).toContain("/compare HEX ETH 1.5m");
});

test("an unknown word is matched on the closest-coin index built once per snapshot: later words read no coin but the one suggested", async () => {
  const snapshot = await getCoinSnapshot();
  let reads = 0;
  (snapshot as { coins: unknown }).coins = new Proxy(snapshot.coins, {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  // The first unknown word after a new snapshot builds the index.
  expect(shown((await ask("/price hexx")).text)).toContain("Did you mean HEX (HEX)?");
  reads = 0;
  expect(shown((await ask("/price plsxx")).text)).toContain("Did you mean PLSX");
  expect(shown((await ask("/compare hexx bitcoi")).text)).toMatch(/Did you mean HEX \(HEX\)\?\n.*Did you mean BTC/);
  await post(inlineQueryUpdate(nextUpdateId++, "pcok"));
  // Only each suggestion's own coin (4 words): the scan read every coin for each (62 seeded, 1,000s in production).
  expect(reads).toBeLessThanOrEqual(4);
});

describe("a symbol two coins share", () => {
  beforeAll(async () => {
    // Ids win over symbols (as in the site's addresses), so the shared symbol is no coin's id.
    await db().coin.createMany({
      data: [
        { id: "dai-eth", symbol: "DAI", name: "Dai <on Ethereum> & co", currentPrice: 1, marketCap: 4_200_000_000, rank: 900, chain: "ethereum", priceSource: "coingecko", priceUpdatedAt: new Date() },
        { id: "dai-bsc", symbol: "Dai", name: "Dai", currentPrice: 1, marketCap: 90_000_000, rank: 901, chain: "bsc", priceSource: "coingecko", priceUpdatedAt: new Date() },
      ],
    });
  });
  beforeEach(() => wroteBehindTheCache("coins"));

  test("is answered with a button per coin; a press completes the comparison in place", async () => {
    const question = await ask("/compare dai hex 2k", GROUP);
    expect(shown(question.text)).toBe("dai names 2 coins. Which one?");
    expect(buttons(question).map((button) => button.callback_data)).toEqual(["cmp:dai-eth:hex:2k", "cmp:dai-bsc:hex:2k"]);
    expect(buttons(question)[0]!.text).toBe("DAI: Dai <on Ethereum> & co (ethereum)");

    const chat = { id: Number(question.chatId), type: "supergroup" as const };
    await post(callbackQueryUpdate(nextUpdateId++, "cmp:dai-bsc:hex:2k", chat, question.messageId));
    expect(api.callsOf("answerCallbackQuery")).toHaveLength(1);
    const edited = api.callsOf("editMessageText").at(-1)!;
    expect(edited.params).toMatchObject({ chat_id: chat.id, message_id: question.messageId, parse_mode: "HTML" });
    expect(shown(edited.params.text as string)).toContain("When Dai reaches the market cap of HEX, it will be at $31.89 (32x).");
    expect(shown(edited.params.text as string)).toContain("2,000 Dai: $2,000.00 today, $63,789.64 at HEX's market cap.");
    expect((edited.params.reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0]![0]!.url).toBe(`${SITE}/compare/dai-bsc/hex`);
  });

  test("names with < > & are escaped, so Telegram's HTML parser takes the reply", async () => {
    const message = await ask("/price dai-eth");
    expect(message.text).toContain("Dai &lt;on Ethereum&gt; &amp; co");
    expect(shown(message.text)).not.toMatch(/price is from/); // priced just now: no age
  });
});

test("inline: '@bot hex eth' offers the comparison to post; an empty query offers the featured comparisons", async () => {
  await post(inlineQueryUpdate(nextUpdateId++, "hex eth"));
  const [typed] = api.callsOf("answerInlineQuery");
  const results = typed!.params.results as { title: string; url: string; input_message_content: { message_text: string; parse_mode: string }; reply_markup: unknown }[];
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ title: "HEX at ETH's market cap: $0.6833 (143x)", url: `${SITE}/compare/hex/eth`, input_message_content: { parse_mode: "HTML" } });
  expect(shown(results[0]!.input_message_content.message_text)).toContain("When HEX reaches the market cap of ETH");
  expect(results[0]!.reply_markup).toEqual({ inline_keyboard: [[{ text: "HEX at ETH's market cap ↗", url: `${SITE}/compare/hex/eth` }]] });

  await post(inlineQueryUpdate(nextUpdateId++, ""));
  const featured = api.callsOf("answerInlineQuery")[1]!.params.results as { url: string }[];
  // The seed's featured slots, as the home page shows them (promoted first).
  expect(featured.map((result) => result.url)).toEqual([`${SITE}/compare/ptgc/pcock`, `${SITE}/compare/hex/btc`]);

  await post(inlineQueryUpdate(nextUpdateId++, "nosuchcoin eth"));
  expect(api.callsOf("answerInlineQuery")[2]!.params.results).toEqual([]);
});

test("a flood from one chat: 20 answers a minute, one 'slow down', then silence; another chat is answered", async () => {
  // Inline queries are not held to Telegram's 1 message a second per chat, so the flood is fast;
  // a private chat is its user and shares their budget.
  const user = { id: 9191 };
  await Promise.all(Array.from({ length: 25 }, () => post(inlineQueryUpdate(nextUpdateId++, "hex eth", user))));
  expect(api.callsOf("answerInlineQuery")).toHaveLength(20);
  for (let i = 0; i < 3; i++) await post(messageUpdate(nextUpdateId++, "/price hex", user));
  expect(api.messagesTo(user.id).map((message) => message.text)).toEqual([SLOW_DOWN_TEXT]);
  // Another chat, and a group the flooding user is in, are answered.
  expect(shown((await ask("/price hex", { id: 9292 })).text)).toMatch(/^HEX \(HEX\)/);
  await post(messageUpdate(nextUpdateId++, "/price hex", { id: -9393 }, user));
  expect(api.messagesTo(-9393)).toHaveLength(1);
});

test("a 429 from the Bot API is retried after its retry_after, and the answer arrives", async () => {
  api.fail("sendMessage", { status: 429, description: "Too Many Requests: retry after 1", retryAfter: 1, chatId: 5151 });
  await post(messageUpdate(nextUpdateId++, "/compare hex eth", { id: 5151 }));
  const attempts = api.calls.filter((c) => c.method === "sendMessage" && String(c.params.chat_id) === "5151");
  expect(attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
  expect(api.messagesTo(5151)).toHaveLength(1);
});
