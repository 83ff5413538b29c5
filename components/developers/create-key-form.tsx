"use client";

// Naming and creating a key (issue 55). The name is checked here as the server checks it (the
// same schema, through the API client); the server's refusals (the cap, a spent write budget)
// are shown in its own words.
import { Loader2, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/shell/field";
import { ApiCallError } from "@/lib/api/fetch-json.browser";
import { API_KEY_LIMIT, API_KEY_NAME_MAX, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { useCreateApiKey } from "./api-key-queries";

/** A refusal of the name itself goes beside the field ("name: Give the key a name." -> its message); any other below the form. */
function placeOf(error: Error | null): { field?: string; form?: string } {
  if (!error) return {};
  if (error instanceof ApiCallError && error.code === "bad_request" && error.message.startsWith("name: ")) return { field: error.message.slice("name: ".length) };
  if (error instanceof ApiCallError && error.code !== null) return { form: error.message };
  return { form: "Couldn't create the key. Check your connection and try again." };
}

export function CreateKeyForm({ atCap, onCreated }: { atCap: boolean; onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState("");
  const create = useCreateApiKey();
  const { field, form } = placeOf(create.error);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (key) => {
        setName("");
        onCreated(key);
      },
    });
  }
  if (atCap) {
    return (
      <p className="rounded-md border px-3 py-2 text-sm" data-testid="api-key-cap">
        You have {API_KEY_LIMIT} keys, the most a wallet can hold. Revoke one you no longer use to create another.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Create an API key" noValidate>
      <div className="max-w-md">
        <Field
          label="Key name"
          hint={`What it is for, so you know which to revoke (up to ${API_KEY_NAME_MAX} characters).`}
          error={field}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          placeholder="Price bot"
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (create.isError) create.reset();
          }}
        />
      </div>
      <Button type="submit" disabled={create.isPending} className="self-start">
        {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
        Create key
      </Button>
      <FormError message={form ?? null} />
    </form>
  );
}
