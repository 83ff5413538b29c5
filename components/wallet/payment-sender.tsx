"use client";

// The kit's side of send-payment.ts: sends a listing payment with wagmi from the connected
// wallet, on PulseChain, from the signed-in account only (the server refuses any other sender,
// so a payment from another account would be money sent for nothing).
import { useChainModal, useConnectModal } from "@rainbow-me/rainbowkit";
import { useEffect, useLayoutEffect, useRef } from "react";
import { BaseError, isAddressEqual, UserRejectedRequestError } from "viem";
import { useAccount, usePublicClient, useSendTransaction, useSwitchChain } from "wagmi";
import { PULSECHAIN_CHAIN_ID } from "@/lib/chain/pulsechain";
import { shortMessage } from "@/lib/chain/short-message";
import { PaymentError, provideWalletPayments, type MinedPayment } from "./send-payment";

/** The wallet kit's receipt wait (spec section 9). */
const RECEIPT_WAIT_MS = 300_000;

export function PaymentSender() {
  const { address, chainId, status } = useAccount();
  const { sendTransactionAsync } = useSendTransaction();
  const { switchChainAsync } = useSwitchChain();
  const client = usePublicClient({ chainId: PULSECHAIN_CHAIN_ID });
  const { openConnectModal } = useConnectModal();
  const { openChainModal } = useChainModal();
  // What a payment reads when it is made, not when the sender was provided. Kept after each commit
  // (a layout effect runs before the browser can deliver the next click), never during render.
  const latest = useRef({ address, chainId, status, client, openConnectModal, openChainModal });
  useLayoutEffect(() => {
    latest.current = { address, chainId, status, client, openConnectModal, openChainModal };
  });

  useEffect(
    () =>
      provideWalletPayments({
        async send({ to, valueWei, from }, onStage) {
          const { address, chainId, status, openConnectModal, openChainModal } = latest.current;
          if (status !== "connected" || !address) {
            openConnectModal?.();
            throw new PaymentError("not-connected", "Connect your wallet first, then press Pay again.");
          }
          if (!isAddressEqual(address, from)) {
            throw new PaymentError("wrong-account", `Your wallet is on another account than the one signed in (${from}). Switch back to it, then press Pay again.`);
          }
          if (chainId !== PULSECHAIN_CHAIN_ID) {
            onStage("switching");
            try {
              await switchChainAsync({ chainId: PULSECHAIN_CHAIN_ID });
            } catch (error) {
              if (!isRejection(error)) openChainModal?.();
              throw new PaymentError("wrong-network", "Switch your wallet to PulseChain, then press Pay again.");
            }
          }
          onStage("confirm");
          try {
            return await sendTransactionAsync({ to, value: valueWei, chainId: PULSECHAIN_CHAIN_ID });
          } catch (error) {
            if (isRejection(error)) throw new PaymentError("rejected", "You declined the payment in your wallet: nothing was sent.");
            throw new PaymentError("failed", `Your wallet did not send the payment: ${shortMessage(error)}`);
          }
        },
        async waitUntilMined(hash) {
          const { client } = latest.current;
          if (!client) throw new PaymentError("failed", "The wallet connection has no PulseChain RPC.");
          // viem follows a replacement (same sender and nonce) and answers its receipt.
          let replacedBy: MinedPayment["replacedBy"];
          const receipt = await client.waitForTransactionReceipt({
            hash,
            timeout: RECEIPT_WAIT_MS,
            onReplaced: ({ reason, transaction }) => void (replacedBy = { hash: transaction.hash, reason }),
          });
          return { status: receipt.status, blockNumber: receipt.blockNumber, replacedBy };
        },
      }),
    [sendTransactionAsync, switchChainAsync],
  );
  return null;
}

/** The wallet's "user rejected the request" (EIP-1193 code 4001), wherever viem wrapped it. */
function isRejection(error: unknown): boolean {
  if (error instanceof BaseError) return error.walk((cause) => cause instanceof UserRejectedRequestError || (cause as { code?: unknown }).code === 4001) !== null;
  return (error as { code?: unknown } | null)?.code === 4001;
}
