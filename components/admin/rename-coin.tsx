"use client";

// An operator renames a coin (issue 30): a listing shows what its contract reads, and a PulseChain
// copy of an Ethereum token reads the original's ("WETH" for pWETH). Only the fields changed are
// sent; the id, and every address of the coin, stays. The site shows the new text at once.
import { CaseSensitive } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { MAX_TOKEN_NAME_LENGTH, MAX_TOKEN_SYMBOL_LENGTH } from "@/lib/market/onchain/token-text";
import { renameCoinBodySchema } from "@/lib/listings/coin-rename-schema";
import type { AdminCoin } from "@/lib/listings/schemas";
import { useRenameCoin } from "./admin-queries";
import { Field, fieldErrors, FormError } from "@/components/shell/field";
import { WriteDialog } from "./write-dialog";
import { WriteError } from "./write-error";

export function RenameCoin({ coin }: { coin: AdminCoin }) {
  const rename = useRenameCoin();
  return (
    <WriteDialog
      label={`Rename ${coin.symbol} (${coin.id})`}
      icon={<CaseSensitive aria-hidden />}
      title={`Rename ${coin.symbol} (${coin.id})`}
      description="The name and symbol the site shows, in place of what the contract reads. The id and the coin's addresses stay."
      write={rename}
    >
      {(close) => <RenameCoinForm coin={coin} rename={rename} onDone={close} />}
    </WriteDialog>
  );
}

function RenameCoinForm({ coin, rename, onDone }: { coin: AdminCoin; rename: ReturnType<typeof useRenameCoin>; onDone: () => void }) {
  const [name, setName] = useState(coin.name);
  const [symbol, setSymbol] = useState(coin.symbol);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submitRef = useRef<HTMLButtonElement>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const changed = {
      ...(name.trim() !== coin.name && { name }),
      ...(symbol.trim() !== coin.symbol && { symbol }),
    };
    if (Object.keys(changed).length === 0) return setErrors({ form: "Nothing to rename: change the name, the symbol or both." });
    const parsed = renameCoinBodySchema.safeParse(changed);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    rename.mutate(
      { id: coin.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: "Coin renamed", description: `${saved.id} shows as ${saved.symbol} (${saved.name}).` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} hint={`At most ${MAX_TOKEN_NAME_LENGTH} characters.`} />
      <Field
        label="Symbol"
        name="symbol"
        value={symbol}
        onChange={(event) => setSymbol(event.target.value)}
        error={errors.symbol}
        hint={`One word, at most ${MAX_TOKEN_SYMBOL_LENGTH} characters, case as written (pWETH).`}
      />
      <FormError message={errors.form ?? null} />
      <WriteError error={rename.error} retryHint="press 'Rename' again." onSignedAgain={() => submitRef.current?.focus()} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={rename.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button ref={submitRef} type="submit" disabled={rename.isPending}>
          {rename.isPending ? "Renaming…" : "Rename"}
        </Button>
      </DialogFooter>
    </form>
  );
}
