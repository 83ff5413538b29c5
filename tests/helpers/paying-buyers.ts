// Buyers of listing orders on the local chain (ganache), for the order API tests: the chain set
// up as the order tests need it, a token to order a listing for, a signed-in wallet holding PLS,
// its quote, and its payment sent the way a wallet sends it.
import { createTestClient, createWalletClient, http, type Address, type Hash, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pulsechain } from "viem/chains";
import * as orders from "@/app/api/orders/route";
import { orderSchema, type CreateOrderInput, type Order } from "@/lib/orders/schemas";
import { pulseXReaderEnv, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { setEnvVars } from "./env-vars";
import { JSON_WRITE, signIn, type SignedIn } from "./account-session";

export type Buyer = SignedIn & { key: Hex };

/**
 * A local chain for orders: WPLS priced at $0.00003 by a DAI pool, the app reading this chain's
 * PulseX and taking payments at `payTo`, with `env` besides.
 */
export async function startOrderChain(payTo: Address, env: Record<string, string> = {}, options: Parameters<typeof startLocalChain>[0] = {}): Promise<{ chain: LocalChain; stop(): Promise<void> }> {
  const chain = await startLocalChain(options);
  const { wpls, dai, factoryV1 } = chain.contracts;
  await chain.addLiquidity(factoryV1, wpls, "1000000000", dai, "30000");
  const restoreEnv = setEnvVars({ ...pulseXReaderEnv(chain), LISTING_PAYMENT_ADDRESS: payTo, ...env });
  return {
    chain,
    async stop() {
      restoreEnv();
      await chain.stop();
    },
  };
}

/**
 * The tokens a listing is refused or accepted for, under the app's $5,000 floor: DOGGO ($12,000
 * of liquidity, 9 decimals), THIN ($120) and LONE (no pool).
 */
export async function deployOrderTokens(chain: LocalChain): Promise<{ doggo: Address; thin: Address; lonely: Address }> {
  const { wpls, factoryV2 } = chain.contracts;
  const doggo = await chain.deployToken("Doggo Inu", "DOGGO", 9, "1000000000");
  await chain.addLiquidity(factoryV2, doggo, "1000000", wpls, "200000000");
  const thin = await chain.deployToken("Thin Pool", "THIN", 18, "1000000");
  await chain.addLiquidity(factoryV2, thin, "1000", wpls, "2000000");
  const lonely = await chain.deployToken("Lonely", "LONE", 18, "1000");
  return { doggo, thin, lonely };
}

/** A floor under the pools newToken() makes: the deployer's WPLS funds every test token's pool. */
export const SMALL_POOL_FLOOR = { MARKET_MIN_LIQUIDITY_USD: "1000" };

/** `chain` is read when called: the test file starts its chain in beforeAll. `label` names its tokens ("Paid Token 3", PAID3). */
export function payingBuyers(chain: () => LocalChain, label: string) {
  const tokenNames = new Map<Address, string>();
  return {
    /** A new token with a $1,200 pool against WPLS: over SMALL_POOL_FLOOR. */
    async newToken(): Promise<Address> {
      const n = tokenNames.size + 1;
      const name = `${label} Token ${n}`;
      const token = await chain().deployToken(name, `${label.toUpperCase()}${n}`, 18, "1000000000");
      await chain().addLiquidity(chain().contracts.factoryV2, token, "1000000", chain().contracts.wpls, "20000000");
      tokenNames.set(token, name);
      return token;
    },

    /** The name a token from newToken() was deployed with. */
    nameOf: (token: Address) => tokenNames.get(token),

    /** A signed-in wallet holding 50M PLS. */
    async fundedBuyer(): Promise<Buyer> {
      const key = generatePrivateKey();
      const buyer = await signIn(key);
      await chain().sendPls(buyer.address as Address, "50000000");
      return { ...buyer, key };
    },

    async quote(buyer: SignedIn, body: CreateOrderInput): Promise<Order> {
      const res = await buyer.browser.request(orders.POST, "/api/orders", { method: "POST", headers: JSON_WRITE, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`quote: ${res.status} ${res.text}`);
      return orderSchema.parse(res.body);
    },

    /** Sends PLS from `key`, mined; `gas` set skips the node's estimate (a transfer that reverts). */
    async pay(key: Hex, to: Address, value: bigint, gas?: bigint): Promise<Hash> {
      const { rpcUrl, client } = chain();
      const wallet = createWalletClient({ account: privateKeyToAccount(key), chain: { ...pulsechain, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl) });
      const hash = await wallet.sendTransaction({ to, value, gas });
      await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return hash;
    },

    /**
     * Sends PLS from `key` with the given nonce and fee multiple, without waiting for it to mine
     * (on a chain started with instamine "strict", a nonce past the account's stays pending).
     */
    async send(key: Hex, to: Address, value: bigint, nonce: number, feeTimes = 1n): Promise<Hash> {
      const { rpcUrl, client } = chain();
      const wallet = createWalletClient({ account: privateKeyToAccount(key), chain: { ...pulsechain, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl) });
      const fees = await client.estimateFeesPerGas();
      return wallet.sendTransaction({ to, value, nonce, gas: 21_000n, maxFeePerGas: fees.maxFeePerGas! * feeTimes, maxPriorityFeePerGas: fees.maxPriorityFeePerGas! * feeTimes });
    },

    mine: (blocks: number) => createTestClient({ mode: "ganache", transport: http(chain().rpcUrl) }).mine({ blocks }),
  };
}
