"use client";

// A refused admin write, in the server's words. One refusal has a fix on the spot: 401
// reauthentication_required (the wallet signed in more than 15 minutes ago) offers 'Sign again',
// which asks the wallet for a fresh sign-in signature without signing out (the page keeps what was
// typed); then the operator sends the same write again with the same button.
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { signAgain, SignAgainError } from "@/components/wallet/sign-again";
import { apiErrorMessage, isReauthenticationRequired } from "./api-errors";
import { FormError } from "@/components/shell/field";

type Props = {
  error: unknown;
  /** What to do once signed again: "press 'Confirm listing' again." */
  retryHint: string;
  /** After a fresh signature: e.g. focus the button that sends the write again. */
  onSignedAgain?: () => void;
};

export function WriteError({ error, retryHint, onSignedAgain }: Props) {
  if (!error) return null;
  if (isReauthenticationRequired(error)) return <SignAgainNotice message={apiErrorMessage(error)} retryHint={retryHint} onSignedAgain={onSignedAgain} />;
  return <FormError message={apiErrorMessage(error)} />;
}

type SignState = { step: "idle" } | { step: "signing" } | { step: "failed"; reason: string } | { step: "done" };

/**
 * The refusal with 'Sign again'; once signed, a status line in its place until the write is sent
 * again (which clears the refusal, and this with it). Not a toast: in the edit dialog a toast
 * would sit outside the modal, hidden from screen readers.
 */
function SignAgainNotice({ message, retryHint, onSignedAgain }: { message: string; retryHint: string; onSignedAgain?: () => void }) {
  const [state, setState] = useState<SignState>({ step: "idle" });

  async function sign() {
    setState({ step: "signing" });
    try {
      await signAgain();
    } catch (error) {
      // RainbowKit's wording for a failure it does not explain.
      setState({ step: "failed", reason: error instanceof SignAgainError ? error.message : "Oops, something went wrong!" });
      return;
    }
    setState({ step: "done" });
    onSignedAgain?.();
  }

  if (state.step === "done") {
    return (
      <p role="status" data-testid="signed-again" className="rounded-md border px-3 py-2 text-sm">
        Signed in again: your wallet signature is fresh. Now {retryHint}
      </p>
    );
  }
  return (
    <div role="alert" data-testid="sign-again" className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-3 text-sm">
      <p className="break-words text-destructive">{message}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" onClick={() => void sign()} disabled={state.step === "signing"}>
          {state.step === "signing" ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> Check your wallet…
            </>
          ) : (
            "Sign again"
          )}
        </Button>
        {state.step === "failed" ? <p className="text-destructive">{state.reason}</p> : null}
      </div>
    </div>
  );
}
