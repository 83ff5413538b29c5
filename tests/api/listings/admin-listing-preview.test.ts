// The listing preview (GET /api/admin/coins/preview) and confirming it (POST /api/admin/coins with
// `confirmed`), end to end: real route handlers on a real seeded SQLite file, real SIWE sessions,
// and a real local EVM (ganache + solc-js) whose test tokens carry hostile names.
import { privateKeyToAccount } from "viem/accounts";
import type { Address } from "viem";
import * as adminCoins from "@/app/api/admin/coins/route";
import * as preview from "@/app/api/admin/coins/preview/route";
import * as cryptocurrency from "@/app/api/cryptocurrencies/[id]/route";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { coinSchema } from "@/lib/coins/schemas";
import { adminCoinSchema, listingPreviewSchema } from "@/lib/listings/schemas";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

jest.setTimeout(60_000);

const OPERATOR_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const EOA: Address = "0x1111111111111111111111111111111111111111";
const WPLS_USD = 300 / 10_000_000; // the one DAI pool: 300 DAI / 10M WPLS

const EVIL_NAME = `Evil\u202Egnp.exe\nCoin${"x".repeat(100)}`;
const EVIL_SYMBOL = "\u2066EV\tIL\u200B\u0000";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let chain: LocalChain;
let doggo: Address; // clean text, 9 decimals, 2 WPLS each
let evil: Address; // hostile name and symbol, 18 decimals, 5 WPLS each
let blank: Address; // a name with nothing visible in it
let lonely: Address; // no pool
let previewed: Address; // the symbol "PREVIEW" (its id must not shadow the route)
let long: Address; // a 1,000-character name

let restoreEnv = () => {};

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  await chain.addLiquidity(factoryV1, wpls, "1000000000", dai, "30000");
  doggo = await chain.deployToken("Doggo Inu", "DOGGO", 9, "1000000000");
  await chain.addLiquidity(factoryV2, doggo, "1000000", wpls, "2000000");
  evil = await chain.deployToken(EVIL_NAME, EVIL_SYMBOL, 18, "1000000");
  await chain.addLiquidity(factoryV1, evil, "1000", wpls, "5000");
  blank = await chain.deployToken("\u200B\u202E\n\t \uFEFF", "BLANK", 18, "1000");
  await chain.addLiquidity(factoryV1, blank, "1000", wpls, "1000");
  lonely = await chain.deployToken("Lonely", "LONE", 18, "1000");
  previewed = await chain.deployToken("Preview Token", "PREVIEW", 18, "1000");
  await chain.addLiquidity(factoryV1, previewed, "1000", wpls, "1000");
  long = await chain.deployToken("L".repeat(1000), "LONG", 18, "1000");
  await chain.addLiquidity(factoryV1, long, "1000", wpls, "1000");

  const values = { PULSECHAIN_RPC_URL: chain.rpcUrl, PULSEX_WPLS_ADDRESS: wpls, PULSEX_FACTORIES: `${factoryV1},${factoryV2}`, PULSEX_STABLECOINS: dai, MULTICALL3_ADDRESS: multicall3 };
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

const ask = (user: SignedIn, query: string) => user.browser.request(preview.GET, `/api/admin/coins/preview${query}`);
const askFor = (address: string, user = operator) => ask(user, `?contractAddress=${address}`);
const list = (body: unknown) => operator.browser.request(adminCoins.POST, "/api/admin/coins", { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body) });
const written = async () => ({ coins: await db().coin.count(), snapshots: await db().priceSnapshot.count() });

describe("GET /api/admin/coins/preview", () => {
  test("a clean token: what listing would create, private, and nothing written", async () => {
    const before = await written();
    const res = await askFor(doggo.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const shown = listingPreviewSchema.parse(res.body);
    expect(shown).toEqual({
      contractAddress: doggo,
      id: "doggo",
      name: "Doggo Inu",
      symbol: "DOGGO",
      decimals: 9,
      currentPrice: expect.closeTo(2 * WPLS_USD, 12),
      marketCap: expect.closeTo(1_000_000_000 * 2 * WPLS_USD, 4),
      circulatingSupply: 1_000_000_000,
      liquidityUsd: expect.closeTo(2 * 2_000_000 * WPLS_USD, 6),
      cleaned: false,
      raw: { name: null, symbol: null },
    });
    expect(await written()).toEqual(before);
  });

  test("a hostile token: the cleaned name and symbol, and the raw ones beside them", async () => {
    const res = await askFor(evil);
    expect(res.status).toBe(200);
    const shown = listingPreviewSchema.parse(res.body);
    expect(shown).toMatchObject({
      name: `Evilgnp.exe Coin${"x".repeat(48)}`,
      symbol: "EV IL",
      id: "ev-il",
      decimals: 18,
      cleaned: true,
      raw: { name: EVIL_NAME, symbol: EVIL_SYMBOL },
      currentPrice: expect.closeTo(5 * WPLS_USD, 12),
    });
    expect(Array.from(shown.name)).toHaveLength(64);
  });

  test("a very long raw name comes back cut to 256 characters", async () => {
    const shown = listingPreviewSchema.parse((await askFor(long)).body);
    expect(shown).toMatchObject({ name: "L".repeat(64), cleaned: true, raw: { name: `${"L".repeat(256)}…`, symbol: null } });
  });

  test("a name with nothing visible is 422 not_a_token, saying why", async () => {
    const res = await askFor(blank);
    expect(res.status).toBe(422);
    expect(errorOf(res)).toEqual({
      code: "not_a_token",
      message: `${blank} has no usable name: its name is empty or only control, invisible or space characters, and a listing needs a name of 1 to 64 visible characters.`,
    });
  });

  test.each([
    ["an account that is no token", () => `?contractAddress=${EOA}`, 422, "not_a_token"],
    ["a token without a pool", () => `?contractAddress=${lonely}`, 422, "not_priceable"],
    ["a listed token", () => `?contractAddress=${doggo}`, 409, "already_listed"],
    ["a malformed address", () => "?contractAddress=0x1234", 400, "invalid_query"],
    ["no address", () => "", 400, "invalid_query"],
    ["an unknown parameter", () => `?contractAddress=${lonely}&logoUrl=x`, 400, "invalid_query"],
  ])("%s is refused like the listing would be", async (_name, query, status, code) => {
    if (code === "already_listed") expect((await list({ contractAddress: doggo })).status).toBe(201);
    const res = await ask(operator, query());
    expect({ status: res.status, code: errorOf(res).code }).toEqual({ status, code });
  });

  test("a symbol whose id would be the route's own name gets a numbered id", async () => {
    const res = await askFor(previewed);
    expect(listingPreviewSchema.parse(res.body).id).toBe("preview-2");
  });

  test("other methods are 405", async () => {
    const res = await call(preview.POST, "/api/admin/coins/preview", { method: "POST" });
    expect(res.status).toBe(405);
  });
});

describe("confirming the preview: POST /api/admin/coins with `confirmed`", () => {
  test("a changed name, symbol or decimals is 409 listing_changed, and nothing is written", async () => {
    const before = await written();
    for (const confirmed of [
      { name: EVIL_NAME, symbol: "EV IL", decimals: 18 },
      { name: `Evilgnp.exe Coin${"x".repeat(48)}`, symbol: "EVIL", decimals: 18 },
      { name: `Evilgnp.exe Coin${"x".repeat(48)}`, symbol: "EV IL", decimals: 9 },
    ]) {
      const res = await list({ contractAddress: evil, confirmed });
      expect(res.status).toBe(409);
      expect(errorOf(res)).toEqual({ code: "listing_changed", message: expect.stringMatching(/^The token now reads "Evilgnp\.exe Coinx+" \(EV IL, 18 decimals\), not what the preview showed\./) });
    }
    expect(await written()).toEqual(before);
  });

  test("what the preview showed is what is listed, and what the site shows", async () => {
    const shown = listingPreviewSchema.parse((await askFor(evil)).body);
    const res = await list({ contractAddress: evil, confirmed: { name: shown.name, symbol: shown.symbol, decimals: shown.decimals } });
    expect(res.status).toBe(201);
    const coin = adminCoinSchema.parse(res.body);
    expect(coin).toMatchObject({ id: shown.id, name: shown.name, symbol: shown.symbol, decimals: 18 });
    expect(await db().coin.findUniqueOrThrow({ where: { id: shown.id } })).toMatchObject({ name: shown.name, symbol: "EV IL" });
    const pub = coinSchema.parse((await call(cryptocurrency.GET, `/api/cryptocurrencies/${shown.id}`, { params: { id: shown.id } })).body);
    expect(pub).toMatchObject({ name: shown.name, symbol: "EV IL" });
    expect(`${pub.name}${pub.symbol}`).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });

  test("listing without the preview still cleans the text; nothing visible is 422", async () => {
    const res = await list({ contractAddress: blank });
    expect(res.status).toBe(422);
    expect(errorOf(res).code).toBe("not_a_token");
    const preview2 = await list({ contractAddress: previewed });
    expect(preview2.status).toBe(201);
    expect(adminCoinSchema.parse(preview2.body).id).toBe("preview-2");
  });
});
