// What the signature check costs the chain: a local fake JSON-RPC server counts every call and
// can hold its answers, so the "no code" memory and the cap on concurrent checks are measured
// in RPC calls, not assumed.
import { createServer, type Server } from "node:http";
import { pad, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  BoundedTtlSet,
  MAX_RPC_CHECKS_IN_FLIGHT,
  NO_CODE_MAX_ENTRIES,
  NO_CODE_TTL_MS,
  resetSignatureChecksForTests,
  verifyWalletSignature,
} from "@/lib/auth/verify-signature.server";
import { freePort } from "@/tests/helpers/free-port";

const owner = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const plainAccount = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");
const contractWallet: Address = "0x1234567890AbcdEF1234567890aBcdef12345678";
const MESSAGE = "pulsecompare.example wants you to sign in";
/** The caller's budget always allows asking the chain (sign-in's rate limit is tested in tests/api/auth/auth-sign-in-budget.test.ts). */
const ASK = { mayAskChain: async () => true };

let server: Server;
let rpcUrl: string;
/** Methods asked, in order. */
const calls: string[] = [];
/** eth_getCode calls waiting for their answer right now, and the most at once. */
let inFlight = 0;
let maxInFlight = 0;
/** While set, eth_getCode answers wait for it. */
let hold: Promise<void> | undefined;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    calls.push(method);
    let result: unknown = null;
    if (method === "eth_chainId") result = "0x171";
    if (method === "eth_getCode") {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await hold;
      inFlight--;
      result = String(params[0]).toLowerCase() === contractWallet.toLowerCase() ? "0x6080604052" : "0x";
    }
    if (method === "eth_call") result = pad("0x01"); // the wallet's validator says yes
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

let clock = Date.parse("2026-11-22T10:00:00Z");
beforeEach(() => {
  calls.length = 0;
  inFlight = maxInFlight = 0;
  hold = undefined;
  clock = Date.parse("2026-11-22T10:00:00Z");
  resetSignatureChecksForTests(() => clock);
});

async function wrongSignerFor(address: Address): Promise<{ address: Address; message: string; signature: Hex }> {
  return { address, message: MESSAGE, signature: await owner.signMessage({ message: MESSAGE }) };
}

test("a plain account's own signature needs no RPC call", async () => {
  const signature = await plainAccount.signMessage({ message: MESSAGE });
  expect(await verifyWalletSignature({ address: plainAccount.address, message: MESSAGE, signature }, rpcUrl, ASK)).toBe("valid");
  expect(calls).toEqual([]);
});

test("a plain account signed by another key: one eth_getCode, then refused from memory for 10 minutes", async () => {
  const attempt = await wrongSignerFor(plainAccount.address);
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("invalid");
  expect(calls).toEqual(["eth_getCode"]);
  for (let i = 0; i < 20; i++) expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("invalid");
  // Any case of the address is the same account.
  expect(await verifyWalletSignature({ ...attempt, address: plainAccount.address.toLowerCase() as Address }, rpcUrl, ASK)).toBe("invalid");
  expect(calls).toEqual(["eth_getCode"]);

  clock += NO_CODE_TTL_MS - 1;
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("invalid");
  expect(calls).toEqual(["eth_getCode"]);
  clock += 1;
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("invalid");
  expect(calls).toEqual(["eth_getCode", "eth_getCode"]);
});

test("a contract wallet is asked every time (code is never remembered)", async () => {
  const attempt = await wrongSignerFor(contractWallet);
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("valid");
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("valid");
  expect(calls.filter((method) => method === "eth_getCode")).toHaveLength(2);
  expect(calls).toContain("eth_call");
});

test(`at most ${MAX_RPC_CHECKS_IN_FLIGHT} checks ask the chain at once; more are "unverifiable" at once, remembered plain accounts still "invalid"`, async () => {
  // Remember one plain account first.
  const remembered = await wrongSignerFor(plainAccount.address);
  expect(await verifyWalletSignature(remembered, rpcUrl, ASK)).toBe("invalid");
  calls.length = 0;

  let release!: () => void;
  hold = new Promise((resolve) => (release = resolve));
  const attempt = await wrongSignerFor(contractWallet);
  const running = Array.from({ length: MAX_RPC_CHECKS_IN_FLIGHT }, () => verifyWalletSignature(attempt, rpcUrl, ASK));
  // Wait until all of them are at the RPC server.
  for (let i = 0; i < 100 && inFlight < MAX_RPC_CHECKS_IN_FLIGHT; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(inFlight).toBe(MAX_RPC_CHECKS_IN_FLIGHT);

  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const extra = await Promise.all([verifyWalletSignature(attempt, rpcUrl, ASK), verifyWalletSignature(attempt, rpcUrl, ASK)]);
  expect(extra).toEqual(["unverifiable", "unverifiable"]);
  expect(await verifyWalletSignature(remembered, rpcUrl, ASK)).toBe("invalid");
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();

  release();
  expect(await Promise.all(running)).toEqual(Array(MAX_RPC_CHECKS_IN_FLIGHT).fill("valid"));
  expect(maxInFlight).toBe(MAX_RPC_CHECKS_IN_FLIGHT);
  expect(calls.filter((method) => method === "eth_getCode")).toHaveLength(MAX_RPC_CHECKS_IN_FLIGHT);
  // The slots are free again.
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("valid");
});

test('the caller\'s budget is asked only right before the chain: a refusal is "limited" with no RPC call', async () => {
  const asked: string[] = [];
  let allow = true;
  const budget = { mayAskChain: async (address: Address) => (asked.push(address), allow) };
  // An ordinary wallet's own signature: no budget, no chain.
  const own = await plainAccount.signMessage({ message: MESSAGE });
  expect(await verifyWalletSignature({ address: plainAccount.address, message: MESSAGE, signature: own }, rpcUrl, budget)).toBe("valid");
  expect(asked).toEqual([]);
  // A plain account signed by another key: asked once, then remembered without asking.
  const forged = await wrongSignerFor(plainAccount.address);
  expect(await verifyWalletSignature(forged, rpcUrl, budget)).toBe("invalid");
  expect(await verifyWalletSignature(forged, rpcUrl, budget)).toBe("invalid");
  expect(asked).toEqual([plainAccount.address]);
  // Refused: nothing is sent to the chain, and the slot is free again.
  allow = false;
  calls.length = 0;
  const attempt = await wrongSignerFor(contractWallet);
  for (let i = 0; i < MAX_RPC_CHECKS_IN_FLIGHT + 1; i++) expect(await verifyWalletSignature(attempt, rpcUrl, budget)).toBe("limited");
  expect(calls).toEqual([]);
  allow = true;
  expect(await verifyWalletSignature(attempt, rpcUrl, budget)).toBe("valid");
});

test("an RPC that cannot be reached frees its slot", async () => {
  const attempt = await wrongSignerFor(contractWallet);
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  for (let i = 0; i < MAX_RPC_CHECKS_IN_FLIGHT + 2; i++) expect(await verifyWalletSignature(attempt, "http://127.0.0.1:9/", ASK)).toBe("unverifiable");
  warn.mockRestore();
  expect(await verifyWalletSignature(attempt, rpcUrl, ASK)).toBe("valid");
});

test(`the memory is bounded: ${NO_CODE_MAX_ENTRIES} addresses, least recently used leave first`, () => {
  let now = 0;
  const set = new BoundedTtlSet(3, 1_000, () => now);
  set.add("a");
  set.add("b");
  set.add("c");
  expect(set.has("a")).toBe(true); // a is now the most recently used
  set.add("d"); // b leaves
  expect([set.has("a"), set.has("b"), set.has("c"), set.has("d"), set.size]).toEqual([true, false, true, true, 3]);
  now = 1_000;
  expect(set.has("a")).toBe(false);
  expect(set.size).toBe(2);
});
