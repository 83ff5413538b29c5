// PulseChain's JSON-RPC endpoint as the sign-in's contract-wallet check (EIP-1271) sees it, played
// by msw (a third-party service): `contractWallet` has code, every other address none, and the
// wallet's validator answers as `validatorSays`. Records the methods asked, in order.
import { http, HttpResponse } from "msw";
import { pad, type Address } from "viem";

export type FakeWalletChain = {
  /** JSON-RPC methods the server sent, in order. */
  calls: string[];
  /** False: every request answers 500 (the RPC is down). */
  up: boolean;
  validatorSays: "yes" | "no";
  /** The msw handler to give setupServer. */
  handler: ReturnType<typeof http.post>;
};

export function fakeWalletChain(rpcUrl: string, contractWallet: Address): FakeWalletChain {
  const chain: FakeWalletChain = {
    calls: [],
    up: true,
    validatorSays: "yes",
    handler: http.post(rpcUrl, async ({ request }) => {
      const { id, method, params } = (await request.json()) as { id: number; method: string; params: unknown[] };
      chain.calls.push(method);
      if (!chain.up) return new HttpResponse("upstream down", { status: 500 });
      const result = (() => {
        switch (method) {
          case "eth_chainId":
            return "0x171";
          case "eth_getCode":
            return String(params[0]).toLowerCase() === contractWallet.toLowerCase() ? "0x6080604052" : "0x";
          case "eth_call":
            // viem's signature validator answers a bool.
            return pad(chain.validatorSays === "yes" ? "0x01" : "0x00");
          default:
            return null;
        }
      })();
      return HttpResponse.json({ jsonrpc: "2.0", id, result });
    }),
  };
  return chain;
}
