// Whose budget a sign-in spends (issue 31, "a sign-in no stranger can block"). The per-wallet
// budget is spent only right before the server asks the chain about a contract wallet, so
// forged sign-ins naming an ordinary wallet cost only their senders' IP budgets, and a flood
// naming a contract wallet asks the chain no more often than the "contract-wallet-check" budget.
//
// Clients are told apart by IP: with TRUST_PROXY=vercel the server believes Vercel's
// x-vercel-forwarded-for, so each simulated client sends its own. The chain's JSON-RPC endpoint
// is a third-party service, so msw plays it and counts what the server asks.
import { setupServer } from "msw/node";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { resetSignatureChecksForTests } from "@/lib/auth/verify-signature.server";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { fakeWalletChain } from "@/tests/helpers/fake-wallet-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, ClientAt, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";

const RPC = "https://rpc.pulsechain.test/";
useTestDatabase({ seed: false });
useAuthEnvironment({ PULSECHAIN_RPC_URL: RPC, TRUST_PROXY: "vercel" });

const operator = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const stranger = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
// A contract wallet (code on chain, no key of its own) whose validator accepts its owner's signatures.
const owner = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const contractWallet: Address = "0x1234567890AbcdEF1234567890aBcdef12345678";

const points = (key: string) => RATE_LIMIT_BUCKETS["contract-wallet-check"].rules.find((rule) => rule.key === key)!.points;
const SIGN_IN_PER_IP = RATE_LIMIT_BUCKETS["sign-in"].rules.find((rule) => rule.key === "ip")!.points;

const chain = fakeWalletChain(RPC, contractWallet);
const server = setupServer(chain.handler);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  chain.calls.length = 0;
  chain.up = true;
  chain.validatorSays = "no";
  resetSignatureChecksForTests();
});
afterAll(() => server.close());

/** A sign-in naming `address` with a fresh nonce, signed by `signer` (not the wallet's key when forged). */
async function signInNaming(client: Browser, address: Address, signer = stranger) {
  const message = siweMessage({ address, nonce: await client.nonce() });
  return client.submit(message, await signer.signMessage({ message }));
}

const codeOf = (res: { body: unknown }) => apiErrorSchema.parse(res.body).error.code;
const count = (method: string) => chain.calls.filter((m) => m === method).length;

describe("an ordinary wallet", () => {
  test("20 forged sign-ins naming it from 20 rotating clients, while the chain cannot answer; then it signs in at once", async () => {
    // The worst case: with the chain down nothing is remembered, so every forgery reaches the budget.
    chain.up = false;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const forged = [];
    for (let i = 0; i < 20; i++) forged.push(await signInNaming(new ClientAt(`198.51.100.${i + 1}`), operator.address));
    warn.mockRestore();
    expect(forged.map((res) => res.status)).toEqual(Array(20).fill(401));
    // The wallet's chain budget is used up by the forgeries...
    expect(forged.map(codeOf)).toEqual([...Array(points("address")).fill("signature_unverifiable"), ...Array(20 - points("address")).fill("signature_check_limited")]);

    // ...and its owner, from an address of its own, is not held back by it, again and again.
    for (let i = 0; i < 6; i++) {
      const browser = new ClientAt(`203.0.113.${i + 1}`);
      expect((await browser.signIn(operator)).status).toBe(200);
      expect(browser.sessionCookie()).toBeDefined();
    }
  });

  test("a stranger on one address: forged sign-ins cost only that address's budget", async () => {
    const attacker = new ClientAt("198.51.100.7");
    const statuses = [];
    for (let i = 0; i < SIGN_IN_PER_IP + 5; i++) statuses.push((await signInNaming(attacker, operator.address)).status);
    expect(statuses).toEqual([...Array(SIGN_IN_PER_IP).fill(401), ...Array(5).fill(429)]);
    // The chain was asked once: the address has no code, and that is remembered.
    expect(chain.calls).toEqual(["eth_getCode"]);
    expect((await new ClientAt("203.0.113.1").signIn(operator)).status).toBe(200);
  });
});

describe("a contract wallet", () => {
  test(`a flood of forged sign-ins naming it from rotating clients asks the chain at most ${points("address")} times`, async () => {
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await signInNaming(new ClientAt(`198.51.100.${i + 1}`), contractWallet));
    expect(results.map((res) => res.status)).toEqual(Array(30).fill(401));
    expect(results.map(codeOf)).toEqual([...Array(points("address")).fill("signature_invalid"), ...Array(30 - points("address")).fill("signature_check_limited")]);
    expect(count("eth_getCode")).toBe(points("address"));
    expect(count("eth_call")).toBe(points("address"));
    expect(chain.calls.length).toBe(2 * points("address"));

    // Only the chain can tell its owner's signature from a forgery: the owner waits for the window too.
    chain.validatorSays = "yes";
    const ownersTry = await signInNaming(new ClientAt("203.0.113.1"), contractWallet, owner);
    expect(codeOf(ownersTry)).toBe("signature_check_limited");
    expect(chain.calls.length).toBe(2 * points("address"));
  });

  test(`one client asks the chain at most ${points("ip")} times a minute, whatever wallets it names`, async () => {
    const attacker = new ClientAt("198.51.100.7");
    const codes = [];
    // Fresh addresses each time, so no "no code" memory answers for the chain.
    for (let i = 0; i < SIGN_IN_PER_IP; i++) codes.push(codeOf(await signInNaming(attacker, `0x${String(i + 1).padStart(40, "0")}`)));
    expect(codes).toEqual([...Array(points("ip")).fill("signature_invalid"), ...Array(SIGN_IN_PER_IP - points("ip")).fill("signature_check_limited")]);
    expect(count("eth_getCode")).toBe(points("ip"));
    // Another client still gets its contract wallet checked.
    chain.validatorSays = "yes";
    expect((await signInNaming(new ClientAt("203.0.113.1"), contractWallet, owner)).status).toBe(200);
  });

  test(`the chain is asked at most ${points("total")} times a minute in all, however many clients and wallets`, async () => {
    const flood = points("total") + 10;
    const codes = [];
    for (let i = 0; i < flood; i++) {
      const client = new ClientAt(`10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`);
      codes.push(codeOf(await signInNaming(client, `0x${String(i + 1).padStart(40, "0")}`)));
    }
    expect(count("eth_getCode")).toBe(points("total"));
    expect(codes.slice(points("total"))).toEqual(Array(10).fill("signature_check_limited"));
  });
});
