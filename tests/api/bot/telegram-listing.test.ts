// The Telegram Listing Bot through the real webhook route: /list 0x… runs the listing form's own
// token check against a real local EVM (ganache, one chain for the file), so every refusal is the
// API's (GET /api/orders/token) word for word; an accepted token gets the plans and slots in USD
// and PLS and a button to the Listing Form with the token filled in. /start list introduces it.
import type { Address } from "viem";
import * as orderToken from "@/app/api/orders/token/route";
import { wholePlsFor } from "@/lib/orders/amount";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import type { LocalChain } from "@/tests/chain/local-chain";
import { startRpcProxy } from "@/tests/chain/rpc-proxy";
import { deployOrderTokens, startOrderChain } from "@/tests/helpers/paying-buyers";
import { errorOf, signIn } from "@/tests/helpers/account-session";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { TEST_BOT_USERNAME, messageUpdate, type SentMessage } from "@/tests/helpers/telegram-api";
import { postUpdate, useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(60_000);

const SITE = "https://pulsecompare.example";
const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
const EOA: Address = "0x1111111111111111111111111111111111111111";
/** HEX's PulseChain contract: listed in the seed. */
const SEEDED_HEX: Address = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const PRIVATE = { id: 7101 };
const GROUP = { id: -7102, type: "supergroup" as const, title: "PulseChain Talk" };

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

let chain: LocalChain;
let doggo: Address; // $12,000 of liquidity: over the $5,000 floor
let thin: Address; // $120: under the floor
let lonely: Address; // no pool
let spiky: Address; // over the floor, with HTML's special characters in its name
const api = useTelegramApi({ env: { NEXT_PUBLIC_SITE_URL: SITE } });
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO));
  ({ doggo, thin, lonely } = await deployOrderTokens(chain));
  spiky = await chain.deployToken("Fish & <Chips>", "F&C", 18, "1000000");
  await chain.addLiquidity(chain.contracts.factoryV2, spiky, "1000", chain.contracts.wpls, "200000000");
});
afterAll(async () => {
  await stopChain();
});

// Quotes lock a PLS price at most two refresh intervals old: the seed's snapshot is older.
beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { priceUpdatedAt: new Date() } });
});

let nextUpdate = 7000;
/** The last sendMessage's parameters. */
let lastParams: Record<string, unknown> = {};
/** Posts `text` to the webhook as Telegram would, and returns the one message the bot sent back. */
async function send(text: string, chat: { id: number; type?: "private" | "supergroup"; title?: string } = PRIVATE, from = { id: 9001 }): Promise<SentMessage> {
  const res = await postUpdate(messageUpdate(++nextUpdate, text, chat, from));
  expect(res.status).toBe(200);
  const sent = api.messagesTo(chat.id);
  expect(sent).toHaveLength(1);
  lastParams = api.callsOf("sendMessage").at(-1)!.params;
  api.reset();
  return sent[0]!;
}
const button = (message: SentMessage) => (message.replyMarkup as { inline_keyboard: Array<Array<{ text: string; url?: string }>> } | undefined)?.inline_keyboard.flat();
/** What the listing form's check (the API) says for `address`. */
const apiAnswer = async (address: string) => (await signIn()).browser.request(orderToken.GET, `/api/orders/token?address=${address}`);
const plsPrice = async () => (await db().coin.findUniqueOrThrow({ where: { id: "pls" } })).currentPrice;
const pls = (usd: number, plsUsd: number) => wholePlsFor(usd, plsUsd).toLocaleString("en-US");

test("/list with a token that can be listed: its name, the plans and slots in USD and PLS, and a button to the form with the token", async () => {
  const plsUsd = await plsPrice();
  const message = await send(`/list ${doggo.toLowerCase()}`);
  expect(message.parseMode).toBe("HTML");
  expect(message.text).toContain(`<b>Doggo Inu (DOGGO)</b>\n<code>${doggo}</code>\ncan be listed.`);
  expect(message.text).toContain(
    [
      "<b>Listing plans</b>",
      `• Basic+: $135 ≈ ${pls(135, plsUsd)} PLS\n  Website listing, Listed post on X`,
      `• Enhanced (recommended): $225 ≈ ${pls(225, plsUsd)} PLS\n  Website listing, Listed post on X, 2 compare posts on X`,
      `• Target: $185 ≈ ${pls(185, plsUsd)} PLS\n  Website listing, Listed post on X, 1 compare post on X`,
    ].join("\n"),
  );
  expect(message.text).toContain(
    ["<b>Homepage Compare slots</b>", `• 1 Day: $100 ≈ ${pls(100, plsUsd)} PLS`, `• 3 Days: $250 ≈ ${pls(250, plsUsd)} PLS`, `• 1 Week: $475 ≈ ${pls(475, plsUsd)} PLS`].join("\n"),
  );
  expect(message.text).toContain("this bot holds no wallet and takes no payment");
  expect(button(message)).toEqual([{ text: "Order on PulseCompare", url: `${SITE}/get-listed/apply?token=${doggo}` }]);
});

test("/list@<bot> in a group: the same answer, quoting the command", async () => {
  const message = await send(`/list@${TEST_BOT_USERNAME} ${doggo}`, GROUP);
  expect(message.text).toContain("<b>Doggo Inu (DOGGO)</b>");
  expect(button(message)).toEqual([{ text: "Order on PulseCompare", url: `${SITE}/get-listed/apply?token=${doggo}` }]);
  expect(lastParams.reply_parameters).toEqual({ message_id: nextUpdate, allow_sending_without_reply: true });
});

test("a token's name is escaped for Telegram's HTML", async () => {
  const message = await send(`/list ${spiky}`);
  expect(message.text).toContain("<b>Fish &amp; &lt;Chips&gt; (F&amp;C)</b>");
});

test("a token the site lists already: the plan's refusal in the API's words, and the slots it can still buy", async () => {
  const answer = (await apiAnswer(SEEDED_HEX)).body as { planRefusal: string };
  const message = await send(`/list ${SEEDED_HEX}`, GROUP);
  expect(message.text).toContain(`<b>HEX (HEX)</b>\n<code>${SEEDED_HEX}</code>\n${answer.planRefusal.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")} It can still have a Homepage Compare slot.`);
  expect(message.text).not.toContain("Listing plans");
  expect(message.text).toContain("<b>Homepage Compare slots</b>");
  expect(button(message)).toEqual([{ text: "Order on PulseCompare", url: `${SITE}/get-listed/apply?token=${SEEDED_HEX}` }]);
});

describe("refusals: the API's own words, in a private chat and a group, and no button", () => {
  const cases: Array<[string, () => Address, string]> = [
    ["a contract that is not an ERC-20 (a PulseX factory)", () => chain.contracts.factoryV1, "not_a_token"],
    ["an address with no contract", () => EOA, "not_a_token"],
    ["a token without a pool", () => lonely, "not_priceable"],
    ["a token under the liquidity floor", () => thin, "under_liquidity_floor"],
  ];
  test.each(cases)("%s", async (_name, address, code) => {
    const res = await apiAnswer(address());
    expect(errorOf(res).code).toBe(code);
    for (const chat of [PRIVATE, GROUP]) {
      const message = await send(`/list@${TEST_BOT_USERNAME} ${address()}`, chat);
      expect(message.text).toBe(errorOf(res).message.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
      expect(button(message)).toBeUndefined();
    }
  });

  test("listings closed (no payment address): the API's words, before the token is read", async () => {
    const restore = setEnvVars({ LISTING_PAYMENT_ADDRESS: "", PULSECHAIN_RPC_URL: "http://127.0.0.1:9/" });
    try {
      const res = await apiAnswer(doggo);
      expect(errorOf(res).code).toBe("listings_closed");
      for (const chat of [PRIVATE, GROUP]) {
        const message = await send(`/list ${doggo}`, chat);
        expect(message.text).toBe(errorOf(res).message);
        expect(button(message)).toBeUndefined();
      }
    } finally {
      restore();
    }
  });
});

test("no address, or a malformed one: a usage line (with why, when it is not an address), in a private chat and a group", async () => {
  for (const chat of [PRIVATE, GROUP]) {
    expect((await send("/list", chat)).text).toMatch(/^Send \/list followed by your token's contract address on PulseChain, e\.g\. \/list 0x[0-9a-fA-F]{40}$/);
    expect((await send(`/list@${TEST_BOT_USERNAME}`, chat)).text).toMatch(/^Send \/list followed by/);
    const malformed = await send("/list 0x123", chat);
    expect(malformed.text).toMatch(/^Enter a contract address: 0x followed by 40 hex digits\.\nSend \/list followed by/);
    expect(button(malformed)).toBeUndefined();
    const badChecksum = await send(`/list ${doggo.toLowerCase().replace(/^0x./, "0xA")}`, chat);
    expect(badChecksum.text).toMatch(/checksum does not match[^]*\nSend \/list followed by/);
  }
});

test("a PLS price too old to quote: USD prices, and the PLS amounts said to be unavailable rather than made up", async () => {
  await db().coin.update({ where: { id: "pls" }, data: { priceUpdatedAt: new Date(Date.now() - 3_600_000) } });
  const message = await send(`/list ${doggo}`);
  expect(message.text).toContain("• Basic+: $135\n");
  expect(message.text).toContain("• 1 Week: $475\n");
  expect(message.text).not.toMatch(/\d PLS\b/);
  expect(message.text).toContain("PLS amounts are unavailable right now");
  expect(button(message)).toEqual([{ text: "Order on PulseCompare", url: `${SITE}/get-listed/apply?token=${doggo}` }]);
});

describe("/list spends a quote budget: the API's per-wallet numbers per Telegram user, and a total for the site", () => {
  const [perUser, total] = RATE_LIMIT_BUCKETS["telegram-list"].rules;
  const perWallet = RATE_LIMIT_BUCKETS["order-quote"].rules.find((rule) => rule.key === "address")!;

  test("the numbers: 10 in 10 minutes per user (as a wallet's quotes), 20 a minute in all", () => {
    expect([perUser, total]).toEqual([
      { key: "chat", points: perWallet.points, durationSeconds: perWallet.durationSeconds },
      { key: "total", points: 20, durationSeconds: 60 },
    ]);
    expect(perWallet).toEqual({ key: "address", points: 10, durationSeconds: 600 });
  });

  test("past a user's budget, in any chat: the API's words, and nothing is read from the chain; another user is answered", async () => {
    // The API's refusal once a wallet's budget is spent, for the wording.
    const buyer = await signIn();
    for (let i = 0; i < perWallet.points; i++) await buyer.browser.request(orderToken.GET, `/api/orders/token?address=${EOA}`);
    const apiRefusal = errorOf(await buyer.browser.request(orderToken.GET, `/api/orders/token?address=${EOA}`));
    expect(apiRefusal).toEqual({ code: "rate_limited", message: "Too many requests. Try again in 600 s." });

    // One Telegram user's checks, from groups each with its own chat budget: the user's budget is one.
    const user = { id: 9400 };
    for (let i = 0; i < perUser.points; i++) {
      expect((await send(`/list@${TEST_BOT_USERNAME} ${EOA}`, { id: -9400 - i, type: "supergroup" }, user)).text).not.toMatch(/Too many requests/);
    }
    const proxy = await startRpcProxy(chain.rpcUrl);
    const restore = setEnvVars({ PULSECHAIN_RPC_URL: proxy.url });
    try {
      for (const chat of [{ id: user.id }, { id: -9499, type: "supergroup" as const }]) {
        const refused = await send(`/list@${TEST_BOT_USERNAME} ${doggo}`, chat, user);
        expect(refused.text).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
        expect(refused.text.replace(/\d+ s/, "600 s")).toBe(apiRefusal.message);
        expect(button(refused)).toBeUndefined();
      }
      expect(proxy.requests).toEqual([]);
      // Another user still gets the check, through the same node.
      expect((await send(`/list ${doggo}`, { id: 9401 }, { id: 9401 })).text).toContain("<b>Doggo Inu (DOGGO)</b>");
      expect(proxy.requests.length).toBeGreaterThan(0);
    } finally {
      restore();
      await proxy.stop();
    }
  });

  test("a malformed address spends nothing: it reads nothing either", async () => {
    const user = { id: 9500 };
    for (let i = 0; i < perUser.points + 2; i++) expect((await send("/list 0x123", { id: -9500 - i, type: "supergroup" }, user)).text).toMatch(/^Enter a contract address/);
    expect((await send(`/list ${EOA}`, { id: -9599, type: "supergroup" }, user)).text).not.toMatch(/Too many requests/);
  });
});

test("/start list (the Contact dialog's link): what the Listing Bot does and how to use /list", async () => {
  const message = await send("/start list");
  expect(message.parseMode).toBe("HTML");
  expect(message.text).toMatch(/^<b>PulseCompare Listing Bot<\/b>\n\nSend \/list with your token's contract address/);
  expect(message.text).toContain("prices in USD and PLS");
  expect(message.text).toContain("this bot holds no wallet and takes no payment");
});
