// Paying from the connected wallet, for the listing form. The wallet lives in the header's kit
// (wallet-kit.tsx, loaded for every signed-in visitor), so the kit provides the payer here
// (payment-sender.tsx) and the page asks for it, as for "Sign again" (sign-again.ts): neither
// imports the other, and the form carries no wallet code.
import type { Address, Hash } from "viem";

/** Where a payment stands in the wallet, for the page to say. */
export type WalletStage = "switching" | "confirm";

/** Why the wallet sent nothing, in words fit to show as they are. */
export class PaymentError extends Error {
  constructor(
    readonly kind: "not-connected" | "wrong-account" | "wrong-network" | "rejected" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

export type PaymentRequest = {
  to: Address;
  valueWei: bigint;
  /** The signed-in wallet: the server accepts a payment only from it. */
  from: Address;
};

export type MinedPayment = {
  status: "success" | "reverted";
  blockNumber: bigint;
  /**
   * The wallet replaced the transaction before it mined ("Speed up": repriced; "Cancel": 0 PLS to
   * itself; or another with the same nonce): the one that mined, which the page tells the server.
   */
  replacedBy?: { hash: Hash; reason: "repriced" | "cancelled" | "replaced" };
};

export type Payer = {
  /** One transaction of exactly `valueWei` to `to`; resolves with its hash once the wallet sent it. */
  send(request: PaymentRequest, onStage: (stage: WalletStage) => void): Promise<Hash>;
  /** Resolves once the transaction, or its replacement, is mined (spec: the receipt wait is 300,000 ms). */
  waitUntilMined(hash: Hash): Promise<MinedPayment>;
};

let payer: Payer | null = null;
const waiting = new Set<() => void>();

/** The kit registers its payer while it is mounted; returns the unregister function. */
export function provideWalletPayments(next: Payer): () => void {
  payer = next;
  for (const wake of waiting) wake();
  return () => {
    if (payer === next) payer = null;
  };
}

/** How long to wait for the kit when it is still loading. */
const KIT_WAIT_MS = 10_000;

/** The kit's payer, once it has loaded; PaymentError when it does not come. */
export function walletPayer(): Promise<Payer> {
  if (payer) return Promise.resolve(payer);
  return new Promise((resolve, reject) => {
    const wake = () => {
      if (!payer) return;
      cleanup();
      resolve(payer);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new PaymentError("not-connected", "The wallet connection has not loaded. Reload the page, then try again."));
    }, KIT_WAIT_MS);
    const cleanup = () => {
      clearTimeout(timer);
      waiting.delete(wake);
    };
    waiting.add(wake);
  });
}
