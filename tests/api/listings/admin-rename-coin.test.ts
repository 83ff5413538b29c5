// An operator renames a coin (POST /api/admin/coins/{id}/rename, issue 30): a PulseChain copy of
// WETH lists as "WETH" because that is what its contract reads. The rename is audited with the old
// and new text, and every public read shows it at once: the coin's API, the list and the selectors'
// index, the coin page, a pair page and the share image, with the cached pages marked for a rebuild.
// Real route handlers on a real seeded SQLite file; who may call it: tests/api/api/route-access.test.ts.
import type { ReactElement } from "react";
import { revalidatePath } from "next/cache";
import { privateKeyToAccount } from "viem/accounts";
import * as rename from "@/app/api/admin/coins/[id]/rename/route";
import * as coinIndex from "@/app/api/coin-index/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as one from "@/app/api/cryptocurrencies/[id]/route";
import CoinImage from "@/app/coins/[id]/opengraph-image";
import { resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { getCoinPage } from "@/lib/coins/coin-page.server";
import { getPairPage } from "@/lib/compare/pair-page.server";
import { adminCoinSchema } from "@/lib/listings/schemas";
import { coinListSchema, coinSchema } from "@/lib/coins/schemas";
import { JSON_WRITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { elementTexts } from "@/tests/helpers/element-texts";

// Next's page cache cannot be reached outside a request; what the write asks of it is recorded.
jest.mock("next/cache", () => ({ ...jest.requireActual("next/cache"), revalidatePath: jest.fn() }));
// next/og renders through a dynamic import jest cannot run (as in coin-share-image.test.ts).
jest.mock("next/og", () => ({
  ImageResponse: class {
    constructor(readonly element: ReactElement) {}
  },
}));

const OPERATOR_KEY = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const PWETH_ADDRESS = "0x02DcdD04e3F455D838cd1249292C58f3B79e3C3C";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

let operator: SignedIn;
beforeAll(async () => {
  operator = await signIn(OPERATOR_KEY);
  // Listed from its contract: the PulseChain copy of WETH reads the original's name and symbol.
  await db().coin.create({
    data: {
      id: "weth",
      symbol: "WETH",
      name: "Wrapped Ether",
      chain: "pulsechain",
      contractAddress: PWETH_ADDRESS,
      decimals: 18,
      currentPrice: 25,
      marketCap: 2.5e7,
      rank: (await db().coin.count()) + 1,
      priceSource: "pulsex",
      quoteSource: "pulsex",
      quoteId: PWETH_ADDRESS,
    },
  });
});

// The public cache's clock stands still: a read after the rename could only be fresh because the
// rename invalidated it, never because the cached value aged out.
const NOW = Date.now();
let audit: jest.SpyInstance;
beforeEach(() => {
  resetPublicCacheForTests(() => NOW);
  jest.mocked(revalidatePath).mockClear();
  audit = jest.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => audit.mockRestore());

const auditLines = () =>
  audit.mock.calls
    .map(([line]) => String(line))
    .filter((line) => line.startsWith("[admin-audit] "))
    .map((line) => JSON.parse(line.slice("[admin-audit] ".length)) as Record<string, unknown>);

const renameCoin = (user: SignedIn, id: string, body: unknown) =>
  user.browser.request(rename.POST, `/api/admin/coins/${id}/rename`, {
    method: "POST",
    headers: JSON_WRITE,
    body: typeof body === "string" ? body : JSON.stringify(body),
    params: { id },
  });

const publicCoin = async (id: string) => coinSchema.parse((await call(one.GET, `/api/cryptocurrencies/${id}`, { params: { id } })).body);
const listed = async (id: string) => coinListSchema.parse((await call(list.GET, "/api/cryptocurrencies")).body).find((coin) => coin.id === id);
const indexRow = async (id: string) => ((await call(coinIndex.GET, "/api/coin-index")).body as { coins: unknown[][] }).coins.find((row) => row[0] === id);

const shareImageText = async (id: string) => {
  const image = (await CoinImage({ params: Promise.resolve({ id }) })) as unknown as { element: ReactElement };
  return elementTexts(image.element).join(" ");
};

/** What every public read says the coin is called, read through the cache. */
async function everywhere(id: string) {
  const coin = await publicCoin(id);
  const fromList = await listed(id);
  const page = await getCoinPage(id);
  const pair = await getPairPage(id, "hex");
  return {
    api: [coin.symbol, coin.name],
    list: [fromList?.symbol, fromList?.name],
    search: (await indexRow(id))?.slice(1, 3),
    page: page.kind === "coin" ? [page.coin.symbol, page.coin.name] : page.kind,
    pair: pair.kind === "pair" ? [pair.result.coin1.symbol, pair.result.coin1.name] : pair.kind,
    shareImage: await shareImageText(id),
  };
}

test("the operator's name and symbol replace the contract's everywhere at once, and the audit line has old and new", async () => {
  // Every read cached first: a rename that did not invalidate them would leave them as they are.
  expect(await everywhere("weth")).toEqual({
    api: ["WETH", "Wrapped Ether"],
    list: ["WETH", "Wrapped Ether"],
    search: ["WETH", "Wrapped Ether"],
    page: ["WETH", "Wrapped Ether"],
    pair: ["WETH", "Wrapped Ether"],
    shareImage: expect.stringMatching(/^\S+ WETH Wrapped Ether \$25\.00 /),
  });

  const res = await renameCoin(operator, "weth", { symbol: " pWETH ", name: "  Wrapped  Ether from Ethereum " });
  expect(res.status).toBe(200);
  expect(adminCoinSchema.parse(res.body)).toMatchObject({ id: "weth", symbol: "pWETH", name: "Wrapped Ether from Ethereum", contractAddress: PWETH_ADDRESS });

  expect(await everywhere("weth")).toEqual({
    api: ["pWETH", "Wrapped Ether from Ethereum"],
    list: ["pWETH", "Wrapped Ether from Ethereum"],
    search: ["pWETH", "Wrapped Ether from Ethereum"],
    page: ["pWETH", "Wrapped Ether from Ethereum"],
    pair: ["pWETH", "Wrapped Ether from Ethereum"],
    shareImage: expect.stringMatching(/^\S+ pWETH Wrapped Ether from Ethereum \$25\.00 /),
  });
  // The id, and so every address, stays; the new symbol in lower case reaches the coin too.
  expect(await getCoinPage("pweth")).toEqual({ kind: "redirect", path: "/coins/weth" });
  // Every cached page shows coins (the header's PLS price, lists, pairs, images, the sitemap): all are marked.
  expect(revalidatePath).toHaveBeenCalledWith("/", "layout");

  expect(auditLines()).toEqual([
    {
      at: expect.any(String),
      operator: OPERATOR,
      endpoint: "POST /api/admin/coins/:id/rename",
      params: { id: "weth" },
      body: { symbol: "pWETH", name: "Wrapped Ether from Ethereum" },
      change: { name: { from: "Wrapped Ether", to: "Wrapped Ether from Ethereum" }, symbol: { from: "WETH", to: "pWETH" } },
      status: 200,
    },
  ]);
});

test("one field alone leaves the other as it is, and the audit line names only that one", async () => {
  const before = await db().coin.findUniqueOrThrow({ where: { id: "pdai" } });
  const res = await renameCoin(operator, "pdai", { name: "Dai from Ethereum" });
  expect(res.status).toBe(200);
  expect(adminCoinSchema.parse(res.body)).toMatchObject({ symbol: before.symbol, name: "Dai from Ethereum" });
  expect(await db().coin.findUniqueOrThrow({ where: { id: "pdai" } })).toMatchObject({ symbol: before.symbol, name: "Dai from Ethereum" });
  expect(auditLines()).toEqual([expect.objectContaining({ change: { name: { from: before.name, to: "Dai from Ethereum" } } })]);
});

test("bad input, an unknown coin and strangers change nothing, and none of it is audited", async () => {
  const before = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
  const visitor = await signIn();
  const cases: Array<[string, () => ReturnType<typeof renameCoin>, number, string]> = [
    ["nothing to rename", () => renameCoin(operator, "hex", {}), 400, "bad_request"],
    ["an empty name", () => renameCoin(operator, "hex", { name: "   " }), 400, "bad_request"],
    ["an empty symbol", () => renameCoin(operator, "hex", { symbol: "" }), 400, "bad_request"],
    ["a line break in the name", () => renameCoin(operator, "hex", { name: "HEX\nfrom Ethereum" }), 400, "bad_request"],
    ["a tab in the name", () => renameCoin(operator, "hex", { name: "HEX\tCoin" }), 400, "bad_request"],
    ["a right-to-left override", () => renameCoin(operator, "hex", { name: "Evil\u202Egnp.exe" }), 400, "bad_request"],
    ["a zero-width space in the symbol", () => renameCoin(operator, "hex", { symbol: "H\u200BEX" }), 400, "bad_request"],
    ["a NUL in the symbol", () => renameCoin(operator, "hex", { symbol: "HEX\u0000" }), 400, "bad_request"],
    ["a space in the symbol", () => renameCoin(operator, "hex", { symbol: "p HEX" }), 400, "bad_request"],
    ["a 65-character name", () => renameCoin(operator, "hex", { name: "x".repeat(65) }), 400, "bad_request"],
    ["a 17-character symbol", () => renameCoin(operator, "hex", { symbol: "X".repeat(17) }), 400, "bad_request"],
    ["a name that is not text", () => renameCoin(operator, "hex", { name: 42 }), 400, "bad_request"],
    ["an unknown field", () => renameCoin(operator, "hex", { name: "HEX", id: "hex2" }), 400, "bad_request"],
    ["not JSON", () => renameCoin(operator, "hex", "{name:"), 400, "bad_request"],
    ["an unknown coin", () => renameCoin(operator, "nope", { name: "Nope" }), 404, "not_found"],
    ["an id no coin can have", () => renameCoin(operator, "Not..A..Coin", { name: "Nope" }), 404, "not_found"],
    ["not an operator", () => renameCoin(visitor, "hex", { name: "Mine now" }), 403, "forbidden"],
  ];
  for (const [name, send, status, code] of cases) {
    const res = await send();
    expect([name, res.status, errorOf(res).code, typeof errorOf(res).message]).toEqual([name, status, code, "string"]);
  }
  expect(await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).toEqual(before);
  expect(auditLines()).toEqual([]);
  expect(revalidatePath).not.toHaveBeenCalled();
});

test("the limits count characters, not UTF-16 units: 16 emoji are a symbol, 64 accented letters a name", async () => {
  const res = await renameCoin(operator, "pepe", { symbol: "🐸".repeat(16), name: "é".repeat(64) });
  expect(res.status).toBe(200);
  expect(adminCoinSchema.parse(res.body)).toMatchObject({ symbol: "🐸".repeat(16), name: "é".repeat(64) });
  expect(await publicCoin("pepe")).toMatchObject({ symbol: "🐸".repeat(16), name: "é".repeat(64) });
});
