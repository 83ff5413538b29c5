"use client";

// A key just created (issue 55): the one time it is ever shown. Focused when it appears, so a
// keyboard or screen-reader user lands on it; it stays until dismissed.
import { KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { CreatedApiKey } from "@/lib/api-keys/schemas";
import { CopyButton } from "./copy-button";

/** The call the quick start shows: one pair, with the key. */
export const curlLine = (origin: string, secret: string) => `curl -H "Authorization: Bearer ${secret}" ${origin}/api/pairs/plsx/hex`;

export function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const curl = curlLine(window.location.origin, created.secret);
  return (
    <section aria-labelledby="new-api-key-title" data-testid="new-api-key" className="flex min-w-0 flex-col gap-3 rounded-lg border border-primary/60 bg-primary/5 p-3 sm:p-4">
      <h3 id="new-api-key-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold outline-none">
        <KeyRound className="size-4" aria-hidden />
        Your new key &ldquo;{created.name}&rdquo;
      </h3>
      <p className="text-sm">
        <strong>Copy it now: it will not be shown again.</strong> The site keeps only a hash of it, so nobody can show it to you later. If you
        lose it, revoke it and create another.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {/* Taller than the default field, which clips the underscores of a monospaced key. */}
        <Input
          readOnly
          value={created.secret}
          aria-label="Your new API key"
          className="h-auto py-2 font-mono text-xs leading-5 sm:text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={created.secret} label="Copy the API key" />
      </div>
      <p className="text-sm text-muted-foreground">Try it:</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs" tabIndex={0} aria-label="A curl command with your key">
          <code>{curl}</code>
        </pre>
        <CopyButton text={curl} label="Copy the curl command" />
      </div>
      <Button variant="outline" className="self-start" onClick={onDone}>
        I&apos;ve saved my key
      </Button>
    </section>
  );
}
