// Remembers (in local storage) that this browser has a wallet connected here, so the wallet kit
// loads straight away on the next visit and the wallet reconnects without a click.
const KEY = "pulsecompare.wallet-connected";

export function rememberWalletUse(connected: boolean): void {
  try {
    if (connected) window.localStorage.setItem(KEY, "1");
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage disabled: the kit simply loads on the next click
  }
}

export function hasUsedWallet(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}
