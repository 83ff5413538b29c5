// "Sign again": a fresh Sign-In with Ethereum signature over a live session, for the admin page
// (admin writes need a signature at most 15 minutes old). The wallet lives in the header's kit
// (wallet-kit.tsx, loaded for every signed-in visitor), so the kit provides the signer here and
// the page asks for it; neither imports the other, and the page carries no wallet code.
//
// Signing again does not sign out first: the session stays live until the new one replaces it
// (the server deletes the old row), so the page keeps its state (a filled-in form, a preview)
// and the refused write can simply be sent again.

/** A refusal fit to show as it is ("Switch your wallet to PulseChain, …"). */
export class SignAgainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignAgainError";
  }
}

type Signer = () => Promise<void>;

let signer: Signer | null = null;
const waiting = new Set<() => void>();

/** The kit registers its signer while it is mounted; returns the unregister function. */
export function provideSignAgain(next: Signer): () => void {
  signer = next;
  for (const wake of waiting) wake();
  return () => {
    if (signer === next) signer = null;
  };
}

/** How long to wait for the kit when it is still loading. */
const KIT_WAIT_MS = 10_000;

/**
 * Asks the wallet for a fresh sign-in signature and sends it; resolves once the new session is
 * open. Throws SignAgainError with what to do when it could not (wallet not connected, wrong
 * network, signature refused, kit not loaded).
 */
export async function signAgain(): Promise<void> {
  const current = signer ?? (await waitForSigner());
  await current();
}

function waitForSigner(): Promise<Signer> {
  return new Promise((resolve, reject) => {
    const wake = () => {
      if (!signer) return;
      cleanup();
      resolve(signer);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new SignAgainError("The wallet connection has not loaded. Reload the page, then try again."));
    }, KIT_WAIT_MS);
    const cleanup = () => {
      clearTimeout(timer);
      waiting.delete(wake);
    };
    waiting.add(wake);
  });
}
