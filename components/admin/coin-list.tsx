"use client";

// Every coin, newest listing first, with a filter, an editor for what operators set (logo, tags),
// the rename of what its contract reads (./rename-coin.tsx) and the correction of a wrong
// all-time high (./correct-high.tsx).
import { Pencil } from "lucide-react";
import { useId, useRef, useState } from "react";
import { CoinLogo } from "@/components/shell/coin-logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { splitTags, updateCoinBodySchema, type AdminCoin } from "@/lib/listings/schemas";
import { useUpdateCoin } from "./admin-queries";
import { CorrectHigh } from "./correct-high";
import { RenameCoin } from "./rename-coin";
import { Field, fieldErrors } from "@/components/shell/field";
import { WriteDialog } from "./write-dialog";
import { WriteError } from "./write-error";

export function CoinList({ coins }: { coins: AdminCoin[] }) {
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? coins.filter((coin) => [coin.id, coin.symbol, coin.name, coin.contractAddress ?? "", ...coin.tags].some((text) => text.toLowerCase().includes(needle)))
    : coins;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={filterId} className="text-sm font-medium">
          Filter coins
        </label>
        <Input id={filterId} type="search" placeholder="Symbol, name, id, address or tag" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{coins.length === 0 ? "No coins yet." : "No coin matches this filter."}</p>
      ) : (
        <ul aria-label="Coins" className="divide-y rounded-lg border">
          {shown.map((coin) => (
            <li key={coin.id} data-testid="admin-coin" className="flex items-center gap-3 px-3 py-2.5">
              <CoinLogo coin={coin} size={32} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                  <span className="font-medium">{coin.symbol}</span>
                  <span className="truncate text-sm text-muted-foreground">{coin.name}</span>
                </p>
                <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                  <span className="font-mono">{coin.id}</span>
                  <span>#{coin.rank}</span>
                  {coin.tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </p>
                {coin.contractAddress ? <p className="truncate font-mono text-xs text-muted-foreground">{coin.contractAddress}</p> : null}
              </div>
              <RenameCoin coin={coin} />
              <CorrectHigh coin={coin} />
              <EditCoin coin={coin} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The edit button and its dialog. */
function EditCoin({ coin }: { coin: AdminCoin }) {
  const update = useUpdateCoin();
  return (
    <WriteDialog
      label={`Edit ${coin.symbol} (${coin.id})`}
      icon={<Pencil aria-hidden />}
      title={`Edit ${coin.symbol} (${coin.id})`}
      description="Logo, tags and the supply note show on the site at once."
      write={update}
    >
      {(close) => <EditCoinForm coin={coin} update={update} onDone={close} />}
    </WriteDialog>
  );
}

function EditCoinForm({ coin, update, onDone }: { coin: AdminCoin; update: ReturnType<typeof useUpdateCoin>; onDone: () => void }) {
  const [logoUrl, setLogoUrl] = useState(coin.logoUrl ?? "");
  const [tags, setTags] = useState(coin.tags.join(", "));
  const [supplyNote, setSupplyNote] = useState(coin.supplyNote ?? "");
  const [forkOf, setForkOf] = useState(coin.forkOf ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saveRef = useRef<HTMLButtonElement>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = updateCoinBodySchema.safeParse({ logoUrl: logoUrl.trim() ? logoUrl : null, tags: splitTags(tags), supplyNote, forkOf });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { id: coin.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: "Coin updated", description: `${saved.symbol} (${saved.id}) is saved.` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Logo URL" name="logoUrl" placeholder="https://… or /logos/…" value={logoUrl} onChange={(event) => setLogoUrl(event.target.value)} error={errors.logoUrl} hint="Empty: no logo (the symbol's first letters)." />
      <Field label="Tags" name="tags" placeholder="meme, dog" value={tags} onChange={(event) => setTags(event.target.value)} error={errors.tags} hint="Comma-separated lowercase words." />
      <Field
        label="Supply note"
        name="supplyNote"
        value={supplyNote}
        onChange={(event) => setSupplyNote(event.target.value)}
        error={errors.supplyNote}
        hint="How its supply is counted, shown under 'Where this price comes from'. Empty: none."
      />
      {coin.chain === "pulsechain" && coin.contractAddress ? (
        <Field
          label="PulseChain copy of (Ethereum symbol)"
          name="forkOf"
          placeholder="DAI"
          value={forkOf}
          onChange={(event) => setForkOf(event.target.value)}
          error={errors.forkOf}
          hint="When this token is the fork copy of an Ethereum token at the same address. Empty: it is not."
        />
      ) : null}
      <WriteError error={update.error} retryHint="press 'Save' again." onSignedAgain={() => saveRef.current?.focus()} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button ref={saveRef} type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
