// The optional logo and project links: checked as the server checks them, shown to the operator
// with the order, and published only once the operator approves them.
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { MAX_PROJECT_LINKS } from "@/lib/orders/schemas";

export function ProjectLinks({
  logoUrl,
  links,
  onChange,
  errors,
}: {
  logoUrl: string;
  links: string;
  onChange: (patch: { logoUrl?: string; links?: string }) => void;
  errors: { logoUrl?: string; links?: string };
}) {
  const id = useId();
  const described = (field: "logo" | "links", error: string | undefined) => [`${id}-${field}-hint`, error ? `${id}-${field}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-lg font-semibold">Logo and links (optional)</legend>
      <p className="text-sm text-muted-foreground">Our team sees them with your order; they are published only once approved.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-logo`} className="text-sm font-medium">
          Logo URL
        </label>
        <Input
          id={`${id}-logo`}
          type="url"
          inputMode="url"
          value={logoUrl}
          onChange={(event) => onChange({ logoUrl: event.target.value })}
          placeholder="https://example.com/logo.png"
          aria-invalid={errors.logoUrl ? true : undefined}
          aria-describedby={described("logo", errors.logoUrl)}
        />
        <p id={`${id}-logo-hint`} className="text-xs text-muted-foreground">
          An https:// address of a square image.
        </p>
        {errors.logoUrl ? (
          <p id={`${id}-logo-error`} className="text-sm text-destructive">
            {errors.logoUrl}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-links`} className="text-sm font-medium">
          Project links
        </label>
        <textarea
          id={`${id}-links`}
          value={links}
          onChange={(event) => onChange({ links: event.target.value })}
          rows={3}
          placeholder={"https://example.com\nhttps://x.com/example"}
          aria-invalid={errors.links ? true : undefined}
          aria-describedby={described("links", errors.links)}
          className="w-full min-w-0 rounded-md border bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive sm:text-sm"
        />
        <p id={`${id}-links-hint`} className="text-xs text-muted-foreground">
          One https:// link a line: website, X, Telegram… up to {MAX_PROJECT_LINKS}.
        </p>
        {errors.links ? (
          <p id={`${id}-links-error`} className="text-sm text-destructive">
            {errors.links}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
