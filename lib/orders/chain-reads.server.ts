// Reading one transaction of PulseChain for an order: its payment (payments.ts) or its refund
// (refunds.ts). Not found and not mined yet are answers (null), for the caller to word; an RPC
// that does not answer is the caller's `down` error (503).
import "server-only";
import { BaseError, RpcError, type Hash, type PublicClient, type Transaction, type TransactionReceipt } from "viem";
import type { DomainError } from "@/lib/errors/domain-error";

export type MinedTransaction = { tx: Transaction; receipt: TransactionReceipt; confirmations: number; minedAt: Date };

const isNamed = (error: unknown, name: string) => error instanceof Error && error.name === name;

/** The transaction (pending or mined), or null when the chain knows no such hash. */
export async function findTransaction(client: PublicClient, hash: Hash, down: (error: unknown) => DomainError): Promise<Transaction | null> {
  try {
    return await client.getTransaction({ hash });
  } catch (error) {
    if (isNamed(error, "TransactionNotFoundError")) return null;
    throw down(error);
  }
}

/**
 * Whether block `blockNumber` is at or below the node's `safe` block (the chain's justified head:
 * undoing it takes validators with a third of the stake slashed). A node that does not serve the
 * tag answers with an RPC error or nothing: then true, and the caller's depth rule alone decides.
 */
export async function isUnderSafeHead(client: PublicClient, blockNumber: bigint, down: (error: unknown) => DomainError): Promise<boolean> {
  try {
    const safe = await client.getBlock({ blockTag: "safe" });
    return safe?.number == null || blockNumber <= safe.number;
  } catch (error) {
    if (error instanceof BaseError && error.walk((cause) => cause instanceof RpcError) !== null) return true; // no such tag here
    throw down(error);
  }
}

/** Its receipt, block time and depth, or null while it is not mined; `known` is the transaction when the caller has just read it. */
export async function findMined(client: PublicClient, hash: Hash, down: (error: unknown) => DomainError, known?: Transaction): Promise<MinedTransaction | null> {
  try {
    const receipt = await client.getTransactionReceipt({ hash });
    const [tx, block, head] = await Promise.all([known ?? client.getTransaction({ hash }), client.getBlock({ blockNumber: receipt.blockNumber }), client.getBlockNumber()]);
    return { tx, receipt, confirmations: Number(head - receipt.blockNumber) + 1, minedAt: new Date(Number(block.timestamp) * 1000) };
  } catch (error) {
    if (isNamed(error, "TransactionReceiptNotFoundError")) return null;
    throw down(error);
  }
}
