"use client";

// The signed-in-only pages' gate (spec section 4): 'Login Required' at once for a visitor without
// the "signed in" hint (no request), a spinner while GET /api/auth/user is in flight, 'Login
// Required' when it says nobody is signed in, the page's content otherwise.
import { Loader2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { useAuthUser } from "./use-auth-user";
import type { AuthUser } from "@/lib/auth/schemas";
import { StateCard } from "./state-card";

export function SignedInOnly({
  loginMessage,
  returnTo,
  children,
}: {
  loginMessage: string;
  /** This page's path: 'Log in' brings the visitor back here with the connect dialog open. */
  returnTo: string;
  children: (user: AuthUser) => React.ReactNode;
}) {
  const { data: user, isPending } = useAuthUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <LoginRequired message={loginMessage} returnTo={returnTo} />;
  return children(user);
}

export function PageSpinner() {
  return (
    <div role="status" className="flex justify-center py-16 text-muted-foreground">
      <Loader2 className="size-8 animate-spin" aria-hidden />
      <span className="sr-only">Loading</span>
    </div>
  );
}

export function LoginRequired({ message, returnTo }: { message: string; returnTo: string }) {
  return (
    // The server HTML (the same for everyone) shows this card; data-signed-out-only lets the
    // header's pre-paint style hide it for a visitor holding the "signed in" hint until React runs
    // (components/wallet/signed-in-hint-script.tsx).
    <div data-signed-out-only="">
      <StateCard title="Login Required">
        <p className="text-sm text-muted-foreground">{message}</p>
        {/* A plain link (not client navigation): /api/login answers with a redirect. */}
        <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className={buttonVariants()}>
          Log in
        </a>
      </StateCard>
    </div>
  );
}
