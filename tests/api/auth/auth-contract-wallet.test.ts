// Signatures that are not from the address's own key: the server asks PulseChain (EIP-1271).
// The chain's JSON-RPC endpoint is a third-party service, so msw plays it here.
import { setupServer } from "msw/node";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { fakeWalletChain } from "@/tests/helpers/fake-wallet-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";

const RPC = "https://rpc.pulsechain.test/";
useTestDatabase({ seed: false });
useAuthEnvironment({ PULSECHAIN_RPC_URL: RPC });

// A contract wallet whose owner key is `owner`; the wallet itself has no key.
const owner = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const contractWallet: Address = "0x1234567890AbcdEF1234567890aBcdef12345678";
const plainAccount = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");

const chain = fakeWalletChain(RPC, contractWallet);
const server = setupServer(chain.handler);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  chain.calls.length = 0;
  chain.up = true;
});
afterAll(() => server.close());

async function signInAsContractWallet(browser: Browser) {
  const message = siweMessage({ address: contractWallet, nonce: await browser.nonce() });
  return browser.submit(message, await owner.signMessage({ message }));
}

test("a contract wallet whose isValidSignature accepts the signature signs in", async () => {
  chain.validatorSays = "yes";
  const browser = new Browser();
  const res = await signInAsContractWallet(browser);
  expect(res.status).toBe(200);
  expect(chain.calls).toEqual(expect.arrayContaining(["eth_getCode", "eth_call"]));
  expect(((await browser.user()).body as { address: string }).address).toBe(contractWallet);
});

test("a contract wallet that rejects the signature is refused", async () => {
  chain.validatorSays = "no";
  const browser = new Browser();
  const res = await signInAsContractWallet(browser);
  expect(res.status).toBe(401);
  expect(apiErrorSchema.parse(res.body).error.code).toBe("signature_invalid");
  expect(browser.sessionCookie()).toBeUndefined();
});

test("a plain account signed by another key is refused without asking the validator", async () => {
  const browser = new Browser();
  const message = siweMessage({ address: plainAccount.address, nonce: await browser.nonce() });
  const res = await browser.submit(message, await owner.signMessage({ message }));
  expect(res.status).toBe(401);
  expect(apiErrorSchema.parse(res.body).error.code).toBe("signature_invalid");
  expect(chain.calls).toEqual(["eth_getCode"]);
});

test("a plain account's own signature needs no chain at all", async () => {
  const browser = new Browser();
  expect((await browser.signIn(plainAccount)).status).toBe(200);
  expect(chain.calls).toEqual([]);
});

test("when PulseChain answers 500 the contract wallet is refused (fail closed)", async () => {
  chain.up = false;
  const browser = new Browser();
  const res = await signInAsContractWallet(browser);
  expect(res.status).toBe(401);
  expect(apiErrorSchema.parse(res.body).error.code).toBe("signature_unverifiable");
});
