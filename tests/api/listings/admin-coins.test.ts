// Operators listing coins, end to end: real route handlers on a real seeded SQLite file, sessions
// from real SIWE sign-ins, and a real local EVM (ganache + solc-js) for the on-chain reads, with
// the app's environment pointed at it. Who may call the routes: tests/api/api/route-access.test.ts.
import { privateKeyToAccount } from "viem/accounts";
import type { Address } from "viem";
import * as adminCoins from "@/app/api/admin/coins/route";
import * as adminCoin from "@/app/api/admin/coins/[id]/route";
import * as cryptocurrency from "@/app/api/cryptocurrencies/[id]/route";
import * as recentlyListed from "@/app/api/trending/recently-listed/route";
import { resetEnvCache } from "@/lib/config/env";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { coinListSchema, coinSchema } from "@/lib/coins/schemas";
import { adminCoinListSchema, adminCoinSchema } from "@/lib/listings/schemas";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

jest.setTimeout(60_000);

const OPERATOR_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const EOA: Address = "0x1111111111111111111111111111111111111111";

const { db } = useTestDatabase({ seed: true });
// Lower case on purpose: the configuration is checksummed when it is read.
useAuthEnvironment({ OPERATOR_ADDRESSES: `0x2222222222222222222222222222222222222222, ${OPERATOR.toLowerCase()}` });

let chain: LocalChain;
let doggo: Address; // 9 decimals, 2 WPLS each, 100M of 1B burned
let pepe: Address; // symbol PEPE, which the seed's "pepe" already uses
let noPool: Address;
let raced: Address;
const WPLS_USD = 300 / 10_000_000; // the one DAI pool: 300 DAI / 10M WPLS

let restoreEnv = () => {};

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  await chain.addLiquidity(factoryV1, wpls, "1000000000", dai, "30000");
  doggo = await chain.deployToken("Doggo Inu", "DOGGO", 9, "1000000000");
  await chain.addLiquidity(factoryV2, doggo, "1000000", wpls, "2000000");
  await chain.transfer(doggo, BURN_DEAD, "100000000");
  pepe = await chain.deployToken("Pepe Classic", "PEPE", 18, "1000000");
  await chain.addLiquidity(factoryV1, pepe, "1000", wpls, "1000");
  noPool = await chain.deployToken("Lonely", "LONE", 18, "1000");
  raced = await chain.deployToken("Race Car", "RACE", 18, "1000000");
  await chain.addLiquidity(factoryV1, raced, "1000", wpls, "5000");

  const values = {
    PULSECHAIN_RPC_URL: chain.rpcUrl,
    PULSEX_WPLS_ADDRESS: wpls,
    PULSEX_FACTORIES: `${factoryV1},${factoryV2}`,
    PULSEX_STABLECOINS: dai,
    MULTICALL3_ADDRESS: multicall3,
  };
  restoreEnv = setEnvVars(values);
});

afterAll(async () => {
  restoreEnv();
  await chain?.stop();
});

let operator: SignedIn;
beforeAll(async () => {
  operator = await signIn(OPERATOR_KEY);
});

const list = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(adminCoins.POST, "/api/admin/coins", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const patch = (user: SignedIn, id: string, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(adminCoin.PATCH, `/api/admin/coins/${id}`, {
    method: "PATCH",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
    params: { id },
  });
/** The address with one hex letter's case flipped: same account, broken EIP-55 checksum. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[i]!;
  return address.slice(0, i) + (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()) + address.slice(i + 1);
}
const coinRows = () => db().coin.findMany({ orderBy: { id: "asc" } });

describe("the operators' list", () => {
  test("an operator reads every coin, private and uncached", async () => {
    const res = await operator.browser.request(adminCoins.GET, "/api/admin/coins");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const coins = adminCoinListSchema.parse(res.body);
    expect(coins).toHaveLength(await db().coin.count());
    expect(coins.find((coin) => coin.id === "hex")).toMatchObject({ symbol: "HEX", quoteSource: "pulsex", burnAddresses: null });
  });
});

describe("listing a token", () => {
  test("reads name, symbol and decimals on-chain, prices it from its WPLS pool, and it is the newest listing", async () => {
    const res = await list(operator, { contractAddress: doggo.toLowerCase(), logoUrl: "https://cdn.example/doggo.png", tags: ["Meme", "dog", "meme"] });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const coin = adminCoinSchema.parse(res.body);
    expect(coin).toMatchObject({
      id: "doggo",
      symbol: "DOGGO",
      name: "Doggo Inu",
      decimals: 9,
      chain: "pulsechain",
      contractAddress: doggo,
      logoUrl: "https://cdn.example/doggo.png",
      tags: ["meme", "dog"],
      quoteSource: "pulsex",
      priceSource: "pulsex",
      burnAddresses: null,
    });
    expect(coin.currentPrice).toBeCloseTo(2 * WPLS_USD, 12);
    expect(coin.marketCap).toBeCloseTo(900_000_000 * 2 * WPLS_USD, 4);
    expect(coin.liquidityUsd).toBeCloseTo(2 * 2_000_000 * WPLS_USD, 6);
    expect(Math.abs(Date.parse(coin.listedAt) - Date.now())).toBeLessThan(60_000);

    const row = await db().coin.findUniqueOrThrow({ where: { id: "doggo" } });
    expect(row).toMatchObject({ quoteId: doggo, circulatingSupply: 900_000_000, tags: "meme,dog" });
    const snapshots = await db().priceSnapshot.findMany({ where: { coinId: "doggo" } });
    expect(snapshots).toEqual([expect.objectContaining({ price: coin.currentPrice, marketCap: coin.marketCap })]);

    // Ranked among the others by market cap at once.
    const all = await db().coin.findMany({ orderBy: [{ marketCap: "desc" }, { id: "asc" }] });
    expect(all.findIndex((c) => c.id === "doggo") + 1).toBe(coin.rank);
    expect(all.map((c) => c.rank)).toEqual(all.map((_, i) => i + 1));

    const recent = await call(recentlyListed.GET, "/api/trending/recently-listed");
    const newest = coinListSchema.parse(recent.body);
    expect(newest[0]).toMatchObject({ id: "doggo", symbol: "DOGGO", tags: ["meme", "dog"] });
    const times = newest.map((c) => Date.parse(c.listedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("a symbol whose id is taken gets a numbered id", async () => {
    const res = await list(operator, { contractAddress: pepe, burnAddresses: [EOA.toLowerCase()] });
    expect(res.status).toBe(201);
    expect(adminCoinSchema.parse(res.body)).toMatchObject({ id: "pepe-2", symbol: "PEPE", decimals: 18, burnAddresses: [EOA] });
    expect((await db().coin.findUniqueOrThrow({ where: { id: "pepe" } })).contractAddress).not.toBe(pepe);
  });

  test("the same address again is 409 already_listed naming the coin, nothing written", async () => {
    const before = await db().coin.count();
    const res = await list(operator, { contractAddress: doggo });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toEqual({ code: "already_listed", message: `${doggo} is already listed as "doggo".` });
    const seeded = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
    const again = await list(operator, { contractAddress: seeded.contractAddress!.toLowerCase() });
    expect(errorOf(again)).toEqual({ code: "already_listed", message: expect.stringContaining('"hex"') });
    expect(await db().coin.count()).toBe(before);
  });

  test("two identical listings at once make one coin; the other is 409", async () => {
    const before = await db().coin.count();
    const results = await Promise.all([list(operator, { contractAddress: raced }), list(operator, { contractAddress: raced })]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(errorOf(results.find((res) => res.status === 409)!).code).toBe("already_listed");
    expect(await db().coin.count()).toBe(before + 1);
    expect(await db().coin.findMany({ where: { contractAddress: raced } })).toEqual([expect.objectContaining({ id: "race" })]);
    expect(await db().priceSnapshot.count({ where: { coinId: "race" } })).toBe(1);
  });

  test.each([
    ["an account that is no token", () => ({ contractAddress: EOA }), 422, "not_a_token", /is not an ERC-20 token on PulseChain/],
    ["a token without a pool", () => ({ contractAddress: noPool }), 422, "not_priceable", /LONE cannot be listed: no PulseX pair of 0x\w+ with WPLS or another base token has reserves\. A listing needs a PulseX pool with reserves against WPLS, a stablecoin or a base token \(HEX, PLSX, INC\)\./],
    ["a malformed address", () => ({ contractAddress: "0x1234" }), 400, "bad_request", /contractAddress: Enter a contract address/],
    ["a wrong checksum", () => ({ contractAddress: flipFirstLetter(doggo) }), 400, "bad_request", /checksum/],
    ["an http logo", () => ({ contractAddress: noPool, logoUrl: "http://cdn.example/x.png" }), 400, "bad_request", /logoUrl: A logo is an https/],
    ["a logo outside /logos/", () => ({ contractAddress: noPool, logoUrl: "/logos/../api/x" }), 400, "bad_request", /logoUrl/],
    ["a tag with a space", () => ({ contractAddress: noPool, tags: ["big dog"] }), 400, "bad_request", /tags\.0: A tag is one lowercase word/],
    ["eleven tags", () => ({ contractAddress: noPool, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }), 400, "bad_request", /At most 10 tags/],
    ["an unknown field", () => ({ contractAddress: noPool, rank: 1 }), 400, "bad_request", /rank/],
    ["no address", () => ({}), 400, "bad_request", /contractAddress/],
  ])("%s is refused with a clear message and nothing is written", async (_name, body, status, code, message) => {
    const before = await db().coin.count();
    const res = await list(operator, body());
    expect(res.status).toBe(status);
    expect(errorOf(res)).toEqual({ code, message: expect.stringMatching(message) });
    expect(await db().coin.count()).toBe(before);
  });

  test("a body that is not JSON is 415, broken JSON 400", async () => {
    expect((await list(operator, "contractAddress=0x", { ...SAME_SITE, "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await list(operator, "{", JSON_WRITE)).status).toBe(400);
  });

  test("an RPC that is down is 503, not the token's fault, and nothing is written", async () => {
    const before = await db().coin.count();
    process.env.PULSECHAIN_RPC_URL = "http://127.0.0.1:9/";
    resetEnvCache();
    try {
      const res = await list(operator, { contractAddress: noPool });
      expect(res.status).toBe(503);
      expect(errorOf(res)).toEqual({ code: "service_unavailable", message: expect.stringMatching(/PulseChain RPC did not answer/) });
    } finally {
      process.env.PULSECHAIN_RPC_URL = chain.rpcUrl;
      resetEnvCache();
    }
    expect(await db().coin.count()).toBe(before);
  });
});

describe("editing a coin", () => {
  test("tags and logo are set, normalised, and the public API shows the tags", async () => {
    const res = await patch(operator, "hex", { tags: ["Meme", "og"], logoUrl: "/logos/hex-new.svg" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(adminCoinSchema.parse(res.body)).toMatchObject({ id: "hex", tags: ["meme", "og"], logoUrl: "/logos/hex-new.svg" });
    expect(await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).toMatchObject({ tags: "meme,og", logoUrl: "/logos/hex-new.svg" });

    const pub = await call(cryptocurrency.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } });
    expect(coinSchema.parse(pub.body)).toMatchObject({ tags: ["meme", "og"], logoUrl: "/logos/hex-new.svg" });

    // Clearing: no tags, no logo; only what is given changes.
    const cleared = await patch(operator, "hex", { tags: [], logoUrl: null });
    expect(adminCoinSchema.parse(cleared.body)).toMatchObject({ tags: [], logoUrl: null, symbol: "HEX" });
  });

  test("burn addresses are stored checksummed; null puts the default set back", async () => {
    const res = await patch(operator, "hex", { burnAddresses: [EOA.toLowerCase(), BURN_DEAD] });
    expect(adminCoinSchema.parse(res.body).burnAddresses).toEqual([EOA, BURN_DEAD]);
    expect((await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).burnAddresses).toBe(JSON.stringify([EOA, BURN_DEAD]));
    const reset = await patch(operator, "hex", { burnAddresses: null });
    expect(adminCoinSchema.parse(reset.body).burnAddresses).toBeNull();
  });

  test("a supply note is set, trimmed, shown in the coin's answer; empty clears it", async () => {
    const res = await patch(operator, "inc", { supplyNote: "  Minted by the PulseX farms; nothing is locked.  " });
    expect(adminCoinSchema.parse(res.body).supplyNote).toBe("Minted by the PulseX farms; nothing is locked.");
    const answer = await call(cryptocurrency.GET, "/api/cryptocurrencies/inc", { params: { id: "inc" } });
    expect((answer.body as { supplyNote: string }).supplyNote).toBe("Minted by the PulseX farms; nothing is locked.");
    expect(adminCoinSchema.parse((await patch(operator, "inc", { supplyNote: "" })).body).supplyNote).toBeNull();
  });

  test("the seed marks its PulseChain copies of Ethereum tokens; an operator marks another, or unmarks one", async () => {
    const forkOf = async (id: string) => (await call(cryptocurrency.GET, `/api/cryptocurrencies/${id}`, { params: { id } })).body as { forkOf: string | null };
    expect((await forkOf("pdai")).forkOf).toBe("DAI");
    expect((await forkOf("hex")).forkOf).toBe("HEX");
    expect((await forkOf("ehex")).forkOf).toBeNull(); // bridged, not a copy
    expect(adminCoinSchema.parse((await patch(operator, "plsb", { forkOf: " PLSB " })).body).forkOf).toBe("PLSB");
    expect((await forkOf("plsb")).forkOf).toBe("PLSB");
    expect(adminCoinSchema.parse((await patch(operator, "plsb", { forkOf: "" })).body).forkOf).toBeNull();
  });

  test.each([
    ["a fork symbol too long", "hex", { forkOf: "X".repeat(17) }, 400, "bad_request"],
    ["a supply note too long", "hex", { supplyNote: "x".repeat(301) }, 400, "bad_request"],
    ["an unknown coin", "no-such-coin", { tags: ["meme"] }, 404, "not_found"],
    ["a malformed id", "HEX!", { tags: ["meme"] }, 404, "not_found"],
    ["an empty patch", "hex", {}, 400, "bad_request"],
    ["an unknown field", "hex", { name: "Hacked" }, 400, "bad_request"],
    ["tags as a string", "hex", { tags: "meme" }, 400, "bad_request"],
    ["a javascript: logo", "hex", { logoUrl: "javascript:alert(1)" }, 400, "bad_request"],
    ["an empty burn list", "hex", { burnAddresses: [] }, 400, "bad_request"],
  ])("%s is refused and changes nothing", async (_name, id, body, status, code) => {
    const before = await coinRows();
    const res = await patch(operator, id, body);
    expect(res.status).toBe(status);
    expect(errorOf(res).code).toBe(code);
    expect(await coinRows()).toEqual(before);
  });

  test("other methods are 405", async () => {
    const res = await call(adminCoin.GET, "/api/admin/coins/hex", { params: { id: "hex" } });
    expect(res.status).toBe(405);
  });
});
