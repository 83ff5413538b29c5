// The listing form's token check (GET /api/orders/token): the token a signed-in buyer pasted,
// read from a real local EVM (ganache) as the operator's preview reads it, and refused in exactly
// the words the quote (POST /api/orders) uses for the same token. It writes nothing.
import type { Address } from "viem";
import * as orders from "@/app/api/orders/route";
import * as token from "@/app/api/orders/token/route";
import { orderTokenSchema } from "@/lib/orders/order-token-schema";
import type { LocalChain } from "@/tests/chain/local-chain";
import { deployOrderTokens, startOrderChain } from "@/tests/helpers/paying-buyers";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

jest.setTimeout(60_000);

const PAY_TO: Address = "0x2222222222222222222222222222222222222222";
const EOA: Address = "0x1111111111111111111111111111111111111111";
/** HEX's PulseChain contract: listed in the seed. */
const SEEDED_HEX: Address = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

let chain: LocalChain;
let doggo: Address; // $12,000 of liquidity: over the $5,000 floor
let sneaky: Address; // over the floor, with hidden characters in its name and symbol
let thin: Address; // $120: under the floor
let lonely: Address; // no pool
let stopChain = async () => {};

beforeAll(async () => {
  ({ chain, stop: stopChain } = await startOrderChain(PAY_TO));
  ({ doggo, thin, lonely } = await deployOrderTokens(chain));
  sneaky = await chain.deployToken("Sneaky\u200B\nCoin", "SNK\u202E", 18, "1000000");
  await chain.addLiquidity(chain.contracts.factoryV2, sneaky, "1000", chain.contracts.wpls, "200000000");
});

afterAll(() => stopChain());

// Quotes lock a PLS price at most two refresh intervals old: the seed's snapshot is older.
beforeEach(async () => {
  await db().coin.update({ where: { id: "pls" }, data: { priceUpdatedAt: new Date() } });
});

const check = (user: SignedIn, query: string) => user.browser.request(token.GET, `/api/orders/token${query}`);
const quotePlan = (user: SignedIn, tokenAddress: string) =>
  user.browser.request(orders.POST, "/api/orders", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ tokenAddress, plan: "target" }) });
const written = async () => ({ orders: await db().listingOrder.count(), holds: await db().slotHold.count(), coins: await db().coin.count() });

test("a real ERC-20 over the floor: what the operator's preview reads, and nothing written", async () => {
  const buyer = await signIn();
  const before = await written();
  const res = await check(buyer, `?address=${doggo.toLowerCase()}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const answer = orderTokenSchema.parse(res.body);
  expect(answer).toEqual({
    kind: "new",
    contractAddress: doggo,
    name: "Doggo Inu",
    symbol: "DOGGO",
    decimals: 9,
    currentPrice: expect.any(Number),
    marketCap: expect.any(Number),
    circulatingSupply: 1_000_000_000,
    liquidityUsd: expect.any(Number),
    raw: { name: null, symbol: null },
  });
  if (answer.kind !== "new") throw new Error("unreachable");
  // 200,000,000 WPLS at $0.00003 against 1,000,000 DOGGO: $0.006 a token, $12,000 in the pool.
  expect(answer.currentPrice).toBeCloseTo(0.006, 9);
  expect(answer.marketCap).toBeCloseTo(6_000_000, 3);
  expect(answer.liquidityUsd).toBeCloseTo(12_000, 3);
  expect(await written()).toEqual(before);
});

test("cleaned text: the name and symbol the site would show, and the contract's own where cleaning changed them", async () => {
  const answer = orderTokenSchema.parse((await check(await signIn(), `?address=${sneaky}`)).body);
  expect(answer).toMatchObject({ kind: "new", name: "Sneaky Coin", symbol: "SNK", raw: { name: "Sneaky\u200B\nCoin", symbol: "SNK\u202E" } });
});

test("a token the site lists already: only a slot can be ordered, and the plan's refusal is the quote's", async () => {
  const buyer = await signIn();
  const res = await check(buyer, `?address=${SEEDED_HEX.toLowerCase()}`);
  expect(res.status).toBe(200);
  const answer = orderTokenSchema.parse(res.body);
  expect(answer).toEqual({ kind: "listed", contractAddress: SEEDED_HEX, coinId: "hex", name: "HEX", symbol: "HEX", planRefusal: expect.stringMatching(/already listed as "hex"/) });
  const quoted = await quotePlan(buyer, SEEDED_HEX);
  expect([quoted.status, errorOf(quoted)]).toEqual([409, { code: "already_listed", message: answer.kind === "listed" ? answer.planRefusal : "" }]);
});

describe("refusals: the quote's own code and words, and nothing written", () => {
  const cases: Array<[string, () => Address, number, string, RegExp]> = [
    ["a contract that is not an ERC-20 (a PulseX factory)", () => chain.contracts.factoryV1, 422, "not_a_token", /./],
    ["an address with no contract", () => EOA, 422, "not_a_token", /./],
    ["a token without a pool", () => lonely, 422, "not_priceable", /LONE cannot be listed/],
    ["a token under the liquidity floor", () => thin, 422, "under_liquidity_floor", /THIN cannot be listed yet: its best PulseX pool has \$120 of liquidity, under the \$5,000/],
  ];
  test.each(cases)("%s", async (_name, address, status, code, message) => {
    const buyer = await signIn();
    const before = await written();
    const res = await check(buyer, `?address=${address()}`);
    expect([res.status, errorOf(res).code]).toEqual([status, code]);
    expect(errorOf(res).message).toMatch(message);
    const quoted = await quotePlan(buyer, address());
    expect([quoted.status, errorOf(quoted)]).toEqual([status, errorOf(res)]);
    expect(await written()).toEqual(before);
  });
});

describe("the request", () => {
  test.each([
    ["a malformed address", "?address=0x123", /40 hex digits/],
    ["a bad checksum", () => `?address=${doggo.toLowerCase().replace(/^0x./, "0xA")}`, /checksum/],
    ["no address", "", /address/],
    ["an unknown parameter", `?address=${EOA}&plan=target`, /plan/],
  ] as const)("%s: 400 invalid_query", async (_name, query, message) => {
    const res = await check(await signIn(), typeof query === "function" ? query() : query);
    expect([res.status, errorOf(res).code]).toEqual([400, "invalid_query"]);
    expect(errorOf(res).message).toMatch(message);
  });

  test("without a payment address, listings are closed: 503 before the token is read", async () => {
    const restore = setEnvVars({ LISTING_PAYMENT_ADDRESS: "", PULSECHAIN_RPC_URL: "http://127.0.0.1:9/" });
    try {
      const res = await check(await signIn(), `?address=${doggo}`);
      expect([res.status, errorOf(res).code]).toEqual([503, "listings_closed"]);
    } finally {
      restore();
    }
  });

  test("a chain that does not answer is the server's problem: 503", async () => {
    const restore = setEnvVars({ PULSECHAIN_RPC_URL: "http://127.0.0.1:9/" });
    try {
      const res = await check(await signIn(), `?address=${doggo}`);
      expect([res.status, errorOf(res).code]).toEqual([503, "service_unavailable"]);
    } finally {
      restore();
    }
  });

  test("other methods: 405", async () => {
    const res = await call(token.POST, "/api/orders/token", { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
