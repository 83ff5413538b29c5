// A watch-only address: typed or pasted into the bag page, kept in the page's fragment
// (/portfolio#0x…), which browsers never send to a server. Pure.
import { getAddress, isAddress, type Address } from "viem";

export type WatchAddress = { ok: true; address: Address } | { ok: false; reason: string };

/** Checksummed (EIP-55) or all one case; a mixed-case address must carry a valid checksum. */
export function parseWatchAddress(input: string): WatchAddress {
  const text = input.trim();
  if (text === "") return { ok: false, reason: "Paste a wallet address (0x followed by 40 hex characters)." };
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, reason: "That is not a wallet address: it is 0x followed by 40 hex characters." };
  // Lower or upper case carries no checksum; mixed case does, and a typo in it is caught here.
  if (text !== text.toLowerCase() && text.slice(2) !== text.slice(2).toUpperCase() && !isAddress(text, { strict: true })) {
    return { ok: false, reason: "That address's checksum does not match: check it for a typo, or paste it in lower case." };
  }
  return { ok: true, address: getAddress(text.toLowerCase()) };
}

/** The address a fragment names ("#0x…"), or null. */
export function addressFromHash(hash: string): Address | null {
  const parsed = parseWatchAddress(hash.replace(/^#/, ""));
  return parsed.ok ? parsed.address : null;
}
