// RainbowKit's sign-in step, wired to our endpoints: the server issues the nonce, the wallet
// signs an EIP-4361 message for this site on PulseChain, next-auth opens the session.
import { createAuthenticationAdapter } from "@rainbow-me/rainbowkit";
import { createSiweMessage } from "viem/siwe";
import { fetchNonce, signOutSession, submitSignIn } from "@/lib/api/siwe-calls.browser";
import { SITE_NAME } from "@/lib/shared/site-identity";

export function createSiweAdapter(onSessionChange: () => Promise<void>) {
  // RainbowKit signs out on an account switch and so does SessionFollowsWallet (wallet-kit.tsx):
  // one request ends the session, and a second asked meanwhile waits for it.
  let signingOut: Promise<void> | null = null;
  const endSession = async () => {
    try {
      await signOutSession();
    } finally {
      await onSessionChange();
    }
  };
  return createAuthenticationAdapter({
    getNonce: fetchNonce,
    createMessage: ({ nonce, address, chainId }) =>
      createSiweMessage({
        domain: window.location.host,
        address,
        statement: `Sign in to ${SITE_NAME} with your wallet.`,
        uri: window.location.origin,
        version: "1",
        chainId,
        nonce,
        issuedAt: new Date(),
      }),
    verify: async ({ message, signature }) => {
      try {
        await submitSignIn(message, signature);
      } catch {
        // RainbowKit shows 'Error verifying signature, please retry!' for false.
        return false;
      }
      await onSessionChange();
      return true;
    },
    signOut: () => (signingOut ??= endSession().finally(() => (signingOut = null))),
  });
}
