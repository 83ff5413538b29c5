// Browser-test steps for a scripted wallet (announced as Rabby) whose key signs in Node. The
// public PulseChain RPC is unreachable here (each context aborts it): the app must work without it.
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { authUserSchema } from "@/lib/auth/schemas";
import { newContext, watchForErrors } from "./harness";
import { injectWallet, type WalletState } from "./injected-wallet";
import { suite } from "./suite";

export const PUBLIC_RPC = "https://rpc.pulsechain.com";
export const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
export const bob = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
export const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;
/** RainbowKit's own dialogs shorten with an ellipsis character. */
export const kitShort = (address: string) => `${address.slice(0, 4)}\u2026${address.slice(-4)}`;

export async function walletPage(options: { account?: typeof alice; chainId?: number; width?: number; init?: string } = {}) {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl, { width: options.width ?? 1440, height: 900 });
  const wallet = await injectWallet(context, options.account ?? alice, options.chainId ?? 369);
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  const problems = watchForErrors(page, baseUrl, { unreachable: [PUBLIC_RPC] });
  return { context, page, wallet, problems };
}

/**
 * What GET /api/auth/user says about this browser's cookies: the user, or null for a 401. Asked
 * with the context's request client (same cookie jar), not from the page, so the test's own probe
 * is not one of the page's requests that watchForErrors checks.
 */
export async function sessionUser(page: Page) {
  const res = await page.context().request.get("/api/auth/user");
  if (res.status() === 401) return null;
  assert.equal(res.status(), 200);
  return authUserSchema.parse(await res.json());
}

export const walletMenuButton = (page: Page) => page.getByRole("button", { name: /^Wallet menu for / });

/** Waits until the open menu's keyboard focus rests on the item named `name`. */
export async function focusedMenuItem(page: Page, name: string) {
  await page.waitForFunction(
    (expected) => document.activeElement?.getAttribute("role") === "menuitem" && document.activeElement.textContent?.trim() === expected,
    name,
  );
}

/** 'Connect Wallet', then the wallet in the dialog. */
export async function connectRabby(page: Page) {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByRole("button", { name: "Rabby Wallet" }).click();
}

export async function connectAndSignIn(page: Page, wallet: WalletState) {
  await connectRabby(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Verify your account").waitFor();
  await dialog.getByText("you must sign a message in your wallet to verify that you are the owner of this account").waitFor();
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await walletMenuButton(page).waitFor();
  assert.ok(wallet.calls.includes("personal_sign"));
}

export async function close(context: BrowserContext, problems: string[]) {
  assert.deepEqual(problems, []);
  await context.close();
}
