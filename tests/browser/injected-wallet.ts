// A scripted browser wallet for the tests: an EIP-1193 provider set as window.ethereum and
// announced over EIP-6963 as Rabby (the identity the wallet kit drives without any network;
// see the toolchain notes). Every request is answered in Node, where a real viem key signs.
import type { BrowserContext, Page } from "playwright-core";
import { createWalletClient, http, numberToHex, type Address, type Hex, type PrivateKeyAccount } from "viem";

export type WalletState = {
  account: PrivateKeyAccount;
  chainId: number;
  /** Whether the site has been granted the account (eth_requestAccounts). */
  connected: boolean;
  /** Answer personal_sign with the user's rejection (EIP-1193 code 4001). */
  rejectSignatures: boolean;
  /** Answer wallet_switchEthereumChain as unsupported, like a wallet that cannot switch. */
  refuseSwitch: boolean;
  /** Answer the connection request with the user's rejection (EIP-1193 code 4001). */
  rejectConnection: boolean;
  /** Answer eth_sendTransaction with the user's rejection (EIP-1193 code 4001). */
  rejectTransactions: boolean;
  /** While set, eth_sendTransaction waits for it: the user has not confirmed in the wallet yet. */
  holdTransactions: Promise<void> | null;
  /** The local chain (ganache) the wallet sends transactions to and reads receipts from; none: it cannot send. */
  chainRpcUrl: string | null;
  /** Every method the page called, in order. */
  calls: string[];
};

type Reply = { result?: unknown; error?: { code: number; message: string }; emit?: [string, unknown][] };

export async function injectWallet(context: BrowserContext, account: PrivateKeyAccount, chainId = 369, chainRpcUrl: string | null = null): Promise<WalletState> {
  const state: WalletState = {
    account,
    chainId,
    connected: false,
    rejectSignatures: false,
    refuseSwitch: false,
    rejectConnection: false,
    rejectTransactions: false,
    holdTransactions: null,
    chainRpcUrl,
    calls: [],
  };

  await context.exposeBinding("__testWalletRequest", async (_source, method: string, params: unknown[]): Promise<Reply> => {
    state.calls.push(method);
    const accounts = () => (state.connected ? [state.account.address] : []);
    switch (method) {
      case "eth_requestAccounts":
        if (state.rejectConnection) return { error: { code: 4001, message: "User rejected the request." } };
        state.connected = true;
        return { result: accounts(), emit: [["connect", { chainId: numberToHex(state.chainId) }]] };
      case "eth_accounts":
        return { result: accounts() };
      case "eth_chainId":
        return { result: numberToHex(state.chainId) };
      case "net_version":
        return { result: String(state.chainId) };
      case "wallet_requestPermissions":
        if (state.rejectConnection) return { error: { code: 4001, message: "User rejected the request." } };
        state.connected = true;
        return { result: [{ parentCapability: "eth_accounts" }] };
      case "wallet_getPermissions":
        return { result: state.connected ? [{ parentCapability: "eth_accounts" }] : [] };
      case "wallet_revokePermissions":
        state.connected = false;
        return { result: null };
      case "wallet_switchEthereumChain": {
        if (state.refuseSwitch) return { error: { code: 4200, message: "This wallet cannot switch networks." } };
        const [{ chainId: next }] = params as [{ chainId: Hex }];
        state.chainId = Number(next);
        return { result: null, emit: [["chainChanged", next]] };
      }
      case "personal_sign": {
        if (state.rejectSignatures) return { error: { code: 4001, message: "User rejected the request." } };
        const [data] = params as [Hex];
        return { result: await state.account.signMessage({ message: { raw: data } }) };
      }
      case "eth_sendTransaction": {
        await state.holdTransactions;
        if (state.rejectTransactions) return { error: { code: 4001, message: "User rejected the request." } };
        if (!state.chainRpcUrl) return { error: { code: 4200, message: "The test wallet has no chain to send to." } };
        // Signed with the account's key and sent to the local chain, as a wallet does to its node.
        const [tx] = params as [{ to?: Address; value?: Hex; data?: Hex }];
        const client = createWalletClient({ account: state.account, transport: http(state.chainRpcUrl) });
        return { result: await client.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : 0n, data: tx.data, chain: null }) };
      }
      case "eth_blockNumber":
      case "eth_getTransactionByHash":
      case "eth_getTransactionReceipt":
        if (!state.chainRpcUrl) return { error: { code: 4200, message: `The test wallet has no chain to read ${method} from.` } };
        return passThrough(state.chainRpcUrl, method, params);
      default:
        return { error: { code: 4200, message: `The test wallet does not support ${method}.` } };
    }
  });

  await context.addInitScript(PROVIDER_SCRIPT);
  return state;
}

/** A read the wallet answers from its node, as it came. */
async function passThrough(rpcUrl: string, method: string, params: unknown[]): Promise<Reply> {
  const res = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  return body.error ? { error: body.error } : { result: body.result };
}

/** Plays an event from the wallet extension, e.g. the user switching accounts in it. */
export async function walletEmits(page: Page, event: string, payload: unknown): Promise<void> {
  await page.evaluate(`window.__testWalletEmit(${JSON.stringify(event)}, ${JSON.stringify(payload)})`);
}

// Runs in the page before any of its scripts. A string, not a function: tsx would compile a
// function with helpers (__name) that do not exist in the page.
const PROVIDER_SCRIPT = `(() => {
  const listeners = new Map();
  const emit = (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload));
  const provider = {
    isRabby: true,
    isMetaMask: true,
    async request({ method, params }) {
      const reply = await window.__testWalletRequest(method, params ?? []);
      for (const [event, payload] of reply.emit ?? []) setTimeout(() => emit(event, payload), 0);
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  // Lets a test play the wallet's own events (switching account or chain in the extension).
  window.__testWalletEmit = emit;
  Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
  const info = {
    uuid: "7f3c5a1e-0b7e-4d1a-9a57-3c0b1f0e5a11",
    name: "Rabby Wallet",
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E",
    rdns: "io.rabby",
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;
