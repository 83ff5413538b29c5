// What the Telegram Listing Bot says (pure: listing.server.ts reads the token and the PLS price).
// Telegram HTML: every text from outside (a token's name, an API refusal) is escaped, since the
// Bot API refuses a message whose tags do not balance.
import { LISTING_PLANS, SLOT_OFFERS } from "@/lib/orders/catalog";
import { wholePlsFor } from "@/lib/orders/amount";
import { formatPrice, formatWholeUsd } from "@/lib/shared/format";
import type { OrderToken } from "@/lib/orders/order-token-schema";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The PLS price a quote would lock now, or why there is none (too old, unknown). */
export type PlsPriceNow = { usd: number } | { unavailable: true };

const NO_WALLET = "You pay on the site from your own wallet: this bot holds no wallet and takes no payment.";

export const LIST_USAGE = "Send /list followed by your token's contract address on PulseChain, e.g. /list 0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";

/** /start list (the Contact dialog's Telegram Listing Bot). */
export function listingIntro(): string {
  return [
    "<b>PulseCompare Listing Bot</b>",
    "Send /list with your token's contract address, e.g. <code>/list 0x…</code>. I check the token as the site's Listing Form does, then show the listing plans and Homepage Compare slots with their prices in USD and PLS, and a button to order on the site.",
    escapeHtml(NO_WALLET),
  ].join("\n\n");
}

/** A usage line for /list without an address or with a malformed one (`problem`: why it is not one). */
export function listUsage(problem?: string): string {
  return [problem ? escapeHtml(problem) : null, escapeHtml(LIST_USAGE)].filter(Boolean).join("\n");
}

/** A token the listing form refuses, in the API's words. */
export function listRefusal(message: string): string {
  return escapeHtml(message);
}

const usdAndPls = (priceUsd: number, pls: PlsPriceNow) =>
  "usd" in pls ? `${formatWholeUsd(priceUsd)} ≈ ${wholePlsFor(priceUsd, pls.usd).toLocaleString("en-US")} PLS` : formatWholeUsd(priceUsd);

/** A token the form accepts: who it is, what can be ordered for it and at what price. */
export function listOffer(token: OrderToken, pls: PlsPriceNow, quoteMinutes: number): string {
  const who = `<b>${escapeHtml(token.name)} (${escapeHtml(token.symbol)})</b>\n<code>${escapeHtml(token.contractAddress)}</code>`;
  const blocks: string[] = [];
  if (token.kind === "new") {
    blocks.push(`${who}\ncan be listed.`);
    const plans = LISTING_PLANS.map(
      (plan) => `• ${escapeHtml(plan.name)}${plan.recommended ? " (recommended)" : ""}: ${usdAndPls(plan.priceUsd, pls)}\n  ${escapeHtml(plan.features.join(", "))}`,
    );
    blocks.push(["<b>Listing plans</b>", ...plans].join("\n"));
  } else {
    // Listed already: a plan is refused in the quote's words, a slot alone can be ordered.
    blocks.push(`${who}\n${escapeHtml(token.planRefusal)} It can still have a Homepage Compare slot.`);
  }
  blocks.push(["<b>Homepage Compare slots</b>", ...SLOT_OFFERS.map((slot) => `• ${slot.duration}: ${usdAndPls(slot.priceUsd, pls)}`)].join("\n"));
  blocks.push(
    [
      "usd" in pls
        ? `PLS at ${formatPrice(pls.usd)}, the site's published price; the form locks your exact amount for ${quoteMinutes} minutes when you order.`
        : "PLS amounts are unavailable right now (the site's PLS price is not fresh enough to quote); the form shows them when you order.",
      escapeHtml(NO_WALLET),
    ].join("\n"),
  );
  return blocks.join("\n\n");
}
