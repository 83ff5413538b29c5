// Remembers (in a cookie, components/shell/preference-cookie.ts) that this browser has a wallet
// connected here, so the wallet kit loads straight away on the next visit and the wallet
// reconnects without a click.
import { readPreference, writePreference } from "@/components/shell/preference-cookie";

const KEY = "pulsecompare.wallet-connected";

export function rememberWalletUse(connected: boolean): void {
  writePreference(KEY, connected ? "1" : null);
}

export function hasUsedWallet(): boolean {
  return readPreference(KEY) === "1";
}
