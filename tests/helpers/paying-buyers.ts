// Buyers of listing orders on the local chain (ganache), for the order API tests: a signed-in
// wallet holding PLS, its quote, and its payment sent the way a wallet sends it.
import { createTestClient, createWalletClient, http, type Address, type Hash, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pulsechain } from "viem/chains";
import * as orders from "@/app/api/orders/route";
import { orderSchema, type CreateOrderInput, type Order } from "@/lib/validation/orders";
import type { LocalChain } from "../chain/local-chain";
import { JSON_WRITE, signIn, type SignedIn } from "./account-session";

export type Buyer = SignedIn & { key: Hex };

/** `chain` is read when called: the test file starts its chain in beforeAll. */
export function payingBuyers(chain: () => LocalChain) {
  return {
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

    mine: (blocks: number) => createTestClient({ mode: "ganache", transport: http(chain().rpcUrl) }).mine({ blocks }),
  };
}
