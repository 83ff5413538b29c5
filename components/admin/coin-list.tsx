"use client";

// Every coin, newest listing first, with a filter, an editor for what operators set (logo, tags),
// the rename of what its contract reads (./rename-coin.tsx) and the correction of a wrong
// all-time high (./correct-high.tsx).
import { Pencil } from "lucide-react";
import { useRef, useState } from "react";
import { CoinLogo } from "@/components/shell/coin-logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
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
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? coins.filter((coin) => [coin.id, coin.symbol, coin.name, coin.contractAddress ?? "", ...coin.tags].some((text) => text.toLowerCase().includes(needle)))
    : coins;

  return (
    <div className="flex flex-col gap-4">
      <Field label="Filter coins" type="search" placeholder="Symbol, name, id, address or tag" value={filter} onChange={(event) => setFilter(event.target.value)} />
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

/** What an operator sets on a coin, as typed, by the API's field names. */
type CoinText = { logoUrl: string; tags: string; supplyNote: string; forkOf: string };

const EDIT_FIELDS: { name: keyof CoinText; label: string; placeholder?: string; hint: string; forkOnly?: true }[] = [
  { name: "logoUrl", label: "Logo URL", placeholder: "https://… or /logos/…", hint: "Empty: no logo (the symbol's first letters)." },
  { name: "tags", label: "Tags", placeholder: "meme, dog", hint: "Comma-separated lowercase words." },
  { name: "supplyNote", label: "Supply note", hint: "How its supply is counted, shown under 'Where this price comes from'. Empty: none." },
  // Only a PulseChain token can be the fork copy of an Ethereum token at the same address.
  { name: "forkOf", label: "PulseChain copy of (Ethereum symbol)", placeholder: "DAI", hint: "When this token is the fork copy of an Ethereum token at the same address. Empty: it is not.", forkOnly: true },
];

function EditCoinForm({ coin, update, onDone }: { coin: AdminCoin; update: ReturnType<typeof useUpdateCoin>; onDone: () => void }) {
  const [text, setText] = useState<CoinText>({ logoUrl: coin.logoUrl ?? "", tags: coin.tags.join(", "), supplyNote: coin.supplyNote ?? "", forkOf: coin.forkOf ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saveRef = useRef<HTMLButtonElement>(null);
  const forkable = coin.chain === "pulsechain" && Boolean(coin.contractAddress);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const { logoUrl, tags, supplyNote, forkOf } = text;
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
      {EDIT_FIELDS.filter((field) => forkable || !field.forkOnly).map(({ forkOnly: _forkOnly, ...field }) => (
        <Field key={field.name} {...field} value={text[field.name]} onChange={(event) => setText({ ...text, [field.name]: event.target.value })} error={errors[field.name]} />
      ))}
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
