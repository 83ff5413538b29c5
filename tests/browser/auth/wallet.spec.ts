// Wallet sign-in in Chromium with a scripted wallet (announced as Rabby) whose key signs in
// Node (steps in wallet-steps.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { FRAME_RECORDER, loginRequiredFrames, walletFrames } from "@/tests/browser/frames";
import { newContext, screenshotPath } from "@/tests/browser/harness";
import { walletEmits } from "@/tests/browser/injected-wallet";
import { suite } from "@/tests/browser/suite";
import {
  alice,
  bob,
  close,
  connectAndSignIn,
  connectRabby,
  focusedMenuItem,
  kitShort,
  sessionUser,
  short,
  walletMenuButton,
  walletPage,
} from "@/tests/browser/wallet-steps";

test("connect, sign in, see the avatar and menu, stay signed in across a reload, disconnect", async () => {
  const { context, page, wallet, problems } = await walletPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Connect a Wallet").waitFor();
  assert.deepEqual(await dialog.getByRole("button", { name: /MetaMask|Rabby/ }).allInnerTexts(), ["MetaMask", "Rabby Wallet"]);
  await page.waitForTimeout(400); // the dialog's open animation
  await page.screenshot({ path: screenshotPath("wallet-connect-dialog-1440") });
  await page.keyboard.press("Escape");

  await connectAndSignIn(page, wallet);
  assert.equal(await walletMenuButton(page).innerText(), alice.address.slice(2, 4).toUpperCase());
  const user = await sessionUser(page);
  assert.equal(user?.address, alice.address);

  await walletMenuButton(page).click();
  const menu = page.getByRole("menu");
  assert.ok(await menu.getByText(short(alice.address)).isVisible());
  assert.deepEqual(await menu.getByRole("menuitem").allInnerTexts(), ["Your Bag", "Watchlist", "Saved Comparisons", "Alerts", "Orders", "Disconnect"]);
  await page.waitForTimeout(200);
  await page.screenshot({ path: screenshotPath("wallet-menu-1440") });
  await page.keyboard.press("Escape");

  // Signing in set the readable "signed in" hint beside the session cookie.
  const hint = (await context.cookies()).find((cookie) => cookie.name === "pc_signed_in");
  assert.equal(hint?.value, "1");
  assert.equal(hint?.httpOnly, false);
  assert.equal(hint?.sameSite, "Lax");
  assert.equal(hint?.path, "/");

  // A reload keeps the session (and asks for no new signature), and never paints 'Connect
  // Wallet' on the way: the hint turns the server HTML's button into a skeleton before paint.
  const signatures = wallet.calls.filter((call) => call === "personal_sign").length;
  await context.addInitScript(FRAME_RECORDER);
  await page.reload();
  await walletMenuButton(page).waitFor();
  const frames = await walletFrames(page);
  assert.ok(frames.length > 0);
  assert.ok(!frames.includes("Connect Wallet"), `the wallet slot showed ${[...new Set(frames)]}`);
  assert.equal((await sessionUser(page))?.id, user!.id);
  assert.equal(wallet.calls.filter((call) => call === "personal_sign").length, signatures);

  // The menu's Watchlist link works from the keyboard.
  await walletMenuButton(page).focus();
  await page.keyboard.press("Enter");
  // Radix focuses the first item ('Your Bag') when the menu opens from the keyboard; Watchlist is
  // next. Wait for each focus to land: an ArrowDown sent before Radix focuses the first item
  // only focuses that first item.
  await focusedMenuItem(page, "Your Bag");
  await page.keyboard.press("ArrowDown");
  await focusedMenuItem(page, "Watchlist");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/watchlist");
  await page.getByText("Your watchlist is empty").waitFor();

  // Reloading /watchlist signed in never paints 'Login Required' (the server HTML holds it, as
  // it is the same for everyone) nor 'Connect Wallet'.
  await page.reload();
  await page.getByText("Your watchlist is empty").waitFor();
  assert.equal(await loginRequiredFrames(page), 0);
  assert.ok(!(await walletFrames(page)).includes("Connect Wallet"));

  // Disconnect opens the account dialog; its Disconnect signs out.
  await walletMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Disconnect" }).click();
  const account = page.getByRole("dialog");
  await account.getByText(kitShort(alice.address)).first().waitFor();
  await page.waitForTimeout(400); // the dialog's open animation
  await page.screenshot({ path: screenshotPath("wallet-account-dialog-1440") });
  const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/signout");
  await account.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
  assert.equal((await signedOut).status(), 200);
  assert.equal((await context.cookies()).find((cookie) => cookie.name === "pc_signed_in"), undefined, "sign-out clears the hint");
  assert.equal(await sessionUser(page), null);
  await page.getByText("Login Required").waitFor();
  await close(context, problems);
});

test("a wallet on another chain shows 'Wrong Network' and is not asked to sign", async () => {
  // RainbowKit asks the wallet to switch to PulseChain while connecting; this wallet cannot.
  const { context, page, wallet, problems } = await walletPage({ account: bob, chainId: 1 });
  wallet.refuseSwitch = true;
  await page.goto("/");
  await connectRabby(page);
  await page.getByRole("button", { name: "Wrong Network" }).waitFor();
  const dialog = page.getByRole("dialog");
  // RainbowKit does not ask for a signature while the chain is unsupported.
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: screenshotPath("wallet-wrong-network-sign-in-1440") });
  assert.ok(!wallet.calls.includes("personal_sign"));
  assert.equal(await sessionUser(page), null);

  // Switching inside the wallet lets the sign-in go through.
  wallet.chainId = 369;
  await walletEmits(page, "chainChanged", "0x171");
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await walletMenuButton(page).waitFor();
  await close(context, problems);
});

test("a signed-in wallet moved to another chain shows 'Wrong Network'; the network dialog switches back", async () => {
  const { context, page, wallet, problems } = await walletPage();
  await page.goto("/");
  await connectAndSignIn(page, wallet);
  wallet.chainId = 1;
  await walletEmits(page, "chainChanged", "0x1");
  const wrongNetwork = page.getByRole("button", { name: "Wrong Network" });
  await wrongNetwork.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Wrong network detected, switch or disconnect to continue.").waitFor();
  assert.ok(await dialog.getByRole("button", { name: "Disconnect" }).isVisible());
  await page.waitForTimeout(400); // the dialog's open animation
  await page.screenshot({ path: screenshotPath("wallet-wrong-network-1440") });
  await dialog.getByRole("button", { name: /PulseChain/ }).click();
  await walletMenuButton(page).waitFor();
  assert.equal(wallet.chainId, 369);
  assert.equal((await sessionUser(page))?.address, alice.address);
  await close(context, problems);
});

test("a rejected signature returns to the sign-in step without an error", async () => {
  const { context, page, wallet, problems } = await walletPage({ account: bob });
  wallet.rejectSignatures = true;
  await page.goto("/");
  await connectRabby(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await dialog.getByRole("button", { name: "Sign message" }).waitFor();
  assert.equal(await dialog.getByText(/error/i).count(), 0);
  assert.equal(await sessionUser(page), null);

  // Trying again with a wallet that signs works.
  wallet.rejectSignatures = false;
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await walletMenuButton(page).waitFor();
  await close(context, problems);
});

test("a rejected connection is ignored: no error, still signed out, and trying again works", async () => {
  const { context, page, wallet, problems } = await walletPage({ account: bob });
  wallet.rejectConnection = true;
  await page.goto("/");
  await connectRabby(page);
  const dialog = page.getByRole("dialog");
  for (let i = 0; i < 50 && !wallet.calls.includes("wallet_requestPermissions"); i++) await page.waitForTimeout(100);
  await page.waitForTimeout(500);
  await page.screenshot({ path: screenshotPath("wallet-connection-rejected-1440") });
  assert.equal(wallet.connected, false);
  assert.equal(await dialog.getByText(/error|went wrong/i).count(), 0);
  assert.equal(await sessionUser(page), null);

  // Closing the dialog and connecting again works.
  wallet.rejectConnection = false;
  await page.keyboard.press("Escape");
  // The closing dialog still holds a 'Rabby Wallet' button until it is gone: a click on it does nothing.
  await dialog.waitFor({ state: "detached" });
  await connectRabby(page);
  await dialog.getByRole("button", { name: "Sign message" }).click();
  await walletMenuButton(page).waitFor();
  await close(context, problems);
});

test("switching accounts in the wallet signs the old account out", async () => {
  const { context, page, wallet, problems } = await walletPage();
  await page.goto("/");
  await connectAndSignIn(page, wallet);
  assert.equal((await sessionUser(page))?.address, alice.address);

  // RainbowKit and the page's own check both sign out on the switch: one request ends the session.
  const signOuts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/signout") signOuts.push(request.method());
  });
  wallet.account = bob;
  await walletEmits(page, "accountsChanged", [bob.address]);
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
  assert.equal(await sessionUser(page), null);
  assert.deepEqual(signOuts, ["POST"]);
  await close(context, problems);
});

test("signed out, /watchlist and /saved ask to log in; 'Log in' opens the connect dialog and returns there", async () => {
  for (const width of [360, 1440]) {
    const { context, page, wallet, problems } = await walletPage({ width });
    await page.goto("/saved");
    await page.getByText("Please log in to view your saved comparisons.").waitFor();
    await page.goto("/watchlist");
    await page.getByRole("heading", { name: "My Watchlist" }).waitFor();
    await page.getByText("Login Required").waitFor();
    await page.getByText("Please log in to view your watchlist.").waitFor();
    await page.screenshot({ path: screenshotPath(`watchlist-login-required-${width}`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);

    await page.getByRole("link", { name: "Log in" }).click();
    await page.getByRole("dialog").getByText("Connect a Wallet").waitFor();
    assert.equal(new URL(page.url()).pathname, "/watchlist");
    assert.equal(new URL(page.url()).hash, "");
    await page.getByRole("button", { name: "Rabby Wallet" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sign message" }).click();
    await page.getByText("Your watchlist is empty").waitFor();
    await page.screenshot({ path: screenshotPath(`watchlist-signed-in-${width}`) });
    assert.ok(wallet.connected);
    await close(context, problems);
  }
});

test("corrupted wallet storage and cookies do not break the page", async () => {
  const { browser, baseUrl } = suite();
  const { context, page, problems } = await walletPage({
    init: `localStorage.setItem("wagmi.store", "{not json"); localStorage.setItem("wagmi.recentConnectorId", "{{");
           document.cookie = "pulsecompare.wallet-connected=1; path=/";`,
  });
  await context.addCookies([
    { name: "wagmi.store", value: "%7Bbroken", url: baseUrl },
    { name: "next-auth.session-token", value: "garbage", url: baseUrl },
  ]);
  const response = await page.goto("/");
  assert.equal(response?.status(), 200);
  await page.getByRole("heading", { name: "Compare Market Caps" }).waitFor();
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
  assert.equal(await sessionUser(page), null);
  await close(context, problems);
  void browser;
});

test("a visitor who never touches the wallet does not download the wallet kit", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
  await page.waitForTimeout(500);
  const before = scripts.length;
  const kitLoaded = async () =>
    page.evaluate(() => Boolean(document.querySelector("[data-rk]")));
  assert.equal(await kitLoaded(), false, "RainbowKit rendered before any click");
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByRole("dialog").getByText("Connect a Wallet").waitFor();
  assert.ok(scripts.length > before, "the kit's code arrives on the click");
  await context.close();
});
