"use client";

// List a PulseChain token by its contract address. The server reads name, symbol, decimals and
// the price on-chain, which takes a moment: the button says so while it works.
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/listings/client";
import { toast } from "@/lib/use-toast";
import { listCoinBodySchema, splitTags } from "@/lib/validation/listings";
import { useListCoin } from "./admin-queries";
import { Field, FormError, fieldErrors } from "./field";

export function ListCoinForm() {
  const [address, setAddress] = useState("");
  const [logoUrl, setLogoUrl] = useState("");
  const [tags, setTags] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = useListCoin();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = listCoinBodySchema.safeParse({
      contractAddress: address,
      ...(logoUrl.trim() && { logoUrl }),
      ...(tags.trim() && { tags: splitTags(tags) }),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    list.mutate(parsed.data, {
      onSuccess: (coin) => {
        toast({ title: "Coin listed", description: `${coin.name} (${coin.symbol}) is listed as "${coin.id}".` });
        setAddress("");
        setLogoUrl("");
        setTags("");
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="List a coin" className="flex flex-col gap-4">
      <Field
        label="Contract address"
        name="contractAddress"
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        required
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        error={errors.contractAddress}
        hint="Name, symbol, decimals and price are read from PulseChain. The token needs a PulseX pool against WPLS."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Logo URL (optional)"
          name="logoUrl"
          placeholder="https://… or /logos/…"
          value={logoUrl}
          onChange={(event) => setLogoUrl(event.target.value)}
          error={errors.logoUrl}
        />
        <Field
          label="Tags (optional)"
          name="tags"
          placeholder="meme, dog"
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          error={errors.tags}
          hint="Comma-separated lowercase words; “meme” puts it in the meme table."
        />
      </div>
      <FormError message={list.isError ? apiErrorMessage(list.error) : null} />
      <div>
        <Button type="submit" disabled={list.isPending}>
          {list.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> Reading the chain…
            </>
          ) : (
            "List coin"
          )}
        </Button>
      </div>
    </form>
  );
}
