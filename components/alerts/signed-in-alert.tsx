"use client";

import { QueryProvider } from "@/components/shell/query-provider";
import { useAuthUser } from "@/components/shell/use-auth-user";
import { AlertSignInHint } from "./alert-sign-in-hint";
import type { AlertSubject } from "./alert-subject";
import { CreateAlertButton } from "./create-alert-button";

type Props = { subject: AlertSubject; what: string; returnTo: string };

/** The button with the browser's query client, for a signed-in visitor (loaded by AlertEntry). */
export function SignedInAlert(props: Props) {
  return (
    <QueryProvider>
      <AlertOrHint {...props} />
    </QueryProvider>
  );
}

/** A hint cookie outliving its session (signed out elsewhere) gets the sign-in hint back. */
export function AlertOrHint({ subject, what, returnTo }: Props) {
  const { data: user, isPending } = useAuthUser();
  if (isPending) return null;
  if (!user) return <AlertSignInHint what={what} returnTo={returnTo} />;
  return <CreateAlertButton subject={subject} size="sm" />;
}
