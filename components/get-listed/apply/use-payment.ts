"use client";

// Paying a quote: the wallet sends one transaction of exactly the quoted amount to the order's
// address (send-payment.ts), the page hands its hash to the server at once and asks again until
// the server has settled it (the same hash again is idempotent: the order as it stands), and
// meanwhile watches the transaction get mined, to say where it is. A transaction the wallet
// replaced (sped up) is followed: the page hands the replacement's hash to the server, which
// moves the order's claim to it; a cancelled one leaves the quote to be paid again.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { Address, Hash } from "viem";
import { describeFailure, isTransient } from "@/components/orders/call-failure";
import { callApi } from "@/lib/api/call-api.browser";
import { PaymentError, walletPayer, type WalletStage } from "@/components/wallet/send-payment";
import type { Order } from "@/lib/orders/schemas";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

/** How often the server is asked again while the payment gathers confirmations (blocks: 10 s). */
export const PAYMENT_POLL_MS = 5_000;
/** A refusal seen before the browser sees the transaction mined may be the server's node lagging: asked again this often first. */
const EARLY_REFUSAL_RETRIES = 4;

export type PaymentState = {
  /** Before the wallet returns a hash: idle, switching network, or waiting for the buyer to confirm. */
  wallet: "idle" | WalletStage;
  hash: Hash | null;
  /** The transaction as the browser sees it: pending, confirmed (mined, succeeded) or failed (reverted). */
  mined: "pending" | "confirmed" | "failed" | null;
  /** The server's latest answer for the order. */
  answer: Order | null;
  /** The last thing that went wrong, in words to show. */
  problem: string | null;
  /** The server has the final word: no more asking. */
  settled: boolean;
};

const START: PaymentState = { wallet: "idle", hash: null, mined: null, answer: null, problem: null, settled: false };

type Asking = {
  orderId: Order["id"];
  /** False once the page has gone: stop asking. */
  alive: RefObject<boolean>;
  /** The transaction the server is asked about: the wallet's, or the replacement it mined instead. */
  hash: RefObject<Hash | null>;
  /** The transaction as the browser sees it mined. */
  mined: RefObject<PaymentState["mined"]>;
  update: (patch: Partial<PaymentState>) => void;
};

/** Hands the hash to the server, and asks again until the server settles the order or refuses it for good. */
async function askUntilSettled({ orderId, alive, hash: hashRef, mined: minedRef, update }: Asking) {
  for (let attempt = 1; alive.current && hashRef.current; attempt++) {
    const hash = hashRef.current;
    try {
      const answer = await callApi(ordersEndpoints, "submitPayment", { params: { id: String(orderId) }, body: { txHash: hash } });
      const settled = answer.status !== "quoted";
      update({ answer, problem: null, settled });
      if (settled) return;
    } catch (error) {
      if (hashRef.current !== hash) continue; // replaced meanwhile: ask about the replacement
      const failure = describeFailure(error);
      const early = minedRef.current === "pending" && attempt <= EARLY_REFUSAL_RETRIES;
      if (!isTransient(failure) && !early) {
        // Refused for good. A transaction that reverted paid nothing: the quote can be paid again.
        update({ problem: failure.message, settled: true, ...(minedRef.current === "failed" ? { hash: null, mined: null, settled: false } : {}) });
        return;
      }
      update({ problem: isTransient(failure) ? `${failure.message} Checking again…` : null });
    }
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_POLL_MS));
  }
}

export function usePayment(order: Order, buyer: Address) {
  const [state, setState] = useState<PaymentState>(START);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);
  const update = useCallback((patch: Partial<PaymentState> | ((current: PaymentState) => Partial<PaymentState>)) => {
    if (alive.current) setState((current) => ({ ...current, ...(typeof patch === "function" ? patch(current) : patch) }));
  }, []);
  const minedRef = useRef<PaymentState["mined"]>(null);
  /** The transaction the server is asked about (askUntilSettled). */
  const hashRef = useRef<Hash | null>(null);
  const following = useRef(false);

  /** Asks until settled; started again when a replacement comes after the asking had ended. */
  const follow = useCallback(async () => {
    following.current = true;
    try {
      await askUntilSettled({ orderId: order.id, alive, hash: hashRef, mined: minedRef, update });
    } finally {
      following.current = false;
    }
  }, [order.id, update]);

  const pay = useCallback(async () => {
    update({ ...START });
    minedRef.current = null;
    hashRef.current = null;
    let hash: Hash;
    try {
      const payer = await walletPayer();
      update({ wallet: "confirm" });
      hash = await payer.send({ to: order.payTo as Address, valueWei: BigInt(order.amountWei), from: buyer }, (stage) => update({ wallet: stage }));
      minedRef.current = "pending";
      hashRef.current = hash;
      update({ wallet: "idle", hash, mined: "pending" });
      payer.waitUntilMined(hash).then(
        (mined) => {
          if (hashRef.current !== hash) return; // paid again meanwhile
          if (mined.replacedBy?.reason === "cancelled") {
            hashRef.current = minedRef.current = null;
            update({ hash: null, mined: null, settled: false, problem: "You cancelled the payment in your wallet: nothing was paid. Press Pay to pay this quote." });
            return;
          }
          minedRef.current = mined.status === "success" ? "confirmed" : "failed";
          if (!mined.replacedBy) return update({ mined: minedRef.current });
          hashRef.current = mined.replacedBy.hash;
          update({ mined: minedRef.current, hash: mined.replacedBy.hash, problem: null, settled: false });
          if (!following.current) void follow(); // the old hash's refusal had ended the asking
        },
        () => undefined, // the server's answer still comes; the browser's own RPC is only for progress
      );
    } catch (error) {
      update({ wallet: "idle", problem: error instanceof PaymentError ? error.message : "Your wallet did not send the payment. Please try again." });
      return;
    }
    await follow();
  }, [order.payTo, order.amountWei, buyer, update, follow]);

  return { state, pay };
}
