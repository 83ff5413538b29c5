"use client";

// "Alert me" where the page is one cached HTML for everyone (the coin page): the sign-in hint in
// the server HTML, and for a visitor holding the "signed in" hint the button, whose code (the
// dialog, TanStack Query) loads only then, as the pair page's Save and Watch buttons do.
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { useSignedInHint } from "@/components/shell/use-signed-in-hint";
import { AlertSignInHint } from "./alert-sign-in-hint";
import type { AlertSubject } from "./alert-subject";

const alertCode = lazyModule(() => import("./signed-in-alert"));

export function AlertEntry({ subject, what, returnTo }: { subject: AlertSubject; /** "when HEX reaches a price" */ what: string; returnTo: string }) {
  const hinted = useSignedInHint();
  const code = useLazyModule(alertCode, hinted);
  if (!hinted) return <AlertSignInHint what={what} returnTo={returnTo} />;
  if (!code.module) return null;
  return <code.module.SignedInAlert subject={subject} what={what} returnTo={returnTo} />;
}
