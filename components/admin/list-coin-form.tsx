"use client";

// List a PulseChain token by its contract address, in two steps. 'Preview listing' asks the
// server what the listing would be (GET /api/admin/coins/preview: name, symbol and decimals read
// on-chain and cleaned, the first price from PulseX), which takes a moment: the button says so.
// The preview shows what the site will show, and the contract's raw text, escaped, wherever
// cleaning changed it. 'Confirm listing' then lists it (POST /api/admin/coins), sending what was
// shown, so the server refuses if the chain answers otherwise by then.
import { Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatMarketCap, formatPrice } from "@/lib/shared/format";
import { apiErrorMessage } from "./api-errors";
import { escapeHiddenCharacters } from "@/lib/market/onchain/token-text";
import { toast } from "@/components/ui/use-toast";
import { listCoinBodySchema, splitTags, type ListingPreview } from "@/lib/listings/schemas";
import { useListCoin, usePreviewListing } from "./admin-queries";
import { Field, FormError, fieldErrors } from "@/components/shell/field";
import { WriteError } from "./write-error";

/** The form's text as typed, by the API's field names. */
type ListingText = { contractAddress: string; logoUrl: string; tags: string };
const NO_TEXT: ListingText = { contractAddress: "", logoUrl: "", tags: "" };

export function ListCoinForm() {
  const [text, setText] = useState(NO_TEXT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = usePreviewListing();
  const list = useListCoin();

  /** The form's fields as the API takes them, or null after showing what is wrong on them. */
  function validInput() {
    const parsed = listCoinBodySchema.safeParse({
      contractAddress: text.contractAddress,
      ...(text.logoUrl.trim() && { logoUrl: text.logoUrl }),
      ...(text.tags.trim() && { tags: splitTags(text.tags) }),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  function requestPreview(event: React.FormEvent) {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    list.reset();
    preview.mutate(input.contractAddress);
  }

  function confirm(shown: ListingPreview) {
    const input = validInput();
    if (!input) return;
    list.mutate(
      { ...input, confirmed: { name: shown.name, symbol: shown.symbol, decimals: shown.decimals } },
      {
        onSuccess: (coin) => {
          toast({ title: "Coin listed", description: `${coin.name} (${coin.symbol}) is listed as "${coin.id}".` });
          setText(NO_TEXT);
          preview.reset();
        },
      },
    );
  }

  function change(name: keyof ListingText, value: string) {
    setText((current) => ({ ...current, [name]: value }));
    // A preview belongs to one address: changing it sends the operator back to 'Preview listing'.
    if (name === "contractAddress" && (preview.data || preview.isError)) {
      preview.reset();
      list.reset();
    }
  }

  const shown = preview.data ?? null;
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={requestPreview} noValidate aria-label="List a coin" className="flex flex-col gap-4">
        <ListingFields text={text} errors={errors} onChange={change} />
        <FormError message={preview.isError ? apiErrorMessage(preview.error) : null} />
        {shown ? null : <PreviewButton reading={preview.isPending} />}
      </form>
      {shown ? (
        <ListingPreviewCard preview={shown}>
          <ConfirmListing
            list={list}
            onConfirm={() => confirm(shown)}
            onCancel={() => {
              preview.reset();
              list.reset();
            }}
          />
        </ListingPreviewCard>
      ) : null}
    </div>
  );
}

const OPTIONAL_FIELDS = [
  { name: "logoUrl", label: "Logo URL (optional)", placeholder: "https://… or /logos/…" },
  { name: "tags", label: "Tags (optional)", placeholder: "meme, dog", hint: "Comma-separated lowercase words; “meme” puts it in the meme table." },
] as const;

function ListingFields({ text, errors, onChange }: { text: ListingText; errors: Record<string, string>; onChange: (name: keyof ListingText, value: string) => void }) {
  return (
    <>
      <Field
        label="Contract address"
        name="contractAddress"
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        required
        value={text.contractAddress}
        onChange={(event) => onChange("contractAddress", event.target.value)}
        error={errors.contractAddress}
        hint="Name, symbol, decimals and price are read from PulseChain and shown for you to confirm. The token needs a PulseX pool against WPLS."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {OPTIONAL_FIELDS.map((field) => (
          <Field key={field.name} {...field} value={text[field.name]} onChange={(event) => onChange(field.name, event.target.value)} error={errors[field.name]} />
        ))}
      </div>
    </>
  );
}

function PreviewButton({ reading }: { reading: boolean }) {
  return (
    <div>
      <Button type="submit" disabled={reading}>
        {reading ? (
          <>
            <Loader2 className="animate-spin" aria-hidden /> Reading the chain…
          </>
        ) : (
          "Preview listing"
        )}
      </Button>
    </div>
  );
}

function ConfirmListing({ list, onConfirm, onCancel }: { list: ReturnType<typeof useListCoin>; onConfirm: () => void; onCancel: () => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <WriteError error={list.error} retryHint="press 'Confirm listing' again." onSignedAgain={() => confirmRef.current?.focus()} />
      <div className="flex flex-wrap gap-3">
        <Button ref={confirmRef} type="button" onClick={onConfirm} disabled={list.isPending}>
          {list.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> Listing…
            </>
          ) : (
            "Confirm listing"
          )}
        </Button>
        <Button type="button" variant="outline" disabled={list.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/** What the listing will show, and what cleaning changed in the contract's own text. */
function ListingPreviewCard({ preview, children }: { preview: ListingPreview; children: React.ReactNode }) {
  const rows: [string, string][] = [
    ["Name", preview.name],
    ["Symbol", preview.symbol],
    ["Decimals", String(preview.decimals)],
    ["Coin id", preview.id],
    ["First price", formatPrice(preview.currentPrice)],
    ["Market cap", formatMarketCap(preview.marketCap)],
    ["Pool liquidity", preview.liquidityUsd === null ? "-" : formatMarketCap(preview.liquidityUsd)],
  ];
  const changes = (["name", "symbol"] as const).filter((field) => preview.raw[field] !== null);
  return (
    <section aria-label="Listing preview" data-testid="listing-preview" className="flex flex-col gap-4 rounded-lg border p-4">
      <div>
        <h3 className="text-base font-semibold">Check before listing</h3>
        <p className="text-sm text-muted-foreground">This is what the site will show. Nothing is listed until you confirm.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {changes.length > 0 ? (
        <div data-testid="cleaned-text" className="flex flex-col gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <p className="font-medium">The contract&apos;s text was cleaned.</p>
          <p className="text-muted-foreground">
            Control, invisible and direction-changing characters are removed, spaces collapsed, and names cut to 64 characters, symbols to 16. What the contract
            returns, with hidden characters written out:
          </p>
          <dl className="flex flex-col gap-1.5">
            {changes.map((field) => (
              <div key={field}>
                <dt className="text-muted-foreground">{field === "name" ? "Name on the contract" : "Symbol on the contract"}</dt>
                <dd className="font-mono text-xs break-all">{escapeHiddenCharacters(preview.raw[field]!)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {children}
    </section>
  );
}
