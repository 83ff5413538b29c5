"use client";

// /developers' keys (issue 55): a sign-in prompt for a visitor, and for a signed-in wallet the
// form, the key just created (shown once) and the list, each with its loading and error states.
import { useState } from "react";
import { LoadError } from "@/components/shell/load-error";
import { PageSpinner, SignedInOnly } from "@/components/shell/signed-in-only";
import { API_KEY_LIMIT, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { useApiKeys } from "./api-key-queries";
import { CreateKeyForm } from "./create-key-form";
import { KeyList } from "./key-list";
import { NewKeyPanel } from "./new-key-panel";

export function ApiKeysSection() {
  return (
    <SignedInOnly loginMessage={`Sign in with your wallet to create API keys: up to ${API_KEY_LIMIT} per wallet, each with its own quota.`} returnTo="/developers">
      {(user) => <ApiKeyManager userId={user.id} />}
    </SignedInOnly>
  );
}

function ApiKeyManager({ userId }: { userId: number }) {
  const keys = useApiKeys(userId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  if (keys.isPending) return <PageSpinner />;
  if (keys.isError) return <LoadError title="Couldn't load your API keys" onRetry={() => void keys.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      {/* Keyed by the key: a second key created while the first is shown gets its own panel (and focus). */}
      {created ? <NewKeyPanel key={created.id} created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKeyForm atCap={keys.data.length >= API_KEY_LIMIT} onCreated={setCreated} />
      <KeyList keys={keys.data} />
    </div>
  );
}
