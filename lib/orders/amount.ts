// What an order costs in PLS, and how a payment names its order.
//
// The payment names its order by its amount, not by data in the transaction: the quote in whole
// PLS plus the order's id in wei (at most 10^9 wei, a billionth of a PLS). A payment address
// that is a contract wallet (a Safe, as a team that sells listings would use) rejects calldata
// it does not know, and wallets warn about data sent to a plain address; an amount works for
// every wallet and every payment address, and the server still checks the sender.
import { formatEther } from "viem";

const WEI_PER_PLS = 10n ** 18n;
/** The order's id sits in the amount's last 9 digits of wei. */
export const ORDER_TAG_MODULUS = 10n ** 9n;

/** The exact amount to pay for `priceUsd` at `plsUsd` dollars per PLS: whole PLS, rounded up, plus the order's tag. */
export function quoteWei(priceUsd: number, plsUsd: number, orderId: number): bigint {
  if (!Number.isInteger(orderId) || orderId < 1 || BigInt(orderId) >= ORDER_TAG_MODULUS) throw new Error(`order id ${orderId} does not fit the amount's tag`);
  return wholePlsWei(priceUsd, plsUsd) + BigInt(orderId);
}

/** What `priceUsd` costs in whole PLS at `plsUsd` (rounded up), as a quote would price it before its tag. */
export function wholePlsFor(priceUsd: number, plsUsd: number): bigint {
  return wholePlsWei(priceUsd, plsUsd) / WEI_PER_PLS;
}

/** The quote's whole-PLS part, in wei. */
function wholePlsWei(priceUsd: number, plsUsd: number): bigint {
  if (!(plsUsd > 0) || !(priceUsd > 0)) throw new Error(`cannot quote $${priceUsd} at $${plsUsd} per PLS`);
  // Whole PLS: the quote a buyer reads is a round number, and the tag below it stays readable.
  // 12 significant digits first, so that float noise (135 / 0.00003 = 4499999.9999999995) does
  // not add a PLS.
  return BigInt(Math.ceil(Number((priceUsd / plsUsd).toPrecision(12)))) * WEI_PER_PLS;
}

/**
 * Whether an order's amount is written: at least its quote's whole-PLS part. An order without it
 * (a quote still being written, or one a crash left half-written) takes no payment, whatever
 * its status says.
 */
export function hasQuotedAmount(order: { amountWei: string; priceUsd: number; plsUsd: number }): boolean {
  if (!(order.plsUsd > 0) || !(order.priceUsd > 0) || !/^\d+$/.test(order.amountWei)) return false;
  return BigInt(order.amountWei) >= wholePlsWei(order.priceUsd, order.plsUsd);
}

/** The order a paid amount names (0 when it names none). */
export function orderTagOf(valueWei: bigint): number {
  return Number(valueWei % ORDER_TAG_MODULUS);
}

/** "4,500,000.000000000000000007" for a display that must show the exact amount. */
export function formatPls(valueWei: bigint): string {
  const [whole, fraction] = formatEther(valueWei).split(".");
  const grouped = BigInt(whole!).toLocaleString("en-US");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
